import Foundation
import WidgetScheduling
import WidgetSimulation
import XCTest

/// The simulator on a virtual clock, with scripted timelines: what the budget does over days.
final class ReloadSimulatorTests: XCTestCase {
    /// A simulation's result with its whole decision log.
    struct Run {
        var result: ReloadSimulator.Result
        var events: [ScheduleEvent]
        var stats: [[ReloadSimulator.DayStats]] { result.stats }
    }

    let start = Date(timeIntervalSince1970: 1_763_683_200)  // midnight UTC

    private func simulate(_ instances: [Scenario.Instance], events: [Scenario.Event] = [], days: Int = 1, seed: UInt64 = 1,
                          budget: Int? = nil) -> Run {
        var options = ReloadSimulator.Options()
        options.days = days
        options.seed = seed
        options.budget = budget
        let recorder = ScheduleRecorder()
        let result = ReloadSimulator(scenario: Scenario(instances: instances, events: events), options: options,
                                     source: ScriptedTimelineSource(), start: start, log: recorder).run()
        return Run(result: result, events: recorder.events)
    }

    private func reloadTimes(_ r: Run, _ outcomes: Set<ScheduleEvent.Outcome> = [.granted, .exempt, .resumed]) -> [Double] {
        r.events.filter { outcomes.contains($0.outcome) }.map(\.time)
    }

    func testAtEndReloadsWhenTheLastEntryIsReached() {
        let r = simulate([.init(id: "w", entries: 4, spacing: 900, policy: "atEnd")])
        XCTAssertEqual(Array(reloadTimes(r).prefix(4)), [0, 2700, 5400, 8100])
        XCTAssertEqual(r.events.first?.cause, .initial)
        XCTAssertEqual(r.events[1].cause, .policy)
    }

    func testAfterDateMayComeBeforeTheLastEntry() {
        let r = simulate([.init(id: "w", entries: 4, spacing: 900, policy: "after:600")])
        XCTAssertEqual(Array(reloadTimes(r).prefix(3)), [0, 600, 1200])
    }

    func testNeverReloadsOnlyWhenAsked() {
        let r = simulate([.init(id: "w", entries: 4, spacing: 900, policy: "never")],
                         events: [.init(type: .reloadTimelines, instance: "w", at: 5000)])
        XCTAssertEqual(reloadTimes(r), [0, 5000])
    }

    func testBackgroundReloadsEveryMinuteAreHeldToTheBudgetAndDeferred() {
        let r = simulate([.init(id: "w", views: .high, entries: 1, spacing: 60, policy: "never")],
                         events: [.init(type: .reloadTimelines, instance: "w", every: 60, from: 0, to: 2 * 86_400)], days: 2)
        let counted = r.events.filter { $0.outcome == .granted || $0.outcome == .resumed }.map(\.time)
        // In every rolling 24-hour window, at most the daily budget of counted reloads.
        for (i, t) in counted.enumerated() {
            XCTAssertLessThanOrEqual(counted[i...].prefix { $0 < t + 86_400 }.count, 70)
        }
        XCTAssertEqual(r.stats[0][0].granted + r.events.filter { $0.outcome == .resumed && $0.time < 86_400 }.count, 70)
        XCTAssertGreaterThan(r.stats[0][0].deferred, 1000)
        let deferred = r.events.filter { $0.outcome == .deferred }
        XCTAssertTrue(deferred.allSatisfy { ($0.until ?? -1) >= $0.time }, "every deferral says until when")
        XCTAssertTrue(deferred.contains { $0.detail == .budgetSpent })
        XCTAssertEqual(r.stats[0][0].budgetLeftAtEnd, 0)
    }

    /// WidgetKit pushes are budgeted like timeline reloads: granted while the budget lasts, then
    /// deferred, and a push that comes while one waits joins it (coalesced) instead of queueing.
    func testPushesAreCountedDeferredAndCoalesced() {
        let r = simulate([.init(id: "w", entries: 1, spacing: 60, policy: "never")],
                         events: [.init(type: .push, instance: "w", every: 600, from: 600, to: 86_400)], budget: 5)
        let pushes = r.events.filter { $0.cause == .push }
        XCTAssertEqual(pushes.prefix(5).map(\.outcome), Array(repeating: .granted, count: 5))
        XCTAssertEqual(pushes[5].outcome, .deferred)
        XCTAssertEqual(pushes[5].detail, .budgetSpent)
        XCTAssertEqual(pushes[6].detail, .joinsWaitingRequest)
        XCTAssertEqual(r.stats[0][0].granted, 5)
    }

    func testInteractionReloadsGoThroughWithTheBudgetAtZero() {
        let r = simulate([.init(id: "w", entries: 1, spacing: 60, policy: "never")],
                         events: [.init(type: .tap, instance: "w", every: 3600, from: 600, to: 86_400)], budget: 0)
        XCTAssertEqual(r.stats[0][0].exempt, 24)
        XCTAssertEqual(r.stats[0][0].granted, 0)
        XCTAssertTrue(r.events.filter { $0.cause == .interaction }.allSatisfy { $0.outcome == .exempt && $0.budgetLeft == 0 })
    }

    func testForegroundReloadsAreExempt() {
        let r = simulate([.init(id: "w", entries: 1, spacing: 60, policy: "never")], events: [
            .init(type: .foreground, instance: "w", from: 1000, to: 2000),
            .init(type: .reloadTimelines, instance: "w", at: 1500),
            .init(type: .reloadTimelines, instance: "w", at: 3000),
        ], budget: 5)
        let byTime = Dictionary(uniqueKeysWithValues: r.events.filter { $0.time > 0 }.map { ($0.time, $0) })
        XCTAssertEqual(byTime[1500]?.cause, .appForeground)
        XCTAssertEqual(byTime[1500]?.outcome, .exempt)
        XCTAssertEqual(byTime[3000]?.cause, .appBackground)
        XCTAssertEqual(byTime[3000]?.outcome, .granted)
        XCTAssertEqual(byTime[3000]?.budgetLeft, 4)
    }

    func testTheWindowRolls() {
        let r = simulate([.init(id: "w", entries: 1, spacing: 60, policy: "never")], events: [
            .init(type: .reloadTimelines, instance: "w", every: 3600, from: 3600, to: 4 * 3600 + 1),
            .init(type: .reloadTimelines, instance: "w", at: 26 * 3600),
        ], days: 2, budget: 3)
        XCTAssertEqual(r.events.filter { $0.outcome == .granted }.map(\.time), [3600, 7200, 10800, 26 * 3600])
        let deferral = r.events.first { $0.outcome == .deferred }
        XCTAssertEqual(deferral?.time, 14400)
        XCTAssertEqual(deferral?.until, 3600 + 86_400, "available again when the first reload leaves the window")
        XCTAssertEqual(r.events.first { $0.outcome == .resumed }?.time, 3600 + 86_400)
    }

    func testMinimumIntervalDefersReloadsThatComeTooClose() {
        let r = simulate([.init(id: "w", entries: 1, spacing: 60, policy: "never")], events: [
            .init(type: .reloadTimelines, instance: "w", at: 100), .init(type: .reloadTimelines, instance: "w", at: 160),
        ])
        let second = r.events.first { $0.outcome == .deferred }
        XCTAssertEqual(second?.until, 400)
        XCTAssertEqual(second?.detail, .tooSoon)
    }

    func testASimulationIsReproducibleFromItsSeed() {
        let instances: [Scenario.Instance] = (0..<5).map { .init(id: "w\($0)", entries: 3, spacing: 1200, policy: "atEnd") }
        let events: [Scenario.Event] = [.init(type: .reloadTimelines, instance: "*", every: 700, from: 0, to: 86_400, daily: true, jitter: 0.2)]
        let a = simulate(instances, events: events, days: 3, seed: 42)
        let b = simulate(instances, events: events, days: 3, seed: 42)
        let c = simulate(instances, events: events, days: 3, seed: 43)
        XCTAssertEqual(a.events, b.events)
        XCTAssertNotEqual(a.events, c.events)
        XCTAssertGreaterThan(a.events.count, 1000)
        XCTAssertEqual(a.result.decisions, a.events.count)
    }

    func testStalenessGrowsWhileTheWidgetIsNotReloaded() {
        let fresh = simulate([.init(id: "w", entries: 1, spacing: 60, policy: "after:1800", dataChangeEvery: 900)])
        let stale = simulate([.init(id: "w", entries: 1, spacing: 60, policy: "never", dataChangeEvery: 900)])
        XCTAssertLessThan(fresh.stats[0][0].maxStaleness, 1800)
        XCTAssertGreaterThan(stale.stats[0][0].maxStaleness, 80_000)
    }

    func testAScenarioWithAnAbsurdRepeatIsRefusedWithTheReason() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"instances": [{"id": "w"}], "events": [{"type": "tap", "instance": "w", "every": 0.0001}]}"#.utf8).write(to: file)
        XCTAssertThrowsError(try Scenario.load(path: file.path)) { error in
            XCTAssertTrue("\(error)".contains("tap event for w: every must be at least 1 second (got 0.0001)"), "\(error)")
        }
    }

    func testAScenarioIsCheckedNumberByNumber() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let cases: [(String, String)] = [
            (#"{"instances": [{"id": "w", "budget": 9223372036854775807}]}"#, "instance w: budget must be from 0 to 86400"),
            (#"{"instances": [{"id": "w", "entries": 100000000}]}"#, "instance w: entries must be from 1 to 1000"),
            (#"{"instances": [{"id": "w", "spacing": 1e300}]}"#, "instance w: spacing must be seconds above 0"),
            (#"{"instances": [{"id": "w", "dataChangeEvery": -5}]}"#, "instance w: dataChangeEvery must be seconds above 0"),
            (#"{"days": 100000, "instances": [{"id": "w"}]}"#, "days must be from 1 to 366"),
            (#"{"instances": [{"id": "w"}], "events": [{"type": "tap", "instance": "w", "at": 1e300}]}"#, "tap event for w: at must be a finite number"),
        ]
        for (json, message) in cases {
            try Data(json.utf8).write(to: file)
            XCTAssertThrowsError(try Scenario.load(path: file.path), json) { error in
                XCTAssertTrue("\(error)".contains(message), "\(error)")
            }
        }
    }
}
