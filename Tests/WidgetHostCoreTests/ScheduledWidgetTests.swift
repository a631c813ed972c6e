import Foundation
import HostTestSupport
import WidgetHostCore
import WidgetScheduling
import WidgetSimulation
import WidgetTesting
import XCTest

/// A widget stepped through hours on the virtual clock, its reloads decided by the same scheduler as
/// `run`; and a budget scenario played in process against a real extension.
final class ScheduledWidgetTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_763_712_000)

    private func testHost() throws -> WidgetTestHost {
        let host = try WidgetTestHost(extension: try BuiltProducts.executable("CaffeineTracker"), start: t0)
        addTeardownBlock { host.shutdown() }
        return host
    }

    func testHoursOfPolicyReloadsSpendTheBudgetThenWait() throws {
        let host = try testHost()
        // The goal widget asks to be reloaded an hour after each reload.
        let widget = host.scheduled(kind: "CaffeineGoal", family: .systemSmall, dailyBudget: 4)
        XCTAssertEqual(widget.decisions.map(\.outcome), [.exempt], "the first timeline is free")
        widget.advance(by: 6 * 3600)
        XCTAssertEqual(widget.now, t0.addingTimeInterval(6 * 3600))
        // Policy reloads at 1, 2, 3 and 4 hours spend the four; the one due at 5 hours waits for the
        // first of them to leave the rolling day.
        XCTAssertEqual(widget.decisions.map(\.outcome), [.exempt, .granted, .granted, .granted, .granted, .deferred])
        // (The extension reads its clock a moment after the host sets it: its dates lag by a millisecond.)
        XCTAssertEqual(widget.decisions.filter { $0.outcome == .granted }.map { $0.time.rounded() }, [3600, 7200, 10_800, 14_400])
        XCTAssertEqual(widget.decisions.last?.until?.rounded(), 86_400 + 3600)
        XCTAssertEqual(widget.budgetSpent, 4)
        XCTAssertEqual(widget.budgetLeft, 0)
        // The app in the background joins the waiting request; in the foreground it is free.
        XCTAssertTrue(widget.appRequestsReload().message.contains("deferred"), widget.appRequestsReload().message)
        widget.appRequestsReload(foreground: true)
        XCTAssertEqual(widget.decisions.last?.outcome, .exempt)
        XCTAssertEqual(widget.decisions.last?.cause, .appForeground)
        // A day after the first counted reload, the waiting one runs.
        widget.advance(to: t0.addingTimeInterval(86_400 + 3601))
        let resumed = try XCTUnwrap(widget.decisions.first { $0.outcome == .resumed })
        XCTAssertEqual(resumed.time.rounded(), 86_400 + 3600)
        XCTAssertEqual(try widget.current().date, t0.addingTimeInterval(86_400 + 3601))
    }

    func testABudgetScenarioPlaysInProcessAgainstTheExtension() throws {
        let host = try testHost()
        let log = ScheduleRecorder()
        let report = try host.simulate(Scenario(
            instances: [.init(id: "goal", budget: 6, kind: "CaffeineGoal", family: .systemSmall, dataChangeEvery: 600)],
            events: [.init(type: .reloadTimelines, instance: "goal", every: 1800, from: 8 * 3600, to: 20 * 3600)]), days: 1, log: log)
        let day = try XCTUnwrap(report.stats.first?.first)
        XCTAssertEqual(report.instanceIDs, ["goal"])
        // Hourly policy reloads and half-hourly app requests: far more than six a day.
        XCTAssertEqual(day.granted + day.resumed, 6)
        XCTAssertGreaterThan(day.deferred, 0)
        XCTAssertEqual(day.budgetLeftAtEnd, 0)
        XCTAssertGreaterThan(day.maxStaleness, 0, "data changing every 10 minutes goes stale between reloads")
        XCTAssertEqual(log.events.count, report.decisions)
    }
}
