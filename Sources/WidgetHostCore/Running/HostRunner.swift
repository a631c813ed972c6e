#if canImport(Glibc)
import Glibc
#endif
import Foundation
import WidgetArchive
import WidgetProtocol
import WidgetRender
import WidgetScheduling

/// `widget-host run`: keeps a set of widget instances up to date, renders each to an output folder
/// whenever what it shows changes, and serves commands on a control socket. One thread: requests,
/// entry dates and policy reloads are handled in order, so the log reads as what happened.
///
/// Every reload goes through the same `ReloadScheduler` as `simulate`: policy reloads and background
/// app requests spend the budget or wait for it (and then run), interactions and foreground requests
/// are exempt. Each decision goes to `log` as it is made.
///
/// Not `Sendable`: one thread drives it (`run`, or a test calling `start`, `processDue` and `handle`).
public final class HostRunner {
    public let host: WidgetHost
    public let sessions: [WidgetSession]
    public let outputDirectory: URL
    public let socket: ControlSocket?
    private var scheduler: ReloadScheduler
    /// Wakes the scheduler asked for, earliest first.
    private var wakes = TimeOrderedQueue<ReloadScheduler.Wake>()
    /// When each instance's policy next asks for a reload (for `status`).
    private var policyDue: [Date?]
    private var lastErrors: [String: String] = [:]
    private var shownEntry: [String: Int] = [:]
    private let painter = PNGRenderer()

    /// `dailyBudget`: each instance's reloads over a rolling 24 hours (the real system's daily budget).
    /// `minimumReloadInterval`: the least time between two counted reloads of one instance.
    public init(host: WidgetHost, configuration: HostConfiguration, outputDirectory: URL, socket: ControlSocket?,
                dailyBudget: Int = ViewFrequency.high.dailyBudget, minimumReloadInterval: TimeInterval = 5 * 60,
                log: ScheduleLog = ScheduleCounter()) {
        self.host = host
        self.sessions = configuration.instances.map { WidgetSession(host: host, instance: $0) }
        self.outputDirectory = outputDirectory
        self.socket = socket
        scheduler = ReloadScheduler(start: host.clock.now, minimumInterval: minimumReloadInterval, log: log)
        for session in sessions { _ = scheduler.addInstance(id: session.instance.id, dailyBudget: dailyBudget) }
        policyDue = Array(repeating: nil, count: sessions.count)
    }

    /// Runs until `shouldStop` says so or `until` passes.
    public func run(until: Date? = nil, shouldStop: () -> Bool) {
        start()
        while !shouldStop() {
            let now = host.clock.now
            if let until, now >= until { break }
            let wake = min(now.addingTimeInterval(1), nextEventDate() ?? .distantFuture)
            waitForRequest(until: wake)
            host.terminateIdle()
            processDue()
        }
    }

    /// Recovers the store, shows each instance's last good timeline, and asks every extension afresh.
    public func start() {
        try? FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true)
        let recovery = host.store.recover(now: host.clock.now)
        if !recovery.removedTemporaries.isEmpty || !recovery.quarantined.isEmpty {
            host.log("store recovery: \(recovery.removedTemporaries.count) incomplete write(s) removed, \(recovery.quarantined.count) corrupt file(s) quarantined, \(recovery.intact) intact")
        }
        for (i, session) in sessions.enumerated() {
            // The last good timeline shows at once; a corrupt one is quarantined. Then ask afresh.
            session.restoreStoredTimeline()
            carryOut(scheduler.request(i, cause: .initial, at: host.clock.now), instance: i, cause: .initial)
        }
    }

    /// When something is next due: a wake of the scheduler, or an entry becoming current.
    public func nextEventDate() -> Date? {
        let now = host.clock.now
        var next = wakes.nextDate
        for session in sessions {
            if let entry = session.timeline?.entries.first(where: { $0.date > now })?.date { next = min(next ?? entry, entry) }
        }
        return next
    }

    /// Carries out everything due by now: policy reloads, resumed requests, and entries that have
    /// become current.
    public func processDue() {
        let now = host.clock.now
        while let (_, wake) = wakes.removeFirst(dueBy: now) {
            if wake.kind == .policyDue, policyDue[wake.instance] == wake.date { policyDue[wake.instance] = nil }
            guard let (cause, decision) = scheduler.wake(wake, at: now) else { continue }
            carryOut(decision, instance: wake.instance, cause: cause)
        }
        for session in sessions {
            if let t = session.timeline, t.entryIndex(at: now) != shownEntry[session.instance.id] { publish(session) }
        }
    }

    /// When the instance's next reload will run: a waiting request, or what its policy asks.
    func nextReload(_ i: Int) -> Date? {
        [scheduler.deferredUntil(i), policyDue[i]].compactMap { $0 }.min()
    }

    private func carryOut(_ decision: ReloadScheduler.Decision, instance i: Int, cause: ReloadCause) {
        switch decision {
        case .reload(let outcome):
            reload(i, cause: cause, outcome: outcome)
        case .deferred(let wake):
            wakes.insert(wake, at: wake.date)
            host.log("\(sessions[i].instance.id): \(cause.rawValue) reload deferred until \(CivilDate.isoDate(wake.date))")
        case .joined:
            break
        }
    }

    private func reload(_ i: Int, cause: ReloadCause, outcome: ScheduleEvent.Outcome) {
        let session = sessions[i]
        let result: Result<ScheduledTimeline, any Error>
        do {
            let t = try session.reload(reason: ReloadReason(cause))
            lastErrors[session.instance.id] = nil
            result = .success(ScheduledTimeline(entryDates: t.entries.map(\.date), policy: t.policy))
        } catch {
            lastErrors[session.instance.id] = "\(error)"
            host.log("\(session.instance.id): reload failed: \(error); the last good entry stays shown")
            result = .failure(error)
        }
        scheduled(i, cause: cause, outcome: outcome, result: result)
        publish(session)
    }

    /// Tells the scheduler a reload ran, and keeps the wake its timeline's policy asks for.
    private func scheduled(_ i: Int, cause: ReloadCause, outcome: ScheduleEvent.Outcome, result: Result<ScheduledTimeline, any Error>) {
        guard let wake = scheduler.reloaded(i, cause: cause, outcome: outcome, at: host.clock.now, result: result) else {
            policyDue[i] = nil
            return
        }
        wakes.insert(wake, at: wake.date)
        policyDue[i] = wake.date
    }

    /// Renders the instance's current state to `<out>/<id>.png` and `.json`.
    private func publish(_ session: WidgetSession) {
        guard let t = session.timeline else { return }
        shownEntry[session.instance.id] = t.entryIndex(at: host.clock.now)
        do {
            let tree = try session.render()
            let base = outputDirectory.appendingPathComponent(ArchiveStore.safeComponent(session.instance.id))
            // Whole files for whoever watches the folder; no fsync: the next render replaces them anyway.
            try DurableFile.replace(base.appendingPathExtension("png").path, with: painter.png(tree))
            try DurableFile.replace(base.appendingPathExtension("json").path, with: Array(tree.json().utf8))
        } catch {
            lastErrors[session.instance.id] = "\(error)"
        }
    }

    private func waitForRequest(until wake: Date) {
        guard let socket else {
            let seconds = max(0, min(1, wake.timeIntervalSince(host.clock.now)))
            usleep(useconds_t(seconds * 1_000_000))
            return
        }
        let ms = Int32(max(0, min(1000, wake.timeIntervalSince(host.clock.now) * 1000)))
        var pfd = pollfd(fd: socket.fd, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, ms) > 0 else { return }
        let client = accept(socket.fd, nil, nil)
        guard client >= 0 else { return }
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        defer { close(client) }
        if let refusal = refusal(of: client) {
            host.log("control connection refused: \(refusal)")
            return
        }
        let response: ControlResponse
        if let line = ControlSocket.readLine(client, limit: 64 * 1024, timeout: 5) {
            if let request = try? JSONDecoder().decode(ControlRequest.self, from: line) {
                response = handle(request)
            } else {
                response = ControlResponse(ok: false, message: "not a valid request: expected one JSON object per line")
            }
        } else {
            response = ControlResponse(ok: false, message: "no request line within 5 s (or longer than 64 KiB)")
        }
        if let data = try? JSONEncoder().encode(response) { try? ControlSocket.writeLine(client, data) }
    }

    /// Why a control connection is not served, if it is not: only this user's own processes may
    /// drive the host, and never an extension (nor anything it started).
    func refusal(of client: Int32) -> String? {
        guard let peer = ControlSocket.peer(of: client) else { return "its credentials cannot be read" }
        guard peer.uid == getuid() else { return "pid \(peer.pid) runs as user \(peer.uid)" }
        if host.isExtensionProcess(peer.pid) { return "pid \(peer.pid) is an extension's" }
        return nil
    }

    /// Accepts and serves one control connection, waiting at most `timeout` seconds for it (what the
    /// run loop does between events; a test drives it directly).
    public func serveControlConnection(timeout: Double) {
        waitForRequest(until: host.clock.now.addingTimeInterval(timeout))
    }

    /// Carries out one control command.
    public func handle(_ request: ControlRequest) -> ControlResponse {
        switch request.command {
        case .status:
            return ControlResponse(ok: true, message: "\(sessions.count) instance(s)", instances: sessions.map(status))
        case .reload:
            guard let kind = request.kind else { return ControlResponse(ok: false, message: "reload needs a kind") }
            let matching = sessions.filter { $0.instance.kind == kind }
            guard !matching.isEmpty else { return ControlResponse(ok: false, message: "no instance of kind \(kind)") }
            // An app in the background spends budget; in the foreground it does not.
            let cause: ReloadCause = request.foreground == true ? .appForeground : .appBackground
            var done: [String] = [], waiting: [String] = []
            for session in matching {
                guard let i = sessions.firstIndex(where: { $0 === session }) else { continue }
                let decision = scheduler.request(i, cause: cause, at: host.clock.now)
                carryOut(decision, instance: i, cause: cause)
                switch decision {
                case .reload: done.append(session.instance.id)
                case .deferred(let wake): waiting.append("\(session.instance.id) until \(CivilDate.isoDate(wake.date))")
                case .joined(let until): waiting.append("\(session.instance.id) until \(CivilDate.isoDate(until))")
                }
            }
            var message = done.isEmpty ? "" : "reloaded \(done.joined(separator: ", "))"
            if !waiting.isEmpty { message += (message.isEmpty ? "" : "; ") + "deferred (budget spent or too soon): \(waiting.joined(separator: ", "))" }
            return ControlResponse(ok: true, message: message, instances: matching.map(status))
        case .tap:
            guard let id = request.instance, let i = sessions.firstIndex(where: { $0.instance.id == id }) else {
                return ControlResponse(ok: false, message: "no instance \(request.instance ?? "(none)") (have: \(sessions.map(\.instance.id).joined(separator: ", ")))")
            }
            let session = sessions[i]
            do {
                let result: TapResult
                if let element = request.element {
                    result = try session.tap(element: element)
                } else if let x = request.x, let y = request.y {
                    result = try session.tap(at: Point(x: x, y: y))
                } else {
                    return ControlResponse(ok: false, message: "tap needs an element or a point")
                }
                if case .performed = result.outcome, let t = session.timeline {
                    // The interaction reload has run: exempt, and it satisfies a request waiting for budget.
                    _ = scheduler.request(i, cause: .interaction, at: host.clock.now)
                    scheduled(i, cause: .interaction, outcome: .exempt,
                              result: .success(ScheduledTimeline(entryDates: t.entries.map(\.date), policy: t.policy)))
                }
                publish(session)
                let message: String
                var ok = true
                switch result.outcome {
                case .performed(let intent): message = "performed \(intent) in the extension; reloaded"
                case .failed(let reason): message = "intent failed, reverted: \(reason)"; ok = false
                case .openedApp(let url): message = "opened the app at \(url)"
                case .refused(let url): message = "refused to open \(url): its scheme is not declared by the extension"; ok = false
                case .inert: message = "the element is inert (not backed by an App Intent)"
                }
                return ControlResponse(ok: ok, message: message, instances: [status(session)])
            } catch {
                return ControlResponse(ok: false, message: "\(error)")
            }
        }
    }

    private func status(_ session: WidgetSession) -> InstanceStatus {
        let now = host.clock.now
        let i = sessions.firstIndex { $0 === session } ?? 0
        let t = session.timeline
        let index = t?.entryIndex(at: now)
        let pid = try? host.connection(to: session.instance.extensionPath).process.pid
        return InstanceStatus(
            id: session.instance.id, kind: session.instance.kind, family: session.instance.family.rawValue,
            placement: session.instance.resolvedPlacement.id, extensionPID: pid, entries: t?.entries.count ?? 0,
            currentEntry: index.flatMap { t?.entries[$0].date }.map(CivilDate.isoDate),
            nextReload: nextReload(i).map(CivilDate.isoDate),
            texts: (try? session.render().texts) ?? [], lastError: lastErrors[session.instance.id],
            budgetLeft: scheduler.budgetLeft(i, at: now))
    }
}

extension ReloadReason {
    /// How a session names a reload the scheduler allowed.
    init(_ cause: ReloadCause) {
        switch cause {
        case .initial: self = .startup
        case .policy: self = .policy
        case .interaction: self = .interaction
        case .appBackground, .appForeground, .configurationChange, .systemChange: self = .app
        }
    }
}
