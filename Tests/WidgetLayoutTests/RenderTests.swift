import Foundation
import WidgetArchive
import WidgetArchiveGenerator
import WidgetLayout
import XCTest

final class RenderTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_763_712_000)

    private func render(_ root: ViewNode, family: WidgetFamily = .systemSmall, placement: Placement = .iPhoneHomeScreen,
                        at date: Date? = nil, flags: ConfigurationFlags = []) -> RenderTree {
        let archive = WidgetArchiveValue(kind: "Test", family: family, entryDate: t0, flags: flags, root: root)
        return WidgetRenderer.render(archive, context: RenderContext(placement: placement, family: family, date: date ?? t0))
    }

    private func textNode(_ tree: RenderTree, _ text: String) -> RenderNode? {
        tree.root.allNodes().first { $0.text == text }
    }

    func testTimerTextAtTwoInstantsWithoutTheExtension() {
        let end = t0.addingTimeInterval(3 * 60 + 5)
        let root = ViewNode.text(TextNode(runs: [TextRun(.date(end, .timer))]))
        XCTAssertEqual(render(root, at: t0).texts, ["3:05"])
        XCTAssertEqual(render(root, at: t0.addingTimeInterval(65)).texts, ["2:00"])
        let relative = ViewNode.text(TextNode(runs: [TextRun(.date(t0, .relative))]))
        XCTAssertEqual(render(relative, family: .systemMedium, at: t0.addingTimeInterval(2 * 3600 + 23 * 60)).texts, ["2 hours, 23 minutes"])
    }

    func testDateStylesFormatInEnglish() {
        let date = Date(timeIntervalSince1970: 1_559_604_180)  // 2019-06-03T23:23:00Z
        let f = DateTextFormatter()
        XCTAssertEqual(f.string(.date(date, .time), at: date), "11:23 PM")
        XCTAssertEqual(f.string(.date(date, .date), at: date), "June 3, 2019")
        XCTAssertEqual(f.string(.date(date.addingTimeInterval(7200), .offset), at: date), "+2 hours")
        XCTAssertEqual(f.string(.date(date.addingTimeInterval(-90 * 86_400), .offset), at: date), "-3 months")
        XCTAssertEqual(f.string(.date(date.addingTimeInterval(36 * 3600 + 59 * 60 + 1), .timer), at: date), "36:59:01")
    }

    func testContentMarginsApplyUnlessDisabled() {
        let fill = ViewNode.color(.system(.blue, opacity: 1))
        let withMargins = render(fill).root.allNodes().last { $0.role == .shape }!
        XCTAssertEqual(withMargins.frame, Rect(x: 16, y: 16, width: 126, height: 126))
        let without = render(fill, flags: .contentMarginsDisabled).root.allNodes().last { $0.role == .shape }!
        XCTAssertEqual(without.frame, Rect(x: 0, y: 0, width: 158, height: 158))
    }

    func testContainerBackgroundRemovedWhereThePlacementRemovesIt() {
        let root = ViewNode.modified(.text(TextNode("Hi")), .containerBackground(.color(.system(.red, opacity: 1))))
        XCTAssertTrue(render(root).root.children.contains { $0.role == .background })
        XCTAssertFalse(render(root, placement: .standByDay).root.children.contains { $0.role == .background })
        XCTAssertTrue(render(root, placement: .standByDay, flags: .backgroundNotRemovable).root.children.contains { $0.role == .background })
    }

    func testFrameMaxWidthInfinityWithLeadingAlignment() {
        let root = ViewNode.modified(.text(TextNode("Hi")), .frame(FrameSpec(maxWidth: .infinity, alignment: AlignmentValue(horizontal: .leading, vertical: .center))))
        let text = textNode(render(root), "Hi")!
        XCTAssertEqual(text.frame.x, 16)
    }

    func testStackSharesSpaceAndSpacerPushesApart() {
        let root = ViewNode.stack(StackNode(axis: .horizontal, children: [.text(TextNode("A")), .spacer(minLength: nil), .text(TextNode("B"))]))
        let tree = render(root)
        let a = textNode(tree, "A")!, b = textNode(tree, "B")!
        XCTAssertEqual(a.frame.x, 16)
        XCTAssertEqual(b.frame.maxX, 142, accuracy: 0.001)
    }

    func testLongTextWrapsAndTruncatesAtItsLineLimit() {
        let long = "The quick brown fox jumps over the lazy dog again and again and again"
        let root = ViewNode.modified(.text(TextNode(long)), .lineLimit(2))
        let node = render(root).root.allNodes().first { $0.role == .text }!
        XCTAssertEqual(node.lines?.count, 2)
        XCTAssertTrue(node.text!.hasSuffix("…"))
        XCTAssertLessThanOrEqual(node.frame.width, 126.001)
    }

    func testMinimumScaleFactorShrinksInsteadOfTruncating() {
        let root = ViewNode.modified(.modified(.text(TextNode("1234567890 mg")), .lineLimit(1)), .font(FontSpec(size: .style(.title))))
        let truncated = render(root).root.allNodes().first { $0.role == .text }!
        XCTAssertTrue(truncated.text!.hasSuffix("…"))
        let scaled = render(.modified(root, .minimumScaleFactor(0.5))).root.allNodes().first { $0.role == .text }!
        XCTAssertEqual(scaled.text, "1234567890 mg")
        XCTAssertLessThan(scaled.lines![0].runs[0].fontSize, 28)
    }

    func testViewThatFitsPicksTheFirstThatFits() {
        let root = ViewNode.viewThatFits(ViewThatFitsNode(axes: 1, alternatives: [
            .text(TextNode("A very long label that cannot fit in a small widget")), .text(TextNode("Short")),
        ]))
        XCTAssertEqual(render(root).texts, ["Short"])
        XCTAssertEqual(render(root, family: .systemMedium).texts, ["Short"])
        let fitsMedium = ViewNode.viewThatFits(ViewThatFitsNode(axes: 1, alternatives: [.text(TextNode("Medium width label here")), .text(TextNode("S"))]))
        XCTAssertEqual(render(fitsMedium).texts, ["S"])
        XCTAssertEqual(render(fitsMedium, family: .systemMedium).texts, ["Medium width label here"])
    }

    func testRenderIsDeterministic() {
        var generator = ArchiveGenerator(seed: 5)
        let archive = generator.archive()
        let context = RenderContext(placement: .natural(for: archive.family), family: archive.family, date: t0)
        XCTAssertEqual(WidgetRenderer.render(archive, context: context).json(), WidgetRenderer.render(archive, context: context).json())
    }

    func testGeneratedArchivesRenderWithoutTrapping() {
        for seed in 0..<300 as Range<UInt64> {
            var generator = ArchiveGenerator(seed: seed)
            let archive = generator.archive()
            for placement in Placement.all where placement.size(for: archive.family) != nil {
                _ = WidgetRenderer.render(archive, context: RenderContext(placement: placement, family: archive.family, date: t0))
            }
        }
    }

    func testHitTestFindsTheControl() {
        let root = ViewNode.control(ControlNode(kind: .button(label: .text(TextNode("Tap"))),
                                                action: .intent(IntentReference(typeIdentifier: "T", parameters: []))))
        let tree = render(root)
        let hit = tree.hitTest(Point(x: 79, y: 79))
        XCTAssertEqual(hit?.action?.target, "T")
        XCTAssertNil(tree.hitTest(Point(x: 2, y: 2)))
    }
}
