import Foundation
@testable import WidgetArchive
@testable import WidgetRender
import WidgetLayout
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

    /// The 150 names a survey of SF Symbol names in 53 apps with widget extensions ranks first (by the
    /// number of apps using each, then occurrences): each draws as a glyph here.
    static let surveyTop150 = [
        "trash", "plus", "checkmark.circle.fill", "square.and.arrow.up", "xmark", "arrow.clockwise", "chevron.right",
        "checkmark", "xmark.circle.fill", "chevron.down", "info.circle", "exclamationmark.triangle.fill", "doc.on.doc",
        "circle.fill", "circle", "magnifyingglass", "pencil", "star.fill", "star", "plus.circle.fill", "checkmark.circle",
        "globe", "lock", "chevron.up", "exclamationmark.triangle", "ellipsis", "xmark.circle", "clock", "questionmark.circle",
        "plus.circle", "play.fill", "lock.fill", "square.and.pencil", "photo", "network", "gearshape", "list.bullet",
        "minus.circle.fill", "gear", "house", "arrow.triangle.2.circlepath", "exclamationmark.circle.fill", "chevron.left",
        "calendar", "eye", "line.3.horizontal.decrease.circle", "arrow.down", "chevron.forward", "square.and.arrow.down",
        "link", "bell", "trash.fill", "eye.slash", "person.crop.circle", "safari", "arrow.up", "folder", "tag", "bell.slash",
        "heart.fill", "bell.badge", "heart", "chart.line.uptrend.xyaxis", "ellipsis.circle", "info.circle.fill",
        "square.grid.2x2", "checkmark.seal.fill", "sun.max", "timer", "server.rack", "house.fill", "chart.xyaxis.line",
        "arrow.counterclockwise", "slider.horizontal.3", "arrow.left.arrow.right", "doc.plaintext", "list.bullet.rectangle",
        "person", "square", "minus.circle", "arrow.up.circle.fill", "at", "bell.fill", "bolt", "chart.bar.fill",
        "checkmark.square.fill", "chevron.up.chevron.down", "exclamationmark.circle", "person.2", "speaker.slash", "camera",
        "key.fill", "minus", "sun.max.fill", "text.bubble", "pause.fill", "questionmark", "sparkles", "speaker.slash.fill",
        "face.smiling", "arrow.up.arrow.down", "wifi.slash", "person.fill", "antenna.radiowaves.left.and.right",
        "arrow.2.squarepath", "number", "fork.knife", "clock.arrow.circlepath", "location.fill", "line.3.horizontal",
        "message", "bolt.fill", "person.2.fill", "location", "lock.shield", "arrow.up.circle", "drop.fill",
        "arrowshape.turn.up.left", "hourglass", "paperplane", "doc.text.magnifyingglass",
        "line.3.horizontal.decrease.circle.fill", "play", "shippingbox", "gearshape.fill", "person.circle.fill",
        "arrow.up.right.square", "arrow.up.right", "exclamationmark.bubble", "paintpalette", "wand.and.stars", "doc",
        "line.3.horizontal.decrease", "lock.open", "person.circle", "person.crop.circle.fill", "arrow.forward", "arrow.right",
        "bag", "icloud", "moon.fill", "play.circle.fill", "square.stack.3d.up", "dot.radiowaves.left.and.right", "map",
        "largecircle.fill.circle", "clock.arrow.2.circlepath", "qrcode", "bubble.left.and.bubble.right", "list.dash"
    ]

    /// Ranks 151 to 200 of the same survey.
    static let surveyNext50 = [
        "arrowtriangle.down.fill", "xmark.app", "doc.text", "quote.bubble.fill", "arrow.clockwise.circle", "chart.bar",
        "scope", "arrow.down.circle", "pin", "pin.slash", "wallet.pass", "archivebox", "arrow.counterclockwise.circle",
        "arrowshape.turn.up.left.fill", "bookmark", "chart.bar.doc.horizontal", "chart.bar.xaxis",
        "exclamationmark.shield.fill", "hand.raised", "keyboard.chevron.compact.down", "network.slash", "pause",
        "pencil.circle", "person.fill.badge.plus", "sensor.tag.radiowaves.forward.fill", "speaker.wave.2.fill", "stop.fill",
        "triangle.fill", "arrow.down.doc", "arrow.right.circle", "bubble.left.and.text.bubble.right", "checkmark.seal",
        "chevron.backward", "pin.fill", "doc.badge.plus", "note.text", "rectangle.grid.1x2", "sunrise.fill", "sunset.fill",
        "text.magnifyingglass", "wifi.exclamationmark", "arrow.down.to.line", "arrow.up.forward.app",
        "arrow.up.left.and.arrow.down.right", "arrow.up.to.line", "battery.75percent", "checkmark.square", "moon",
        "newspaper.fill", "person.3.fill"
    ]

    func testTheSurveysTopNamesDrawAsGlyphs() {
        XCTAssertEqual(Self.surveyTop150.count, 150)
        XCTAssertEqual(Set(Self.surveyTop150).count, 150, "no name listed twice")
        for name in Self.surveyTop150 { XCTAssertTrue(SymbolGlyphs.knows(name), name) }
        XCTAssertGreaterThanOrEqual(Self.surveyTop150.filter(SymbolGlyphs.knows).count, 150)
        let top200 = Self.surveyTop150 + Self.surveyNext50
        XCTAssertEqual(top200.count, 200)
        XCTAssertGreaterThanOrEqual(top200.filter(SymbolGlyphs.knows).count, 170, "of the top 200")
    }

    func testEveryBaseGlyphDrawsInkInsideItsBox() {
        let box = Rect(x: 0, y: 0, width: 32, height: 32)
        for name in SymbolGlyphs.glyphs.keys.sorted() {
            for variant in [name, name + ".fill", name + ".circle.fill", name + ".slash"] {
                guard let drawing = SymbolGlyphs.drawing(variant, in: box) else { return XCTFail(variant) }
                var all = drawing.ink
                if let backing = drawing.knockedOutOf { all.append(backing) }
                let points = all.polygons.joined()
                XCTAssertFalse(points.isEmpty, "\(variant) draws nothing")
                XCTAssertTrue(points.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "\(variant): not a number")
                guard let bounds = all.bounds else { continue }
                // Round ends may reach past the unit square by half a stroke at most.
                XCTAssertGreaterThanOrEqual(bounds.x, -0.5, variant); XCTAssertGreaterThanOrEqual(bounds.y, -0.5, variant)
                XCTAssertLessThanOrEqual(bounds.x + bounds.width, 32.5, variant); XCTAssertLessThanOrEqual(bounds.y + bounds.height, 32.5, variant)
                XCTAssertGreaterThan(bounds.width * bounds.height, 16, "\(variant) is a speck")
            }
        }
    }

    /// Coverage of `name` drawn alone at 24 px, as a bitmap of inked pixels.
    private func inkBitmap(_ name: String) -> [Bool] {
        guard let drawing = SymbolGlyphs.drawing(name, in: Rect(x: 0, y: 0, width: 24, height: 24)) else { return [] }
        var canvas = Canvas(width: 24, height: 24)
        canvas.fill(drawing.knockedOutOf ?? drawing.ink, .solid(.black))
        if drawing.knockedOutOf != nil { canvas.fill(drawing.ink, .solid(.white)) }
        let bytes = try? PNGDecoder.decode(PNGEncoder.encode(canvas))
        return (0..<(24 * 24)).map { (bytes?.rgba[$0 * 4 + 3] ?? 0) > 127 && (bytes?.rgba[$0 * 4] ?? 255) < 128 }
    }

    func testDistinctGlyphsDrawDifferently() {
        let keys = SymbolGlyphs.glyphs.keys.sorted()
        var seen: [[Bool]: String] = [:]
        for name in keys {
            let bitmap = inkBitmap(name)
            XCTAssertTrue(bitmap.contains(true), "\(name) inks no pixel at 24 px")
            if let twin = seen[bitmap] { XCTFail("\(name) draws exactly as \(twin)") }
            seen[bitmap] = name
        }
        // Pairs easily confused: they differ in more than a few pixels.
        for (a, b) in [("doc", "doc.text"), ("sun.max", "sun.min"), ("cloud", "cloud.rain"), ("person", "person.2"), ("lock", "lock.open"),
                       ("timer", "stopwatch"), ("chart.line.uptrend.xyaxis", "chart.xyaxis.line"), ("list.bullet", "list.dash"),
                       ("speaker.wave.2", "speaker.wave.3"), ("arrow.up.right", "arrow.up")] {
            let differing = zip(inkBitmap(a), inkBitmap(b)).filter { $0 != $1 }.count
            XCTAssertGreaterThan(differing, 12, "\(a) and \(b)")
        }
    }

    func testSuffixesComposeOnAnyBase() {
        let box = Rect(x: 0, y: 0, width: 30, height: 30)
        for name in ["checkmark.seal.fill", "lock.shield", "exclamationmark.bubble", "text.bubble", "list.bullet.rectangle", "xmark.app",
                     "arrow.up.forward.app", "chevron.forward", "person.crop.circle.fill", "speaker.slash.fill", "bell.badge",
                     "person.fill.badge.plus", "doc.badge.plus", "calendar.badge.exclamationmark", "largecircle.fill.circle",
                     "line.3.horizontal.decrease.circle.fill", "face.smiling.inverse", "globe.americas", "moon.stars.circle.fill"] {
            XCTAssertTrue(SymbolGlyphs.knows(name), name)
        }
        XCTAssertEqual(SymbolGlyphs.parse("speaker.slash.fill")?.base, "speaker")
        XCTAssertEqual(SymbolGlyphs.parse("photo.on.rectangle")?.enclosure, nil, "a glyph of its own, not a photo in a rectangle")
        XCTAssertEqual(SymbolGlyphs.parse("person.fill.badge.plus")?.badge, "plus")
        XCTAssertEqual(SymbolGlyphs.parse("checkmark.seal.fill")?.enclosure, .seal)
        XCTAssertNotNil(SymbolGlyphs.drawing("checkmark.seal.fill", in: box)?.knockedOutOf, "the check knocked out of the seal")
        // A filled glyph with knocked-out parts keeps them apart from its body.
        XCTAssertNotNil(SymbolGlyphs.drawing("exclamationmark.triangle.fill", in: box)?.knockedOutOf)
        XCTAssertNil(SymbolGlyphs.drawing("exclamationmark.triangle", in: box)?.knockedOutOf)
        XCTAssertFalse(SymbolGlyphs.knows("badge.plus"), "a badge needs a glyph to sit on")
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

    func testNamesWithoutAGlyphAreListedOnceForTheReport() {
        let root = ViewNode.stack(StackNode(axis: .horizontal, children: [
            .image(ImageNode(source: .system("flux.capacitor"))), .image(ImageNode(source: .system("star.fill"))),
            .image(ImageNode(source: .system("flux.capacitor"))), .image(ImageNode(source: .asset("flux.capacitor"))),
        ]))
        let archive = WidgetArchiveValue(kind: "S", family: .systemMedium, entryDate: Date(timeIntervalSince1970: 0), root: root)
        let tree = WidgetRenderer.render(archive, context: RenderContext(placement: .iPhoneHomeScreen, family: .systemMedium,
                                                                          date: Date(timeIntervalSince1970: 0)))
        XCTAssertEqual(SymbolGlyphs.standIns(in: tree), ["flux.capacitor"], "once, and only system images")
    }

    /// A symbol drawn at 100 points in blue, in a rendering mode; the pixel at (x, y) of its frame.
    private func symbolPixel(_ name: String, _ mode: SymbolRenderingModeValue, at point: (Double, Double)) throws -> RGBA {
        let image = ViewNode.modified(.modified(.modified(.image(ImageNode(source: .system(name))), .symbolRenderingMode(mode)),
                                                .foreground(.color(.system(.blue, opacity: 1)))), .font(FontSpec(size: .fixed(100))))
        let archive = WidgetArchiveValue(kind: "S", family: .systemSmall, entryDate: Date(timeIntervalSince1970: 0), root: image)
        let tree = WidgetRenderer.render(archive, context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall,
                                                                          date: Date(timeIntervalSince1970: 0)))
        let frame = try XCTUnwrap(tree.root.allNodes().first { $0.role == .image }?.frame)
        let side = min(frame.width, frame.height)
        let x = frame.x + (frame.width - side) / 2 + point.0 * side, y = frame.y + (frame.height - side) / 2 + point.1 * side
        return PNGRenderer().canvas(tree, scale: 1).pixel(x: Int(x), y: Int(y))
    }

    func testMulticolourDrawsTheSymbolsOwnColours() throws {
        let heart = try symbolPixel("heart.fill", .multicolor, at: (0.5, 0.55))
        XCTAssertGreaterThan(heart.r, 0.9, "a red heart whatever the foreground")
        XCTAssertLessThan(heart.b, 0.4)
        XCTAssertGreaterThan(try symbolPixel("heart.fill", .monochrome, at: (0.5, 0.55)).b, 0.9, "in the foreground otherwise")
        // The battery's charge is green and its bolt dark; its case is grey.
        let charge = try symbolPixel("battery.100.bolt", .multicolor, at: (0.2, 0.5))
        XCTAssertGreaterThan(charge.g, charge.r + 0.3)
        XCTAssertGreaterThan(charge.g, charge.b + 0.3)
        let bolt = try symbolPixel("battery.100.bolt", .multicolor, at: (0.49, 0.5))
        XCTAssertLessThan(bolt.r + bolt.g + bolt.b, 0.6, "the bolt is dark")
        let casing = try symbolPixel("battery.100.bolt", .multicolor, at: (0.5, 0.3))
        XCTAssertEqual(casing.r, casing.b, accuracy: 0.05, "the case is grey")
        // Without colours of its own, multicolour draws as the hierarchical mode.
        XCTAssertEqual(try symbolPixel("gearshape", .multicolor, at: (0.5, 0.5)), try symbolPixel("gearshape", .hierarchical, at: (0.5, 0.5)))
    }
}
