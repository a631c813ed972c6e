import Foundation
@testable import WidgetArchive
@testable import WidgetRender
import WidgetLayout
import XCTest

/// `.shadow` and `.blur`: archived, laid out onto the node they wrap, drawn in PNG (a blurred,
/// offset copy of the content's coverage beneath it; the content blurred) and written as SVG filters.
final class ShadowAndBlurTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_763_712_000)
    let black = ViewNode.modified(.color(.rgba(red: 0, green: 0, blue: 0, opacity: 1)), .frame(.fixed(width: 20, height: 20)))

    private func render(_ root: ViewNode) throws -> (RenderTree, PNGDecoder.Image) {
        let tree = WidgetRenderer.renderView(root, layout: .fixed(Size(width: 60, height: 40)),
                                             context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0),
                                             background: RGBA(1, 1, 1))
        return (tree, try PNGDecoder.decode(PNGRenderer(regular: nil, bold: nil).png(tree, scale: 1)))
    }

    private func pixel(_ image: PNGDecoder.Image, _ x: Int, _ y: Int) -> [UInt8] {
        Array(image.rgba[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 3])
    }

    func testTheModifiersRoundTripThroughTheArchive() throws {
        let root = ViewNode.stack(StackNode(axis: .vertical, children: [
            .modified(black, .shadow(ShadowValue(color: .system(.red, opacity: 0.5), radius: 4, x: 2, y: -3))),
            .modified(black, .blur(radius: 6, opaque: true)),
        ]))
        let archive = WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: t0, root: root)
        XCTAssertEqual(try ArchiveDecoder().decode(ArchiveEncoder.encode(archive)), archive)
    }

    func testAHardShadowIsTheContentsShapeOffsetBeneathIt() throws {
        // The square spans x 20…40, y 10…30; its red shadow, 10 points to the right, 40…50.
        let (tree, image) = try render(.modified(black, .shadow(ShadowValue(color: .rgba(red: 1, green: 0, blue: 0, opacity: 1), radius: 0, x: 10, y: 0))))
        XCTAssertEqual(tree.root.allNodes().first { $0.shadow != nil }?.shadow?.x, 10)
        XCTAssertEqual(pixel(image, 30, 20), [0, 0, 0], "the content on top")
        XCTAssertEqual(pixel(image, 45, 20), [255, 0, 0], "the shadow beside it")
        XCTAssertEqual(pixel(image, 55, 20), [255, 255, 255], "nothing past it")
        XCTAssertEqual(pixel(image, 15, 20), [255, 255, 255], "nothing on the other side")
    }

    func testASoftShadowFadesOverItsRadius() throws {
        let (_, image) = try render(.modified(black, .shadow(ShadowValue(color: .rgba(red: 0, green: 0, blue: 1, opacity: 1), radius: 8, x: 0, y: 0))))
        let row = (41...52).map { pixel(image, $0, 20)[0] }
        XCTAssertEqual(row, row.sorted(), "lighter with distance from the square: \(row)")
        XCTAssertTrue(row.first! < 200 && row.last! > 240, "blue near the edge, almost white far out: \(row)")
        XCTAssertEqual(pixel(image, 30, 20), [0, 0, 0], "the content itself stays sharp")
    }

    func testABlurSoftensTheContentsEdges() throws {
        let (tree, image) = try render(.modified(black, .blur(radius: 6, opaque: false)))
        XCTAssertEqual(tree.root.allNodes().first { $0.blurRadius != nil }?.blurRadius, 6)
        let edge = pixel(image, 20, 20)[0], inside = pixel(image, 30, 20)[0], outside = pixel(image, 26 - 20, 20)[0]
        XCTAssertTrue((60...200).contains(edge), "half covered at the edge: \(edge)")
        XCTAssertLessThan(inside, 40, "dark in the middle")
        XCTAssertEqual(outside, 255, "white well away from it")
        // Without the blur the edge is a sharp step.
        let (_, sharp) = try render(black)
        XCTAssertEqual([pixel(sharp, 19, 20)[0], pixel(sharp, 20, 20)[0]], [255, 0])
    }

    func testAMaterialBlursWhatIsBehindIt() throws {
        // Red on the left half, blue on the right; a thin material over the middle, 20 points wide.
        let halves = ViewNode.stack(StackNode(axis: .horizontal, spacing: 0, children: [
            .color(.rgba(red: 1, green: 0, blue: 0, opacity: 1)), .color(.rgba(red: 0, green: 0, blue: 1, opacity: 1)),
        ]))
        let frosted = ViewNode.modified(halves, .overlay(.modified(.shape(ShapeNode(kind: .rectangle, fill: .material(.ultraThin))),
                                                                   .frame(.fixed(width: 20, height: 20))), .center))
        let (tree, image) = try render(frosted)
        XCTAssertEqual(tree.root.allNodes().compactMap(\.backdropBlur), [12])
        let inside = pixel(image, 29, 20), outside = pixel(image, 29, 5)
        XCTAssertGreaterThan(Int(inside[2]), 60, "blue blurred into the red side under the material: \(inside)")
        XCTAssertGreaterThan(Int(inside[0]), 60, "and red still there: \(inside)")
        XCTAssertEqual(outside[2], 0, "outside the material the halves meet sharply: \(outside)")
        // The same rectangle filled with a colour at the material's opacity does not blur.
        let tinted = ViewNode.modified(halves, .overlay(.modified(.shape(ShapeNode(kind: .rectangle, fill: .color(.rgba(red: 0.98, green: 0.98, blue: 0.98, opacity: 0.35)))),
                                                                  .frame(.fixed(width: 20, height: 20))), .center))
        let (_, flat) = try render(tinted)
        XCTAssertLessThan(Int(pixel(flat, 27, 20)[2]), Int(pixel(image, 27, 20)[2]), "less blue on the red side without the blur")
    }

    func testTheSVGCarriesThemAsFilters() throws {
        let (shadowTree, _) = try render(.modified(black, .shadow(ShadowValue(color: .rgba(red: 0, green: 0, blue: 0, opacity: 0.5), radius: 4, x: 1, y: 2))))
        let shadowSVG = SVGWriter.svg(shadowTree)
        XCTAssertTrue(shadowSVG.contains("<feDropShadow dx=\"1\" dy=\"2\" stdDeviation=\"3.5\" flood-color=\"#000000\" flood-opacity=\"0.5\"/>"), shadowSVG)
        XCTAssertTrue(shadowSVG.contains("filter=\"url(#fx"))
        let (blurTree, _) = try render(.modified(black, .blur(radius: 6, opaque: true)))
        XCTAssertTrue(SVGWriter.svg(blurTree).contains("<feGaussianBlur stdDeviation=\"3\" edgeMode=\"duplicate\"/>"))
    }

    func testBoxWidthsApproximateTheGaussian() {
        for sigma in [1.0, 3.0, 7.5] {
            let boxes = Canvas.boxes(sigma: sigma)
            // Three boxes of widths w have a variance of Σ (w² − 1) / 12.
            let variance = boxes.map { Double($0 * $0 - 1) / 12 }.reduce(0, +)
            XCTAssertEqual(variance.squareRoot(), sigma, accuracy: 0.6, "\(boxes)")
            XCTAssertTrue(boxes.allSatisfy { $0 % 2 == 1 })
        }
    }
}
