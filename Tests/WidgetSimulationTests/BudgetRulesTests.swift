import Foundation
import WidgetScheduling
import WidgetSimulation
import XCTest

/// Each budget rule of "Keeping a widget up to date", on and off, in the simulator (the same
/// scheduler `run` uses): what it changes, and that turning it off changes it back.
final class BudgetRulesTests: XCTestCase {
    let start = Date(timeIntervalSince1970: 1_763_683_200)  // midnight UTC

    private func simulate(_ instances: [Scenario.Instance], events: [Scenario.Event] = [], days: Int = 1, budget: Int? = nil,
                          rules: BudgetRules = BudgetRules()) -> (result: ReloadSimulator.Result, events: [ScheduleEvent]) {
        var options = ReloadSimulator.Options()
        options.days = days
        options.budget = budget
        options.rules = rules
        let recorder = ScheduleRecorder()
        let result = ReloadSimulator(scenario: Scenario(instances: instances, events: events), options: options,
                                     source: ScriptedTimelineSource(), start: start, log: recorder).run()
        return (result, recorder.events)
    }

    private func total(_ r: ReloadSimulator.Result, _ field: KeyPath<ReloadSimulator.DayStats, Int>) -> Int {
        r.stats.flatMap { $0 }.reduce(0) { $0 + $1[keyPath: field] }
    }

    private let never = Scenario.Instance(id: "w", entries: 1, spacing: 3600, policy: "never")

    func testIntentAndAnimationReloadsAreFreeUnlessTheRuleIsOff() {
        let events: [Scenario.Event] = [.init(type: .tap, instance: "w", at: 600), .init(type: .animation, instance: "w", at: 1200)]
        let free = simulate([never], events: events, budget: 5)
        XCTAssertEqual(total(free.result, \.freeAfterIntentOrAnimation), 2)
        XCTAssertEqual(free.result.stats[0][0].budgetLeftAtEnd, 5)
        var rules = BudgetRules()
        rules.freeAfterIntentOrAnimation = false
        let counted = simulate([never], events: events, budget: 5, rules: rules)
        XCTAssertEqual(total(counted.result, \.freeAfterIntentOrAnimation), 0)
        XCTAssertEqual(counted.result.stats[0][0].budgetLeftAtEnd, 3)
        XCTAssertEqual(counted.events.filter { $0.cause == .animation }.map(\.outcome), [.granted])
    }

    func testStandByRefreshesAtTheSystemRateForFree() {
        var standBy = never
        standBy.standBy = true
        let r = simulate([standBy, Scenario.Instance(id: "home", entries: 1, spacing: 3600, policy: "never")], budget: 5)
        XCTAssertEqual(r.result.stats[0][0].standByRefreshes, 95, "every 15 minutes after the first timeline, all day")
        XCTAssertEqual(r.result.stats[0][0].budgetLeftAtEnd, 5, "free")
        XCTAssertEqual(r.result.stats[1][0].standByRefreshes, 0, "only where the widget is in StandBy")
        var off = BudgetRules()
        off.standByRefreshInterval = nil
        XCTAssertEqual(simulate([standBy], rules: off).result.stats[0][0].standByRefreshes, 0)
    }

    func testTheLearningPeriodGivesMoreReloadsForItsDaysOnly() {
        let pushes: [Scenario.Event] = [.init(type: .push, instance: "w", every: 60, from: 0, to: 3 * 86_400)]
        var rules = BudgetRules()
        rules.learningDays = 1
        rules.learningBudgetFactor = 2
        let r = simulate([never], events: pushes, days: 3, budget: 10, rules: rules)
        func counted(_ s: ReloadSimulator.DayStats) -> Int { s.granted + s.resumed }
        XCTAssertEqual(counted(r.result.stats[0][0]), 20, "twice the budget while learning")
        XCTAssertEqual(r.result.stats[0][0].learningExtra, 10, "ten beyond the daily budget on the learning day")
        XCTAssertEqual(counted(r.result.stats[0][2]), 10, "the daily budget afterwards")
        XCTAssertEqual(counted(simulate([never], events: pushes, days: 3, budget: 10).result.stats[0][0]), 10, "off: the daily budget")
    }

    func testRequestsCloseTogetherAreCoalescedAcrossWidgets() {
        let instances = [Scenario.Instance(id: "a", entries: 1, spacing: 3600, policy: "never"),
                         Scenario.Instance(id: "b", entries: 1, spacing: 3600, policy: "never")]
        let events: [Scenario.Event] = [.init(type: .reloadTimelines, instance: "a", at: 1000),
                                         .init(type: .reloadTimelines, instance: "b", at: 1030)]
        var rules = BudgetRules()
        rules.coalescingWindow = 60
        let r = simulate(instances, events: events, rules: rules)
        let reloads = r.events.filter { $0.outcome == .resumed }
        XCTAssertEqual(reloads.map(\.time), [1020, 1080], "each waits for the end of its minute")
        XCTAssertEqual(r.events.filter { $0.detail == .coalesced }.map(\.instance), ["a", "b"])
        let same: [Scenario.Event] = [.init(type: .reloadTimelines, instance: "a", at: 1000), .init(type: .reloadTimelines, instance: "b", at: 1010)]
        XCTAssertEqual(Set(simulate(instances, events: same, rules: rules).events.filter { $0.outcome == .resumed }.map(\.time)), [1020],
                       "two widgets' requests in one window run together")
        XCTAssertEqual(simulate(instances, events: events).events.filter { $0.outcome == .granted }.map(\.time), [1000, 1030], "off: at once")
    }

    func testARarelyViewedWidgetReloadsWhenItsPageIsViewed() {
        var rare = Scenario.Instance(id: "w", entries: 2, spacing: 3600, policy: "atEnd")
        rare.rarelyViewed = true
        let views: [Scenario.Event] = [.init(type: .view, instance: "w", at: 5 * 3600)]
        let r = simulate([rare], events: views)
        XCTAssertEqual(r.events.first { $0.detail == .notVisible }?.time, 3600, "the reload due at 1 h waits")
        XCTAssertEqual(r.events.filter { $0.outcome == .granted }.map(\.time).first, 5 * 3600, "and runs when the page is viewed")
        XCTAssertEqual(r.result.stats[0][0].reloadedWhenVisible, 1)
        var off = BudgetRules()
        off.postponesRarelyViewed = false
        XCTAssertEqual(simulate([rare], events: views, rules: off).events.filter { $0.outcome == .granted }.map(\.time).first, 3600)
    }

    func testTimelinesWithEntriesUnderFiveMinutesApartAreFlagged() {
        let close = simulate([Scenario.Instance(id: "w", entries: 5, spacing: 60, policy: "never")])
        XCTAssertEqual(close.events.filter { $0.outcome == .flagged }.map(\.detail), [.closeEntries(seconds: 60)])
        XCTAssertEqual(close.result.stats[0][0].closeEntryTimelines, 1)
        XCTAssertTrue(simulate([Scenario.Instance(id: "w", entries: 5, spacing: 300, policy: "never")]).events.allSatisfy { $0.outcome != .flagged })
    }

    func testDeveloperModeLiftsTheLimits() {
        let pushes: [Scenario.Event] = [.init(type: .push, instance: "w", every: 60, from: 60, to: 3600)]
        var rules = BudgetRules()
        rules.developerMode = true
        let r = simulate([never], events: pushes, budget: 2, rules: rules)
        XCTAssertEqual(r.events.filter { $0.cause == .push }.map(\.outcome), Array(repeating: .exempt, count: 59), "every minute, uncounted")
        let limited = simulate([never], events: pushes, budget: 2).result.stats[0][0]
        XCTAssertEqual(limited.granted + limited.resumed, 2)
    }

    func testTheReportSaysWhatEachRuleDid() {
        var rules = BudgetRules()
        rules.learningDays = 2
        let report = SimulationReport.text(simulate([Scenario.Instance(id: "w", entries: 5, spacing: 60, policy: "never")], rules: rules).result)
        XCTAssertTrue(report.contains("learning period                           2 day(s), budget x1.5"), report)
        XCTAssertTrue(report.contains("1 timeline(s) flagged"), report)
        XCTAssertTrue(report.contains("developer mode (no limits)                off"), report)
    }

    /// A scenario sets any of the rules by name, the others keep their defaults, and an absurd value is
    /// refused with the rule's range.
    func testAScenarioSetsRulesByNameAndAbsurdOnesAreRefused() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = dir.appendingPathComponent("good.json"), bad = dir.appendingPathComponent("bad.json")
        try Data(#"{"instances": [{"id": "w"}], "rules": {"learningDays": 3, "standByRefreshInterval": null}}"#.utf8).write(to: good)
        try Data(#"{"instances": [{"id": "w"}], "rules": {"coalescingWindow": -5}}"#.utf8).write(to: bad)
        let rules = try XCTUnwrap(try Scenario.load(path: good.path).rules)
        XCTAssertEqual(rules.learningDays, 3)
        XCTAssertNil(rules.standByRefreshInterval, "null turns StandBy refreshes off")
        XCTAssertEqual(rules.closeEntrySpacing, 300, "the others keep their defaults")
        XCTAssertThrowsError(try Scenario.load(path: bad.path)) { error in
            XCTAssertTrue("\(error)".contains("rules: coalescingWindow must be 0 to 3600 seconds"), "\(error)")
        }
    }
}
