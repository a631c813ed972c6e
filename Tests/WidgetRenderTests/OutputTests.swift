import Foundation
import WidgetArchive
import WidgetArchiveGenerator
import WidgetLayout
import WidgetRandom
import WidgetRender
import XCTest

/// PNG, SVG and render-tree outputs, pinned by committed goldens (rendered with the built-in glyph
/// fallback, so they do not depend on the fonts a machine has). Regenerate deliberately with
/// `UPDATE_GOLDENS=1 swift test --filter OutputTests`.
final class OutputTests: XCTestCase {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Archives/golden/renders", isDirectory: true)
    let t0 = Date(timeIntervalSince1970: 1_763_712_000)

    var scenes: [(String, WidgetArchiveValue, Placement)] {
        let caffeine = WidgetArchiveValue(
            kind: "Caffeine", family: .systemSmall, entryDate: t0,
            root: .modified(
                .stack(StackNode(axis: .vertical, alignment: AlignmentValue(horizontal: .leading, vertical: .center), spacing: 4, children: [
                    .modified(.text(TextNode("Total Caffeine")), .font(FontSpec(size: .style(.caption)))),
                    .modified(.text(TextNode("64 mg")), .font(FontSpec(size: .style(.title), weight: .bold))),
                    .spacer(minLength: 0),
                    .control(ControlNode(kind: .button(label: .stack(StackNode(axis: .horizontal, spacing: 4, children: [
                        .image(ImageNode(source: .system("plus"))), .text(TextNode("Espresso")),
                    ]))), action: .intent(IntentReference(typeIdentifier: "LogDrink", parameters: [1])))),
                ])),
                .containerBackground(.color(.rgba(red: 0.98, green: 0.95, blue: 0.88, opacity: 1)))))
        let ring = WidgetArchiveValue(
            kind: "Timer", family: .accessoryCircular, entryDate: t0,
            root: .stack(StackNode(axis: .depth, children: [
                .accessoryBackground,
                .progress(ProgressNode(value: .fraction(value: 0.25, total: 1), style: .circular, currentValueLabel: .text(TextNode("25")))),
            ])))
        let gradient = WidgetArchiveValue(
            kind: "Photo", family: .systemSmall, entryDate: t0, flags: .backgroundNotRemovable,
            root: .modified(.modified(.text(TextNode("Beach")), .frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity,
                                                                                    alignment: AlignmentValue(horizontal: .leading, vertical: .bottom)))),
                            .containerBackground(.shape(ShapeNode(kind: .rectangle, fill: .linearGradient(
                                stops: [GradientStop(color: .system(.orange, opacity: 1), location: 0), GradientStop(color: .system(.purple, opacity: 1), location: 1)],
                                start: UnitPointValue(x: 0.5, y: 0), end: UnitPointValue(x: 0.5, y: 1)))))))
        return [("caffeine-home", caffeine, .iPhoneHomeScreen), ("ring-lock", ring, .iPhoneLockScreen), ("photo-standby", gradient, .standByDay)]
    }

    func testGoldenRendersAreBitExact() throws {
        let update = ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1"
        let renderer = PNGRenderer(regular: nil, bold: nil)
        for (name, archive, placement) in scenes {
            let tree = WidgetRenderer.render(archive, context: RenderContext(placement: placement, family: archive.family, date: t0))
            let png = renderer.png(tree, scale: 2)
            let json = tree.json()
            let pngURL = Self.directory.appendingPathComponent("\(name).png"), jsonURL = Self.directory.appendingPathComponent("\(name).json")
            if update {
                try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
                try Data(png).write(to: pngURL)
                try Data(json.utf8).write(to: jsonURL)
            }
            let golden = [UInt8](try Data(contentsOf: pngURL))
            XCTAssertTrue(png == golden, "\(name): pixels changed (\(png.count) bytes vs golden \(golden.count)); regenerate goldens if intended")
            let (now, then) = (try PNGDecoder.decode(png).rgba, try PNGDecoder.decode(golden).rgba)
            XCTAssertEqual(now.count, then.count, "\(name): image size differs")
            XCTAssertEqual(zip(now, then).filter { $0 != $1 }.count, 0, "\(name): decoded pixels differ")
            XCTAssertEqual(json, try String(contentsOf: jsonURL, encoding: .utf8), "\(name): render tree changed")
        }
    }

    /// A renderer keeps canvases and scratch cells between renders: nothing of one render may show in
    /// the next, whatever order scenes of the same size come in.
    func testReusedBuffersNeverLeakPixelsBetweenRenders() throws {
        let renderer = PNGRenderer(regular: nil, bold: nil)
        let trees = scenes.filter { $0.1.family == .systemSmall }.map { name, archive, _ in
            (name, WidgetRenderer.render(archive, context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0)))
        }
        XCTAssertEqual(trees.count, 2)
        let fresh = trees.map { PNGEncoder.encode(PNGRenderer(regular: nil, bold: nil).canvas($0.1, scale: 2)) }
        XCTAssertNotEqual(fresh[0], fresh[1])
        for i in [0, 1, 0, 1, 1, 0] {
            XCTAssertTrue(renderer.png(trees[i].1, scale: 2) == fresh[i], "\(trees[i].0) differs after reuse")
        }
    }

    func testPNGDecodesToTheDrawnPixels() throws {
        let archive = WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: t0, flags: .contentMarginsDisabled,
                                         root: .color(.rgba(red: 1, green: 0, blue: 0, opacity: 1)))
        let tree = WidgetRenderer.render(archive, context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0))
        let png = PNGRenderer(regular: nil, bold: nil).png(tree, scale: 1)
        let image = try PNGDecoder.decode(png)
        XCTAssertEqual(image.width, 158)
        XCTAssertEqual(image.height, 158)
        let center = (79 * 158 + 79) * 4
        XCTAssertEqual(Array(image.rgba[center..<(center + 4)]), [255, 0, 0, 255])
        // The continuous corner leaves the very corner transparent.
        XCTAssertEqual(image.rgba[3], 0)
    }

    /// The zlib trailer of a PNG is the Adler-32 of its filtered rows, by the definition (one byte at a
    /// time, reduced every step), for streams around the 16-byte step and the 5552-byte block, and for
    /// all-0xFF data, the largest sums.
    func testPNGZlibTrailerIsTheAdler32OfTheFilteredRows() {
        func definition(_ data: [UInt8]) -> UInt32 {
            var a: UInt32 = 1, b: UInt32 = 0
            for byte in data { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
            return b << 16 | a
        }
        var seed: UInt32 = 7
        func random() -> UInt8 { seed = seed &* 1_664_525 &+ 1_013_904_223; return UInt8(truncatingIfNeeded: seed >> 24) }
        let sizes = [(1, 1), (1, 3), (3, 1), (1, 1110), (1, 1111), (347, 4), (4, 333), (17, 81), (100, 100)]
        for (width, height) in sizes {
            for allOnes in [false, true] {
                let rgba = (0..<(width * height * 4)).map { _ in allOnes ? 0xFF : random() }
                let png = PNGEncoder.encode(width: width, height: height, rgba: rgba)
                var filtered: [UInt8] = []
                for y in 0..<height {
                    filtered.append(1)  // Sub
                    for i in 0..<(width * 4) {
                        let byte = rgba[y * width * 4 + i]
                        filtered.append(i < 4 ? byte : byte &- rgba[y * width * 4 + i - 4])
                    }
                }
                // …IDAT data, its CRC (4 bytes), then IEND (12 bytes).
                let end = png.count - 12 - 4
                let trailer = png[(end - 4)..<end].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                XCTAssertEqual(trailer, definition(filtered), "\(width)×\(height), \(filtered.count) bytes, all 0xFF: \(allOnes)")
            }
        }
    }

    func testSVGCarriesTextShapesAndActions() {
        let (_, archive, placement) = scenes[0]
        let svg = SVGWriter.svg(WidgetRenderer.render(archive, context: RenderContext(placement: placement, family: archive.family, date: t0)))
        XCTAssertTrue(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"158\" height=\"158\""))
        XCTAssertTrue(svg.contains(">Total Caffeine</text>"))
        XCTAssertTrue(svg.contains("data-action=\"intent:LogDrink\""))
        XCTAssertTrue(svg.contains("clip-path=\"url(#clip1)\""))
    }

    func testTrueTypeGlyphsAreDrawnWhenAFontIsPresent() throws {
        guard let font = TrueTypeFont.system(bold: false) else { throw XCTSkip("no system TrueType font on this machine") }
        XCTAssertNotNil(font.glyphIndex("A"))
        let archive = WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: t0, root: .text(TextNode("Hello")))
        let tree = WidgetRenderer.render(archive, context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0))
        let withFont = PNGRenderer(regular: font, bold: font).png(tree, scale: 2)
        let fallback = PNGRenderer(regular: nil, bold: nil).png(tree, scale: 2)
        XCTAssertNotEqual(withFont, fallback)
        // Layout never depends on the font.
        XCTAssertEqual(tree.root.allNodes().first { $0.role == .text }?.frame.width,
                       WidgetRenderer.render(archive, context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0)).root.allNodes().first { $0.role == .text }?.frame.width)
    }

    /// Liberation Sans draws text where it is installed; a character it lacks (☢) is drawn from
    /// DejaVu Sans behind it, exactly as DejaVu alone draws it, not as the built-in block.
    func testACharacterTheFaceLacksIsDrawnFromTheFallback() throws {
        guard let liberation = TrueTypeFont.liberationSans(bold: false), let dejaVu = TrueTypeFont.dejaVuSans(bold: false) else {
            throw XCTSkip("Liberation Sans or DejaVu Sans is not installed (Tools/install-fonts.sh)")
        }
        XCTAssertNil(liberation.glyphIndex("\u{2622}"))
        XCTAssertNotNil(dejaVu.glyphIndex("\u{2622}"))
        let archive = WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: t0, root: .text(TextNode("\u{2622}")))
        let tree = WidgetRenderer.render(archive, context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0))
        var layered = PNGRenderer(regular: liberation, bold: liberation)
        layered.fallback = dejaVu
        let drawn = layered.png(tree, scale: 2)
        XCTAssertEqual(drawn, PNGRenderer(regular: dejaVu, bold: dejaVu).png(tree, scale: 2))
        XCTAssertNotEqual(drawn, PNGRenderer(regular: liberation, bold: liberation).png(tree, scale: 2), "without the fallback: the block")
        let chosen = PNGRenderer()
        XCTAssertEqual(chosen.regular?.glyphIndex("A"), liberation.glyphIndex("A"), "the default face is Liberation Sans where installed")
        XCTAssertNotNil(chosen.fallback)
    }

    func testHostileFontBytesNeverTrap() {
        var rng = SeededRandom(seed: 8)
        for _ in 0..<300 {
            var bytes = (0..<Int.random(in: 0...600, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            if bytes.count > 12 { bytes[4] = 0; bytes[5] = UInt8.random(in: 0...9, using: &rng) }
            if let font = TrueTypeFont(bytes: bytes), let g = font.glyphIndex("a") {
                _ = font.path(g, x: 0, baseline: 10, size: 12, stretch: 1, italic: false)
            }
        }
    }
}

/// Asset images: decoded from PNG (hostile bytes are errors, never traps) and drawn in their frame.
final class AssetImageTests: XCTestCase {
    func testAnAssetImageIsDrawnFromItsPixels() throws {
        // A 2×2 image: red, green / blue, white.
        let pixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]
        let png = PNGEncoder.encode(width: 2, height: 2, rgba: pixels)
        let decoded = try PNGDecoder.decode(png)
        XCTAssertEqual(decoded.width, 2)
        XCTAssertEqual(decoded.rgba, pixels)

        let archive = WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: Date(timeIntervalSince1970: 0), flags: .contentMarginsDisabled,
                                         root: .image(ImageNode(source: .asset("tiles"), resizable: true)))
        let tree = WidgetRenderer.render(archive, context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: Date(timeIntervalSince1970: 0)))
        var renderer = PNGRenderer(regular: nil, bold: nil)
        renderer.assets = { name, _ in name == "tiles" ? decoded : nil }
        let canvas = renderer.canvas(tree, scale: 1)
        XCTAssertEqual(canvas.pixel(x: 40, y: 40).bytes, [255, 0, 0, 255])
        XCTAssertEqual(canvas.pixel(x: 118, y: 40).bytes, [0, 255, 0, 255])
        XCTAssertEqual(canvas.pixel(x: 40, y: 118).bytes, [0, 0, 255, 255])
        // Without the asset, a placeholder is drawn instead (not the image).
        XCTAssertNotEqual(PNGRenderer(regular: nil, bold: nil).canvas(tree, scale: 1).pixel(x: 40, y: 40).bytes, [255, 0, 0, 255])
    }

    func testHostilePNGBytesAreErrors() {
        let valid = PNGEncoder.encode(width: 8, height: 8, rgba: [UInt8](repeating: 200, count: 8 * 8 * 4))
        var rng = SeededRandom(seed: 12)
        var errors = 0
        for _ in 0..<2000 {
            var bytes = valid
            for _ in 0..<Int(1 + rng.next() % 4) { bytes[Int(rng.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: rng.next()) }
            if rng.next() % 3 == 0 { bytes.removeLast(Int(rng.next() % UInt64(bytes.count))) }
            if (try? PNGDecoder.decode(bytes)) == nil { errors += 1 }
        }
        XCTAssertGreaterThan(errors, 100)
        // A header claiming a huge image is refused before anything is allocated for it.
        var huge = valid
        huge[16] = 0x7F; huge[20] = 0x7F
        XCTAssertThrowsError(try PNGDecoder.decode(huge))
    }
}
