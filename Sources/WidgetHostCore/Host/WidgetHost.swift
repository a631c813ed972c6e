import Foundation
import SystemCalls
import WidgetArchive
import WidgetLayout
import WidgetNetwork
import WidgetProcess
import WidgetProtocol
import WidgetRender
import WidgetStore

/// The host: launches extensions, asks them for timelines, validates and stores the archives, and
/// renders the entry current at an instant. Never runs extension code itself.
///
/// `@unchecked Sendable`: the connection table, fault counts and events are guarded by `lock`, and
/// launching one executable is serialized by its own lock (two threads asking for a connection at
/// once get the same process; neither orphans one). The configuration (`handshakeTimeout`,
/// `requestTimeout`, `log`, `supervision`) is set before the host is shared.
public final class WidgetHost: @unchecked Sendable {
    public let store: ArchiveStore
    public let clock: HostClock
    public let launcher: ProcessLauncher
    public var handshakeTimeout: Double = 10
    public var requestTimeout: Double = 15
    /// Where host events go (one line each); tests and the CLI choose.
    public var log: @Sendable (String) -> Void = { _ in }

    /// Limits and recovery for extension processes.
    public var supervision = SupervisionPolicy()

    /// The app's Live Activities, as intents performed in its extension see and change them; set by an
    /// `ActivityCenter` on this host.
    public weak var activities: (any ActivityIntentParticipant)?

    private var connections: [String: ExtensionConnection] = [:]
    private var lastUsed: [String: Date] = [:]
    private var failures: [String: Int] = [:]
    private var notBefore: [String: Date] = [:]
    private var supervisionEvents: [SupervisionEvent] = []
    /// One per executable, held while it is looked up and, if need be, launched.
    private var launchLocks: [String: NSLock] = [:]
    private let lock = NSLock()
    /// Where overlapped durable writes run. A queue of its own rather than a global one: a queue made
    /// this way always gets a thread, even when the caller is one of the global pool's (an async test,
    /// say) and blocks it waiting for the write.
    private let storeQueue = DispatchQueue(label: "WidgetHost.store")

    /// The process groups of the running extensions (each leads its own).
    public var extensionProcessGroups: Set<pid_t> { lock.withLock { Set(connections.values.map(\.process.pid)) } }

    /// The pid of `executable`'s process if it is running (`LaunchedProcess.extensionPID`); never
    /// launches it.
    public func runningProcessID(_ executable: String) -> pid_t? {
        lock.withLock { connections[executable]?.process }?.extensionPID
    }

    /// Whether `pid` is a running extension or anything it started: in its process group, or below it
    /// in the process tree (where a child that left the group for a session of its own still is, as
    /// the sandbox keeps orphans in the tree). Such a process may not drive the host.
    public func isExtensionProcess(_ pid: pid_t) -> Bool {
        let extensions = extensionProcessGroups
        if extensions.contains(getpgid(pid)) { return true }
        var current = pid
        for _ in 0..<64 where current > 1 {
            if extensions.contains(current) { return true }
            guard let parent = ProcessTree.parent(of: current) else { return false }
            current = parent
        }
        return false
    }

    /// What an extension's root holds in the full sandbox beyond what it needs to run, by extension ID
    /// (its executable's file name): read-only paths a run configuration grants (`readPaths`).
    public var readPaths: [String: [String]] = [:]

    /// In the full sandbox, report what each extension tries to open that its root lacks, in its
    /// connection's diagnostics: for authors (`preview` and `WidgetTesting` turn it on). Every open
    /// then passes by the namespace's init, which costs a launch some milliseconds.
    public var reportsRefusedOpens = false

    /// Where extensions' URLSession requests go (`NetworkGateway`): each launch gets a route to it.
    /// Nil gives no route: an extension's requests then go straight to the network, but in the full
    /// sandbox, which has none.
    public var network: NetworkGateway?

    /// Folders no extension is granted besides the store root: where the control socket lives by
    /// default, and shared memory.
    public var coveredFolders: [String] = ["/dev/shm", "/tmp/widget-host-\(getuid())"]
        + (ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"].map { [$0] } ?? [])

    /// Every supervision event so far (launches, faults, back-offs, idle stops), oldest first.
    public var events: [SupervisionEvent] { lock.withLock { supervisionEvents } }

    private func record(_ name: String, _ kind: SupervisionEvent.Kind, _ detail: String) {
        let event = SupervisionEvent(date: clock.now, extensionID: name, kind: kind, detail: detail)
        lock.withLock { supervisionEvents.append(event) }
        log("\(name): \(kind.rawValue): \(detail)")
    }

    public init(store: ArchiveStore, clock: HostClock, launcher: ProcessLauncher = PosixProcessLauncher()) {
        self.store = store
        self.clock = clock
        self.launcher = launcher
    }

    /// The running connection to `executable`, launching it if needed — unless it failed recently and
    /// its back-off has not passed.
    public func connection(to executable: String) throws(HostError) -> ExtensionConnection {
        if let running = runningConnection(executable) { return running }
        let launching = lock.withLock { () -> NSLock in
            if let existing = launchLocks[executable] { return existing }
            let made = NSLock()
            launchLocks[executable] = made
            return made
        }
        launching.lock()
        defer { launching.unlock() }
        // Another thread may have launched it while this one waited.
        if let running = runningConnection(executable) { return running }
        return try launch(executable)
    }

    private func runningConnection(_ executable: String) -> ExtensionConnection? {
        guard let existing = lock.withLock({ connections[executable] }), !existing.process.hasExited() else { return nil }
        lock.withLock { lastUsed[executable] = clock.now }
        return existing
    }

    /// What `executable`'s root holds in the full sandbox, as its next launch will make it; a refused
    /// read path throws here as it would there.
    public func root(for executable: String) throws(HostError) -> ExtensionRoot {
        let name = URL(fileURLWithPath: executable).lastPathComponent
        var spec = LaunchSpec(executable: executable, dataDirectory: store.dataDirectory(name).path)
        spec.hiddenFolders = [store.root.path] + coveredFolders
        spec.readPaths = readPaths[name] ?? []
        let path = PosixProcessLauncher.realPath(executable)
        do {
            return try PosixProcessLauncher.root(for: spec, executable: path, libraryPath: ProcessInfo.processInfo.environment["LD_LIBRARY_PATH"])
        } catch {
            throw .launch(error)
        }
    }

    /// Launches `executable` (its launch lock held), after recording the death of an earlier process.
    private func launch(_ executable: String) throws(HostError) -> ExtensionConnection {
        let name = URL(fileURLWithPath: executable).lastPathComponent
        if let existing = lock.withLock({ connections[executable] }) {
            // It died between requests.
            forget(executable)
            fault(executable, name, Self.faultKind(existing.process.ending), existing.process.termination ?? "ended")
        }
        if let until = lock.withLock({ notBefore[executable] }), clock.now < until {
            throw .backingOff(extensionID: name, until: until)
        }
        do { try store.prepare(extensionID: name) } catch { throw .store(error) }
        try checkDataQuota(executable, name)
        DataQuota.rotateLog(store.logFile(name))
        // A crashing extension is reported at once rather than after the runtime prints a backtrace
        // (which can take seconds); set SWIFT_BACKTRACE in the host's environment to choose otherwise.
        let environment = ProcessInfo.processInfo.environment["SWIFT_BACKTRACE"] == nil ? ["SWIFT_BACKTRACE": "enable=no"] : [:]
        var spec = LaunchSpec(executable: executable, environment: environment, logFile: store.logFile(name).path,
                              dataDirectory: store.dataDirectory(name).path)
        spec.memoryLimit = supervision.memoryLimit
        spec.fileSizeLimit = supervision.dataQuota
        spec.descriptorLimit = supervision.descriptorLimit
        spec.processLimit = supervision.processLimit
        spec.hiddenFolders = [store.root.path] + coveredFolders
        spec.readPaths = readPaths[name] ?? []
        spec.reportsRefusedOpens = reportsRefusedOpens
        var route: (host: FileDescriptor, extension: FileDescriptor)?
        if network != nil {
            do { route = try UnixSocket.pair() } catch { throw .system(call: "socketpair", error) }
            spec.networkDescriptor = route?.extension.rawValue ?? -1
        }
        defer { route?.extension.close() }
        let connection: ExtensionConnection
        do {
            connection = try ExtensionConnection.open(spec, launcher: launcher, handshakeTimeout: handshakeTimeout)
        } catch {
            route?.host.close()
            switch error {
            case .handshakeFailed, .protocolVersionMismatch, .identityMismatch: fault(executable, name, .handshakeFailed, "\(error)")
            default: fault(executable, name, .launchFailed, "\(error)")
            }
            throw error
        }
        connection.maximumUnsolicitedMessages = supervision.maximumUnsolicitedMessages
        if let network, let route { network.serve(FrameChannel(fd: route.host.rawValue), extensionID: name) }
        record(name, .launched, "pid \(connection.process.extensionPID): \(connection.hello.widgets.map(\.kind).joined(separator: ", "))")
        lock.withLock {
            connections[executable] = connection
            lastUsed[executable] = clock.now
        }
        return connection
    }

    private static func faultKind(_ ending: LaunchedProcess.Termination?) -> SupervisionEvent.Kind {
        switch ending {
        case .overMemoryLimit: .memoryLimitExceeded
        case .overProcessLimit: .processLimitExceeded
        case .signaled(SIGXFSZ): .dataQuotaExceeded
        case .signaled: .crashed
        case .exited, nil: .exited
        }
    }

    /// Records a fault and starts (or lengthens) the back-off before the next launch.
    private func fault(_ executable: String, _ name: String, _ kind: SupervisionEvent.Kind, _ detail: String) {
        record(name, kind, detail)
        let count = lock.withLock { () -> Int in
            failures[executable, default: 0] += 1
            return failures[executable]!
        }
        let until = clock.now.addingTimeInterval(supervision.backoff(afterFailures: count))
        lock.withLock { notBefore[executable] = until }
        record(name, .backingOff, count == 1 ? "fault 1 in a row; relaunched on the next request"
               : "fault \(count) in a row; no relaunch before \(CivilDate.isoDate(until))")
    }

    /// A request succeeded: the extension is healthy again. What its process's watch noted is recorded,
    /// and its data folder is held to its quota: over it, the process is stopped.
    private func succeeded(_ executable: String, _ connection: ExtensionConnection) {
        lock.withLock {
            failures[executable] = nil
            notBefore[executable] = nil
        }
        let name = URL(fileURLWithPath: executable).lastPathComponent
        for note in connection.process.takeNotes() { record(name, .descriptorLimitReached, note) }
        guard let over = dataQuotaExceeded(name) else { return }
        connection.process.kill()
        forget(executable)
        fault(executable, name, .dataQuotaExceeded, "\(over)")
    }

    /// Refuses to launch an extension whose data folder is over its quota (its files stay: they are
    /// the extension's, for its author to look at).
    private func checkDataQuota(_ executable: String, _ name: String) throws(HostError) {
        guard let over = dataQuotaExceeded(name) else { return }
        fault(executable, name, .dataQuotaExceeded, "\(over)")
        throw over
    }

    /// The error saying `name`'s data folder is over its quota, or nil while it is not.
    private func dataQuotaExceeded(_ name: String) -> HostError? {
        guard let quota = supervision.dataQuota else { return nil }
        let folder = store.dataDirectory(name).path
        let bytes = DataQuota.size(of: folder, stoppingAbove: quota)
        return bytes > quota ? .dataQuotaExceeded(extensionID: name, path: folder, bytes: bytes, quota: quota) : nil
    }

    /// Classifies a failed request: the process is stopped for timeouts and protocol violations and
    /// its death recorded; an answer that was a failure message, or a rejected archive, is not a
    /// process fault.
    /// A Live Activity request failed: classified as any request is.
    func activityRequestFailed(_ executable: String, _ connection: ExtensionConnection, _ error: HostError) {
        requestFailed(executable, connection, error)
    }

    private func requestFailed(_ executable: String, _ connection: ExtensionConnection, _ error: HostError) {
        let name = URL(fileURLWithPath: executable).lastPathComponent
        switch error {
        case .requestFailed:
            record(name, .requestFailed, "\(error)")
        case .invalidArchive:
            record(name, .rejectedArchive, "\(error)")
        case .timedOut:
            connection.process.kill()
            forget(executable)
            fault(executable, name, .timedOut, "\(error)")
        case .connectionFailed(_, .closed):
            connection.process.wait()
            forget(executable)
            fault(executable, name, Self.faultKind(connection.process.ending), "\(connection.process.termination ?? "ended"); \(error)")
        case .connectionFailed:
            connection.process.kill()
            forget(executable)
            fault(executable, name, .protocolViolation, "\(error)")
        default:
            break
        }
    }

    /// Stops extensions that have not been asked anything for `supervision.idleTimeout`; they are
    /// relaunched on demand.
    public func terminateIdle() {
        let now = clock.now
        let idle = lock.withLock { () -> [(String, ExtensionConnection)] in
            connections.filter { now.timeIntervalSince(lastUsed[$0.key] ?? now) >= supervision.idleTimeout }.map { ($0.key, $0.value) }
        }
        for (executable, connection) in idle {
            forget(executable)
            connection.shutdown()
            record(URL(fileURLWithPath: executable).lastPathComponent, .idleTerminated, "idle for \(Int(supervision.idleTimeout)) s")
        }
    }

    /// Performs an intent in `executable`'s process, supervised like a timeline request.
    ///
    /// With `thenReloading`, the timeline request of the interaction reload is sent right behind the
    /// intent, so the extension makes the new timeline as soon as the intent is performed; pass what
    /// this returns to `reload(…, pending:)`. If the intent fails, that timeline is never read.
    @discardableResult
    public func performIntent(
        executable: String, _ intent: IntentReference, kind: String, thenReloading reload: ExtensionConnection.TimelineArguments? = nil,
        whileWaiting: (() -> Void)? = nil
    ) throws(HostError) -> ExtensionConnection.PendingRequest? {
        let connection = try connection(to: executable)
        do {
            let context = activities?.context(for: connection.extensionID) ?? ExtensionConnection.ActivityContext()
            let performed = try connection.performIntent(intent, kind: kind, now: clock.now, timeout: requestTimeout, activities: context,
                                                         thenTimeline: reload, whileWaiting: whileWaiting)
            succeeded(executable, connection)
            if !performed.activityChanges.isEmpty { activities?.intentChanged(performed.activityChanges, extensionID: connection.extensionID) }
            return performed.timeline
        } catch {
            requestFailed(executable, connection, error)
            throw error
        }
    }

    /// Asks the extension for a timeline, validates every archive, and stores it durably. On any
    /// failure nothing is written: the last good timeline stays.
    ///
    /// `pending` is a timeline request already sent (behind an intent, by `performIntent`) for the
    /// same widget: its reply is used instead of asking again.
    ///
    /// `whileStoring` runs on the calling thread with the validated timeline while the durable write
    /// happens on another: a tap's final render overlaps the write instead of following it. The call
    /// returns only when both are done, and a failed write is still thrown.
    @discardableResult
    public func reload(
        executable: String, kind: String, family: WidgetFamily, variants: [EnvironmentVariant] = [.standard],
        isPreview: Bool = false, configuration: [UInt8] = [], placement: String = "",
        pending: ExtensionConnection.PendingRequest? = nil, whileStoring: ((StoredTimeline) -> Void)? = nil
    ) throws(HostError) -> StoredTimeline {
        let connection = try connection(to: executable)
        let now = clock.now
        let reply: TimelineReply
        do {
            let request: ExtensionConnection.PendingRequest
            if let pending {
                request = pending
            } else {
                let arguments = ExtensionConnection.TimelineArguments(kind: kind, family: family, variants: variants,
                                                                      isPreview: isPreview, configuration: configuration,
                                                                      placement: placement)
                request = try connection.requestTimeline(arguments, now: now, timeout: requestTimeout)
            }
            reply = try connection.timeline(request)
        } catch {
            requestFailed(executable, connection, error)
            throw error
        }
        var timeline: StoredTimeline
        do {
            timeline = try validate(reply, connection: connection, kind: kind, family: family, variants: variants, fetchedAt: now)
        } catch {
            requestFailed(executable, connection, error)
            throw error
        }
        succeeded(executable, connection)
        timeline.configuration = configuration
        if let whileStoring {
            try store(timeline, whileRunning: whileStoring)
        } else {
            do { try store.save(timeline) } catch { throw .store(error) }
        }
        log("stored \(timeline.entries.count) entries of \(connection.extensionID) \(kind) \(family) (policy \(reply.policy))")
        return timeline
    }

    /// Saves `timeline` on the store queue while `body` runs on this thread; waits for both.
    private func store(_ timeline: StoredTimeline, whileRunning body: (StoredTimeline) -> Void) throws(HostError) {
        // `@unchecked Sendable`: written on the store queue before `written.leave()`, read here only
        // after `written.wait()`, which orders the two.
        final class Outcome: @unchecked Sendable { var result: Result<URL, HostError>? }
        let outcome = Outcome()
        let written = DispatchGroup()
        let store = self.store
        written.enter()
        storeQueue.async {
            outcome.result = Result { () throws(HostError) -> URL in
                do throws(StoreError) { return try store.save(timeline) } catch { throw .store(error) }
            }
            written.leave()
        }
        body(timeline)
        written.wait()
        _ = try outcome.result?.get()
    }

    private func validate(
        _ reply: TimelineReply, connection: ExtensionConnection, kind: String, family: WidgetFamily,
        variants: [EnvironmentVariant], fetchedAt: Date
    ) throws(HostError) -> StoredTimeline {
        let decoder = ArchiveDecoder(options: store.options)
        var entries: [StoredTimeline.Entry] = []
        for (i, entry) in reply.entries.enumerated() {
            guard entry.archives.count == variants.count else {
                throw .invalidArchive(extensionID: connection.extensionID, kind: kind, entry: i,
                                      .archiveCount(found: entry.archives.count, expected: variants.count))
            }
            for (bytes, variant) in zip(entry.archives, variants) {
                let value: WidgetArchiveValue
                do {
                    value = try decoder.decode(bytes)
                } catch {
                    throw .invalidArchive(extensionID: connection.extensionID, kind: kind, entry: i, .undecodable(error))
                }
                guard value.kind == kind, value.family == family, value.variant == variant else {
                    throw .invalidArchive(extensionID: connection.extensionID, kind: kind, entry: i,
                                          .mismatch(found: "\(value.kind) \(value.family) \(value.variant)", expected: "\(kind) \(family) \(variant)"))
                }
            }
            entries.append(StoredTimeline.Entry(date: entry.date, relevance: entry.relevance, relevanceDuration: entry.relevanceDuration,
                                                archives: entry.archives))
        }
        return StoredTimeline(extensionID: connection.extensionID, kind: kind, family: family, fetchedAt: fetchedAt,
                              policy: reply.policy, variants: variants, entries: entries)
    }

    /// One entry of a preview, decoded and checked like any archive.
    public struct PreviewEntry: Sendable {
        public var date: Date
        public var archive: WidgetArchiveValue
    }

    /// The entries of preview `index` of the extension's source, for `variant`. Previews are not stored:
    /// they are shown, not kept up to date.
    public func preview(executable: String, index: Int, variant: EnvironmentVariant = .standard) throws(HostError) -> [PreviewEntry] {
        let connection = try connection(to: executable)
        let name = connection.hello.previews.indices.contains(index) ? connection.hello.previews[index].kind : "preview \(index)"
        let reply: TimelineReply
        do {
            reply = try connection.preview(index: index, variants: [variant], now: clock.now, timeout: requestTimeout)
        } catch {
            requestFailed(executable, connection, error)
            throw error
        }
        let decoder = ArchiveDecoder(options: store.options)
        var entries: [PreviewEntry] = []
        for (i, entry) in reply.entries.enumerated() {
            guard entry.archives.count == 1 else {
                throw .invalidArchive(extensionID: connection.extensionID, kind: name, entry: i, .archiveCount(found: entry.archives.count, expected: 1))
            }
            let value: WidgetArchiveValue
            do {
                value = try decoder.decode(entry.archives[0])
            } catch {
                throw .invalidArchive(extensionID: connection.extensionID, kind: name, entry: i, .undecodable(error))
            }
            guard value.variant == variant else {
                throw .invalidArchive(extensionID: connection.extensionID, kind: name, entry: i,
                                      .mismatch(found: "\(value.variant)", expected: "\(variant)"))
            }
            entries.append(PreviewEntry(date: entry.date, archive: value))
        }
        succeeded(executable, connection)
        return entries
    }

    private func forget(_ executable: String) {
        _ = lock.withLock { connections.removeValue(forKey: executable) }
    }

    /// The decoded archive of the entry current at `date` (first variant), checked like any archive.
    public func decodeEntry(_ timeline: StoredTimeline, at date: Date) throws(HostError) -> (index: Int, value: WidgetArchiveValue) {
        guard let index = timeline.entryIndex(at: date) else {
            throw .noTimeline(extensionID: timeline.extensionID, kind: timeline.kind, family: timeline.family.rawValue)
        }
        return (index, try decodeEntry(timeline, index: index))
    }

    /// Decodes entry `index` of a timeline.
    public func decodeEntry(_ timeline: StoredTimeline, index: Int) throws(HostError) -> WidgetArchiveValue {
        guard let bytes = timeline.archive(entry: index) else {
            throw .noTimeline(extensionID: timeline.extensionID, kind: timeline.kind, family: timeline.family.rawValue)
        }
        do {
            return try ArchiveDecoder(options: store.options).decode(bytes)
        } catch {
            throw .invalidArchive(extensionID: timeline.extensionID, kind: timeline.kind, entry: index, .undecodable(error))
        }
    }

    /// Decodes the entry current at `date` and renders it.
    public func render(_ timeline: StoredTimeline, at date: Date, context: RenderContext) throws(HostError) -> (RenderTree, WidgetArchiveValue) {
        let archive = try decodeEntry(timeline, at: date).value
        return (WidgetRenderer.render(archive, context: context), archive)
    }

    /// Shuts every extension down.
    public func shutdown() {
        let all = lock.withLock { () -> [ExtensionConnection] in
            defer { connections.removeAll() }
            return Array(connections.values)
        }
        for connection in all { connection.shutdown() }
    }

    deinit { shutdown() }
}
