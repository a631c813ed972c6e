import Foundation
import WidgetArchive
import WidgetRender
import XCTest

/// The render tree is typed (colours are values, styles and weights are enums); JSON is a view of
/// it that reads back to the same tree.
final class RenderTreeTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_763_712_000.25)

    private func rendered() -> RenderTree {
        let root = ViewNode.stack(StackNode(axis: .vertical, children: [
            .text(TextNode(runs: [TextRun(.literal("Bold"), weight: .bold), TextRun(.literal(" serif"), font: FontSpec(size: .fixed(12), design: .serif))])),
            .modified(.text(TextNode("Struck")), .textAttributes(TextAttributes(strikethrough: TextDecoration(color: .system(.red, opacity: 1))))),
            .shape(ShapeNode(kind: .capsule, fill: .linearGradient(stops: [GradientStop(color: .system(.blue, opacity: 1), location: 0),
                                                                          GradientStop(color: .system(.green, opacity: 0.5), location: 1)],
                                                                  start: UnitPointValue(x: 0, y: 0), end: UnitPointValue(x: 1, y: 1)))),
            .shape(ShapeNode(kind: .circle, fill: .color(.system(.orange, opacity: 1)), strokeWidth: 3,
                             strokeStyle: StrokeStyleValue(cap: .round, join: .bevel), trim: 0...0.5)),
        ]))
        let context = RenderContext(placement: .iPhoneLockScreen, family: .accessoryRectangular, date: t0)
        return WidgetRenderer.render(WidgetArchiveValue(kind: "K", family: .accessoryRectangular, entryDate: t0, root: root), context: context)
    }

    func testJSONReadsBackToTheSameTree() throws {
        let tree = rendered()
        let json = tree.json()
        XCTAssertEqual(try JSONDecoder().decode(RenderTree.self, from: Data(json.utf8)), tree)
        // Names as SwiftUI spells them, colours as #rrggbbaa, the date in ISO 8601.
        XCTAssertTrue(json.contains(#""weight" : "bold""#), json)
        XCTAssertTrue(json.contains(#""design" : "serif""#), json)
        XCTAssertTrue(json.contains(#""renderingMode" : "vibrant""#), json)
        XCTAssertTrue(json.contains(#""date" : "2025-11-21T08:00:00.250Z""#), json)
        XCTAssertTrue(json.contains(#""lineCap" : "round""#) && json.contains(#""lineJoin" : "bevel""#), json)
        XCTAssertNotNil(json.range(of: ##""color" : "#[0-9a-f]{8}""##, options: .regularExpression), json)
    }

    func testTheTreeHoldsValuesNotStrings() throws {
        let tree = rendered()
        XCTAssertEqual(tree.renderingMode, .vibrant)
        XCTAssertEqual(tree.family, .accessoryRectangular)
        XCTAssertEqual(tree.date, t0)
        let runs = tree.root.allNodes().flatMap { $0.lines ?? [] }.flatMap(\.runs)
        XCTAssertEqual(runs.first { $0.text == "Bold" }?.weight, .bold)
        XCTAssertEqual(runs.first { $0.text.contains("serif") }?.design, .serif)
        XCTAssertNotNil(runs.first { $0.text == "Struck" }?.strikethrough)
        let ring = try XCTUnwrap(tree.root.allNodes().first { $0.shape == .circle })
        XCTAssertEqual(ring.lineCap, .round)
        XCTAssertEqual(ring.lineJoin, .bevel)
        XCTAssertEqual(tree.root.allNodes().first { $0.role == .stack }?.style, .v)
    }

    func testColoursParseAndPrintTheOneForm() {
        XCTAssertEqual(RenderColor(hex: "#0a84ffcc"), RenderColor(red: 10, green: 132, blue: 255, alpha: 204))
        XCTAssertEqual(RenderColor(hex: "#0a84ff"), RenderColor(red: 10, green: 132, blue: 255))
        XCTAssertEqual(RenderColor(red: 10, green: 132, blue: 255, alpha: 204).description, "#0a84ffcc")
        for bad in ["0a84ff", "#0a84f", "#zz84ffcc", "#0a84ffcc00", ""] { XCTAssertNil(RenderColor(hex: bad), bad) }
        XCTAssertThrowsError(try JSONDecoder().decode([RenderColor].self, from: Data(#"["red"]"#.utf8)))
        // Each component is rounded to 8 bits, and drawing uses exactly those.
        let color = RenderColor(RGBA(0.5, 0.25, 1, 0.2))
        XCTAssertEqual(color, RenderColor(red: 128, green: 64, blue: 255, alpha: 51))
        XCTAssertEqual(color.rgba, RGBA(128.0 / 255, 64.0 / 255, 1, 51.0 / 255))
    }
}
