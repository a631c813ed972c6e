import Foundation
import WidgetArchive
import WidgetLayout
import WidgetRender
import XCTest

/// `.blendMode(_:)` composites content into what is beneath it, as the W3C modes define.
final class BlendModeTests: XCTestCase {
    /// A 60-point square of `top` blended over a background of `bottom`, the pixel at its centre.
    private func centre(_ top: ColorValue, over bottom: ColorValue, _ mode: BlendModeValue) -> RGBA {
        let square = ViewNode.modified(.modified(.color(top), .frame(.fixed(width: 60, height: 60, alignment: .center))), .blendMode(mode))
        let root = ViewNode.modified(square, .background(.color(bottom), .center))
        let archive = WidgetArchiveValue(kind: "B", family: .systemSmall, entryDate: Date(timeIntervalSince1970: 0), root: root)
        let tree = WidgetRenderer.render(archive, context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall,
                                                                          date: Date(timeIntervalSince1970: 0)))
        XCTAssertEqual(tree.root.allNodes().filter { $0.blendMode == mode }.count, 1, "\(mode) is on one node")
        return PNGRenderer().canvas(tree, scale: 1).pixel(x: 79, y: 79)
    }

    private func rgb(_ r: Double, _ g: Double, _ b: Double) -> ColorValue { .rgba(red: r, green: g, blue: b, opacity: 1) }

    private func assertColor(_ c: RGBA, _ r: Double, _ g: Double, _ b: Double, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(c.r, r, accuracy: 0.01, message, file: file, line: line)
        XCTAssertEqual(c.g, g, accuracy: 0.01, message, file: file, line: line)
        XCTAssertEqual(c.b, b, accuracy: 0.01, message, file: file, line: line)
    }

    func testSeparableModes() {
        let top = rgb(0.5, 0.25, 1), bottom = rgb(0.5, 1, 0.2)
        assertColor(centre(top, over: bottom, .multiply), 0.25, 0.25, 0.2, "multiply")
        assertColor(centre(top, over: bottom, .screen), 0.75, 1, 1, "screen")
        assertColor(centre(top, over: bottom, .darken), 0.5, 0.25, 0.2, "darken")
        assertColor(centre(top, over: bottom, .lighten), 0.5, 1, 1, "lighten")
        assertColor(centre(top, over: bottom, .difference), 0, 0.75, 0.8, "difference")
        assertColor(centre(top, over: bottom, .exclusion), 0.5, 0.75, 0.8, "exclusion")
        // Overlay is hard light with the layers swapped: the backdrop 0.5 → 2·0.5·0.5 in red.
        assertColor(centre(top, over: bottom, .overlay), 0.5, 1, 0.4, "overlay")
    }

    func testNonSeparableAndCompositingModes() {
        // Luminosity keeps the backdrop's hue and saturation with the source's luminosity: grey over
        // grey is the source's grey.
        assertColor(centre(rgb(0.8, 0.8, 0.8), over: rgb(0.2, 0.2, 0.2), .luminosity), 0.8, 0.8, 0.8, "luminosity")
        // Colour over a grey backdrop: the source's hue and saturation at the backdrop's luminosity.
        let colour = centre(rgb(1, 0, 0), over: rgb(0.3, 0.3, 0.3), .color)
        XCTAssertEqual(0.3 * colour.r + 0.59 * colour.g + 0.11 * colour.b, 0.3, accuracy: 0.01)
        XCTAssertGreaterThan(colour.r, colour.g)
        assertColor(centre(rgb(1, 0, 0), over: rgb(0, 0, 1), .destinationOver), 0, 0, 1, "destination over keeps the backdrop")
        assertColor(centre(rgb(0.3, 0.2, 0.1), over: rgb(0.5, 0.5, 0.5), .plusLighter), 0.8, 0.7, 0.6, "plus lighter adds")
        assertColor(centre(rgb(0.3, 0.2, 0.1), over: rgb(0.5, 0.5, 0.5), .plusDarker), 0, 0, 0, "plus darker: 1 − ((1 − 0.5) + (1 − 0.3))")
    }

    func testTheModeIsWrittenToSVG() {
        let root = ViewNode.modified(.color(rgb(1, 0, 0)), .blendMode(.multiply))
        let archive = WidgetArchiveValue(kind: "B", family: .systemSmall, entryDate: Date(timeIntervalSince1970: 0), root: root)
        let tree = WidgetRenderer.render(archive, context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall,
                                                                          date: Date(timeIntervalSince1970: 0)))
        XCTAssertTrue(SVGWriter.svg(tree).contains("mix-blend-mode:multiply"))
    }
}

/// `.mask(alignment:_:)`: content seen through the mask's opacity, as gradient text is made.
final class MaskTests: XCTestCase {
    private func tree(_ root: ViewNode) -> RenderTree {
        let archive = WidgetArchiveValue(kind: "M", family: .systemSmall, entryDate: Date(timeIntervalSince1970: 0), root: root)
        return WidgetRenderer.render(archive, context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall,
                                                                      date: Date(timeIntervalSince1970: 0)))
    }

    func testContentShowsOnlyWhereTheMaskIs() throws {
        // A red square masked by a circle inscribed in it, and by a half-transparent one.
        let square = ViewNode.modified(.color(.rgba(red: 1, green: 0, blue: 0, opacity: 1)), .frame(.fixed(width: 100, height: 100)))
        let circle = ViewNode.shape(ShapeNode(kind: .circle, fill: .color(.system(.black, opacity: 1))))
        let masked = tree(.modified(square, .mask(circle, .center)))
        let group = try XCTUnwrap(masked.root.allNodes().first { $0.mask != nil })
        XCTAssertEqual(group.mask?.first?.frame, Rect(x: 29, y: 29, width: 100, height: 100), "the mask takes the content's frame")
        let canvas = PNGRenderer().canvas(masked, scale: 1)
        let inside = canvas.pixel(x: 79, y: 79), corner = canvas.pixel(x: 31, y: 31)
        XCTAssertEqual(inside.r, 1, accuracy: 0.01)
        XCTAssertEqual(inside.g, 0, accuracy: 0.01)
        XCTAssertEqual(corner.r, corner.g, accuracy: 0.02, "outside the circle, the background: the red square's corner is masked away")

        let faint = ViewNode.shape(ShapeNode(kind: .circle, fill: .color(.system(.black, opacity: 0.5))))
        let half = PNGRenderer().canvas(tree(.modified(square, .mask(faint, .center))), scale: 1).pixel(x: 79, y: 79)
        XCTAssertEqual(half.g, 0.5, accuracy: 0.02, "half the mask's opacity: half the red over white")
        XCTAssertTrue(SVGWriter.svg(masked).contains("style=\"mask-type:alpha\""))
    }
}
