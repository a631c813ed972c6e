import Dispatch
import Foundation
import SystemCalls
import WidgetProtocol

/// A running child and the host's end of its connection.
///
/// Stopping it stops everything it started: its process group always; under the basic sandbox also
/// every process in its tree (it is their subreaper, and the tree is watched so that what it left
/// when it ended can still be found); under the full sandbox `pid` is its PID namespace's first
/// process, and the kernel ends the namespace with it.
///
/// `@unchecked Sendable`: `reaped`, `status`, `lastSeen` and `overLimit` are guarded by `lock`;
/// `waitpid` itself runs outside it (a blocking wait must not stall `hasExited` on another thread),
/// and whichever thread reaps the child records how it ended.
public final class LaunchedProcess: @unchecked Sendable {
    public let pid: pid_t
    public let channel: FrameChannel
    public let sandbox: SandboxLevel
    private let lock = NSLock()
    private var reaped = false
    private var status: Int32?
    /// Full sandbox: where the namespace's init writes the extension's own wait status.
    private let statusPipe: Int32?
    private let memoryLimit: Int?
    private var lastSeen: [ProcessTree.Member] = []
    /// Signalled after each look of the watch, for whoever waits until it has seen a process.
    private let looked = NSCondition()
    private var overLimit: Termination?
    private let processLimit: Int?
    private let descriptorLimit: Int?
    /// What the watch saw that did not stop the process (a process at its descriptor limit), not yet
    /// taken by the host.
    private var notes: [String] = []
    private var notedDescriptors = false
    private var watchTimer: DispatchSourceTimer?

    /// How often the memory watch looks: a hog is stopped within about this long of passing its limit.
    static let watchInterval: DispatchTimeInterval = .milliseconds(100)
    private static let watchQueue = DispatchQueue(label: "WidgetHost.processWatch", qos: .utility)

    /// Full sandbox: what the extension tried to open that its root lacks.
    package let refusedReads: RefusedReads?

    init(pid: pid_t, channel: FrameChannel, sandbox: SandboxLevel = .none, statusPipe: Int32? = nil, memoryLimit: Int? = nil,
         processLimit: Int? = nil, descriptorLimit: Int? = nil, refusedReads: RefusedReads? = nil) {
        self.refusedReads = refusedReads
        self.processLimit = processLimit
        self.descriptorLimit = descriptorLimit
        self.pid = pid
        self.channel = channel
        self.sandbox = sandbox
        self.statusPipe = statusPipe
        self.memoryLimit = memoryLimit
        if sandbox != .none { startWatching() }
    }

    /// The extension's own process as the host sees it: `pid` itself, or under the full sandbox the
    /// one its namespace's init started (`pid` is the init's). What a person looking at `ps` would call
    /// the extension.
    public var extensionPID: pid_t {
        guard sandbox == .full else { return pid }
        return ProcessTree.children(of: pid).first ?? pid
    }

    /// The raw wait status, once the process has been reaped (the extension's, not its init's).
    public var exitStatus: Int32? { lock.withLock { status } }

    /// How the process ended, once it has.
    public enum Termination: Hashable, Sendable, CustomStringConvertible {
        case exited(status: Int32)
        case signaled(signal: Int32)
        /// Stopped by the host: its processes held more memory than the limit (as jetsam would).
        case overMemoryLimit(footprint: Int, limit: Int)
        /// Stopped by the host: it had more processes and threads than the limit.
        case overProcessLimit(tasks: Int, limit: Int)

        public var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .signaled(Signal.fileSizeLimitExceeded.rawValue): "killed by SIGXFSZ: it wrote a file past its data quota (a file in its data folder, or its log)"
            case .signaled(let signal): "killed by signal \(signal)"
            case .overMemoryLimit(let footprint, let limit): "killed over its memory limit: footprint \(footprint >> 20) MiB, limit \(limit >> 20) MiB"
            case .overProcessLimit(let tasks, let limit): "killed over its process limit: \(tasks) processes and threads, limit \(limit)"
            }
        }

        public var isCrash: Bool { if case .exited = self { false } else { true } }
    }

    public var ending: Termination? {
        lock.withLock { () -> Termination? in
            guard let status else { return nil }
            if let overLimit { return overLimit }
            let signal = status & 0x7F
            return signal == 0 ? .exited(status: (status >> 8) & 0xFF) : .signaled(signal: signal)
        }
    }

    /// `ending`, in words.
    public var termination: String? { ending?.description }

    private var isReaped: Bool { lock.withLock { reaped } }

    /// Non-blocking: has the process exited? Once it has, whatever it left running is killed.
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

    /// Kills the process and everything it started (SIGKILL) and reaps it.
    public func kill() {
        guard !isReaped else { return }
        killEverything()
        wait()
    }

    /// Blocks until the process exits (then stops what it left, and reaps it).
    public func wait() {
        guard !isReaped else { return }
        guard exitedUnreaped(blocking: true) == .exited else { return }
        reap()
    }

    private func killEverything() {
        let tracked = lock.withLock { lastSeen } + (sandbox == .none ? [] : ProcessTree.descendants(of: pid))
        try? Signal.kill.send(toGroup: pid)
        try? Signal.kill.send(to: pid)
        for member in tracked where ProcessTree.isAlive(member) { try? Signal.kill.send(to: member.pid) }
    }

    private enum State { case running, exited, gone }

    /// Whether the process has exited, without reaping it; if it has, its group and tree are killed
    /// while its id (the group's) still cannot be reused.
    private func exitedUnreaped(blocking: Bool) -> State {
        guard let ended = ChildProcess(pid: pid).hasEnded(waiting: blocking) else { return .gone }
        guard ended else { return .running }
        killEverything()
        return .exited
    }

    private func reap() {
        guard let waitStatus = ChildProcess(pid: pid).reap() else { return }  // another thread reaped it and recorded how
        let extensionStatus = statusPipe.flatMap(Self.readStatus)
        lock.withLock {
            reaped = true
            status = extensionStatus ?? waitStatus
            watchTimer?.cancel()
            watchTimer = nil
        }
    }

    /// The status the namespace's init wrote, if it lived to write it (a SIGKILL from the host ends
    /// the init first, and then the init's own status says what happened).
    private static func readStatus(_ fd: Int32) -> Int32? {
        var value: Int32 = 0
        let n = withUnsafeMutableBytes(of: &value) { try? FileDescriptor(rawValue: fd).read(into: $0) }
        return n == 4 ? value : nil
    }

    // MARK: The memory watch

    private func startWatching() {
        let timer = DispatchSource.makeTimerSource(queue: Self.watchQueue)
        timer.schedule(deadline: .now() + Self.watchInterval, repeating: Self.watchInterval, leeway: .milliseconds(20))
        timer.setEventHandler { [weak self] in self?.look() }
        lock.withLock { watchTimer = timer }
        timer.resume()
    }

    /// Records the tree (what to kill if the process ends on its own) and, with limits, adds up its
    /// footprint and its processes and threads, and stops it over either; a process at its descriptor
    /// limit is noted. Under the full sandbox the init is left out: it is a copy of the host sharing
    /// the host's pages, and holds nothing of the extension's.
    private func look() {
        guard !isReaped else { return }
        // What left the tree while still alive stays listed: once the extension has ended, its orphans
        // are no longer below it, and they are exactly what must be found.
        let tree = ProcessTree.descendants(of: pid)
        let earlier = lock.withLock { lastSeen }.filter { !tree.contains($0) && ProcessTree.isAlive($0) }
        looked.withLock {
            lock.withLock { lastSeen = tree + earlier }
            looked.broadcast()
        }
        let counted = (sandbox == .full ? [] : [pid]) + tree.map(\.pid)
        if let limit = processLimit {
            let tasks = counted.reduce(0) { $0 + ProcessTree.taskCount(of: $1) }
            if tasks > limit { return stop(.overProcessLimit(tasks: tasks, limit: limit)) }
        }
        if let limit = memoryLimit {
            let footprint = counted.reduce(0) { $0 + ProcessTree.footprint(of: $1) }
            if footprint > limit { return stop(.overMemoryLimit(footprint: footprint, limit: limit)) }
        }
        noteDescriptorLimit(among: counted)
    }

    /// Waits until the watch has seen every process of `pids` in the extension's tree (so that they are
    /// stopped with it even once they have left the tree), or `timeout` passes. Whether it has.
    package func waitUntilWatched(_ pids: [pid_t], timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        return looked.withLock {
            while true {
                let seen = Set(lock.withLock { lastSeen }.map(\.pid))
                if pids.allSatisfy(seen.contains) { return true }
                if !looked.wait(until: deadline) { return false }
            }
        }
    }

    /// Notes, once per launch, a process holding as many descriptors as it may.
    private func noteDescriptorLimit(among processes: [pid_t]) {
        guard let limit = descriptorLimit, !lock.withLock({ notedDescriptors }),
              let full = processes.first(where: { ProcessTree.descriptorCount(of: $0) >= limit }) else { return }
        lock.withLock {
            notedDescriptors = true
            notes.append("process \(full) holds its limit of \(limit) descriptors: its next open fails (EMFILE)")
        }
    }

    /// Stops everything for `reason`, which becomes how it ended.
    private func stop(_ reason: Termination) {
        lock.withLock { if overLimit == nil { overLimit = reason } }
        killEverything()
    }

    /// What the watch noted since last asked (once per launch for each kind), the extension's own
    /// process looked at now: for the host's events.
    public func takeNotes() -> [String] {
        if !isReaped { noteDescriptorLimit(among: [extensionPID]) }
        return lock.withLock {
            defer { notes = [] }
            return notes
        }
    }

    deinit {
        if !isReaped { kill() }
        watchTimer?.cancel()
        if let statusPipe { FileDescriptor(rawValue: statusPipe).close() }
        if let exit = channel.peerExit { FileDescriptor(rawValue: exit).close() }
    }
}
