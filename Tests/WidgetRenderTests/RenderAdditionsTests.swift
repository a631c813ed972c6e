import Foundation
import WidgetArchive
import WidgetLayout
import WidgetRender
import XCTest

/// Drawing what real widget code archives: text decorations and spacing, asset colours by appearance,
/// materials, trimmed and custom outlines, transforms, image bytes, unsupported views.
final class RenderAdditionsTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_763_712_000)

    private func tree(_ root: ViewNode, family: WidgetFamily = .systemSmall, scheme: ColorScheme = .light,
                      contrast: Bool = false) -> RenderTree {
        var context = RenderContext(placement: .iPhoneHomeScreen, family: family, date: t0, colorScheme: scheme)
        context.increasedContrast = contrast
        return WidgetRenderer.render(WidgetArchiveValue(kind: "K", family: family, entryDate: t0, root: root), context: context)
    }

    private func canvas(_ tree: RenderTree) -> Canvas { PNGRenderer(regular: nil, bold: nil).canvas(tree, scale: 1) }

    func testSpacingAndWidthWidenTextAndDecorationsAreDrawnUnderIt() {
        let plain = tree(.text(TextNode("Wide")))
        let spaced = tree(.modified(.text(TextNode(runs: [TextRun(.literal("Wide"), font: FontSpec(size: .style(.body), width: .expanded))])),
                                    .textAttributes(TextAttributes(underline: TextDecoration(color: .rgba(red: 1, green: 0, blue: 0, opacity: 1)),
                                                                   kerning: 3, textCase: .uppercase))))
        let plainText = plain.root.allNodes().first { $0.role == .text }!
        let spacedText = spaced.root.allNodes().first { $0.role == .text }!
        XCTAssertEqual(spacedText.text, "WIDE")
        XCTAssertGreaterThan(spacedText.frame.width, plainText.frame.width + 4 * 3, "kerning and the expanded width add up")
        let run = spacedText.lines![0].runs[0]
        XCTAssertEqual(run.underline, RenderColor(red: 255, green: 0, blue: 0))
        // The underline: red pixels just below the baseline, across the run (drawn at 4× so the line
        // covers whole pixels).
        let scale = 4.0
        let pixels = PNGRenderer(regular: nil, bold: nil).canvas(spaced, scale: scale)
        let y = Int(((spacedText.lines![0].baseline + run.fontSize * 0.12) * scale).rounded(.down))
        let x = Int((run.x + 5) * scale)
        XCTAssertEqual(pixels.pixel(x: x, y: y).bytes, [255, 0, 0, 255])
        XCTAssertNotEqual(PNGRenderer(regular: nil, bold: nil).canvas(plain, scale: scale).pixel(x: x, y: y).bytes, [255, 0, 0, 255])
    }

    func testAssetColoursFollowSchemeAndContrastAndAMissingOneIsMagenta() {
        let asset = AssetColorValue(name: "Brand", light: ColorComponents(red: 1, green: 0, blue: 0),
                                    dark: ColorComponents(red: 0, green: 1, blue: 0), lightHighContrast: ColorComponents(red: 0, green: 0, blue: 1),
                                    opacity: 0.5)
        func fill(_ color: ColorValue, scheme: ColorScheme = .light, contrast: Bool = false) -> String? {
            tree(.color(color), scheme: scheme, contrast: contrast).root.allNodes().first { $0.role == .shape && $0.frame.width < 158 }?.color?.description
        }
        XCTAssertEqual(fill(.asset(asset)), "#ff000080")
        XCTAssertEqual(fill(.asset(asset), scheme: .dark), "#00ff0080")
        XCTAssertEqual(fill(.asset(asset), contrast: true), "#0000ff80")
        XCTAssertEqual(fill(.asset(asset), scheme: .dark, contrast: true), "#00ff0080", "no dark high-contrast: dark")
        XCTAssertEqual(fill(.asset(AssetColorValue(name: "Nope"))), "#ff00ffff")
        XCTAssertEqual(fill(.system(.secondaryBackground, opacity: 1), scheme: .dark), "#1c1c1eff")
    }

    func testARunsForegroundLevelFollowsTheInheritedForeground() {
        let white = ViewNode.modified(.text(TextNode(runs: [TextRun(.literal("dim"), foregroundLevel: 1)])),
                                      .foreground(.color(.rgba(red: 1, green: 1, blue: 1, opacity: 1))))
        XCTAssertEqual(tree(white).root.allNodes().first { $0.role == .text }?.color?.description, "#ffffff99", "white at the secondary level")
    }

    func testTrimmedStrokeDrawsOnlyItsPartOfTheOutline() {
        // A ring trimmed to its first quarter: from 3 o'clock clockwise to 6 o'clock.
        let ring = ViewNode.modified(.shape(ShapeNode(kind: .circle, fill: .color(.rgba(red: 0, green: 0, blue: 0, opacity: 1)),
                                                      strokeWidth: 10, trim: 0...0.25)),
                                     .frame(.fixed(width: 100, height: 100)))
        let drawn = tree(ring)
        let node = drawn.root.allNodes().first { $0.trimTo == 0.25 }!
        let c = (x: node.frame.x + 50, y: node.frame.y + 50)
        let pixels = canvas(drawn)
        func alpha(_ dx: Double, _ dy: Double) -> Int { pixels.pixel(x: Int(c.x + dx), y: Int(c.y + dy)).bytes[0] }
        XCTAssertLessThan(alpha(35, 35), 40, "the lower right quarter is drawn (dark)")
        XCTAssertGreaterThan(alpha(-35, -35), 200, "the upper left is not (background white)")
    }

    func testCustomPathsScaleToTheirFrameAndTransformsMoveDrawing() {
        let triangle = PathValue(elements: [.move(x: 5, y: 0), .line(x: 10, y: 10), .line(x: 0, y: 10), .close], referenceWidth: 10, referenceHeight: 10)
        let drawn = tree(.modified(.shape(ShapeNode(kind: .path(triangle), fill: .color(.rgba(red: 0, green: 0, blue: 0, opacity: 1)))),
                                   .frame(.fixed(width: 100, height: 100))))
        let node = drawn.root.allNodes().first { $0.shape == .path }!
        let (x, y) = (node.frame.x, node.frame.y)
        XCTAssertEqual(node.pathData?.elements, [.move(Point(x: x + 50, y: y)), .line(Point(x: x + 100, y: y + 100)), .line(Point(x: x, y: y + 100)), .close])
        let svgPath = "M\(fmt(node.frame.x + 50)) \(fmt(node.frame.y)) L\(fmt(node.frame.x + 100)) \(fmt(node.frame.y + 100)) L\(fmt(node.frame.x)) \(fmt(node.frame.y + 100)) Z"
        XCTAssertEqual(node.pathData?.svg, svgPath)
        XCTAssertTrue(SVGWriter.svg(drawn).contains("<path d=\"\(svgPath)\""), "the SVG draws the outline, not its frame")
        let pixels = canvas(drawn)
        XCTAssertLessThan(pixels.pixel(x: Int(node.frame.x + 50), y: Int(node.frame.y + 90)).bytes[0], 40, "inside the triangle")
        XCTAssertGreaterThan(pixels.pixel(x: Int(node.frame.x + 5), y: Int(node.frame.y + 5)).bytes[0], 200, "outside it")

        // A bar rotated a quarter turn about its centre stands upright.
        let bar = ViewNode.modified(.modified(.color(.rgba(red: 0, green: 0, blue: 0, opacity: 1)), .frame(.fixed(width: 100, height: 10))),
                                    .transform(TransformValue(rotation: 90)))
        let rotated = tree(bar)
        let group = rotated.root.allNodes().first { $0.transform != nil }!
        let mid = (x: group.frame.x + 50, y: group.frame.y + 5)
        let rp = canvas(rotated)
        XCTAssertLessThan(rp.pixel(x: Int(mid.x), y: Int(mid.y + 40)).bytes[0], 40, "drawn below the centre after turning")
        XCTAssertGreaterThan(rp.pixel(x: Int(mid.x + 40), y: Int(mid.y)).bytes[0], 200, "no longer to the side")
    }

    func testUnsupportedViewsDrawTheYellowPlaceholder() {
        let drawn = tree(.unsupported("List"))
        let node = drawn.root.allNodes().first { $0.role == .unsupported }!
        XCTAssertEqual(node.text, "List")
        let pixels = canvas(drawn)
        XCTAssertEqual(pixels.pixel(x: Int(node.frame.x + 3), y: Int(node.frame.y + 3)).bytes, [255, 204, 0, 255])
    }

    func testImageBytesAreDrawnAndGarbageIsNot() {
        // A 1×1 opaque blue PNG.
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
                            0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53, 0xDE, 0x00, 0x00, 0x00, 0x0C, 0x49,
                            0x44, 0x41, 0x54, 0x78, 0xDA, 0x63, 0x60, 0x60, 0xF8, 0x0F, 0x00, 0x01, 0x03, 0x01, 0x00, 0x36, 0x74, 0x11, 0x40,
                            0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        // An 8×8 opaque blue JPEG (Fixtures/JPEG/solid-blue.jpg): drawn from its own pixels too.
        let jpegFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/JPEG/solid-blue.jpg")
        let jpeg = (try? Data(contentsOf: jpegFile)).map([UInt8].init) ?? []
        XCTAssertEqual(EncodedImage.format(of: jpeg), .jpeg)
        let heic: [UInt8] = [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0]
        for (bytes, expectBlue) in [(png, true), (jpeg, true), ([0xFF, 0xD8, 0xFF, 0x00] as [UInt8], false), (heic, false)] {
            let drawn = tree(.modified(.image(ImageNode(source: .data(bytes), resizable: true)), .frame(.fixed(width: 40, height: 40))))
            let node = drawn.root.allNodes().first { $0.style == .data }!
            let pixel = canvas(drawn).pixel(x: Int(node.frame.x + 20), y: Int(node.frame.y + 20)).bytes
            XCTAssertEqual(pixel.count == 4 && pixel[0] < 3 && pixel[1] < 3 && pixel[2] > 252 && pixel[3] == 255, expectBlue, "\(pixel)")
        }
    }

    /// One render decodes and draws at most its image pixel budget; past it, images are placeholders.
    func testAnImagePixelBudgetBoundsWhatOneRenderDraws() {
        // The 1×1 blue PNG above, twice.
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
                            0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53, 0xDE, 0x00, 0x00, 0x00, 0x0C, 0x49,
                            0x44, 0x41, 0x54, 0x78, 0xDA, 0x63, 0x60, 0x60, 0xF8, 0x0F, 0x00, 0x01, 0x03, 0x01, 0x00, 0x36, 0x74, 0x11, 0x40,
                            0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        XCTAssertEqual(PNGDecoder.dimensions(png)?.width, 1)
        XCTAssertNil(PNGDecoder.dimensions([0xFF, 0xD8, 0xFF, 0x00]))
        let image = ViewNode.modified(.image(ImageNode(source: .data(png), resizable: true)), .frame(.fixed(width: 40, height: 40)))
        let drawn = tree(.stack(StackNode(axis: .vertical, children: [image, image])))
        let nodes = drawn.root.allNodes().filter { $0.style == .data }
        XCTAssertEqual(nodes.count, 2)
        func blue(_ renderer: PNGRenderer) -> [Bool] {
            let pixels = renderer.canvas(drawn, scale: 1)
            return nodes.map { pixels.pixel(x: Int($0.frame.x + 20), y: Int($0.frame.y + 20)).bytes == [0, 0, 255, 255] }
        }
        var renderer = PNGRenderer(regular: nil, bold: nil)
        XCTAssertEqual(blue(renderer), [true, true])
        renderer.imagePixelBudget = 1
        XCTAssertEqual(blue(renderer), [true, false], "the second image is past the budget")
        renderer.imagePixelBudget = 0
        XCTAssertEqual(blue(renderer), [false, false])
    }

    private func fmt(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
}
