import Foundation
import LiveActivities
import WidgetArchive
import WidgetHostCore
import WidgetProcess
import WidgetScheduleLog
import WidgetScheduling
import WidgetSimulation
import WidgetStore

/// `widget-host simulate`: play days of reload decisions on a virtual clock and report what the
/// budget did: requested, granted, exempt and deferred reloads, budget left, and staleness.
enum SimulateCommand {
    static func run(_ args: [String]) throws {
        let a = try Arguments(args, options: Set(["days", "scenario", "seed", "out", "budget", "store", "sandbox"]).union(BudgetRuleArguments.options),
                              flags: Set(["json"]).union(BudgetRuleArguments.flags))
        guard a.positional.isEmpty else { throw UsageError("simulate takes no positional arguments") }
        var scenario: Scenario
        if let path = a.value("scenario") {
            do { scenario = try Scenario.load(path: path) } catch { throw CommandFailure("\(error)") }
        } else {
            scenario = try bundledScenario()
        }
        var options = ReloadSimulator.Options()
        options.days = try a.integer("days", in: 1...366) ?? scenario.days ?? 7
        options.seed = try a.value("seed").map { v in
            guard let s = UInt64(v) else { throw UsageError("--seed must be a non-negative integer") }
            return s
        } ?? scenario.seed ?? 1
        options.budget = try a.integer("budget", in: 0...ReloadBudget.largestDailyLimit)
        options.rules = scenario.rules ?? BudgetRules()
        try BudgetRuleArguments.apply(a, to: &options.rules)
        let start: Date
        if let s = scenario.start {
            start = try DateArgument.parse(s)
        } else {
            start = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 86_400).rounded(.down) * 86_400)
        }
        let out = URL(fileURLWithPath: a.value("out") ?? "Archives/store/simulation", isDirectory: true)
        try OutputFile.createDirectory(out)

        let usesExtensions = scenario.instances.contains { $0.extension != nil }
        let clock = VirtualClock(start: start)
        let host = WidgetHost(store: ArchiveStore(root: URL(fileURLWithPath: a.value("store") ?? out.appendingPathComponent("store").path)), clock: clock,
                              launcher: PosixProcessLauncher(sandbox: try a.sandbox()))
        defer { host.shutdown() }
        let source: TimelineSource = usesExtensions ? MixedSource(host: host, clock: clock) : ScriptedTimelineSource()
        // Decisions go to the log as they are made: memory stays flat however many days and instances.
        let logPath = out.appendingPathComponent("events.jsonl").path
        let log: ScheduleLogFile
        do { log = try ScheduleLogFile(path: logPath) } catch { throw CommandFailure("\(error)") }
        let simulator = ReloadSimulator(scenario: scenario, options: options, source: source, start: start, log: log)
        var lastShown = -1
        var progress = ProgressLine()
        let began = ContinuousClock.now
        let result = simulator.run { fraction in
            let percent = Int(fraction * 100)
            if percent / 5 != lastShown / 5 {
                lastShown = percent
                progress.update("simulating: \(percent)% (day \(min(options.days, Int(fraction * Double(options.days)) + 1))/\(options.days))")
            }
        }
        progress.finish("simulated \(options.days) day(s), \(result.decisions) decisions")
        do { try log.finish() } catch { throw CommandFailure("\(error)") }
        var report = SimulationReport.text(result)
        let relevance = try simulateRelevance(scenario, start: start, days: options.days, out: out, sandbox: try a.sandbox(),
                                              store: URL(fileURLWithPath: a.value("store") ?? out.appendingPathComponent("store").path))
        report += relevance
        try OutputFile.write(report, to: out.appendingPathComponent("report.txt"))
        try OutputFile.write(SimulationReport.svg(result), to: out.appendingPathComponent("chart.svg"))
        let elapsed = ContinuousClock.now - began
        if a.has("json") {
            return try JSONOutput.print(Document(result, seed: options.seed, log: logPath, out: out))
        }
        print(report, terminator: "")
        print("simulated \(options.days) day(s) in \(elapsed) (seed \(options.seed))")
        print("event log: \(logPath)")
        print("chart:     \(out.appendingPathComponent("chart.svg").path)")
    }

    /// The scenario's Live Activities and Smart Stacks, if it has any: their report sections, and the
    /// stacks' spans to `OUT/stacks.json`.
    static func simulateRelevance(_ scenario: Scenario, start: Date, days: Int, out: URL, sandbox: SandboxLevel, store: URL) throws -> String {
        var text = ""
        var board: ActivityBoard?
        var names: [String: String] = [:]
        if !(scenario.activities ?? []).isEmpty {
            let activities = ActivityPushSimulation.run(scenario, start: start, days: days)
            board = activities.board
            names = Dictionary(uniqueKeysWithValues: activities.ids.map { ($0.value, $0.key) })
            text += ActivityPushSimulation.text(activities, scenario: scenario, start: start)
        }
        guard !(scenario.stacks ?? []).isEmpty else { return text }
        let clock = VirtualClock(start: start)
        let host = WidgetHost(store: ArchiveStore(root: store.appendingPathComponent("relevance")), clock: clock,
                              launcher: PosixProcessLauncher(sandbox: sandbox))
        defer { host.shutdown() }
        let source = ExtensionRelevanceSource(host: host, clock: clock)
        let usesExtensions = scenario.instances.contains { $0.extension != nil }
        let stacks = StackSimulation.run(scenario, start: start, days: days, activities: board, activityNames: names,
                                         source: usesExtensions ? { instance, day in source.member(instance, dayStart: day) } : nil)
        for failure in source.failures { text += "  (relevance not read: \(failure))\n" }
        text += StackSimulation.text(stacks, scenario: scenario, start: start)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        try OutputFile.write([UInt8]((try? encoder.encode(stacks.spans)) ?? Data()), to: out.appendingPathComponent("stacks.json"))
        return text
    }

    /// The report as `--json` writes it: each instance's days, and where the files went.
    struct Document: Encodable {
        struct Day: Encodable {
            var day: Int
            var stats: ReloadSimulator.DayStats
        }
        struct Instance: Encodable {
            var id: String
            var days: [Day]
        }
        var start: Date
        var days: Int
        var seed: UInt64
        var decisions: Int
        var instances: [Instance]
        var eventLog: String
        var report: String
        var chart: String

        init(_ result: ReloadSimulator.Result, seed: UInt64, log: String, out: URL) {
            start = result.start
            days = result.days
            self.seed = seed
            decisions = result.decisions
            instances = zip(result.instanceIDs, result.stats).map { id, stats in
                Instance(id: id, days: stats.enumerated().map { Day(day: $0.offset + 1, stats: $0.element) })
            }
            eventLog = log
            report = out.appendingPathComponent("report.txt").path
            chart = out.appendingPathComponent("chart.svg").path
        }
    }

    /// The bundled examples, with an app that asks for caffeine reloads every 10 minutes in the day
    /// (more than the budget allows) and a server that pushes every two hours; a caffeine widget in
    /// StandBy; the goal widget on a rarely viewed page, looked at morning and evening; a three-day
    /// learning period and one-minute coalescing, so that every budget rule shows in the report.
    static func bundledScenario() throws -> Scenario {
        let caffeine = try BundledExtensions.path("CaffeineTracker")
        let todo = try BundledExtensions.path("ToDoList")
        return Scenario(instances: [
            .init(id: "caffeine", views: .high, extension: caffeine, kind: "CaffeineTracker", family: .systemSmall, dataChangeEvery: 1800),
            .init(id: "goal", views: .medium, extension: caffeine, kind: "CaffeineGoal", family: .systemSmall, dataChangeEvery: 1800,
                  rarelyViewed: true),
            .init(id: "todo", views: .low, extension: todo, kind: "ToDoList", family: .systemMedium, dataChangeEvery: 7200),
            .init(id: "standby", views: .high, extension: caffeine, kind: "CaffeineTracker", family: .systemSmall, dataChangeEvery: 1800,
                  standBy: true),
        ], events: [
            .init(type: .reloadTimelines, instance: "caffeine", every: 600, from: 7 * 3600, to: 23 * 3600, daily: true, jitter: 0.1),
            .init(type: .foreground, instance: "caffeine", from: 12 * 3600, to: 12 * 3600 + 1200, daily: true),
            .init(type: .tap, instance: "todo", at: 9 * 3600, daily: true),
            .init(type: .tap, instance: "todo", at: 18 * 3600, daily: true),
            .init(type: .systemChange, instance: "*", at: 36 * 3600),
            .init(type: .push, instance: "caffeine", every: 2 * 3600, from: 8 * 3600, to: 22 * 3600, daily: true, jitter: 0.05),
            .init(type: .view, instance: "goal", at: 8 * 3600, daily: true),
            .init(type: .view, instance: "goal", at: 20 * 3600, daily: true),
        ], rules: bundledRules)
    }

    private static var bundledRules: BudgetRules {
        var rules = BudgetRules()
        rules.learningDays = 3
        rules.coalescingWindow = 60
        return rules
    }
}

/// Real extensions where the scenario names one, scripted timelines elsewhere.
final class MixedSource: TimelineSource {
    let real: ExtensionTimelineSource
    let scripted = ScriptedTimelineSource()
    init(host: WidgetHost, clock: VirtualClock) { real = ExtensionTimelineSource(host: host, clock: clock) }
    func timeline(for instance: Scenario.Instance, at date: Date) throws -> ScheduledTimeline {
        instance.extension == nil ? try scripted.timeline(for: instance, at: date) : try real.timeline(for: instance, at: date)
    }
}
