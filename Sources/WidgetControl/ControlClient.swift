#if canImport(Glibc)
import Glibc
#endif
import CProcessContainment
import Foundation

/// Why a control connection failed, with the socket's path.
public enum ControlConnectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The socket's folder cannot be made, or is not a private folder of this user's.
    case folder(path: String, reason: String)
    /// Nothing listens at the path.
    case noHost(path: String, reason: String)
    /// Someone else's process answers there: not believed.
    case notYours(path: String, owner: String)
    case pathTooLong(path: String, limit: Int)
    case system(call: String, errno: Int32)
    /// The host closed the connection or sent something that is not an answer.
    case noAnswer(path: String)

    public var description: String {
        switch self {
        case .folder(let path, let reason): "\(path): \(reason)"
        case .noHost(let path, let reason): "\(path): no host is running (\(reason))"
        case .notYours(let path, let owner): "\(path): the socket is served by \(owner), not by you: not your host, refused"
        case .pathTooLong(let path, let limit): "\(path): path longer than \(limit) bytes"
        case .system(let call, let errno): "\(call) failed: \(String(cString: strerror(errno)))"
        case .noAnswer(let path): "\(path): no valid answer from the host"
        }
    }
}

/// The client side of the running host's control socket: one JSON line out, one (or, for a watch, a
/// stream of) JSON lines back. Used by the command line and by apps (ActivityKit's calls).
public enum ControlClient {
    /// The environment variable that names the socket, for processes the host or a user starts.
    public static let socketVariable = "WIDGET_HOST_SOCKET"

    /// Where the host listens when no path is given: `$WIDGET_HOST_SOCKET` if set; else under
    /// `$XDG_RUNTIME_DIR` (the user's private runtime folder) if it is one; else in a folder of this
    /// user's own, mode 0700, created if missing and refused if anyone else could have made or changed it.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment,
                                   temporaryRoot: String = "/tmp") throws(ControlConnectionError) -> String {
        if let named = environment[socketVariable], !named.isEmpty { return named }
        let uid = getuid()
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"), isPrivateFolder(runtime, of: uid) {
            return (runtime as NSString).appendingPathComponent("widget-host.sock")
        }
        let folder = (temporaryRoot as NSString).appendingPathComponent("widget-host-\(uid)")
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw .folder(path: folder, reason: "cannot create the socket's folder: \(String(cString: strerror(errno)))")
        }
        guard isPrivateFolder(folder, of: uid) else {
            throw .folder(path: folder, reason: "the socket's folder is not a folder of yours with mode 0700 (someone else may have made it); give --socket")
        }
        return (folder as NSString).appendingPathComponent("control.sock")
    }

    /// A real folder (not a link), owned by `uid`, that nobody else may enter or change.
    public static func isPrivateFolder(_ path: String, of uid: uid_t) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR && st.st_uid == uid && st.st_mode & 0o077 == 0
    }

    public static func address(_ path: String) throws(ControlConnectionError) -> sockaddr_un {
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let limit = MemoryLayout.size(ofValue: addr.sun_path) - 1
        guard bytes.count <= limit else { throw .pathTooLong(path: path, limit: limit) }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        return addr
    }

    /// Who is at the other end of a connected socket.
    public static func peer(of fd: Int32) -> (pid: pid_t, uid: uid_t)? {
        var pid: pid_t = 0, uid: uid_t = 0
        guard widgethost_peer_credentials(fd, &pid, &uid) == 0 else { return nil }
        return (pid, uid)
    }

    /// A connected client descriptor, after checking that the host answering is this user's: a socket
    /// planted by someone else is refused before anything is sent or believed.
    public static func connect(path: String) throws(ControlConnectionError) -> Int32 {
        let s = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard s >= 0 else { throw .system(call: "socket", errno: errno) }
        var addr: sockaddr_un
        do { addr = try address(path) } catch { close(s); throw error }
        let r = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(s, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        guard r == 0 else {
            let e = errno
            close(s)
            throw .noHost(path: path, reason: String(cString: strerror(e)))
        }
        guard let server = peer(of: s), server.uid == getuid() else {
            let owner = peer(of: s).map { "user \($0.uid)" } ?? "an unknown user"
            close(s)
            throw .notYours(path: path, owner: owner)
        }
        return s
    }

    /// Sends a request to a running host and waits for its answer.
    public static func send(_ request: ControlRequest, to path: String, timeout: Double = 60) throws(ControlConnectionError) -> ControlResponse {
        let s = try connect(path: path)
        defer { close(s) }
        guard let data = try? JSONEncoder().encode(request) else { throw .noAnswer(path: path) }
        try writeLine(s, data)
        guard let line = readLine(s, limit: 1 << 20, timeout: timeout),
              let response = try? JSONDecoder().decode(ControlResponse.self, from: line) else {
            throw .noAnswer(path: path)
        }
        return response
    }

    public static func writeLine(_ fd: Int32, _ data: Data) throws(ControlConnectionError) {
        var bytes = [UInt8](data)
        bytes.append(0x0A)
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .system(call: "send", errno: errno)
            }
            sent += n
        }
    }

    /// One line (without the newline), at most `limit` bytes, or nil on timeout, close or overflow.
    public static func readLine(_ fd: Int32, limit: Int, timeout: Double) -> Data? {
        var reader = LineReader(fd: fd, limit: limit)
        return reader.next(timeout: timeout)
    }
}

/// Reads lines from a descriptor, keeping what follows a line for the next: a watch connection's
/// events arrive several to a read.
public struct LineReader {
    public let fd: Int32
    public let limit: Int
    private var buffer: [UInt8] = []

    public init(fd: Int32, limit: Int) {
        self.fd = fd
        self.limit = limit
    }

    /// The next line, or nil on timeout, close or a line over the limit.
    public mutating func next(timeout: Double) -> Data? {
        let deadline = ContinuousClock.now + .milliseconds(Int(min(timeout, 1e6) * 1000))
        var chunk = [UInt8](repeating: 0, count: 4096)
        while buffer.count <= limit {
            if let nl = buffer.firstIndex(of: 0x0A) {
                let line = Data(buffer[..<nl])
                buffer.removeSubrange(...nl)
                return line
            }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return nil }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ms = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            let ready = poll(&pfd, 1, ms)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return nil }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            buffer += chunk[0..<n]
        }
        return nil
    }
}
