import Foundation
import HostTestSupport
import WidgetAnimation
import WidgetArchive
import WidgetHostCore
import WidgetTesting
import XCTest

/// The seed's caffeine example end to end, with the real extension: what its view code wrote
/// (`.contentTransition(.numericText(value:))`, `.id` + `.transition(.push(from: .bottom))`,
/// `.animation(.smooth(duration: 1.8), value:)`) is archived in its process, and the host plans and
/// draws the transition from the archives alone.
final class EntryTransitionTests: XCTestCase {
    func testAfterATapTheNewDrinkPushesInFromTheBottomAndTheTotalRollsUp() throws {
        let test = try WidgetTestHost(extension: try BuiltProducts.executable("CaffeineTracker"), start: Date(timeIntervalSince1970: 1_763_712_000))
        defer { test.shutdown() }
        let widget = try test.instance(kind: "CaffeineTracker", family: .systemSmall)
        let before = try widget.render()
        let tap = try widget.tap(element: "log-espresso")
        let transition = tap.transition(from: before)

        let drink = try XCTUnwrap(transition.change(idPrefix: "last-drink"), "\(transition.plan.changes.map(\.key))")
        XCTAssertEqual(drink.kind, .inserted)
        XCTAssertEqual(drink.transition, .push(.bottom))
        XCTAssertEqual(drink.animation, AnimationValue(.smooth(duration: 1.8, extraBounce: 0)))
        XCTAssertEqual(drink.duration, 1.8, accuracy: 0.3, "a smooth 1.8 s spring")
        let total = try XCTUnwrap(transition.change(id: "total"))
        XCTAssertEqual(total.textChange, .rollUp)
        XCTAssertEqual(total.animation, AnimationValue(.smooth(duration: 1.8, extraBounce: 0)))

        // Halfway, the drink is on its way up from the bottom: drawn lower than where it ends.
        let settled = try XCTUnwrap(tap.final.root.allNodes().first { $0.id?.hasPrefix("last-drink") == true })
        let midway = transition.tree(at: 0.25).root.allNodes().first { $0.id?.hasPrefix("last-drink") == true }
        XCTAssertGreaterThan(try XCTUnwrap(midway?.transform?.ty), 0, "pushed in from below")
        XCTAssertEqual(settled.transform?.ty ?? 0, 0)
        XCTAssertNotEqual(transition.png(at: 0.25), transition.png(at: transition.plan.duration))
    }
}
