import Foundation
import SystemCalls

/// Why a control connection failed, with the socket's path.
public enum ControlConnectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The socket's folder cannot be made, or is not a private folder of this user's.
    case folder(path: String, reason: String)
    /// Nothing listens at the path.
    case noHost(path: String, reason: String)
    /// Someone else's process answers there: not believed.
    case notYours(path: String, owner: String)
    case pathTooLong(path: String, limit: Int)
    case system(call: String, Errno)
    /// The host closed the connection or sent something that is not an answer.
    case noAnswer(path: String)

    public var description: String {
        switch self {
        case .folder(let path, let reason): "\(path): \(reason)"
        case .noHost(let path, let reason): "\(path): no host is running (\(reason))"
        case .notYours(let path, let owner): "\(path): the socket is served by \(owner), not by you: not your host, refused"
        case .pathTooLong(let path, let limit): "\(path): path longer than \(limit) bytes"
        case .system(let call, let errno): "\(call) failed: \(errno)"
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
        let uid = CurrentProcess.userID
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"), isPrivateFolder(runtime, of: uid) {
            return (runtime as NSString).appendingPathComponent("widget-host.sock")
        }
        let folder = (temporaryRoot as NSString).appendingPathComponent("widget-host-\(uid)")
        do {
            try FileSystem.makeDirectory(folder, permissions: 0o700)
        } catch where error != .fileExists {
            throw .folder(path: folder, reason: "cannot create the socket's folder: \(error)")
        } catch {}
        guard isPrivateFolder(folder, of: uid) else {
            throw .folder(path: folder, reason: "the socket's folder is not a folder of yours with mode 0700 (someone else may have made it); give --socket")
        }
        return (folder as NSString).appendingPathComponent("control.sock")
    }

    /// A real folder (not a link), owned by `uid`, that nobody else may enter or change.
    public static func isPrivateFolder(_ path: String, of uid: uid_t) -> Bool {
        guard let status = try? FileSystem.status(path) else { return false }
        return status.kind == .directory && status.owner == uid && status.permissions & 0o077 == 0
    }

    /// Who is at the other end of a connected socket.
    public static func peer(of fd: Int32) -> (pid: pid_t, uid: uid_t)? {
        UnixSocket.peer(of: FileDescriptor(rawValue: fd))
    }

    /// A connected client descriptor, after checking that the host answering is this user's: a socket
    /// planted by someone else is refused before anything is sent or believed.
    public static func connect(path: String) throws(ControlConnectionError) -> Int32 {
        let s: FileDescriptor
        do { s = try UnixSocket.make() } catch { throw .system(call: "socket", error) }
        do {
            try UnixSocket.connect(s, to: path)
        } catch {
            s.close()
            switch error {
            case .pathTooLong(let tooLong): throw .pathTooLong(path: path, limit: tooLong.limit)
            case .system(let errno): throw .noHost(path: path, reason: errno.description)
            }
        }
        guard let server = UnixSocket.peer(of: s), server.uid == CurrentProcess.userID else {
            let owner = UnixSocket.peer(of: s).map { "user \($0.uid)" } ?? "an unknown user"
            s.close()
            throw .notYours(path: path, owner: owner)
        }
        return s.rawValue
    }

    /// Sends a request to a running host and waits for its answer.
    public static func send(_ request: ControlRequest, to path: String, timeout: Double = 60) throws(ControlConnectionError) -> ControlResponse {
        let s = try connect(path: path)
        defer { FileDescriptor(rawValue: s).close() }
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
        do { try FileDescriptor(rawValue: fd).sendAll(bytes) } catch { throw .system(call: "send", error) }
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
            guard ContinuousClock.now < deadline else { return nil }
            var requests = [PollRequest(FileDescriptor(rawValue: fd))]
            let ready: Int
            do {
                ready = try PollRequest.poll(&requests, timeoutMilliseconds: PollRequest.milliseconds(until: deadline))
            } catch .interrupted {
                continue
            } catch {
                return nil
            }
            guard ready > 0 else { return nil }
            let n = chunk.withUnsafeMutableBytes { raw in (try? FileDescriptor(rawValue: fd).read(into: raw)) ?? -1 }
            guard n > 0 else { return nil }
            buffer += chunk[0..<n]
        }
        return nil
    }
}
