import Foundation
@testable import WidgetArchive
@testable import WidgetRender
import XCTest

/// System images drawn as this project's glyphs: names with Apple's suffixes resolve to a base glyph
/// and its variant, and each variant draws differently where it should.
final class SymbolGlyphTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_763_712_000)

    func testNamesResolveToABaseGlyphAndItsVariant() {
        for name in ["checkmark", "checkmark.circle", "checkmark.circle.fill", "star.fill", "heart", "bolt.fill", "wifi.slash",
                     "battery.75", "battery.100.bolt", "exclamationmark.triangle.fill", "arrow.up.arrow.down.circle.fill", "gear",
                     "cloud.fill", "plus.square.fill", "clock"] {
            XCTAssertTrue(SymbolGlyphs.knows(name), name)
        }
        XCTAssertFalse(SymbolGlyphs.knows("figure.surfing"), "an unknown name keeps the stand-in")
        let box = Rect(x: 0, y: 0, width: 30, height: 30)
        XCTAssertNotNil(SymbolGlyphs.drawing("checkmark.circle.fill", in: box)?.knockedOutOf, "knocked out of a disc")
        XCTAssertNil(SymbolGlyphs.drawing("checkmark.circle", in: box)?.knockedOutOf, "inside a ring")
    }

    private func render(_ name: String) throws -> PNGDecoder.Image {
        let root = ViewNode.modified(.image(ImageNode(source: .system(name), resizable: true)), .frame(.fixed(width: 40, height: 40)))
        let tree = WidgetRenderer.renderView(root, layout: .fixed(Size(width: 40, height: 40)),
                                             context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0))
        return try PNGDecoder.decode(PNGRenderer(regular: nil, bold: nil).png(tree, scale: 1))
    }

    private func alpha(_ image: PNGDecoder.Image, _ x: Int, _ y: Int) -> UInt8 { image.rgba[(y * image.width + x) * 4 + 3] }

    func testTheHierarchicalModeDrawsTheEnclosureAsASecondaryLayer() throws {
        let image = ViewNode.modified(.image(ImageNode(source: .system("checkmark.circle.fill"), resizable: true)), .frame(.fixed(width: 40, height: 40)))
        let archive = WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: t0, root: .modified(image, .symbolRenderingMode(.hierarchical)))
        XCTAssertEqual(try ArchiveDecoder().decode(ArchiveEncoder.encode(archive)), archive)
        let tree = WidgetRenderer.renderView(archive.root, layout: .fixed(Size(width: 40, height: 40)),
                                             context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0))
        XCTAssertEqual(tree.root.allNodes().compactMap(\.symbolRenderingMode), [.hierarchical])
        let layered = try PNGDecoder.decode(PNGRenderer(regular: nil, bold: nil).png(tree, scale: 1))
        let disc = alpha(layered, 20, 6), check = alpha(layered, 18, 25)
        XCTAssertTrue((40...90).contains(disc), "the disc at the secondary level: \(disc)")
        XCTAssertGreaterThan(check, 200, "the check over it at full strength, not knocked out")
    }

    func testThePaletteModeDrawsTheEnclosureInTheSecondColour() throws {
        let image = ViewNode.modified(.image(ImageNode(source: .system("arrow.up.circle.fill"), resizable: true)), .frame(.fixed(width: 40, height: 40)))
        let styled = ViewNode.modified(.modified(.modified(image, .symbolRenderingMode(.palette)),
                                                 .symbolPalette([.rgba(red: 0, green: 0, blue: 1, opacity: 1)])),
                                       .foreground(.color(.rgba(red: 1, green: 1, blue: 1, opacity: 1))))
        let archive = WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: t0, root: styled)
        XCTAssertEqual(try ArchiveDecoder().decode(ArchiveEncoder.encode(archive)), archive)
        let tree = WidgetRenderer.renderView(styled, layout: .fixed(Size(width: 40, height: 40)),
                                             context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0))
        let png = try PNGDecoder.decode(PNGRenderer(regular: nil, bold: nil).png(tree, scale: 1))
        func rgb(_ x: Int, _ y: Int) -> [UInt8] { Array(png.rgba[(y * png.width + x) * 4..<(y * png.width + x) * 4 + 3]) }
        XCTAssertEqual(rgb(20, 5), [0, 0, 255], "the disc in the palette's second colour")
        XCTAssertEqual(rgb(20, 20), [255, 255, 255], "the arrow's shaft in the first")
    }

    func testFilledAndOutlinedFormsDiffer() throws {
        // The middle of a star: ink in the filled form, none in the outline.
        XCTAssertGreaterThan(alpha(try render("star.fill"), 20, 22), 200)
        XCTAssertLessThan(alpha(try render("star"), 20, 22), 40)
        // The check knocked out of a filled disc: its stroke is a hole, the disc around it ink.
        let knocked = try render("checkmark.circle.fill")
        XCTAssertGreaterThan(alpha(knocked, 20, 6), 200, "the disc")
        XCTAssertLessThan(alpha(knocked, 18, 25), 60, "the check's stroke, knocked out")
        let ringed = try render("checkmark.circle")
        XCTAssertGreaterThan(alpha(ringed, 18, 25), 200, "the check drawn inside the ring")
        XCTAssertLessThan(alpha(ringed, 20, 11), 40, "and nothing between ring and check")
        // A slash crosses the glyph.
        XCTAssertNotEqual(try render("bell").rgba, try render("bell.slash").rgba)
        // An unknown name draws the stand-in, not nothing.
        XCTAssertTrue(try render("figure.surfing").rgba.enumerated().contains { $0.offset % 4 == 3 && $0.element > 200 })
    }
}
