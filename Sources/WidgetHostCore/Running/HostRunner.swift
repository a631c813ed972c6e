import Foundation
import SystemCalls
import WidgetNetwork
import LiveActivities
import SmartStack
import WidgetArchive
import WidgetControl
import WidgetLayout
import WidgetProtocol
import WidgetRender
import WidgetScheduling

/// `widget-host run`: keeps a set of widget instances up to date, renders each to an output folder
/// whenever what it shows changes, and serves commands on a control socket.
///
/// Every reload goes through the same `ReloadScheduler` as `simulate`: policy reloads and background
/// app requests spend the budget or wait for it (and then run), interactions and foreground requests
/// are exempt. Each decision goes to `log` as it is made. Decisions are made on the run loop's thread,
/// in order; the reloads they allow run together (`ReloadPool`: as many at once as there are cores,
/// one at a time per extension), and their outcomes are told to the scheduler in instance order, so
/// the log does not depend on which finished first. The control socket is served on a thread of its
/// own (`ControlServer`); `status` is answered from the `StatusBoard` without waiting for any of this.
///
/// Not `Sendable`: one thread drives it (`run`, or a test calling `start`, `processDue` and `handle`).
public final class HostRunner {
    public let host: WidgetHost
    /// Every instance the host has run, by index (scheduler, status and outputs address them so);
    /// those taken out of the configuration stay, inactive.
    public private(set) var sessions: [WidgetSession]
    /// Whether each instance is still configured.
    private var active: [Bool]
    /// What new instances' budgets are, as at the start.
    private let dailyBudget: Int
    public let outputDirectory: URL
    public let socket: ControlSocket?
    private var scheduler: ReloadScheduler
    /// Wakes the scheduler asked for, earliest first.
    private var wakes = TimeOrderedQueue<ReloadScheduler.Wake>()
    /// When each instance's policy next asks for a reload (for `status`).
    private var policyDue: [Date?]
    /// The entry each instance last published (touched by one reload job at a time, or the run loop).
    private let shown: ShownEntries
    private let board: StatusBoard
    private let pool = ReloadPool()
    private var context: PublishContext { PublishContext(host: host, outputDirectory: outputDirectory, painter: painter, board: board, shown: shown) }
    private let painter = PNGRenderer()
    /// Reloads decided and not yet run: run together at the end of each step.
    private var batch: [(instance: Int, cause: ReloadCause, outcome: ScheduleEvent.Outcome)] = []
    private let inbox = ControlInbox()
    /// Which push token reaches which instance.
    public let pushes: PushRoutes
    /// When each instance shown in StandBy is next refreshed at the system's rate (free).
    private var standByDue: [Date?]
    private var server: ControlServer?
    /// The Live Activities of the configured extensions, and the connections watching them.
    public let activities: ActivityCenter
    let watchers = ActivityWatchers()
    /// The configured Smart Stacks, and each member's relevance clues (asked once per instance).
    private var smartStacks: [(id: String, stack: SmartStack, members: [String])] = []
    /// Each stack's top as last logged, so that a change is logged once.
    private var loggedTops: [String: String] = [:]
    private var clues: [String: [RelevanceClue]] = [:]
    /// What the person running the host should see whatever the log level: what start-up recovery
    /// found in the store. The host's log by default; `run` prints it to standard error.
    public var notice: (String) -> Void = { _ in }

    /// Why each instance's last reload in a batch failed, until one succeeds.
    private var failedReloads: [Int: String] = [:]

    /// Whether to stop now: what `run` was given, and its end date.
    private var stopCheck: () -> Bool = { false }

    /// `dailyBudget`: each instance's reloads over a rolling 24 hours (the real system's daily budget).
    /// `minimumReloadInterval`: the least time between two counted reloads of one instance.
    public init(host: WidgetHost, configuration: HostConfiguration, outputDirectory: URL, socket: ControlSocket?,
                dailyBudget: Int = ViewFrequency.high.dailyBudget, minimumReloadInterval: TimeInterval = 5 * 60,
                rules: BudgetRules = BudgetRules(), log: ScheduleLog = ScheduleCounter()) {
        self.host = host
        notice = { [host] line in host.log(line) }
        host.readPaths = configuration.readPaths ?? [:]
        Self.applyNetwork(configuration, to: host)
        self.sessions = configuration.instances.map { WidgetSession(host: host, instance: $0) }
        active = Array(repeating: true, count: sessions.count)
        self.dailyBudget = dailyBudget
        self.outputDirectory = outputDirectory
        self.socket = socket
        scheduler = ReloadScheduler(start: host.clock.now, minimumInterval: minimumReloadInterval, rules: rules, log: log)
        for session in sessions { _ = scheduler.addInstance(id: session.instance.id, dailyBudget: dailyBudget) }
        policyDue = Array(repeating: nil, count: sessions.count)
        board = StatusBoard(configuration.instances)
        shown = ShownEntries(count: sessions.count)
        pushes = PushRoutes(host: host, sessions: sessions)
        let settings = configuration.liveActivities
        activities = ActivityCenter(host: host, extensions: configuration.extensionPaths, rules: settings?.rules ?? ActivityRules(),
                                    frequentUpdates: Set(settings?.frequentUpdates ?? []), disabled: Set(settings?.disabled ?? []))
        standByDue = []
        standByDue = sessions.map(firstStandByRefresh)
        smartStacks = (configuration.stacks ?? []).map { ($0.id, SmartStack(platform: $0.platform ?? .iOS, members: []), $0.members) }
        let watchers = watchers, publisher = ActivityPublisher(center: activities, outputDirectory: outputDirectory)
        activities.onChange = { statuses in
            publisher.publish(statuses)
            watchers.tell(statuses)
        }
    }

    /// When StandBy first refreshes `session`, if it is shown there.
    private func firstStandByRefresh(_ session: WidgetSession) -> Date? {
        guard session.instance.resolvedPlacement.location == .standBy, let interval = scheduler.rules.standByRefreshInterval else { return nil }
        return host.clock.now.addingTimeInterval(interval)
    }

    /// The indices of the instances still configured.
    private var activeIndices: [Int] { sessions.indices.filter { active[$0] } }

    /// Runs until `shouldStop` says so or `until` passes; either is noticed within a second, even in
    /// the middle of a batch of reloads (the extensions are then stopped, and what was under way fails).
    /// `reconfiguration` is asked each time round for a new configuration to take (nil: none).
    public func run(until: Date? = nil, shouldStop: @escaping () -> Bool, reconfiguration: () -> HostConfiguration? = { nil }) {
        let clock = host.clock
        stopCheck = { shouldStop() || until.map { clock.now >= $0 } ?? false }
        startServing()
        defer {
            server?.stop()
            watchers.closeAll()
        }
        start()
        while !stopCheck() {
            if let configuration = reconfiguration() {
                let (added, removed) = reconfigure(configuration)
                host.log("reconfigured: \(added.count) instance(s) added, \(removed.count) removed")
            }
            let now = host.clock.now
            let wake = min(now.addingTimeInterval(1), nextEventDate() ?? .distantFuture)
            carryOutControlRequests(until: Date().addingTimeInterval(max(0, wake.timeIntervalSince(now))))
            host.terminateIdle()
            processDue()
        }
    }

    /// Starts the control server's thread (if there is a socket and it is not running).
    public func startServing() {
        guard let socket, server == nil else { return }
        let board = board, inbox = inbox, host = host
        let server = ControlServer(
            socket: socket, refusal: { Self.refusal(of: $0, host: host) }, log: { host.log($0) },
            status: { board.statusLine() },
            forward: { inbox.post($0, $1) }, ended: { inbox.connectionEnded() })
        self.server = server
        server.start()
    }

    /// Carries out the control commands that reach the run loop until `deadline`.
    private func carryOutControlRequests(until deadline: Date, endedBefore: Int? = nil) {
        for (request, reply) in inbox.take(until: deadline, endedBefore: endedBefore) {
            if request.command == .watchActivities {
                watchers.add(reply.keepOpen(), extensionID: request.extensionID)
                continue
            }
            reply.send(handle(request))
        }
    }

    /// Recovers the store, shows each instance's last good timeline, and asks every extension afresh.
    public func start() {
        try? FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true)
        let recovery = host.store.recover(now: host.clock.now)
        if !recovery.removedTemporaries.isEmpty || !recovery.quarantined.isEmpty || !recovery.unreadable.isEmpty {
            notice("store recovery: \(recovery.removedTemporaries.count) incomplete write(s) removed, \(recovery.quarantined.count) corrupt file(s) quarantined, \(recovery.intact) intact, \(recovery.unreadable.count) unreadable")
            for path in recovery.quarantined { notice("store recovery: quarantined \(path)") }
            for reason in recovery.unreadable { notice("store recovery: left in place: \(reason)") }
        }
        let restored = activities.restore()
        if restored > 0 { host.log("live activities: \(restored) restored from the store") }
        begin(Array(sessions.indices))
    }

    /// Warns of disfavored places, shows each instance's last good timeline, asks afresh, and tells the
    /// extensions their push tokens (again, where what they reach changed).
    private func begin(_ indices: [Int]) {
        for i in indices {
            let session = sessions[i]
            guard let widget = try? session.descriptor(), let location = session.instance.resolvedPlacement.location,
                  widget.disfavors(session.instance.family, at: location) else { continue }
            host.log("\(session.instance.id): \(widget.kind) disfavors \(session.instance.family) at \(location) (disfavoredLocations)")
        }
        for i in indices {
            // The last good timeline shows at once; a corrupt one is quarantined. Then ask afresh.
            sessions[i].restoreStoredTimeline()
            carryOut(scheduler.request(i, cause: .initial, at: host.clock.now), instance: i, cause: .initial)
        }
        runBatch()
        issuePushTokens()
    }

    /// The configuration's allow-lists and bounds, in the mode the host's gateway was given (a loaded
    /// configuration has been checked, so its section makes a policy).
    private static func applyNetwork(_ configuration: HostConfiguration, to host: WidgetHost) {
        guard let gateway = host.network else { return }
        let settings = configuration.network ?? NetworkSettings()
        if let policy = try? settings.policy(mode: gateway.policy.mode) { gateway.policy = policy }
    }

    /// Takes a new configuration while running (`run` on SIGHUP): instances with new ids start,
    /// instances no longer listed stop (their files stay); the others go on as they were. A new
    /// instance takes the place of a stopped one, so that a host reconfigured every day for months
    /// holds the instances it shows, not every one it ever showed. Extensions whose set of configured
    /// widgets changed are told their push tokens again. Returns the ids added and removed.
    @discardableResult
    public func reconfigure(_ configuration: HostConfiguration) -> (added: [String], removed: [String]) {
        // A changed grant takes effect when the extension next starts; a changed network section, at
        // the next request.
        host.readPaths = configuration.readPaths ?? [:]
        Self.applyNetwork(configuration, to: host)
        let wanted = Set(configuration.instances.map(\.id))
        let stopped = activeIndices.filter { !wanted.contains(sessions[$0].instance.id) }
        let removed = stopped.map { sessions[$0].instance.id }
        stopped.forEach(stop)
        batch.removeAll { !active[$0.instance] }
        let running = Set(activeIndices.map { sessions[$0].instance.id })
        var free = sessions.indices.filter { !active[$0] }.reversed() as [Int]
        let added = configuration.instances.filter { !running.contains($0.id) }.map { start($0, in: free.popLast()) }
        pushes.update(sessions: sessions.indices.map { active[$0] ? sessions[$0] : nil })
        activities.add(extensions: configuration.extensionPaths)
        begin(added)
        refreshSchedule()
        return (added.map { sessions[$0].instance.id }, removed)
    }

    /// Stops instance `i`: its files stay; what it held in memory goes, and its place is free.
    private func stop(_ i: Int) {
        active[i] = false
        sessions[i].releaseState()
        policyDue[i] = nil
        standByDue[i] = nil
        failedReloads[i] = nil
        clues[sessions[i].instance.id] = nil
        board.remove(i)
    }

    /// Starts `instance` in the place of a stopped one when there is one, else in a new place; returns
    /// its place.
    private func start(_ instance: WidgetInstance, in place: Int?) -> Int {
        let session = WidgetSession(host: host, instance: instance)
        guard let i = place else {
            sessions.append(session)
            active.append(true)
            _ = scheduler.addInstance(id: instance.id, dailyBudget: dailyBudget)
            policyDue.append(nil)
            board.append(instance)
            shown.append()
            standByDue.append(firstStandByRefresh(session))
            return sessions.count - 1
        }
        sessions[i] = session
        active[i] = true
        scheduler.replaceInstance(i, id: instance.id, dailyBudget: dailyBudget)
        board.replace(i, with: instance)
        shown.reset(i)
        standByDue[i] = firstStandByRefresh(session)
        return i
    }

    /// Issues push tokens (all, or a rotation of one extension's), tells the extensions, and shows
    /// each instance's token in `status`.
    private func issuePushTokens(rotating extensionID: String? = nil) {
        for failure in pushes.issue(rotating: extensionID) { host.log("push tokens: \(failure)") }
        for i in sessions.indices {
            let token = pushes.tokens[i].map(PushTokenIssuer.hex)
            board.update(i) { $0.pushToken = token }
        }
    }

    /// When something is next due: a wake of the scheduler, or an entry becoming current.
    public func nextEventDate() -> Date? {
        let now = host.clock.now
        var next = wakes.nextDate
        for case let due? in standByDue { next = min(next ?? due, due) }
        if let due = activities.nextDate() { next = min(next ?? due, due) }
        for i in activeIndices {
            if let entry = sessions[i].timeline?.entries.first(where: { $0.date > now })?.date { next = min(next ?? entry, entry) }
        }
        return next
    }

    /// Carries out everything due by now: policy reloads, resumed requests, and entries that have
    /// become current.
    public func processDue() {
        activities.advance()
        let now = host.clock.now
        while let (_, wake) = wakes.removeFirst(dueBy: now) {
            guard active[wake.instance] else { continue }
            if wake.kind == .policyDue, policyDue[wake.instance] == wake.date { policyDue[wake.instance] = nil }
            // A second decision for an instance follows the outcome of its first, as in the simulator.
            if batch.contains(where: { $0.instance == wake.instance }) { runBatch() }
            guard let (cause, decision) = scheduler.wake(wake, at: now) else { continue }
            carryOut(decision, instance: wake.instance, cause: cause)
        }
        // StandBy refreshes the widgets it shows at its own rate, at no cost to their budget.
        for i in sessions.indices {
            guard let due = standByDue[i], due <= now, let interval = scheduler.rules.standByRefreshInterval else { continue }
            standByDue[i] = now.addingTimeInterval(interval)
            if batch.contains(where: { $0.instance == i }) { runBatch() }
            carryOut(scheduler.request(i, cause: .standBy, at: now), instance: i, cause: .standBy)
        }
        runBatch()
        for i in activeIndices {
            if let t = sessions[i].timeline, t.entryIndex(at: now) != shown[i] { publish(i) }
        }
        refreshSchedule()
        refreshStacks()
    }

    /// Each Smart Stack's choice now: from its members' current timelines' relevance, their
    /// `relevance()` clues (asked once), and the running Live Activities; shown in `status`.
    private func refreshStacks() {
        guard !smartStacks.isEmpty else { return }
        let now = host.clock.now
        let running = activities.records.filter { $0.isRunning(at: now) }.map(\.attributesType)
        var rows: [StackStatus] = []
        for k in smartStacks.indices {
            smartStacks[k].stack.members = smartStacks[k].members.compactMap { id in
                guard let i = activeIndices.first(where: { sessions[$0].instance.id == id }) else { return nil }
                let session = sessions[i]
                if clues[id] == nil {
                    clues[id] = (try? host.relevance(executable: session.instance.extensionPath, kind: session.instance.kind)) ?? []
                }
                let entries = (session.timeline?.entries ?? []).compactMap { e in e.relevance.map { (e.date, $0, e.relevanceDuration) } }
                let relevanceOnly = (try? session.descriptor())?.relevanceOnly ?? false
                return SmartStack.Member(id: id, entries: entries, clues: clues[id] ?? [], relevanceOnly: relevanceOnly)
            }
            let choice = smartStacks[k].stack.choose(at: now, situation: Situation(), liveActivities: running)
            rows.append(StackStatus(id: smartStacks[k].id, top: choice.top, reason: choice.reason))
        }
        board.updateStacks(rows)
        for row in rows where loggedTops[row.id] != row.top {
            loggedTops[row.id] = row.top
            host.log("stack \(row.id): \(row.top) on top (\(row.reason))")
        }
    }

    /// The schedule half of every status row (budgets come back as the 24-hour window moves on).
    private func refreshSchedule() {
        let now = host.clock.now
        for i in activeIndices {
            let next = nextReload(i).map(CivilDate.isoDate), left = scheduler.budgetLeft(i, at: now)
            board.update(i) {
                $0.nextReload = next
                $0.budgetLeft = left
            }
        }
    }

    /// When the instance's next reload will run: a waiting request, or what its policy asks.
    func nextReload(_ i: Int) -> Date? {
        [scheduler.deferredUntil(i), policyDue[i]].compactMap { $0 }.min()
    }

    private func carryOut(_ decision: ReloadScheduler.Decision, instance i: Int, cause: ReloadCause) {
        switch decision {
        case .reload(let outcome):
            batch.append((i, cause, outcome))
        case .deferred(let wake):
            wakes.insert(wake, at: wake.date)
            host.log("\(sessions[i].instance.id): \(cause.rawValue) reload deferred until \(CivilDate.isoDate(wake.date))")
        case .joined:
            break
        }
    }

    /// Runs the reloads decided so far, together, then tells the scheduler each outcome in order.
    private func runBatch() {
        guard !batch.isEmpty else { return }
        let items = batch
        batch = []
        let jobs = items.map { item -> (key: String, work: @Sendable () -> Result<ScheduledTimeline, any Error>) in
            let job = ReloadJob(session: sessions[item.instance], index: item.instance, cause: item.cause, context: context)
            return (sessions[item.instance].instance.extensionPath, { job.run() })
        }
        let host = host
        let results = pool.run(jobs, shouldStop: stopCheck, interrupt: { host.shutdown() })
        for (item, result) in zip(items, results) {
            if case .failure(let error) = result ?? .failure(HostError.backingOff(extensionID: "", until: host.clock.now)) {
                failedReloads[item.instance] = "\(error)"
            } else {
                failedReloads[item.instance] = nil
            }
            scheduled(item.instance, cause: item.cause, outcome: item.outcome,
                      result: result ?? .failure(HostError.backingOff(extensionID: sessions[item.instance].instance.id, until: host.clock.now)))
        }
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

    private func publish(_ i: Int) {
        ReloadJob(session: sessions[i], index: i, cause: .policy, context: context).publish()
    }

    /// Why a control connection is not served, if it is not: only this user's own processes may
    /// drive the host, and never an extension (nor anything it started).
    static func refusal(of client: Int32, host: WidgetHost) -> String? {
        guard let peer = ControlSocket.peer(of: client) else { return "its credentials cannot be read" }
        guard peer.uid == CurrentProcess.userID else { return "pid \(peer.pid) runs as user \(peer.uid)" }
        if host.isExtensionProcess(peer.pid) { return "pid \(peer.pid) is an extension's" }
        return nil
    }

    /// Serves the control socket until one connection has been dealt with or `timeout` seconds pass:
    /// what the run loop does between events, for a test to drive directly.
    public func serveControlConnection(timeout: Double) {
        startServing()
        carryOutControlRequests(until: Date().addingTimeInterval(timeout), endedBefore: inbox.endedCount)
    }

    /// Asks the scheduler to reload `matching` for `cause`, runs what it allows, and says which
    /// reloaded and which wait (budget spent or too soon).
    private func requestReloads(_ matching: [Int], cause: ReloadCause) -> ControlResponse {
        var done: [String] = [], waiting: [String] = []
        var decisions: [(Int, ReloadScheduler.Decision)] = []
        for i in matching {
            if batch.contains(where: { $0.instance == i }) { runBatch() }
            let decision = scheduler.request(i, cause: cause, at: host.clock.now)
            carryOut(decision, instance: i, cause: cause)
            decisions.append((i, decision))
        }
        runBatch()
        refreshSchedule()
        var failed: [String] = []
        for (i, decision) in decisions {
            let id = sessions[i].instance.id
            switch decision {
            case .reload:
                // Said reloaded only once stored: a reload that failed (its extension, or the disk) is not.
                if let reason = failedReloads[i] { failed.append("\(id) (\(reason))") } else { done.append(id) }
            case .deferred(let wake): waiting.append("\(id) until \(CivilDate.isoDate(wake.date))")
            case .joined(let until): waiting.append("\(id) until \(CivilDate.isoDate(until))")
            }
        }
        var message = done.isEmpty ? "" : "reloaded \(done.joined(separator: ", "))"
        if !waiting.isEmpty { message += (message.isEmpty ? "" : "; ") + "deferred (budget spent or too soon): \(waiting.joined(separator: ", "))" }
        if !failed.isEmpty { message += (message.isEmpty ? "" : "; ") + "failed: \(failed.joined(separator: ", "))" }
        return ControlResponse(ok: failed.isEmpty, message: message, instances: matching.map(board.row))
    }

    /// A tap on a Live Activity where it is shown (the Lock Screen's banner unless a placement is named).
    private func tapActivity(_ request: ControlRequest) -> ControlResponse {
        guard let id = request.instance, activities.record(id) != nil else {
            return ControlResponse(ok: false, message: "no Live Activity \(request.instance ?? "(none)")")
        }
        let name = request.placement ?? Placement.activityLockScreen.id
        guard let placement = Placement.activityPlacements.first(where: { $0.id == name }) else {
            return ControlResponse(ok: false, message: "\(name) is not a place Live Activities are shown (\(Placement.activityPlacements.map(\.id).joined(separator: ", ")))")
        }
        let point = request.x.flatMap { x in request.y.map { Point(x: x, y: $0) } }
        if let point, !(point.x.isFinite && point.y.isFinite && abs(point.x) <= 100_000 && abs(point.y) <= 100_000) {
            return ControlResponse(ok: false, message: "a tap point must be finite and within ±100000 points")
        }
        do {
            let (outcome, final) = try activities.tap(id, placement: placement, element: request.element, at: point)
            var response = ControlResponse(ok: true, message: "")
            switch outcome {
            case .performed(let intent): response.message = "performed \(intent) in the extension"
            case .failed(let reason): response = ControlResponse(ok: false, message: "intent failed: \(reason)")
            case .openedApp(let url): response.message = "opened the app at \(url)"
            case .refused(let url): response = ControlResponse(ok: false, message: "refused to open \(url): its scheme is not declared by the extension")
            case .inert: response.message = "the element is inert (not backed by an App Intent)"
            case .disabled(let reason): response = ControlResponse(ok: false, message: "interaction is disabled here: \(reason)")
            }
            response.activities = activities.status(id).map { [$0] }
            response.message += final.texts.isEmpty ? "" : "; shows \(final.texts.joined(separator: " | "))"
            return response
        } catch {
            return ControlResponse(ok: false, message: "\(error)")
        }
    }

    /// Carries out one control command.
    public func handle(_ request: ControlRequest) -> ControlResponse {
        switch request.command {
        case .status:
            refreshSchedule()
            return ControlResponse(ok: true, message: "\(activeIndices.count) instance(s)", instances: board.snapshot)
        case .reload:
            guard let kind = request.kind else { return ControlResponse(ok: false, message: "reload needs a kind") }
            let matching = activeIndices.filter { sessions[$0].instance.kind == kind }
            guard !matching.isEmpty else { return ControlResponse(ok: false, message: "no instance of kind \(kind)") }
            // An app in the background spends budget; in the foreground it does not.
            return requestReloads(matching, cause: request.foreground == true ? .appForeground : .appBackground)
        case .activityStart, .activityUpdate, .activityEnd, .activityDismiss, .activities, .activityAuthorization, .watchActivities:
            return ActivityControlService(activities: activities).handle(request)
        case .push where ActivityControlService.handles(request):
            return ActivityControlService(activities: activities).handle(request)
        case .push:
            guard let text = request.token, let token = PushTokenIssuer.bytes(hex: text) else {
                return ControlResponse(ok: false, message: "push needs a token in hex (status shows each instance's)")
            }
            let reached = pushes.instances(reachedBy: token)
            guard !reached.isEmpty else { return ControlResponse(ok: false, message: "no instance takes pushes to token \(text)") }
            return requestReloads(reached, cause: .push)
        case .rotatePushTokens:
            guard let id = request.extensionID else { return ControlResponse(ok: false, message: "rotatePushTokens needs an extension id") }
            let before = pushes.tokens
            issuePushTokens(rotating: id)
            let changed = sessions.indices.filter { pushes.tokens[$0] != before[$0] }
            guard !changed.isEmpty else { return ControlResponse(ok: false, message: "no instance of extension \(id) takes pushes") }
            return ControlResponse(ok: true, message: "rotated the push tokens of \(id)", instances: changed.map(board.row))
        case .tap where request.placement != nil || request.instance.map { activities.record($0) != nil } == true:
            return tapActivity(request)
        case .tap:
            guard let id = request.instance, let i = activeIndices.first(where: { sessions[$0].instance.id == id }) else {
                let have = activeIndices.map { sessions[$0].instance.id }.joined(separator: ", ")
                return ControlResponse(ok: false, message: "no instance \(request.instance ?? "(none)") (have: \(have))")
            }
            let session = sessions[i]
            do {
                let result: TapResult
                if let element = request.element {
                    result = try session.tap(element: element)
                } else if let x = request.x, let y = request.y {
                    // Points, checked where they enter: finite and within any widget's reach.
                    guard x.isFinite, y.isFinite, abs(x) <= 100_000, abs(y) <= 100_000 else {
                        return ControlResponse(ok: false, message: "a tap point must be finite and within ±100000 points (got \(x),\(y))")
                    }
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
                publish(i)
                refreshSchedule()
                let message: String
                var ok = true
                switch result.outcome {
                case .performed(let intent): message = "performed \(intent) in the extension; reloaded"
                case .failed(let reason): message = "intent failed, reverted: \(reason)"; ok = false
                case .openedApp(let url): message = "opened the app at \(url)"
                case .refused(let url): message = "refused to open \(url): its scheme is not declared by the extension"; ok = false
                case .inert: message = "the element is inert (not backed by an App Intent)"
                case .disabled(let reason): message = "interaction is disabled here: \(reason)"; ok = false
                }
                return ControlResponse(ok: ok, message: message, instances: [board.row(i)])
            } catch {
                return ControlResponse(ok: false, message: "\(error)")
            }
        }
    }

}

extension ReloadReason {
    /// How a session names a reload the scheduler allowed.
    init(_ cause: ReloadCause) {
        switch cause {
        case .initial: self = .startup
        case .policy: self = .policy
        case .interaction: self = .interaction
        case .appBackground, .appForeground, .configurationChange, .systemChange, .animation, .standBy: self = .app
        case .push: self = .push
        }
    }
}
