#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A small HTTP/1.1 server on 127.0.0.1 for tests of the network route: one connection at a time is
/// enough, each answered by `respond` and closed.
///
/// `@unchecked Sendable`: `seen` is guarded by `lock`; the listener is closed once, by `stop`.
public final class LocalHTTPServer: @unchecked Sendable {
    public struct Request: Sendable, Hashable {
        public var method: String
        public var path: String
        public var headers: [String: String]
        public var body: [UInt8]
    }

    public struct Response: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: [UInt8]
        /// Never answer, until the server stops (a server that hangs).
        public var hangs: Bool

        public init(status: Int = 200, headers: [String: String] = ["Content-Type": "application/json"], body: [UInt8], hangs: Bool = false) {
            self.status = status
            self.headers = headers
            self.body = body
            self.hangs = hangs
        }

        public init(status: Int = 200, json: String) {
            self.init(status: status, body: Array(json.utf8))
        }
    }

    public let port: Int
    private let listener: Int32
    private let respond: @Sendable (Request) -> Response
    private let lock = NSLock()
    private var seen: [Request] = []
    private let stopped = DispatchSemaphore(value: 0)
    private let acceptEnded = DispatchSemaphore(value: 0)
    private var stopping = false

    /// The requests answered so far, oldest first.
    public var requests: [Request] { lock.withLock { seen } }

    public var baseURL: String { "http://127.0.0.1:\(port)" }

    public init(respond: @escaping @Sendable (Request) -> Response) throws {
        self.respond = respond
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else {
            close(fd)
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Stops accepting; the port is then closed. The descriptor is closed only once the accepting
    /// thread has returned: closed while it still waited in `accept`, its number could be given to
    /// another server's socket, whose connections this one would then take.
    public func stop() {
        guard lock.withLock({ () -> Bool in
            defer { stopping = true }
            return !stopping
        }) else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        acceptEnded.wait()
        close(listener)
        stopped.signal()
    }

    private func acceptLoop() {
        defer { acceptEnded.signal() }
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR && !lock.withLock({ stopping }) { continue }
                return
            }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        var request: Request?
        while request == nil {
            let n = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress!, $0.count, 0) }
            guard n > 0 else { return }
            received += chunk[0..<n]
            request = Self.parse(received)
        }
        guard let request else { return }
        lock.withLock { seen.append(request) }
        let response = respond(request)
        if response.hangs {
            stopped.wait()
            stopped.signal()
            return
        }
        var head = "HTTP/1.1 \(response.status) Status\r\nContent-Length: \(response.body.count)\r\nConnection: close\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        let bytes = Array((head + "\r\n").utf8) + response.body
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(connection, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { return }
            sent += n
        }
    }

    /// A whole request from what has arrived, or nil while its head or body is incomplete.
    static func parse(_ bytes: [UInt8]) -> Request? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<$0 + 4]) == separator }) else { return nil }
        let head = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let line = head.first?.split(separator: " ") ?? []
        guard line.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for field in head.dropFirst() {
            guard let colon = field.firstIndex(of: ":") else { continue }
            headers[field[..<colon].lowercased()] = field[field.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        let bodyStart = end + 4
        guard bytes.count >= bodyStart + length else { return nil }
        return Request(method: String(line[0]), path: String(line[1]), headers: headers, body: Array(bytes[bodyStart..<bodyStart + length]))
    }
}
