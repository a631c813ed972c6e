import Foundation
import WidgetArchive
import WidgetLayout
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

    /// Outlines, image bytes and intent parameters are values in the tree; only the JSON spells them
    /// (SVG path data, base64), and reads them back to the same values.
    func testPayloadsAreValuesAndTheirJSONFormReadsBack() throws {
        let wedge = PathValue(elements: [.move(x: 0, y: 0), .quad(x: 10, y: 0, cx: 5, cy: -3), .cubic(x: 10, y: 10, c1x: 12, c1y: 3, c2x: 12, c2y: 7), .close],
                              referenceWidth: 10, referenceHeight: 10)
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0, 1, 2, 255]
        let root = ViewNode.stack(StackNode(axis: .vertical, children: [
            .modified(.shape(ShapeNode(kind: .path(wedge), fill: .color(.system(.blue, opacity: 1)))), .frame(.fixed(width: 33.33, height: 20))),
            .image(ImageNode(source: .data(png))),
            .control(ControlNode(kind: .button(label: .text(TextNode("Log"))),
                                 action: .intent(IntentReference(typeIdentifier: "App.Log", parameters: [7, 0, 200])))),
        ]))
        let context = RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0)
        let tree = WidgetRenderer.render(WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: t0, root: root), context: context)
        let nodes = tree.root.allNodes()
        let path = try XCTUnwrap(nodes.first { $0.shape == .path }?.pathData)
        XCTAssertEqual(path.elements.count, 4)
        guard case .quad(_, let control) = path.elements[1] else { return XCTFail("\(path.elements)") }
        XCTAssertEqual(control.y, (path.elements.first.flatMap { if case .move(let p) = $0 { p.y } else { nil } } ?? 0) - 6, "scaled into the 20 pt frame")
        XCTAssertEqual(nodes.first { $0.style == .data }?.imageData?.bytes, png)
        XCTAssertEqual(nodes.compactMap(\.action).first?.intent, IntentReference(typeIdentifier: "App.Log", parameters: [7, 0, 200]))

        let json = tree.json()
        XCTAssertTrue(json.contains(#""pathData" : "M"#), json)
        XCTAssertTrue(json.contains(#""imageData" : "iVBORwABAv8=""#), json)
        XCTAssertTrue(json.contains(#""parameters" : "BwDI""#), json)
        XCTAssertEqual(try JSONDecoder().decode(RenderTree.self, from: Data(json.utf8)), tree)
        XCTAssertEqual(try RenderPath(svg: path.svg), path)

        for (bad, field) in [(#""pathData" : "M1 2 Q3""#, "pathData"), (#""imageData" : "!!""#, "imageData")] {
            let broken = json.replacingOccurrences(of: #""\#(field)" : "[^"]*""#, with: bad, options: .regularExpression)
            XCTAssertNotEqual(broken, json)
            XCTAssertThrowsError(try JSONDecoder().decode(RenderTree.self, from: Data(broken.utf8)), field)
        }
        XCTAssertThrowsError(try RenderPath(svg: "M1 2 X3 4"))
        XCTAssertThrowsError(try RenderPath(svg: "1 2"))
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
