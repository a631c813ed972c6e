import Foundation
import WidgetTesting
import XCTest

/// An author's tests of their widget: the extension runs in a real process on a virtual clock, and
/// what it shows is compared with reference snapshots.
final class StepCounterTests: XCTestCase {
    private let morning = Date(timeIntervalSince1970: 1_763_712_000)

    func testTheSmallWidgetShowsTodaysSteps() throws {
        let host = try WidgetTestHost(product: "StepCounter", start: morning)
        defer { host.shutdown() }
        let widget = try host.instance(kind: "StepCounter", family: .systemSmall)
        assertSnapshot(of: widget, as: .png)
        assertSnapshot(of: widget, as: .text)
    }

    func testLoggingAWalkAddsItsSteps() throws {
        let host = try WidgetTestHost(product: "StepCounter", start: morning)
        defer { host.shutdown() }
        let widget = try host.instance(kind: "StepCounter", family: .systemSmall)
        let tap = try widget.tap(element: "log-walk")
        XCTAssertEqual(tap.final.node(id: "steps")?.text, "5200")
        assertSnapshot(of: tap.final, as: .png, named: "after-walk")
    }

    func testAfterSixHoursItHasSpentSixReloadsOfItsBudget() throws {
        let host = try WidgetTestHost(product: "StepCounter", start: morning)
        defer { host.shutdown() }
        // Kept up to date as `widget-host run` would: the timeline asks for a reload every hour.
        let widget = host.scheduled(kind: "StepCounter", family: .systemSmall)
        widget.advance(by: 6 * 3600 + 60)
        XCTAssertEqual(widget.budgetSpent, 6)
        XCTAssertEqual(widget.decisions.filter { $0.outcome == .granted }.count, 6)
        XCTAssertEqual(try widget.current().tapOutcome(.text("+1000")), .intent("StepCounter.LogWalkIntent", parameters: ["steps": .int(1000)]))
    }

    func testEveryPlacementAndScheme() throws {
        let host = try WidgetTestHost(product: "StepCounter", start: morning)
        defer { host.shutdown() }
        // Each family × each placement showing it × its colour schemes: one reference each.
        assertSnapshots(of: host, kind: "StepCounter", as: .png)
    }

    func testTheTotalRollsUpAfterAWalk() throws {
        let host = try WidgetTestHost(product: "StepCounter", start: morning)
        defer { host.shutdown() }
        let widget = try host.instance(kind: "StepCounter", family: .systemSmall)
        let before = try widget.render()
        let transition = try widget.tap(element: "log-walk").transition(from: before)
        XCTAssertEqual(transition.change(id: "steps")?.textChange, .rollUp)
        assertSnapshot(of: transition, as: .frames(at: [0, 0.1, 0.25, 0.5]))
    }
}
