#if canImport(Glibc)
import Glibc
#endif
import CProcessLimits
import Foundation
import WidgetProtocol

/// Starts extension processes. A seam, so tests can substitute a launcher and assert on what was asked.
public protocol ProcessLauncher: Sendable {
    func launch(_ spec: LaunchSpec) throws(HostError) -> LaunchedProcess
}

/// What to start and how.
public struct LaunchSpec: Sendable {
    public var executable: String
    public var arguments: [String]
    /// Extra environment for the child (the host descriptor and data folder are added by the launcher).
    public var environment: [String: String]
    /// Where the child's standard error goes (appended); `nil` inherits the host's.
    public var logFile: String?
    /// The extension's private data folder (`WIDGET_EXTENSION_DATA`).
    public var dataDirectory: String?
    /// The data-segment limit applied to the child at spawn (`RLIMIT_DATA`), in bytes; nil for none.
    public var memoryLimit: Int?

    public init(executable: String, arguments: [String] = [], environment: [String: String] = [:], logFile: String? = nil,
                dataDirectory: String? = nil) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.logFile = logFile
        self.dataDirectory = dataDirectory
    }
}

/// A running child and the host's end of its connection.
///
/// `@unchecked Sendable`: `reaped` and `status` are guarded by `lock`; `waitpid` itself runs outside
/// it (a blocking wait must not stall `hasExited` on another thread), and whichever thread reaps the
/// child records how it ended.
public final class LaunchedProcess: @unchecked Sendable {
    public let pid: pid_t
    public let channel: FrameChannel
    private let lock = NSLock()
    private var reaped = false
    private var status: Int32?
    /// The raw wait status, once the process has been reaped.
    public var exitStatus: Int32? { lock.withLock { status } }

    init(pid: pid_t, channel: FrameChannel) {
        self.pid = pid
        self.channel = channel
    }

    private var isReaped: Bool { lock.withLock { reaped } }

    private func recordExit(_ waitStatus: Int32) {
        lock.withLock {
            reaped = true
            status = waitStatus
        }
    }

    /// Non-blocking: has the process exited?
    public func hasExited() -> Bool {
        if isReaped { return true }
        var waitStatus: Int32 = 0
        let r = waitpid(pid, &waitStatus, WNOHANG)
        if r == pid {
            recordExit(waitStatus)
            return true
        }
        return r < 0  // another thread reaped it
    }

    /// Kills (SIGKILL) and reaps.
    public func kill() {
        guard !isReaped else { return }
        _ = Glibc.kill(pid, SIGKILL)
        wait()
    }

    /// How the process ended, once it has: `exited(status)` or `signaled(signal)`.
    public var termination: String? {
        guard let status = exitStatus else { return nil }
        let signal = status & 0x7F
        if signal == 0 { return "exited with status \((status >> 8) & 0xFF)" }
        return "killed by signal \(signal)"
    }

    /// Blocks until the process exits.
    public func wait() {
        guard !isReaped else { return }
        var waitStatus: Int32 = 0
        var r: pid_t
        repeat { r = waitpid(pid, &waitStatus, 0) } while r < 0 && errno == EINTR
        if r == pid { recordExit(waitStatus) }  // otherwise another thread reaped it and recorded how
    }

    deinit {
        if !isReaped { kill() }
    }
}

/// `posix_spawn` with a socketpair: the child gets its end as descriptor 3 (named by `WIDGET_HOST_FD`),
/// standard input from /dev/null, standard error to the log file. No shell, no `Process` run loop.
public struct PosixProcessLauncher: ProcessLauncher {
    public static let childDescriptor: Int32 = 3

    public var limits: ProtocolLimits

    public init(limits: ProtocolLimits = .default) { self.limits = limits }

    public func launch(_ spec: LaunchSpec) throws(HostError) -> LaunchedProcess {
        guard access(spec.executable, X_OK) == 0 else {
            throw .extensionNotExecutable(path: spec.executable, errno: errno)
        }
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
            throw .system(call: "socketpair", errno: errno)
        }
        let (hostEnd, childEnd) = (fds[0], fds[1])

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let log = spec.logFile {
            posix_spawn_file_actions_addopen(&actions, 2, log, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        }
        // dup2 onto 3 clears close-on-exec; if the child end already is 3, move it first.
        var source = childEnd
        if source == Self.childDescriptor {
            source = fcntl(childEnd, F_DUPFD_CLOEXEC, 10)
        }
        posix_spawn_file_actions_adddup2(&actions, source, Self.childDescriptor)

        var environment = ProcessInfo.processInfo.environment
        for (k, v) in spec.environment { environment[k] = v }
        environment["WIDGET_HOST_FD"] = String(Self.childDescriptor)
        if let data = spec.dataDirectory { environment["WIDGET_EXTENSION_DATA"] = data }
        let envStrings = environment.map { "\($0.key)=\($0.value)" }.sorted()
        let argStrings = [spec.executable] + spec.arguments

        var pid: pid_t = 0
        let result = withCStrings(argStrings) { argv in
            withCStrings(envStrings) { envp in
                posix_spawn(&pid, spec.executable, &actions, nil, argv, envp)
            }
        }
        close(childEnd)
        if source != childEnd { close(source) }
        guard result == 0 else {
            close(hostEnd)
            throw .spawnFailed(path: spec.executable, errno: result)
        }
        if let limit = spec.memoryLimit {
            // Applied as soon as the child exists; it is still starting up, long before any request.
            _ = widgethost_set_data_limit(pid, UInt64(max(0, limit)))
        }
        return LaunchedProcess(pid: pid, channel: FrameChannel(fd: hostEnd, limits: limits))
    }
}

/// Calls `body` with a NULL-terminated C string array.
func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for p in pointers { free(p) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
