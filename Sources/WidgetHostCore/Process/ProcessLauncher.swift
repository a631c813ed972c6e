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

    /// Non-blocking: has the process exited? Once it has, whatever it left running in its process
    /// group is killed.
    public func hasExited() -> Bool {
        if isReaped { return true }
        switch exitedUnreaped(blocking: false) {
        case .running: return false
        case .gone: return true  // another thread reaped it
        case .exited: break
        }
        reap()
        return true
    }

    /// Kills the process and its process group (SIGKILL) and reaps it.
    public func kill() {
        guard !isReaped else { return }
        _ = Glibc.kill(-pid, SIGKILL)
        _ = Glibc.kill(pid, SIGKILL)
        wait()
    }

    private enum State { case running, exited, gone }

    /// Whether the process has exited, without reaping it; if it has, its group is killed while its id
    /// (the group's) still cannot be reused.
    private func exitedUnreaped(blocking: Bool) -> State {
        var info = siginfo_t()
        var r: Int32
        repeat {
            r = waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT | (blocking ? 0 : WNOHANG))
        } while r < 0 && errno == EINTR
        guard r == 0 else { return .gone }
        guard info.si_signo == SIGCHLD else { return .running }
        _ = Glibc.kill(-pid, SIGKILL)
        return .exited
    }

    private func reap() {
        var waitStatus: Int32 = 0
        var r: pid_t
        repeat { r = waitpid(pid, &waitStatus, 0) } while r < 0 && errno == EINTR
        if r == pid { recordExit(waitStatus) }  // otherwise another thread reaped it and recorded how
    }

    /// How the process ended, once it has: `exited(status)` or `signaled(signal)`.
    public var termination: String? {
        guard let status = exitStatus else { return nil }
        let signal = status & 0x7F
        if signal == 0 { return "exited with status \((status >> 8) & 0xFF)" }
        return "killed by signal \(signal)"
    }

    /// Blocks until the process exits (then stops its group, and reaps it).
    public func wait() {
        guard !isReaped else { return }
        guard exitedUnreaped(blocking: true) == .exited else { return }
        reap()
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
        // Nothing of the host's but the channel: every other descriptor closed, whatever its flags.
        _ = widgethost_spawn_close_from(&actions, Self.childDescriptor + 1)

        // A process group of its own: whatever it starts is stopped with it.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)

        let envStrings = Self.environment(for: spec).map { "\($0.key)=\($0.value)" }.sorted()
        let argStrings = [spec.executable] + spec.arguments

        var pid: pid_t = 0
        let result = withCStrings(argStrings) { argv in
            withCStrings(envStrings) { envp in
                posix_spawn(&pid, spec.executable, &actions, &attributes, argv, envp)
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

extension PosixProcessLauncher {
    /// Of the host's environment, what a program needs to start and speak the user's language; the
    /// rest (credentials, tokens, the host's own settings) stays with the host.
    public static let inheritedEnvironment: Set<String> = ["PATH", "LD_LIBRARY_PATH", "LANG", "LANGUAGE", "TZ"]

    /// An extension's environment: the allow-listed variables (and `LC_*`), what the spec adds, the
    /// channel's descriptor, and, when it has a data folder, `HOME` and `TMPDIR` inside it.
    static func environment(for spec: LaunchSpec) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { inheritedEnvironment.contains($0.key) || $0.key.hasPrefix("LC_") }
        for (k, v) in spec.environment { environment[k] = v }
        environment["WIDGET_HOST_FD"] = String(childDescriptor)
        if let data = spec.dataDirectory {
            environment["WIDGET_EXTENSION_DATA"] = data
            environment["HOME"] = data
            let temporary = (data as NSString).appendingPathComponent("tmp")
            if mkdir(temporary, 0o700) == 0 || errno == EEXIST { environment["TMPDIR"] = temporary }
        }
        return environment
    }
}

/// Calls `body` with a NULL-terminated C string array.
func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for p in pointers { free(p) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
