import Foundation
import WidgetArchive
import WidgetLayout
import WidgetTesting
import XCTest

/// Finding views and reading what a tap would do, from a render tree alone.
final class NodeQueryTests: XCTestCase {
    private func tree() -> RenderTree {
        let toggle = ViewNode.control(ControlNode(
            kind: .toggle(isOn: false, onLabel: .text(TextNode("Buy milk ✓")), offLabel: .text(TextNode("Buy milk"))),
            action: .intent(IntentReference(typeIdentifier: "ToggleTaskIntent", parameters: IntentParameterCoding.encode([("taskID", .string("milk"))])))))
        let button = ViewNode.control(ControlNode(
            kind: .button(label: .text(TextNode("+1000"))),
            action: .intent(IntentReference(typeIdentifier: "LogWalkIntent", parameters: IntentParameterCoding.encode([("steps", .int(1000))])))))
        let root = ViewNode.stack(StackNode(axis: .vertical, children: [
            .modified(.modified(.text(TextNode("Tasks")), .identity("title")), .accessibilityLabel("Your tasks")),
            .modified(toggle, .identity("milk")),
            button,
            .modified(.text(TextNode("Open the app")), .link("todo://list")),
            .control(ControlNode(kind: .button(label: .text(TextNode("Closure"))), action: .inert)),
        ]))
        return WidgetRenderer.render(WidgetArchiveValue(kind: "Tasks", family: .systemMedium, entryDate: SnapshotFixtures.t0, root: root),
                                     context: RenderContext(placement: .iPhoneHomeScreen, family: .systemMedium, date: SnapshotFixtures.t0))
    }

    func testViewsAreFoundByTextIdAndRole() {
        let tree = tree()
        XCTAssertEqual(tree.nodes(.text("Buy milk")).count, 1)
        XCTAssertEqual(tree.nodes(.text("milk", substring: true)).count, 1)
        XCTAssertEqual(tree.node(.id("title"))?.text, "Tasks")
        XCTAssertEqual(tree.nodes(.role(.text)).compactMap(\.text), ["Tasks", "Buy milk", "+1000", "Open the app", "Closure"])
        XCTAssertEqual(tree.nodes(.role(.text).and(.text("Tasks"))).count, 1)
        XCTAssertEqual(tree.nodes(.actionable).count, 3, "the toggle, the button and the link; not the inert button")
        XCTAssertNil(tree.node(.text("Nothing like this")))
        XCTAssertEqual(tree.node(.accessibilityLabel("Your tasks"))?.text, "Tasks")
        XCTAssertEqual(NodeQuery.role(.text).and(.text("Tasks")).description, "role text and text \"Tasks\"")
    }

    func testATapsOutcomeIsReadWithoutPerformingIt() {
        let tree = tree()
        XCTAssertEqual(tree.tapOutcome(.text("Buy milk")), .toggle(intent: "ToggleTaskIntent", parameters: ["taskID": .string("milk")], turnsOn: true))
        XCTAssertEqual(tree.tapOutcome(.id("milk")), tree.tapOutcome(.text("Buy milk")), "the control by its id, or by its label")
        XCTAssertEqual(tree.tapOutcome(.text("+1000")), .intent("LogWalkIntent", parameters: ["steps": .int(1000)]))
        XCTAssertEqual(tree.tapOutcome(.text("Open the app")), .openURL("todo://list"))
        XCTAssertEqual(tree.tapOutcome(.text("Closure")), .nothing)
        XCTAssertNil(tree.tapOutcome(.text("Tasks")), "plain text does nothing")
        XCTAssertEqual(tree.tapOutcome(.text("+1000"))?.description, "performs LogWalkIntent(steps: int(1000))")
    }
}
