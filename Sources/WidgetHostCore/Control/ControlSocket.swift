#if canImport(Glibc)
import Glibc
#endif
import CProcessContainment
import Foundation

/// The running host's Unix domain control socket: owner-only (created under umask 077, then checked
/// to be mode 0600), one JSON request line in, one JSON response line out, per connection.
public final class ControlSocket: Sendable {
    public let path: String
    public let fd: Int32

    /// Binds and listens. Refuses to replace anything at `path` but a stale socket.
    public init(path: String) throws(HostError) {
        self.path = path
        var st = stat()
        if lstat(path, &st) == 0 {
            guard (st.st_mode & S_IFMT) == S_IFSOCK else { throw .controlSocket(path: path, reason: "a non-socket file is in the way") }
            // Another host answering there? Then do not steal its socket.
            if let probe = try? ControlSocket.connect(path: path) { close(probe); throw .controlSocket(path: path, reason: "another host is running") }
            unlink(path)
        }
        let s = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard s >= 0 else { throw .system(call: "socket", errno: errno) }
        var addr = try ControlSocket.address(path)
        let old = umask(0o077)
        let bound = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(s, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        umask(old)
        guard bound == 0 else {
            let e = errno
            close(s)
            throw .controlSocket(path: path, reason: String(cString: strerror(e)))
        }
        chmod(path, 0o600)
        guard lstat(path, &st) == 0, st.st_mode & 0o077 == 0 else {
            close(s)
            unlink(path)
            throw .controlSocket(path: path, reason: "could not make the socket owner-only")
        }
        guard listen(s, 16) == 0 else {
            close(s)
            throw .system(call: "listen", errno: errno)
        }
        fd = s
    }

    deinit {
        close(fd)
        unlink(path)
    }

    static func address(_ path: String) throws(HostError) -> sockaddr_un {
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: addr.sun_path) else {
            throw .controlSocket(path: path, reason: "path longer than \(MemoryLayout.size(ofValue: addr.sun_path) - 1) bytes")
        }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        return addr
    }

    /// Where `run` listens and the client commands connect when no `--socket` is given: under
    /// `$XDG_RUNTIME_DIR` (the user's private runtime folder) if it is one, else in a folder of this
    /// user's own, mode 0700, that is created if missing and refused if anyone else could have made or
    /// changed it.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment,
                                   temporaryRoot: String = "/tmp") throws(HostError) -> String {
        let uid = getuid()
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"), isPrivateFolder(runtime, of: uid) {
            return (runtime as NSString).appendingPathComponent("widget-host.sock")
        }
        let folder = (temporaryRoot as NSString).appendingPathComponent("widget-host-\(uid)")
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw .controlSocket(path: folder, reason: "cannot create the socket's folder: \(String(cString: strerror(errno)))")
        }
        guard isPrivateFolder(folder, of: uid) else {
            throw .controlSocket(path: folder, reason: "the socket's folder is not a folder of yours with mode 0700 (someone else may have made it); give --socket")
        }
        return (folder as NSString).appendingPathComponent("control.sock")
    }

    /// A real folder (not a link), owned by `uid`, that nobody else may enter or change.
    static func isPrivateFolder(_ path: String, of uid: uid_t) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR && st.st_uid == uid && st.st_mode & 0o077 == 0
    }

    /// Who is at the other end of a connected socket.
    public static func peer(of fd: Int32) -> (pid: pid_t, uid: uid_t)? {
        var pid: pid_t = 0, uid: uid_t = 0
        guard widgethost_peer_credentials(fd, &pid, &uid) == 0 else { return nil }
        return (pid, uid)
    }

    /// A connected client descriptor, after checking that the host answering is this user's: a socket
    /// planted by someone else is refused before anything is sent or believed.
    public static func connect(path: String) throws(HostError) -> Int32 {
        let s = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard s >= 0 else { throw .system(call: "socket", errno: errno) }
        var addr = try address(path)
        let r = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(s, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        guard r == 0 else {
            let e = errno
            close(s)
            throw .controlSocket(path: path, reason: "no host is running (\(String(cString: strerror(e))))")
        }
        guard let server = peer(of: s), server.uid == getuid() else {
            let owner = peer(of: s).map { "user \($0.uid)" } ?? "an unknown user"
            close(s)
            throw .controlSocket(path: path, reason: "the socket is served by \(owner), not by you: not your host, refused")
        }
        return s
    }

    /// Sends a request to a running host and waits for its answer.
    public static func send(_ request: ControlRequest, to path: String, timeout: Double = 60) throws(HostError) -> ControlResponse {
        let s = try connect(path: path)
        defer { close(s) }
        guard let data = try? JSONEncoder().encode(request) else { throw .controlSocket(path: path, reason: "cannot encode the request") }
        try writeLine(s, data)
        guard let line = readLine(s, limit: 1 << 20, timeout: timeout),
              let response = try? JSONDecoder().decode(ControlResponse.self, from: line) else {
            throw .controlSocket(path: path, reason: "no valid answer from the host")
        }
        return response
    }

    static func writeLine(_ fd: Int32, _ data: Data) throws(HostError) {
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

    /// One line (without the newline), at most `limit` bytes, or nil on timeout/close/overflow.
    static func readLine(_ fd: Int32, limit: Int, timeout: Double) -> Data? {
        var buffer: [UInt8] = []
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        var chunk = [UInt8](repeating: 0, count: 4096)
        while buffer.count <= limit {
            if let nl = buffer.firstIndex(of: 0x0A) { return Data(buffer[..<nl]) }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return nil }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ms = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            let ready = poll(&pfd, 1, ms)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return nil }
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            buffer += chunk[0..<n]
        }
        return nil
    }
}
