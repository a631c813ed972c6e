import Foundation
import WidgetArchive
import WidgetLayout
import XCTest

/// Render-time effects: rendering modes, redaction, always-on, the invalid state.
final class EffectTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_763_712_000)

    private func textColors(_ root: ViewNode, _ context: RenderContext) -> [String: String] {
        let archive = WidgetArchiveValue(kind: "K", family: context.family, entryDate: t0, root: root)
        let tree = WidgetRenderer.render(archive, context: context)
        var out: [String: String] = [:]
        for node in tree.root.allNodes() where node.role == .text { out[node.text ?? ""] = node.color?.description }
        return out
    }

    let twoGroups = ViewNode.stack(StackNode(axis: .vertical, children: [
        .modified(.modified(.text(TextNode("Accent")), .foreground(.color(.rgba(red: 0.2, green: 0.4, blue: 0.9, opacity: 0.5)))), .accentable(true)),
        .modified(.text(TextNode("Rest")), .foreground(.color(.system(.red, opacity: 1)))),
    ]))

    func testAccentedModeTintsEachGroupFlatKeepingOpacity() {
        let colors = textColors(twoGroups, RenderContext(placement: .watchFace, family: .accessoryRectangular, date: t0))
        // Watch accent orange for the accent group at the view's own 50 % opacity; white for the rest.
        XCTAssertEqual(colors["Accent"], "#ff9e0a80")
        XCTAssertEqual(colors["Rest"], "#ffffffff")
    }

    func testVibrantModeMapsLuminanceToOpacity() {
        let root = ViewNode.stack(StackNode(axis: .vertical, children: [
            .modified(.text(TextNode("Bright")), .foreground(.color(.rgba(red: 1, green: 1, blue: 1, opacity: 1)))),
            .modified(.text(TextNode("Dark")), .foreground(.color(.rgba(red: 0, green: 0, blue: 0, opacity: 1)))),
        ]))
        let colors = textColors(root, RenderContext(placement: .iPhoneLockScreen, family: .accessoryRectangular, date: t0))
        XCTAssertEqual(colors["Bright"], "#ffffffff")
        XCTAssertEqual(colors["Dark"], "#ffffff26")
        let night = textColors(root, RenderContext(placement: .standByNight, family: .systemSmall, date: t0))
        XCTAssertEqual(night["Bright"], "#ff2e1fff", "StandBy at night is tinted red")
    }

    func testPrivacySensitiveContentIsRedactedOnlyWhenLocked() {
        let root = ViewNode.stack(StackNode(axis: .vertical, children: [
            .modified(.text(TextNode("72 BPM")), .privacySensitive(true)), .text(TextNode("Heart")),
        ]))
        func redacted(_ locked: Bool) -> [String: Bool] {
            let tree = WidgetRenderer.render(WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: t0, root: root),
                                             context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0, redactsPrivacySensitiveContent: locked))
            var out: [String: Bool] = [:]
            for node in tree.root.allNodes() where node.role == .text { out[node.text!] = node.redacted ?? false }
            return out
        }
        XCTAssertEqual(redacted(false), ["72 BPM": false, "Heart": false])
        XCTAssertEqual(redacted(true), ["72 BPM": true, "Heart": false])
    }

    func testPlaceholderRedactsEverything() {
        let root = ViewNode.modified(.stack(StackNode(axis: .vertical, children: [.text(TextNode("A")), .text(TextNode("B"))])), .redacted(.placeholder))
        let tree = WidgetRenderer.render(WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: t0, root: root),
                                         context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0))
        XCTAssertEqual(tree.root.allNodes().filter { $0.role == .text }.map { $0.redacted ?? false }, [true, true])
    }

    func testLuminanceReducedTimersDropSeconds() {
        let root = ViewNode.text(TextNode(runs: [TextRun(.date(t0.addingTimeInterval(125), .timer))]))
        func text(_ aod: Bool) -> [String] {
            WidgetRenderer.render(WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: t0, root: root),
                                  context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0, isLuminanceReduced: aod)).texts
        }
        XCTAssertEqual(text(false), ["2:05"])
        XCTAssertEqual(text(true), ["2 min"])
    }

    func testInvalidatableContentShowsItsInvalidState() {
        let root = ViewNode.modified(.text(TextNode("64 mg")), .invalidatable(true))
        func node(_ invalid: Bool) -> RenderNode? {
            WidgetRenderer.render(WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: t0, root: root),
                                  context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0, showsInvalidatedContent: invalid))
                .root.allNodes().first { $0.invalidated == true }
        }
        XCTAssertNil(node(false))
        XCTAssertEqual(node(true)?.opacity, 0.5)
    }

    func testContainerRelativeShapeIsConcentric() {
        let root = ViewNode.modified(.shape(ShapeNode(kind: .containerRelative, fill: .color(.system(.blue, opacity: 1)))), .padding(PaddingSpec(top: 6, leading: 6, bottom: 6, trailing: 6)))
        let tree = WidgetRenderer.render(WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: t0, flags: .contentMarginsDisabled, root: root),
                                         context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0))
        let shape = tree.root.allNodes().first { $0.role == .shape && $0.frame.x == 6 }
        XCTAssertEqual(shape?.cornerRadius ?? -1, 21.67 - 6, accuracy: 0.001)
    }
}
