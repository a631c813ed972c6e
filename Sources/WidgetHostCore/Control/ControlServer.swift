import Foundation
import SystemCalls
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
    private var wake: (read: FileDescriptor, write: FileDescriptor)?
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
        wake = try? FileDescriptor.pipe()
        try? FileDescriptor(rawValue: socket.fd).setNonBlocking()
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
        try? wake?.write.writeAll([1])
        finished.wait()
        thread = nil
        wake?.read.close()
        wake?.write.close()
        wake = nil
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func serve() {
        while !isStopped {
            var requests = [PollRequest(FileDescriptor(rawValue: socket.fd)), PollRequest(wake?.read)]
            let order = Array(clients.keys)
            requests += order.map { PollRequest(FileDescriptor(rawValue: $0)) }
            let soonest = clients.values.map(\.deadline).min() ?? .now + .seconds(1)
            do {
                _ = try PollRequest.poll(&requests, timeoutMilliseconds: min(1000, PollRequest.milliseconds(until: soonest)))
            } catch .interrupted {
                continue
            } catch {
                break
            }
            if !requests[0].returned.isEmpty { acceptAll() }
            for (k, fd) in order.enumerated() where !requests[k + 2].returned.isEmpty { read(fd) }
            expire(now: ContinuousClock.now)
        }
        for fd in clients.keys { FileDescriptor(rawValue: fd).close() }
        clients = [:]
    }

    private func acceptAll() {
        while true {
            guard let accepted = try? UnixSocket.accept(FileDescriptor(rawValue: socket.fd)) else { return }
            try? accepted.setNonBlocking()
            let client = accepted.rawValue
            if let reason = refusal(client) {
                log("control connection refused: \(reason)")
                accepted.close()
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
        let received = chunk.withUnsafeMutableBytes { raw in Result { () throws(Errno) in try FileDescriptor(rawValue: fd).receive(into: raw) } }
        if case .failure(.wouldBlock) = received { return }
        guard case .success(let n) = received, n > 0 else { return drop(fd) }
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
        FileDescriptor(rawValue: fd).close()
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
            let connection = FileDescriptor(rawValue: fd)
            defer { connection.close() }
            // Blocking again, with a deadline for a client that never reads.
            try? connection.setNonBlocking(false)
            try? connection.setSendTimeout(seconds: Int(ControlServer.requestDeadline))
            try? ControlSocket.writeLine(fd, Data(line))
        }
    }
}
