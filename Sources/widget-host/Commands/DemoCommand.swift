import Foundation
import WidgetArchive
import WidgetHostCore
import WidgetLayout
import WidgetNetwork
import WidgetProcess
import WidgetProtocol
import WidgetRender
import WidgetScheduling
import WidgetStore

/// `widget-host demo`: the whole path on built-in defaults. Launches the bundled extensions as real
/// processes, plays a day of the caffeine tracker's timeline on a virtual clock (reloading when its
/// policy says), taps its "Espresso" button and two to-do toggles (the intents run in the extensions'
/// processes), renders every entry to PNG and render-tree JSON, and prints where everything went.
enum DemoCommand {
    static func run(_ args: [String]) throws {
        let a = try Arguments(args, options: ["store", "out", "sandbox", "network"])
        guard a.positional.isEmpty else { throw UsageError("demo takes no positional arguments") }
        let storeRoot = URL(fileURLWithPath: a.value("store") ?? "Archives/store", isDirectory: true)
        let outDir = URL(fileURLWithPath: a.value("out") ?? storeRoot.appendingPathComponent("demo-renders").path, isDirectory: true)
        // The headline widget's feed, replayed from the recording kept with the project unless asked
        // otherwise: the demo runs the same offline.
        let network = a.value("network") == nil ? NetworkMode.replay(folder: DemoRun.recordings) : try a.network()
        let demo = try DemoRun(store: ArchiveStore(root: storeRoot), outDir: outDir, sandbox: try a.sandbox(), network: network)
        defer { demo.host.shutdown() }
        print("widget-host demo: virtual time \(CivilDate.isoDate(demo.start)) → \(CivilDate.isoDate(demo.end))")
        do {
            try demo.launch()
            try demo.fetchTheHeadline()
            try demo.playTheDay()
            try demo.useTheControls()
            try demo.printSummary()
        } catch let error as HostError {
            throw CommandFailure("\(error)")
        }
    }

    static func describe(_ outcome: TapResult.Outcome) -> String {
        switch outcome {
        case .performed(let intent): "\(intent) performed"
        case .failed(let reason): "failed and reverted (\(reason))"
        case .openedApp(let url): "opens the app at \(url)"
        case .refused(let url): "refused \(url) (undeclared scheme)"
        case .inert: "inert"
        case .disabled(let reason): "disabled (\(reason))"
        }
    }

    /// When the policy asks for the next timeline (budgets are not applied in the demo).
    static func nextReloadDate(_ t: StoredTimeline, now: Date) -> Date {
        t.policy.nextReload(entryDates: t.entries.map(\.date), fetchedAt: t.fetchedAt, notBefore: now.addingTimeInterval(60)) ?? .distantFuture
    }

    static func hhmm(_ d: Date) -> String {
        let s = Int(d.timeIntervalSince1970.rounded(.down)) % 86_400
        return String(format: "%02d:%02d", s / 3600, (s % 3600) / 60)
    }
}

/// One run of the demo: the bundled extensions as real processes, a day on a virtual clock from 08:00,
/// two taps, and every state rendered to the output folder.
final class DemoRun {
    let store: ArchiveStore
    let outDir: URL
    let caffeinePath: String, todoPath: String, headlinesPath: String
    /// Where the headline widget's feed is recorded, from the package's folder.
    static let recordings = "Archives/recordings"
    private let requests = NetworkEventLog()
    let start: Date, end: Date
    let espressoAt: Date, todoAt: Date, pushAt: Date
    let clock: VirtualClock
    let host: WidgetHost
    let caffeine: WidgetSession, todo: WidgetSession
    /// The caffeine tracker's controls: its espresso button in Control Center, its decaf toggle for the Action button.
    let espressoControl: WidgetSession, decafControl: WidgetSession
    private let painter = PNGRenderer()
    private var renders = 0
    private var reloads = 0
    private var tapped = (espresso: false, todo: false, push: false)
    /// The push tokens issued to the examples' instances that take pushes.
    private var pushes: PushRoutes?
    /// Every instance of the demo, in the order `pushes` numbers them.
    private var sessions: [WidgetSession] { [caffeine, todo, espressoControl, decafControl] }
    /// Where each extension's log ended before this run: what follows is this run's.
    private let logStarts: [String: Int]
    /// The caffeine tracker's Live Activity, started and updated by its app.
    let liveActivity: DemoLiveActivity

    /// Clears the examples' own data (so the printed totals are this run's) and the output folder.
    init(store: ArchiveStore, outDir: URL, sandbox: SandboxLevel, network: NetworkMode) throws {
        self.store = store
        self.outDir = outDir
        caffeinePath = try BundledExtensions.path("CaffeineTracker")
        todoPath = try BundledExtensions.path("ToDoList")
        headlinesPath = try BundledExtensions.path("Headlines")
        for id in ["CaffeineTracker", "ToDoList"] { try? FileManager.default.removeItem(at: store.dataDirectory(id)) }
        logStarts = Dictionary(uniqueKeysWithValues: ["CaffeineTracker", "ToDoList"].map { id in
            (id, ((try? FileManager.default.attributesOfItem(atPath: store.logFile(id).path))?[.size] as? Int) ?? 0)
        })
        try? FileManager.default.removeItem(at: outDir)
        try OutputFile.createDirectory(outDir)
        let day = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 86_400).rounded(.down) * 86_400)
        start = day.addingTimeInterval(8 * 3600)
        end = start.addingTimeInterval(24 * 3600)
        espressoAt = start.addingTimeInterval(2.5 * 3600)
        todoAt = start.addingTimeInterval(4 * 3600)
        pushAt = start.addingTimeInterval(10 * 3600)
        clock = VirtualClock(start: start)
        host = WidgetHost(store: store, clock: clock, launcher: PosixProcessLauncher(sandbox: sandbox))
        try NetworkRouting.attach(network, to: host) { [requests] in requests.append($0) }
        caffeine = WidgetSession(host: host, instance: WidgetInstance(id: "caffeine", extensionPath: caffeinePath, kind: "CaffeineTracker", family: .systemSmall))
        todo = WidgetSession(host: host, instance: WidgetInstance(id: "todo", extensionPath: todoPath, kind: "ToDoList", family: .systemMedium))
        espressoControl = WidgetSession(host: host, instance: WidgetInstance(
            id: "espresso-control", extensionPath: caffeinePath, kind: "LogEspresso", family: ._control, placement: "control-center-medium"))
        decafControl = WidgetSession(host: host, instance: WidgetInstance(
            id: "decaf-control", extensionPath: caffeinePath, kind: "DecafMode", family: ._control, placement: "action-button"))
        liveActivity = try DemoLiveActivity(host: host, clock: clock, caffeinePath: caffeinePath, outDir: outDir, start: start)
    }

    private func publish(_ session: WidgetSession, _ tree: RenderTree, _ label: String) throws {
        let base = outDir.appendingPathComponent("\(session.instance.id)-\(DemoCommand.hhmm(clock.now).replacingOccurrences(of: ":", with: ""))-\(label)")
        try OutputFile.write(painter.png(tree), to: base.appendingPathExtension("png"))
        try OutputFile.write(tree.json(), to: base.appendingPathExtension("json"))
        renders += 1
    }

    private func pid(_ path: String) throws -> Int32 { try host.connection(to: path).process.extensionPID }

    /// Both extensions' first timelines, and the to-do list as it starts.
    func launch() throws {
        try caffeine.reload(reason: .startup)
        try todo.reload(reason: .startup)
        reloads = 2
        let sandbox = (host.launcher as? PosixProcessLauncher)?.sandbox ?? .none
        print("  extensions running as separate processes in the \(sandbox) sandbox: CaffeineTracker pid \(try pid(caffeinePath)), ToDoList pid \(try pid(todoPath))")
        try publish(todo, try todo.render(), "start")
        try espressoControl.reload(reason: .startup)
        try decafControl.reload(reason: .startup)
        reloads += 2
        let routes = PushRoutes(host: host, sessions: sessions)
        if let failure = routes.issue().first { throw failure }
        pushes = routes
        let token = routes.tokens[0].map(PushTokenIssuer.hex) ?? "none"
        print("  push tokens issued: CaffeineTracker widgets \(token.prefix(8))…, LogEspresso control \(routes.tokens[2].map(PushTokenIssuer.hex)?.prefix(8) ?? "none")…")
    }

    /// The headline widget fetches its feed with URLSession; the request goes through the host's
    /// network route (replayed from the project's recording unless `--network` says otherwise).
    func fetchTheHeadline() throws {
        let headline = WidgetSession(host: host, instance: WidgetInstance(
            id: "headline", extensionPath: headlinesPath, kind: "Headline", family: .systemMedium))
        try headline.reload(reason: .startup)
        reloads += 1
        let tree = try headline.render()
        try publish(headline, tree, "fetched")
        print("  \(DemoCommand.hhmm(clock.now)) Headline widget: \(tree.texts.joined(separator: " | "))")
        for event in requests.drain() { print("    network: \(NetworkRouting.line(event))") }
    }

    /// Until the day ends: every entry of the caffeine tracker, the taps when their time comes, and a
    /// reload whenever the timeline's policy asks (budgets are not applied in the demo).
    func playTheDay() throws {
        while clock.now < end {
            guard let timeline = caffeine.timeline else { break }
            let nextReload = DemoCommand.nextReloadDate(timeline, now: clock.now)
            if try showMoments(of: timeline, before: nextReload) { continue }
            guard nextReload < end else { break }
            clock.advance(to: nextReload)
            try caffeine.reload(reason: .policy)
            reloads += 1
            print("  \(DemoCommand.hhmm(nextReload)) reload (policy \(timeline.policy)): \(caffeine.timeline?.entries.count ?? 0) entries archived")
        }
    }

    /// Every moment worth showing before the next reload: entry dates and the two taps. Returns true
    /// when a tap reloaded the caffeine tracker (its new timeline decides what comes next).
    private func showMoments(of timeline: StoredTimeline, before nextReload: Date) throws -> Bool {
        var moments = timeline.entries.map(\.date).filter { $0 >= clock.now && $0 < min(nextReload, end) }
        if !tapped.espresso && espressoAt < nextReload { moments.append(espressoAt) }
        if !tapped.todo && todoAt < nextReload { moments.append(todoAt) }
        if !tapped.push && pushAt < nextReload { moments.append(pushAt) }
        for moment in moments.sorted() {
            // The Live Activity's own moments before this one (the app's steps, the system's rules).
            while let due = liveActivity.nextDue(), due < moment {
                clock.advance(to: due)
                try liveActivity.carryOut()
            }
            clock.advance(to: moment)
            try liveActivity.carryOut()
            if moment == espressoAt && !tapped.espresso {
                try tapEspresso()
                return true
            }
            if moment == todoAt && !tapped.todo {
                try tapToDoList()
                continue
            }
            if moment == pushAt && !tapped.push {
                try receivePush()
                return true
            }
            let tree = try caffeine.render()
            try publish(caffeine, tree, "entry")
            print("  \(DemoCommand.hhmm(moment)) \(tree.texts.joined(separator: " | "))")
        }
        return false
    }

    private func tapEspresso() throws {
        tapped.espresso = true
        let tap = try caffeine.tap(element: "log-espresso")
        reloads += 1
        try publish(caffeine, tap.final, "after-tap")
        let total = tap.final.texts.first { $0.hasSuffix(" mg") } ?? "?"
        print("  \(DemoCommand.hhmm(clock.now)) tap \"Espresso\": \(DemoCommand.describe(tap.outcome)) by CaffeineTracker pid \(try pid(caffeinePath)); Total Caffeine now \(total)")
    }

    /// "Buy milk" checks at once and is confirmed by the extension; "Team report" is locked and reverts.
    private func tapToDoList() throws {
        tapped.todo = true
        let milk = try todo.tap(label: "Buy milk")
        reloads += 1
        try publish(todo, milk.optimistic, "optimistic")
        try publish(todo, milk.final, "after-tap")
        let left = milk.final.texts.first { $0.hasSuffix(" left") } ?? "?"
        print("  \(DemoCommand.hhmm(clock.now)) tap \"Buy milk\": checked at once (before the extension answered), then \(DemoCommand.describe(milk.outcome)) by ToDoList pid \(try pid(todoPath)); \(left)")
        let locked = try todo.tap(label: "Team report")
        try publish(todo, locked.final, "reverted")
        print("         tap \"Team report\": \(DemoCommand.describe(locked.outcome))")
    }

    /// A latte logged on another device reaches the app's server, which sends a content-changed push
    /// to the widget token: the widget reloads (a push reload) and shows it.
    private func receivePush() throws {
        tapped.push = true
        guard let pushes, let token = pushes.tokens[0] else { return }
        try logElsewhere("Latte", milligrams: 96)
        for i in pushes.instances(reachedBy: token) {
            let session = sessions[i]
            try session.reload(reason: .push)
            reloads += 1
            try publish(session, try session.render(), "after-push")
        }
        let total = try caffeine.render().texts.first { $0.hasSuffix(" mg") } ?? "?"
        print("  \(DemoCommand.hhmm(clock.now)) push to \(PushTokenIssuer.hex(token).prefix(8))… (a latte logged on another device): CaffeineTracker reloaded; Total Caffeine now \(total)")
    }

    /// Appends a drink to the caffeine tracker's log file, as the app syncing from its server would.
    private func logElsewhere(_ name: String, milligrams: Double) throws {
        let file = store.dataDirectory("CaffeineTracker").appendingPathComponent("drinks.json")
        var drinks = (try? JSONSerialization.jsonObject(with: Data(contentsOf: file))) as? [[String: Any]] ?? []
        drinks.append(["name": name, "milligrams": milligrams, "date": clock.now.timeIntervalSince1970])
        try JSONSerialization.data(withJSONObject: drinks).write(to: file, options: .atomic)
    }

    /// The controls at the end of the day: the espresso button shows the day's total and logs one
    /// more; the decaf toggle flips at once and the extension confirms it.
    func useTheControls() throws {
        try publish(espressoControl, try espressoControl.render(), "control")
        let espresso = try espressoControl.tap(label: "Espresso")
        reloads += 1
        try publish(espressoControl, espresso.final, "after-tap")
        print("  \(DemoCommand.hhmm(clock.now)) control \"Log Espresso\" (Control Center): \(DemoCommand.describe(espresso.outcome)); now \(espresso.final.texts.last ?? "?")")
        try publish(decafControl, try decafControl.render(), "control")
        let decaf = try decafControl.tap(label: "Decaf Mode")
        reloads += 1
        try publish(decafControl, decaf.optimistic, "optimistic")
        try publish(decafControl, decaf.final, "after-tap")
        print("         control \"Decaf Mode\" (Action button): flipped to \(decaf.optimistic.texts.last ?? "?") at once, then \(DemoCommand.describe(decaf.outcome)); \(decaf.final.texts.last ?? "?")")
    }

    func printSummary() throws {
        let caffeineFile = store.timelineFile(extensionID: "CaffeineTracker", kind: "CaffeineTracker", family: .systemSmall)
        // This run's lines of the extensions' own logs (their standard error): what was appended since the
        // run began. (Not by pid: inside its sandbox's PID namespace an extension's pid is its own.)
        let performed = ["CaffeineTracker", "ToDoList"].flatMap { id in
            let bytes = (try? Data(contentsOf: store.logFile(id))) ?? Data()
            return String(decoding: bytes.dropFirst(logStarts[id] ?? 0), as: UTF8.self).split(separator: "\n").map(String.init)
        }
        let session = liveActivity.finish()
        print("""

        summary
          reloads: \(reloads), renders: \(renders + liveActivity.renders)\(session.map { "\n  \($0)" } ?? "")
          performed in the extensions' processes:
        \(performed.map { "    " + $0 }.joined(separator: "\n"))
          archives: \(caffeineFile.path)
          renders:  \(outDir.path)
          inspect:  swift run widget-host inspect \(caffeineFile.path) --entry 0
        """)
    }
}
