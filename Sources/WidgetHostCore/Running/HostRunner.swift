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
        guard let t = session.timeline else { return nil }
        let policyDate: Date
        switch t.policy {
        case .atEnd: policyDate = t.entries.last?.date ?? t.fetchedAt
        case .after(let d): policyDate = d
        case .never: return nil
        }
        let floor = (lastReload[session.instance.id] ?? t.fetchedAt).addingTimeInterval(minimumReloadInterval)
        return max(policyDate, floor)
    }

    private func tick(_ session: WidgetSession, now: Date) {
        if let due = reloadDue(session), due <= now {
            reload(session, reason: .policy)
        } else if let t = session.timeline, t.entryIndex(at: now) != shownEntry[session.instance.id] {
            publish(session)
        }
    }

    private func reload(_ session: WidgetSession, reason: ReloadReason) {
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
            try Data(painter.png(tree)).write(to: base.appendingPathExtension("png"), options: .atomic)
            try Data(tree.json().utf8).write(to: base.appendingPathExtension("json"), options: .atomic)
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
            for session in matching { reload(session, reason: .app) }
            return ControlResponse(ok: true, message: "reloaded \(matching.map(\.instance.id).joined(separator: ", "))",
                                   instances: matching.map(status))
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
                publish(session)
                let message: String
                var ok = true
                switch result.outcome {
                case .performed(let intent): message = "performed \(intent) in the extension; reloaded"
                case .failed(let reason): message = "intent failed, reverted: \(reason)"; ok = false
                case .openedApp(let url): message = "opened the app at \(url)"
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
            texts: (try? session.render().texts) ?? [], lastError: lastErrors[session.instance.id])
    }
}
