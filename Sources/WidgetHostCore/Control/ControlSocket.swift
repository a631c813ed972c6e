import Foundation
import SystemCalls
import WidgetControl

/// The running host's Unix domain control socket: owner-only (created under umask 077, then checked
/// to be mode 0600), one JSON request line in, one JSON response line out, per connection.
public final class ControlSocket: Sendable {
    public let path: String
    public let fd: Int32

    /// Binds and listens. Refuses to replace anything at `path` but a stale socket.
    public init(path: String) throws(HostError) {
        self.path = path
        if let existing = try? FileSystem.status(path) {
            guard existing.kind == .socket else { throw .controlSocket(path: path, .notASocket) }
            // Another host answering there? Then do not steal its socket.
            if let probe = try? ControlSocket.connect(path: path) {
                FileDescriptor(rawValue: probe).close()
                throw .controlSocket(path: path, .anotherHostRunning)
            }
            try? FileSystem.remove(path)
        }
        let s: FileDescriptor
        do { s = try UnixSocket.make() } catch { throw .system(call: "socket", error) }
        do {
            try FileSystem.withCreationMask(0o077) { () throws(UnixSocket.AddressError) in try UnixSocket.bind(s, to: path) }
        } catch {
            s.close()
            switch error {
            case .pathTooLong(let tooLong): throw HostError(ControlConnectionError.pathTooLong(path: path, limit: tooLong.limit))
            case .system(let errno): throw .controlSocket(path: path, .bindFailed(errno))
            }
        }
        try? FileSystem.setPermissions(path, 0o600)
        guard let bound = try? FileSystem.status(path), bound.permissions & 0o077 == 0 else {
            s.close()
            try? FileSystem.remove(path)
            throw .controlSocket(path: path, .notOwnerOnly)
        }
        do { try UnixSocket.listen(s, backlog: 16) } catch {
            s.close()
            throw .system(call: "listen", error)
        }
        fd = s.rawValue
    }

    deinit {
        FileDescriptor(rawValue: fd).close()
        try? FileSystem.remove(path)
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
        case .system(let call, let errno): self = .system(call: call, errno)
        case .folder, .noHost, .notYours, .pathTooLong, .noAnswer: self = .controlConnection(error)
        }
    }
}
