import Foundation
import SystemCalls

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
        FileDescriptor(rawValue: fd).close()
    }

    /// Writes one whole frame.
    public func send(_ message: Message) throws(ProtocolError) {
        try write(MessageCodec.frame(message))
    }

    /// Writes raw bytes (tests use it to send garbage).
    public func write(_ bytes: [UInt8]) throws(ProtocolError) {
        do {
            try FileDescriptor(rawValue: fd).sendAll(bytes)
        } catch .brokenPipe, .connectionReset {
            throw .closed(midFrame: false)
        } catch {
            throw .system(call: "send", error)
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
            if ContinuousClock.now >= deadline { throw .timedOut }
            timeoutMillis = PollRequest.milliseconds(until: deadline)
        }
        var requests = [PollRequest(FileDescriptor(rawValue: fd)), PollRequest(peerExit.map(FileDescriptor.init(rawValue:)))]
        let ready: Int
        do {
            ready = try PollRequest.poll(&requests, timeoutMilliseconds: timeoutMillis)
        } catch .interrupted {
            return
        } catch {
            throw .system(call: "poll", error)
        }
        if ready == 0 { throw .timedOut }
        // What it wrote before it ended is still read; only a silent channel with a dead peer is closed.
        if requests[0].returned.isEmpty { throw .closed(midFrame: decoder.pendingByteCount > 0) }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let received = chunk.withUnsafeMutableBytes { raw in Result { () throws(Errno) in try FileDescriptor(rawValue: fd).receive(into: raw) } }
        let n: Int
        switch received {
        case .success(let count): n = count
        case .failure(.wouldBlock): return
        case .failure(.connectionReset): throw .closed(midFrame: decoder.pendingByteCount > 0)
        case .failure(let error): throw .system(call: "recv", error)
        }
        if n == 0 { throw .closed(midFrame: decoder.pendingByteCount > 0) }
        decoder.append(chunk[0..<n])
    }
}

