#if canImport(Glibc)
import Glibc
#endif
import Foundation
import WidgetArchive
import WidgetProtocol
import WidgetRender

/// `widget-host run`: keeps a set of widget instances up to date, renders each to an output folder
/// whenever what it shows changes, and serves commands on a control socket. One thread: requests,
/// entry dates and policy reloads are handled in order, so the log reads as what happened.
public final class HostRunner: @unchecked Sendable {
    public let host: WidgetHost
    public let sessions: [WidgetSession]
    public let outputDirectory: URL
    public let socket: ControlSocket?
    /// The least time between two policy reloads of one instance (a floor until budgets apply).
    public var minimumReloadInterval: TimeInterval = 5 * 60
    /// Each instance's reload budget (the real system's daily budget over a rolling 24 hours).
    public var dailyBudget: Int = ViewFrequency.high.dailyBudget
    private var budgets: [String: ReloadBudget] = [:]
    /// Every reload decision, oldest first (cause, outcome, budget left).
    public private(set) var decisions: [(date: Date, instance: String, cause: ReloadCause, outcome: ScheduleEvent.Outcome, budgetLeft: Int)] = []
    private var lastErrors: [String: String] = [:]
    private var lastReload: [String: Date] = [:]
    private var shownEntry: [String: Int] = [:]
    private let painter = PNGRenderer()

    public init(host: WidgetHost, configuration: HostConfiguration, outputDirectory: URL, socket: ControlSocket?) {
        self.host = host
        self.sessions = configuration.instances.map { WidgetSession(host: host, instance: $0) }
        self.outputDirectory = outputDirectory
        self.socket = socket
    }

    /// Runs until `shouldStop` says so or `until` passes.
    public func run(until: Date? = nil, shouldStop: () -> Bool) {
        try? FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true)
        let recovery = host.store.recover(now: host.clock.now)
        if !recovery.removedTemporaries.isEmpty || !recovery.quarantined.isEmpty {
            host.log("store recovery: \(recovery.removedTemporaries.count) incomplete write(s) removed, \(recovery.quarantined.count) corrupt file(s) quarantined, \(recovery.intact) intact")
        }
        for session in sessions {
            // The last good timeline shows at once; a corrupt one is quarantined. Then ask afresh.
            session.restoreStoredTimeline()
            reload(session, reason: .startup)
        }
        while !shouldStop() {
            let now = host.clock.now
            if let until, now >= until { break }
            var wake = now.addingTimeInterval(1)
            for session in sessions {
                if let next = nextEvent(session, after: now) { wake = min(wake, next) }
            }
            waitForRequest(until: wake)
            host.terminateIdle()
            let current = host.clock.now
            for session in sessions { tick(session, now: current) }
        }
    }

    private func nextEvent(_ session: WidgetSession, after now: Date) -> Date? {
        guard let t = session.timeline else { return nil }
        var candidates: [Date] = t.entries.map(\.date).filter { $0 > now }
        if let due = reloadDue(session) { candidates.append(due) }
        return candidates.min()
    }

    /// When the policy asks for the next timeline, floored by the minimum interval.
    func reloadDue(_ session: WidgetSession) -> Date? {
        guard let t = session.timeline,
              let policyDate = t.policy.nextReload(entryDates: t.entries.map(\.date), fetchedAt: t.fetchedAt, notBefore: t.fetchedAt)
        else { return nil }
        let floor = (lastReload[session.instance.id] ?? t.fetchedAt).addingTimeInterval(minimumReloadInterval)
        var budget = budgets[session.instance.id] ?? ReloadBudget(dailyLimit: dailyBudget)
        let available = budget.nextAvailable(at: host.clock.now)
        return max(policyDate, floor, available)
    }

    /// Decides a reload against the budget: counted causes spend it (or wait), exempt ones do not.
    /// Returns whether the reload may run now.
    private func decide(_ session: WidgetSession, cause: ReloadCause) -> Bool {
        let id = session.instance.id, now = host.clock.now
        var budget = budgets[id] ?? ReloadBudget(dailyLimit: dailyBudget)
        defer { budgets[id] = budget }
        guard cause.isCounted else {
            decisions.append((now, id, cause, .exempt, budget.remaining(at: now)))
            return true
        }
        guard budget.remaining(at: now) > 0 else {
            decisions.append((now, id, cause, .deferred, 0))
            host.log("\(id): \(cause.rawValue) reload deferred until \(ArchiveTextDump.isoDate(budget.nextAvailable(at: now))): daily budget spent")
            return false
        }
        budget.spend(at: now)
        decisions.append((now, id, cause, .granted, budget.remaining(at: now)))
        return true
    }

    private func tick(_ session: WidgetSession, now: Date) {
        if let due = reloadDue(session), due <= now, decide(session, cause: .policy) {
            reload(session, reason: .policy)
        } else if let t = session.timeline, t.entryIndex(at: now) != shownEntry[session.instance.id] {
            publish(session)
        }
    }

    private func reload(_ session: WidgetSession, reason: ReloadReason) {
        if reason == .startup || reason == .interaction {
            decisions.append((host.clock.now, session.instance.id, reason == .startup ? .initial : .interaction, .exempt,
                              budgets[session.instance.id]?.remaining(at: host.clock.now) ?? dailyBudget))
        }
        lastReload[session.instance.id] = host.clock.now
        do {
            try session.reload(reason: reason)
            lastErrors[session.instance.id] = nil
        } catch {
            lastErrors[session.instance.id] = "\(error)"
            host.log("\(session.instance.id): reload failed: \(error); the last good entry stays shown")
        }
        publish(session)
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
            var done: [String] = [], deferred: [String] = []
            for session in matching {
                if decide(session, cause: cause) {
                    reload(session, reason: .app)
                    done.append(session.instance.id)
                } else {
                    deferred.append(session.instance.id)
                }
            }
            var message = done.isEmpty ? "" : "reloaded \(done.joined(separator: ", "))"
            if !deferred.isEmpty { message += (message.isEmpty ? "" : "; ") + "deferred (budget spent): \(deferred.joined(separator: ", "))" }
            return ControlResponse(ok: true, message: message, instances: matching.map(status))
        case .tap:
            guard let id = request.instance, let session = sessions.first(where: { $0.instance.id == id }) else {
                return ControlResponse(ok: false, message: "no instance \(request.instance ?? "(none)") (have: \(sessions.map(\.instance.id).joined(separator: ", ")))")
            }
            do {
                let result: TapResult
                if let element = request.element {
                    result = try session.tap(element: element)
                } else if let x = request.x, let y = request.y {
                    result = try session.tap(at: Point(x: x, y: y))
                } else {
                    return ControlResponse(ok: false, message: "tap needs an element or a point")
                }
                if case .performed = result.outcome {
                    decisions.append((host.clock.now, id, .interaction, .exempt,
                                      budgets[id]?.remaining(at: host.clock.now) ?? dailyBudget))
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
        let t = session.timeline
        let index = t?.entryIndex(at: now)
        let pid = try? host.connection(to: session.instance.extensionPath).process.pid
        return InstanceStatus(
            id: session.instance.id, kind: session.instance.kind, family: session.instance.family.rawValue,
            placement: session.instance.resolvedPlacement.id, extensionPID: pid, entries: t?.entries.count ?? 0,
            currentEntry: index.flatMap { t?.entries[$0].date }.map(ArchiveTextDump.isoDate),
            nextReload: reloadDue(session).map(ArchiveTextDump.isoDate),
            texts: (try? session.render().texts) ?? [], lastError: lastErrors[session.instance.id],
            budgetLeft: { var b = budgets[session.instance.id] ?? ReloadBudget(dailyLimit: dailyBudget); return b.remaining(at: now) }())
    }
}
