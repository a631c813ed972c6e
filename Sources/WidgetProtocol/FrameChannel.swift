#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A bidirectional message channel over one stream file descriptor (a socketpair end). Blocking I/O
/// with `poll` for deadlines; EINTR is retried.
///
/// `@unchecked Sendable`: reads and writes touch disjoint state (the frame decoder; nothing but the
/// descriptor), so one thread may send while another receives; but at most one thread may receive,
/// and one send, at a time (its owner's locks see to it, as `ExtensionConnection`'s do). `close` is
/// for the last owner.
public final class FrameChannel: @unchecked Sendable {
    public let fd: Int32
    public let limits: ProtocolLimits
    /// A descriptor that becomes readable when the process at the other end ends (a pidfd), watched
    /// beside the channel: a process that dies while something it started still holds its end open
    /// is seen as gone at once, not at the deadline. Owned by the caller.
    public let peerExit: Int32?
    private var decoder: FrameDecoder
    private var closed = false

    public init(fd: Int32, limits: ProtocolLimits = .default, peerExit: Int32? = nil) {
        self.fd = fd
        self.limits = limits
        self.peerExit = peerExit
        self.decoder = FrameDecoder(maxFrameSize: limits.maxFrameSize)
    }

    deinit { close() }

    public func close() {
        guard !closed else { return }
        closed = true
        _ = Glibc.close(fd)
    }

    /// Writes one whole frame.
    public func send(_ message: Message) throws(ProtocolError) {
        try write(MessageCodec.frame(message))
    }

    /// Writes raw bytes (tests use it to send garbage).
    public func write(_ bytes: [UInt8]) throws(ProtocolError) {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                Glibc.send(fd, raw.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
            }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE || errno == ECONNRESET { throw .closed(midFrame: false) }
                throw .system(call: "send", errno: errno)
            }
            sent += n
        }
    }

    /// Waits for the next message until `deadline` (a monotonic instant; `nil` waits forever).
    public func receive(deadline: ContinuousClock.Instant? = nil) throws(ProtocolError) -> Message {
        while true {
            if let body = try decoder.nextFrame() {
                return try MessageCodec.decode(body, limits: limits)
            }
            try fill(deadline: deadline)
        }
    }

    private func fill(deadline: ContinuousClock.Instant?) throws(ProtocolError) {
        var timeoutMillis: Int32 = -1
        if let deadline {
            let left = ContinuousClock.now.duration(to: deadline)
            if left <= .zero { throw .timedOut }
            let (seconds, attos) = left.components
            timeoutMillis = Int32(clamping: seconds * 1000 + attos / 1_000_000_000_000_000 + 1)
        }
        var pfds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: peerExit ?? -1, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&pfds, peerExit == nil ? 1 : 2, timeoutMillis)
        if ready < 0 {
            if errno == EINTR { return }
            throw .system(call: "poll", errno: errno)
        }
        if ready == 0 { throw .timedOut }
        // What it wrote before it ended is still read; only a silent channel with a dead peer is closed.
        if pfds[0].revents == 0 { throw .closed(midFrame: decoder.pendingByteCount > 0) }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let n = chunk.withUnsafeMutableBytes { Glibc.recv(fd, $0.baseAddress!, $0.count, 0) }
        if n < 0 {
            if errno == EINTR || errno == EAGAIN { return }
            if errno == ECONNRESET { throw .closed(midFrame: decoder.pendingByteCount > 0) }
            throw .system(call: "recv", errno: errno)
        }
        if n == 0 { throw .closed(midFrame: decoder.pendingByteCount > 0) }
        decoder.append(chunk[0..<n])
    }
}

