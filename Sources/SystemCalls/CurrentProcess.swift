import CProcessContainment
import Glibc

/// The calling process: its ids, its signal dispositions, its end.
public enum CurrentProcess {
    public static var id: pid_t { getpid() }
    public static var userID: uid_t { getuid() }
    public static var groupID: gid_t { getgid() }

    /// Sets (or, with `nil`, removes) one of this process's environment variables, which the programs
    /// it starts inherit unless told otherwise.
    public static func setEnvironmentVariable(_ name: String, to value: String?) {
        if let value { setenv(name, value, 1) } else { unsetenv(name) }
    }

    /// Ends the process as `exit(3)` does.
    public static func exit(_ status: Int32) -> Never { Glibc.exit(status) }

    /// Caps how many malloc arenas glibc makes (`mallopt(M_ARENA_MAX)`). glibc gives each thread that
    /// finds the heap busy an arena of its own and keeps what each frees, so a long-lived process with
    /// many threads grows while its memory in use stays flat. Call before starting threads.
    public static func limitHeapArenas(to count: Int32) { _ = widgethost_limit_heap_arenas(count) }
}

/// A signal number, named.
public struct Signal: Hashable, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let hangUp = Signal(rawValue: SIGHUP)
    public static let interrupt = Signal(rawValue: SIGINT)
    public static let terminate = Signal(rawValue: SIGTERM)
    public static let kill = Signal(rawValue: SIGKILL)
    public static let brokenPipe = Signal(rawValue: SIGPIPE)
    public static let stop = Signal(rawValue: SIGSTOP)
    public static let resume = Signal(rawValue: SIGCONT)
    public static let user1 = Signal(rawValue: SIGUSR1)

    /// The process ignores this signal from now on (`SIGPIPE`: a write to a closed socket fails instead).
    public func ignore() { _ = signal(rawValue, SIG_IGN) }

    /// The signal's default action again.
    public func restoreDefault() { _ = signal(rawValue, SIG_DFL) }

    /// From now on, this signal's arrival only raises a flag that a loop reads between events
    /// (`takeFlag`) and writes a byte to `Signal.arrivals`, for a loop that waits on descriptors:
    /// nothing else runs in the handler, as nothing else is safe there.
    public func raiseFlagOnArrival() {
        SignalFlags.raised[Int(rawValue)] = 0
        _ = SignalFlags.wake
        _ = signal(rawValue) { number in
            SignalFlags.raised[Int(number)] = 1
            var byte: UInt8 = 1
            _ = write(SignalFlags.wake.write, &byte, 1)
        }
    }

    /// Readable once a signal with a flag (`raiseFlagOnArrival`) has arrived: waited on with `poll`
    /// beside a loop's other descriptors, and drained with `drainArrivals`.
    public static var arrivals: FileDescriptor { FileDescriptor(rawValue: SignalFlags.wake.read) }

    /// Empties `arrivals` (the flags themselves stay until taken).
    public static func drainArrivals() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while (buffer.withUnsafeMutableBytes { try? arrivals.read(into: $0) } ?? 0) > 0 {}
    }

    /// Whether the signal arrived since the flag was last taken; takes it.
    public func takeFlag() -> Bool {
        guard SignalFlags.raised[Int(rawValue)] != 0 else { return false }
        SignalFlags.raised[Int(rawValue)] = 0
        return true
    }

    /// Whether the signal arrived since the flag was last taken, leaving it raised.
    public var flagIsRaised: Bool { SignalFlags.raised[Int(rawValue)] != 0 }

    /// No signal at all: sending it only checks that the process exists and may be signalled.
    public static let none = Signal(rawValue: 0)

    /// Sends this signal to a process. `.noSuchProcess` if it has gone.
    public func send(to pid: pid_t) throws(Errno) {
        guard Glibc.kill(pid, rawValue) == 0 else { throw .current }
    }
}

/// The flags `raiseFlagOnArrival` handlers set, one per signal number: written only by the handler
/// (a `sig_atomic_t` store) and read and cleared by the loop.
enum SignalFlags {
    /// The pipe the handlers write to (both ends non-blocking: a full pipe drops the byte, and the
    /// flag still says the signal came).
    static let wake: (read: Int32, write: Int32) = {
        guard let pipe = try? FileDescriptor.pipe(nonBlocking: true) else { return (-1, -1) }
        return (pipe.read.rawValue, pipe.write.rawValue)
    }()

    nonisolated(unsafe) static let raised: UnsafeMutablePointer<sig_atomic_t> = {
        let flags = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 65)
        flags.initialize(repeating: 0, count: 65)
        return flags
    }()
}

/// The wall clock as this process's C library reports it (`clock_gettime(CLOCK_REALTIME)`): in an
/// extension that follows the host's clock, the shifted time.
public enum WallClock {
    public static var nanosecondsSinceEpoch: Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }
}
