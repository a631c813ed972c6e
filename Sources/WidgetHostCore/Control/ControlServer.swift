#if canImport(Glibc)
import Glibc
#endif
import Foundation
import WidgetControl

/// Serves the control socket on a thread of its own, apart from widget work: connections are
/// accepted and read without blocking, each with its own deadline, so a slow or silent client delays
/// no one, and `status` is answered at once from the `StatusBoard`. Commands that change the host
/// (`reload`, `tap`) go to the run loop through `forward`; whoever handles one answers it.
///
/// `@unchecked Sendable`: the connection table is touched only by the server's thread; `stopped` is
/// guarded by `lock`; the wake pipe is written from any thread.
final class ControlServer: @unchecked Sendable {
    /// A client has this long to send its request line.
    static let requestDeadline: Double = 5
    static let lineLimit = 64 * 1024
    /// Connections held at once; beyond it, a new one is answered "busy" and closed.
    static let maximumConnections = 512

    private let socket: ControlSocket
    private let refusal: @Sendable (Int32) -> String?
    private let log: @Sendable (String) -> Void
    private let status: @Sendable () -> [UInt8]
    private let forward: @Sendable (ControlRequest, ControlReply) -> Void
    private let ended: @Sendable () -> Void
    private var clients: [Int32: Client] = [:]
    private var wake: [Int32] = [-1, -1]
    private let lock = NSLock()
    private var stopped = false
    private var thread: Thread?
    private let finished = DispatchSemaphore(value: 0)

    private struct Client {
        var buffer: [UInt8] = []
        var deadline: ContinuousClock.Instant
    }

    /// `ended` is called whenever a connection has been dealt with here (answered, refused, expired).
    init(socket: ControlSocket, refusal: @escaping @Sendable (Int32) -> String?, log: @escaping @Sendable (String) -> Void,
         status: @escaping @Sendable () -> [UInt8], forward: @escaping @Sendable (ControlRequest, ControlReply) -> Void,
         ended: @escaping @Sendable () -> Void) {
        self.socket = socket
        self.refusal = refusal
        self.log = log
        self.status = status
        self.forward = forward
        self.ended = ended
    }

    func start() {
        guard thread == nil else { return }
        _ = pipe(&wake)
        for fd in wake { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(socket.fd, F_SETFL, O_NONBLOCK)
        let thread = Thread { [self] in
            serve()
            finished.signal()
        }
        thread.name = "widget-host control"
        self.thread = thread
        thread.start()
    }

    /// Stops serving; open connections are closed unanswered.
    func stop() {
        guard thread != nil else { return }
        lock.withLock { stopped = true }
        var byte: UInt8 = 1
        _ = write(wake[1], &byte, 1)
        finished.wait()
        thread = nil
        for fd in wake { close(fd) }
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func serve() {
        while !isStopped {
            var fds = [pollfd(fd: socket.fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0)]
            let order = Array(clients.keys)
            fds += order.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let now = ContinuousClock.now
            let soonest = clients.values.map(\.deadline).min().map { now.duration(to: $0) } ?? .seconds(1)
            let ms = Int32(clamping: max(0, min(1000, soonest.components.seconds * 1000 + soonest.components.attoseconds / 1_000_000_000_000_000 + 1)))
            let ready = poll(&fds, nfds_t(fds.count), ms)
            if ready < 0 && errno != EINTR { break }
            if fds[0].revents != 0 { acceptAll() }
            for (k, fd) in order.enumerated() where fds[k + 2].revents != 0 { read(fd) }
            expire(now: ContinuousClock.now)
        }
        for fd in clients.keys { close(fd) }
        clients = [:]
    }

    private func acceptAll() {
        while true {
            let client = accept(socket.fd, nil, nil)
            guard client >= 0 else { return }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            _ = fcntl(client, F_SETFL, O_NONBLOCK)
            if let reason = refusal(client) {
                log("control connection refused: \(reason)")
                close(client)
                ended()
            } else if clients.count >= Self.maximumConnections {
                ControlReply(client).send(ControlResponse(ok: false, message: "busy: \(Self.maximumConnections) control connections are open"))
                ended()
            } else {
                clients[client] = Client(deadline: .now + .milliseconds(Int(Self.requestDeadline * 1000)))
            }
        }
    }

    private func read(_ fd: Int32) {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
        if n < 0 && (errno == EINTR || errno == EAGAIN) { return }
        guard n > 0 else { return drop(fd) }
        clients[fd]?.buffer += chunk[0..<n]
        guard let buffer = clients[fd]?.buffer else { return }
        if let newline = buffer.firstIndex(of: 0x0A) {
            clients[fd] = nil
            dispatch(Data(buffer[..<newline]), ControlReply(fd))
        } else if buffer.count > Self.lineLimit {
            clients[fd] = nil
            ControlReply(fd).send(ControlResponse(ok: false, message: "request line longer than \(Self.lineLimit) bytes"))
            ended()
        }
    }

    private func dispatch(_ line: Data, _ reply: ControlReply) {
        guard let request = try? JSONDecoder().decode(ControlRequest.self, from: line) else {
            reply.send(ControlResponse(ok: false, message: "not a valid request: expected one JSON object per line"))
            return ended()
        }
        if request.command == .status {
            reply.send(line: status())
            return ended()
        }
        forward(request, reply)
    }

    private func expire(now: ContinuousClock.Instant) {
        for (fd, client) in clients where client.deadline <= now {
            clients[fd] = nil
            ControlReply(fd).send(ControlResponse(ok: false, message: "no request line within \(Int(Self.requestDeadline)) s"))
            ended()
        }
    }

    private func drop(_ fd: Int32) {
        clients[fd] = nil
        close(fd)
        ended()
    }
}

/// The answer owed to one control connection: written once, on a thread of its own (a client that
/// does not read cannot hold up anyone else), then the connection is closed.
final class ControlReply: Sendable {
    private let fd: Int32

    init(_ fd: Int32) { self.fd = fd }

    /// The connection itself, kept open for a stream of lines (`watchActivities`): whoever takes it
    /// closes it.
    func keepOpen() -> Int32 { fd }

    func send(_ response: ControlResponse) {
        send(line: (try? JSONEncoder().encode(response)).map { [UInt8]($0) } ?? Array(#"{"ok":false,"message":"unencodable"}"#.utf8))
    }

    /// Sends an answer already encoded (one JSON object, without the newline).
    func send(line: [UInt8]) {
        let fd = fd
        DispatchQueue.global(qos: .userInitiated).async {
            defer { close(fd) }
            // Blocking again, with a deadline for a client that never reads.
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            var timeout = timeval(tv_sec: Int(ControlServer.requestDeadline), tv_usec: 0)
            _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            try? ControlSocket.writeLine(fd, Data(line))
        }
    }
}
