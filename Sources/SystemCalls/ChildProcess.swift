import CProcessContainment
import Glibc

/// A process this one started: waiting for its end, reaping it, and a descriptor that becomes
/// readable when it ends.
public struct ChildProcess: Hashable, Sendable {
    public let pid: pid_t
    public init(pid: pid_t) { self.pid = pid }

    /// Whether it has ended, leaving it unreaped (`waitid(WNOWAIT)`) so that its id, and its process
    /// group's, cannot be reused while the caller acts on them. `nil`: it is not a child of this
    /// process, or has already been reaped.
    public func hasEnded(waiting: Bool) -> Bool? {
        var info = siginfo_t()
        let result = try? Errno.retryingInterrupts {
            waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT | (waiting ? 0 : WNOHANG))
        }
        guard result == 0 else { return nil }
        return info.si_signo == SIGCHLD
    }

    /// Waits for it to end and reaps it: its raw wait status, or `nil` if another thread reaped it.
    public func reap() -> Int32? {
        var status: Int32 = 0
        let result = try? Errno.retryingInterrupts { waitpid(pid, &status, 0) }
        return result == pid ? status : nil
    }

    /// A descriptor that becomes readable when it ends (`pidfd_open`; any process, not only a
    /// child). `.noSuchProcess` if it has already ended and been reaped.
    public func exitDescriptor() throws(Errno) -> FileDescriptor {
        let fd = widgethost_pidfd_open(pid)
        guard fd >= 0 else { throw .current }
        return FileDescriptor(rawValue: fd)
    }

    /// Its process group, or `nil` once it is gone.
    public var processGroup: pid_t? {
        let group = getpgid(pid)
        return group >= 0 ? group : nil
    }
}

extension Signal {
    /// Sends this signal to every process in a process group.
    public func send(toGroup group: pid_t) throws(Errno) {
        guard Glibc.kill(-group, rawValue) == 0 else { throw .current }
    }

    public static let fileSizeLimitExceeded = Signal(rawValue: SIGXFSZ)
}
