import Foundation
@testable import WidgetArchive
@testable import WidgetRender
import WidgetLayout
import XCTest

/// `StrokeStyle(dash:dashPhase:)`: archived, refused when hostile, laid out into the render tree, drawn
/// as dashes in PNG and as `stroke-dasharray` in SVG.
final class DashedStrokeTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_763_712_000)

    private func dashedSquare(_ style: StrokeStyleValue) -> ViewNode {
        .modified(.shape(ShapeNode(kind: .rectangle, fill: .color(.rgba(red: 0, green: 0, blue: 0, opacity: 1)), strokeWidth: 2,
                                   strokeStyle: style)), .frame(.fixed(width: 100, height: 100)))
    }

    func testTheDashesOfALine() {
        let line = [Point(x: 0, y: 0), Point(x: 50, y: 0)]
        func spans(_ dashes: [[Point]]) -> [[Double]] { dashes.map { [$0.first!.x, $0.last!.x] } }
        XCTAssertEqual(spans(Stroke.dashed(line, pattern: [10, 5], phase: 0)), [[0, 10], [15, 25], [30, 40], [45, 50]])
        XCTAssertEqual(spans(Stroke.dashed(line, pattern: [10, 5], phase: 5)), [[0, 5], [10, 20], [25, 35], [40, 50]])
        XCTAssertEqual(spans(Stroke.dashed(line, pattern: [10, 5], phase: -5)), [[5, 15], [20, 30], [35, 45]], "a negative phase starts before the line")
        XCTAssertEqual(spans(Stroke.dashed(line, pattern: [0, 0], phase: 0)), [[0, 50]], "a pattern with no length draws the line")
        // Around a corner, a dash continues onto the next segment.
        let corner = Stroke.dashed([Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)], pattern: [15, 100], phase: 0)
        XCTAssertEqual(corner.count, 1)
        XCTAssertEqual(corner.first, [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 5)])
    }

    func testADashPatternRoundTripsAndHostileOnesAreRefused() throws {
        let style = StrokeStyleValue(cap: .round, dash: [6, 3, 0, 3], dashPhase: 1.5)
        let archive = WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: t0, root: dashedSquare(style))
        let bytes = ArchiveEncoder.encode(archive)
        XCTAssertEqual(try ArchiveDecoder().decode(bytes), archive)
        // The solid form is unchanged: archives stored before dashes existed still decode.
        let solid = WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: t0, root: dashedSquare(StrokeStyleValue(cap: .round)))
        XCTAssertFalse(ArchiveEncoder.encode(solid).isEmpty)
        XCTAssertEqual(try ArchiveDecoder().decode(ArchiveEncoder.encode(solid)), solid)

        for (hostile, field) in [(StrokeStyleValue(dash: [-1, 2]), "dash length"), (StrokeStyleValue(dash: [.infinity]), "dash length"),
                                 (StrokeStyleValue(dash: [1], dashPhase: .infinity), "dash phase")] {
            let bad = ArchiveEncoder.encode(WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: t0, root: dashedSquare(hostile)))
            XCTAssertThrowsError(try ArchiveDecoder().decode(bad)) { error in
                guard case .invalidValue(_, let found, _) = error as? ArchiveDecodingError else { return XCTFail("\(error)") }
                XCTAssertEqual(found, field)
            }
        }
        var long = StrokeStyleValue()
        long.dash = Array(repeating: 1, count: 40)
        let truncated = ArchiveEncoder.encode(WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: t0, root: dashedSquare(long)))
        guard case .modified(.shape(let shape), _) = try ArchiveDecoder().decode(truncated).root else { return XCTFail("not a shape") }
        XCTAssertEqual(shape.strokeStyle?.dash.count, StrokeStyleValue.maximumDashCount, "the encoder writes at most the decoder's limit")
    }

    func testADashedSquareIsDrawnWithGapsAndWrittenAsADashArray() throws {
        let root = dashedSquare(StrokeStyleValue(dash: [10, 10]))
        let tree = WidgetRenderer.renderView(root, layout: .fixed(Size(width: 110, height: 110)),
                                             context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0),
                                             background: RGBA(1, 1, 1))
        let shape = try XCTUnwrap(tree.root.allNodes().first { $0.role == .shape && $0.strokeWidth != nil })
        XCTAssertEqual(shape.dash, [10, 10])
        let image = try PNGDecoder.decode(PNGRenderer(regular: nil, bold: nil).png(tree, scale: 1))
        // The top edge, at y = 5 (the square spans 5…105): ink on 5…15, none on 15…25, ink on 25…35.
        func ink(_ x: Int) -> Bool { image.rgba[(5 * image.width + x) * 4] < 128 }
        XCTAssertEqual([8, 12, 18, 22, 28, 32].map(ink), [true, true, false, false, true, true])
        let solid = try PNGDecoder.decode(PNGRenderer(regular: nil, bold: nil).png(
            WidgetRenderer.renderView(dashedSquare(StrokeStyleValue()), layout: .fixed(Size(width: 110, height: 110)),
                                      context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0),
                                      background: RGBA(1, 1, 1)), scale: 1))
        XCTAssertTrue(solid.rgba[(5 * solid.width + 20) * 4] < 128, "a solid stroke has no gap there")
        XCTAssertTrue(SVGWriter.svg(tree).contains("stroke-dasharray=\"10 10\""))
    }
}
