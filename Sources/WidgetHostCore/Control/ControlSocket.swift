#if canImport(Glibc)
import Glibc
#endif
import CProcessContainment
import Foundation
import WidgetControl

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
            guard (st.st_mode & S_IFMT) == S_IFSOCK else { throw .controlSocket(path: path, .notASocket) }
            // Another host answering there? Then do not steal its socket.
            if let probe = try? ControlSocket.connect(path: path) { close(probe); throw .controlSocket(path: path, .anotherHostRunning) }
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
            throw .controlSocket(path: path, .bindFailed(errno: e))
        }
        chmod(path, 0o600)
        guard lstat(path, &st) == 0, st.st_mode & 0o077 == 0 else {
            close(s)
            unlink(path)
            throw .controlSocket(path: path, .notOwnerOnly)
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
        do { return try ControlClient.address(path) } catch { throw HostError(error) }
    }

    /// Where `run` listens and the client commands connect when no `--socket` is given
    /// (`ControlClient.defaultPath`).
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment,
                                   temporaryRoot: String = "/tmp") throws(HostError) -> String {
        do { return try ControlClient.defaultPath(environment: environment, temporaryRoot: temporaryRoot) } catch { throw HostError(error) }
    }

    /// Who is at the other end of a connected socket.
    public static func peer(of fd: Int32) -> (pid: pid_t, uid: uid_t)? { ControlClient.peer(of: fd) }

    /// A connected client descriptor to this user's host (`ControlClient.connect`).
    public static func connect(path: String) throws(HostError) -> Int32 {
        do { return try ControlClient.connect(path: path) } catch { throw HostError(error) }
    }

    /// Sends a request to a running host and waits for its answer.
    public static func send(_ request: ControlRequest, to path: String, timeout: Double = 60) throws(HostError) -> ControlResponse {
        do { return try ControlClient.send(request, to: path, timeout: timeout) } catch { throw HostError(error) }
    }

    static func writeLine(_ fd: Int32, _ data: Data) throws(HostError) {
        do { try ControlClient.writeLine(fd, data) } catch { throw HostError(error) }
    }
}

extension HostError {
    /// A control connection's failure, as the host reports it.
    init(_ error: ControlConnectionError) {
        switch error {
        case .system(let call, let errno): self = .system(call: call, errno: errno)
        case .folder, .noHost, .notYours, .pathTooLong, .noAnswer: self = .controlConnection(error)
        }
    }
}
