import Foundation
import WidgetArchive
import WidgetLayout
import WidgetRender
import XCTest

/// The host's side of the device settings: text styles at each Dynamic Type size, layout mirrored
/// right to left, and dates in the locale and time zone.
final class DeviceRenderingTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_763_712_000)  // 2025-11-21T08:00:00Z

    private func render(_ root: ViewNode, _ device: DeviceSettings?, archived: DeviceSettings = .standard,
                        placement: Placement = .iPhoneHomeScreen, family: WidgetFamily = .systemMedium) -> RenderTree {
        let archive = WidgetArchiveValue(kind: "T", family: family, entryDate: t0, variant: EnvironmentVariant(device: archived), root: root)
        return WidgetRenderer.render(archive, context: RenderContext(placement: placement, family: family, date: t0, device: device))
    }

    private func text(_ s: String, _ style: TextStyle = .body) -> ViewNode {
        .modified(.text(TextNode(s)), .font(FontSpec(size: .style(style))))
    }

    private func size(_ tree: RenderTree, _ s: String) -> Double? {
        tree.root.allNodes().compactMap(\.lines).joined().flatMap(\.runs).first { $0.text == s }?.fontSize
    }

    private func frame(_ tree: RenderTree, _ s: String) throws -> Rect {
        try XCTUnwrap(tree.root.allNodes().first { $0.text == s }?.frame, "\(tree.texts)")
    }

    func testTextStylesFollowApplesTableAndFixedSizesDoNot() {
        let root = ViewNode.stack(StackNode(axis: .vertical, children: [
            text("a", .body), text("b", .caption2), text("c", .largeTitle),
            .modified(.text(TextNode("d")), .font(FontSpec(size: .fixed(12)))),
        ]))
        let expected: [(TextSizeValue, [Double])] = [(.xSmall, [14, 11, 31]), (.large, [17, 11, 34]), (.xxxLarge, [23, 17, 40]),
                                                      (.accessibility5, [53, 40, 60])]
        for (textSize, sizes) in expected {
            let tree = render(root, DeviceSettings(textSize: textSize), family: .systemLarge)
            XCTAssertEqual(["a", "b", "c"].map { size(tree, $0) }, sizes, "\(textSize)")
            XCTAssertEqual(size(tree, "d"), 12, "a fixed size is not scaled")
        }
        XCTAssertEqual(TextStyleTable.size(.body, platform: .watchOS, textSize: .accessibility3), (16 * 40 / 17).rounded(),
                       "watchOS steps its own sizes as iOS steps body")
    }

    func testNestedTextSizeRangesHoldTheDeviceSizeInTurn() {
        let inner = ViewNode.modified(text("x"), .textSizeRange(.accessibility1 ... .accessibility5))
        let root = ViewNode.modified(inner, .textSizeRange(.xSmall ... .xxLarge))
        // The device's xSmall: the outer range keeps xSmall, the inner one raises it to AX1.
        XCTAssertEqual(size(render(root, DeviceSettings(textSize: .xSmall)), "x"), 28)
        // AX5: the outer range lowers it to xxLarge, the inner one raises it to AX1.
        XCTAssertEqual(size(render(root, DeviceSettings(textSize: .accessibility5)), "x"), 28)
        let capped = ViewNode.modified(text("y"), .textSizeRange(.xSmall ... .xxLarge))
        XCTAssertEqual(size(render(capped, DeviceSettings(textSize: .accessibility5)), "y"), 21)
        XCTAssertEqual(size(render(capped, DeviceSettings(textSize: .small)), "y"), 15)
    }

    func testTheArchivesSettingsApplyUnlessTheContextSetsItsOwn() {
        XCTAssertEqual(size(render(text("z"), nil, archived: DeviceSettings(textSize: .accessibility2)), "z"), 33)
        XCTAssertEqual(size(render(text("z"), DeviceSettings(textSize: .small), archived: DeviceSettings(textSize: .accessibility2)), "z"), 15)
    }

    func testRightToLeftMirrorsStacksPaddingAlignmentAndOffsets() throws {
        let row = ViewNode.stack(StackNode(axis: .horizontal, spacing: 10, children: [.text(TextNode("first")), .text(TextNode("second"))]))
        let padded = ViewNode.modified(row, .padding(PaddingSpec(edges: 0b0010, leading: 20)))
        let root = ViewNode.modified(padded, .frame(FrameSpec(maxWidth: .infinity, alignment: AlignmentValue(horizontal: .leading, vertical: .top))))
        let ltr = render(root, nil), rtl = render(root, DeviceSettings(layoutDirection: .rightToLeft))
        let width = ltr.size.width
        for name in ["first", "second"] {
            let l = try frame(ltr, name), r = try frame(rtl, name)
            XCTAssertEqual(r.maxX, width - l.x, accuracy: 1e-9, "\(name) is mirrored about the widget's centre")
            XCTAssertEqual(r.width, l.width)
        }
        XCTAssertEqual(try frame(rtl, "first").maxX, width - 16 - 20, accuracy: 1e-9, "the leading padding is on the right")

        let moved = ViewNode.modified(.text(TextNode("o")), .offset(x: 12, y: 3))
        let movedLTR = try frame(render(moved, nil), "o"), movedRTL = try frame(render(moved, DeviceSettings(layoutDirection: .rightToLeft)), "o")
        XCTAssertEqual(movedRTL.x, movedLTR.x - 24, accuracy: 1e-9, "offset(x:) points the reading way")
    }

    func testLeadingTextLinesAlignRightAndTrailingLeft() throws {
        let wrapped = ViewNode.modified(.modified(.text(TextNode("a few words that wrap onto more lines than one")),
                                                  .multilineTextAlignment(.leading)), .frame(.fixed(width: 120, height: nil)))
        let tree = render(wrapped, DeviceSettings(layoutDirection: .rightToLeft))
        let node = try XCTUnwrap(tree.root.allNodes().first { $0.role == .text })
        let lines = try XCTUnwrap(node.lines)
        XCTAssertGreaterThan(lines.count, 1)
        for line in lines { XCTAssertEqual(line.x + line.width, node.frame.maxX, accuracy: 1e-9) }
    }

    func testALinearProgressViewFillsFromTheRightRightToLeft() throws {
        let bar = ViewNode.progress(ProgressNode(value: .fraction(value: 1, total: 4), style: .linear))
        let painter = PNGRenderer()
        let rtl = painter.canvas(render(bar, DeviceSettings(layoutDirection: .rightToLeft)), scale: 1)
        let ltr = painter.canvas(render(bar, nil), scale: 1)
        let tree = render(bar, nil)
        let track = try XCTUnwrap(tree.root.allNodes().first { $0.role == .progress }?.children.first { $0.role == .shape }?.frame)
        let y = Int(track.y + track.height / 2)
        let nearLeft = Int(track.x + track.width * 0.1), nearRight = Int(track.maxX - track.width * 0.1)
        XCTAssertNotEqual(ltr.pixel(x: nearLeft, y: y), ltr.pixel(x: nearRight, y: y), "a quarter filled")
        XCTAssertEqual(rtl.pixel(x: nearRight, y: y), ltr.pixel(x: nearLeft, y: y), "the filled quarter is at the right")
        XCTAssertEqual(rtl.pixel(x: nearLeft, y: y), ltr.pixel(x: nearRight, y: y))
    }

    func testForwardSymbolsAreDrawnFlippedAndRightChevronsAreNot() {
        let row = ViewNode.stack(StackNode(axis: .horizontal, children: [
            .image(ImageNode(source: .system("chevron.forward"))), .image(ImageNode(source: .system("chevron.right"))),
        ]))
        let images = render(row, DeviceSettings(layoutDirection: .rightToLeft)).root.allNodes().filter { $0.role == .image }
        XCTAssertEqual(images.map(\.mirrored), [true, nil])
    }

    func testDatesInTheLocaleAndTimeZone() {
        let date = Date(timeIntervalSince1970: 1_559_604_180)  // 2019-06-03T23:23:00Z
        let german = DateTextFormatter().with(DeviceSettings(locale: "de_DE", timeZone: "Europe/Berlin"))
        XCTAssertEqual(german.string(.date(date, .time), at: date), "01:23")
        XCTAssertEqual(german.string(.date(date, .date), at: date), "4. Juni 2019")
        XCTAssertEqual(german.string(.date(date.addingTimeInterval(2 * 3600 + 23 * 60), .relative), at: date), "2 Stunden und 23 Minuten")
        XCTAssertEqual(german.string(.date(date.addingTimeInterval(65), .timer), at: date), "1:05", "timers keep their digits")
        // US English in another time zone stays on the deterministic path.
        let tokyo = DateTextFormatter().with(DeviceSettings(timeZone: "Asia/Tokyo"))
        XCTAssertEqual(tokyo.string(.date(date, .time), at: date), "8:23 AM")
        XCTAssertEqual(tokyo.string(.date(date, .date), at: date), "June 4, 2019")
        // Summer and winter in a zone with daylight saving time.
        let newYork = DateTextFormatter().with(DeviceSettings(timeZone: "America/New_York"))
        XCTAssertEqual(newYork.string(.date(date, .time), at: date), "7:23 PM")
        XCTAssertEqual(newYork.string(.date(t0, .time), at: t0), "3:00 AM")
    }
}

/// Mixed-direction lines drawn in reading order.
final class BidiLineTests: XCTestCase {
    private func drawnRuns(_ text: String, direction: LayoutDirectionValue = .leftToRight) -> [String] {
        let archive = WidgetArchiveValue(kind: "T", family: .systemMedium, entryDate: Date(timeIntervalSince1970: 0), root: .text(TextNode(text)))
        let tree = WidgetRenderer.render(archive, context: RenderContext(
            placement: .iPhoneHomeScreen, family: .systemMedium, date: Date(timeIntervalSince1970: 0),
            device: DeviceSettings(layoutDirection: direction)))
        let line = tree.root.allNodes().compactMap(\.lines).joined().first
        return line.map { $0.runs.sorted { $0.x < $1.x }.map(\.text) } ?? []
    }

    func testArabicLettersTakeTheFormsTheirNeighboursCallFor() {
        // سلام: seen initial, lam and alef as their final ligature, meem isolated (alef joins only the
        // letter before it).
        XCTAssertEqual(drawnRuns("سلام").joined().unicodeScalars.map(\.value), [0xFEE1, 0xFEFC, 0xFEB3],
                       "drawn right to left: meem, lam–alef, seen")
        // Two letters that join: بب is beh initial then beh final.
        XCTAssertEqual(drawnRuns("\u{0628}\u{0628}").joined().unicodeScalars.map(\.value), [0xFE90, 0xFE91])
        // A mark between two letters does not break the join: بَب is beh initial with its mark, then beh
        // final, drawn from the left: the final beh, then the initial one with the mark over it.
        XCTAssertEqual(drawnRuns("\u{0628}\u{064E}\u{0628}").joined().unicodeScalars.map(\.value), [0xFE90, 0xFE91, 0x064E])
        // Hamza joins nothing and keeps its own character; the last of the block's letters is in place.
        XCTAssertEqual(drawnRuns("\u{0621}").joined().unicodeScalars.map(\.value), [0x0621])
        XCTAssertEqual(drawnRuns("\u{064A}").joined().unicodeScalars.map(\.value), [0xFEF1])
        // Lam then alef is one ligature: alone (لا), and final after a joining letter (سلا).
        XCTAssertEqual(drawnRuns("\u{0644}\u{0627}").joined().unicodeScalars.map(\.value), [0xFEFB])
        XCTAssertEqual(drawnRuns("\u{0633}\u{0644}\u{0627}").joined().unicodeScalars.map(\.value), [0xFEFC, 0xFEB3])
    }

    /// Joined letters meet: every column between the word's first and last ink has ink.
    func testAJoinedArabicWordIsDrawnWithoutGaps() throws {
        let painter = PNGRenderer()
        guard painter.regular?.glyphIndex("\u{FE91}") != nil || painter.fallback?.glyphIndex("\u{FE91}") != nil else {
            throw XCTSkip("no installed face draws Arabic (fonts-dejavu-core)")
        }
        let root = ViewNode.modified(.text(TextNode("\u{0628}\u{0628}\u{0628}\u{0628}")), .font(FontSpec(size: .fixed(40))))
        let archive = WidgetArchiveValue(kind: "A", family: .systemMedium, entryDate: Date(timeIntervalSince1970: 0), root: root)
        let tree = WidgetRenderer.render(archive, context: RenderContext(placement: .iPhoneHomeScreen, family: .systemMedium,
                                                                          date: Date(timeIntervalSince1970: 0)))
        let canvas = painter.canvas(tree, scale: 1)
        let line = try XCTUnwrap(tree.root.allNodes().first { $0.role == .text }?.lines?.first)
        let rows = Int(line.baseline) - 8...Int(line.baseline) + 2
        let inked = (0..<canvas.width).map { x in rows.contains { canvas.pixel(x: x, y: $0).r < 0.5 } }
        let first = try XCTUnwrap(inked.firstIndex(of: true)), last = try XCTUnwrap(inked.lastIndex(of: true))
        XCTAssertFalse(inked[first...last].contains(false), "a gap inside the joined word: " + inked[first...last].map { $0 ? "#" : "." }.joined())
    }

    func testHebrewIsDrawnRightToLeftWithItsNumberLeftToRight() {
        // "שלום 42" read right to left: the number at the left, the word reversed into drawing order.
        XCTAssertEqual(drawnRuns("שלום 42").joined(), "42 םולש")
        // A Latin word inside a Hebrew sentence keeps its own order.
        XCTAssertEqual(drawnRuns("ספר Swift חדש").joined(), "שדח Swift רפס")
        // An English sentence with a Hebrew word: the word alone is reversed.
        XCTAssertEqual(drawnRuns("Read ספר (now)").joined(), "Read רפס (now)")
        XCTAssertEqual(drawnRuns("(ספר)").joined(), "(רפס)", "brackets face the way they are read")
        XCTAssertEqual(drawnRuns("Plain text").joined(), "Plain text", "left-to-right text is untouched")
    }
}

/// `.serif` and `.monospaced` text drawn in faces of those designs where installed.
final class DesignFaceTests: XCTestCase {
    func testMonospacedTextDrawsInTheMonospacedFace() throws {
        let sans = PNGRenderer()
        guard sans.designFaces[.monospaced] != nil else { throw XCTSkip("no monospaced face installed (fonts-liberation2 or fonts-dejavu-core)") }
        var without = sans
        without.designFaces = [:]
        let root = ViewNode.modified(.text(TextNode("0123")), .font(FontSpec(size: .fixed(30), design: .monospaced)))
        let archive = WidgetArchiveValue(kind: "T", family: .systemSmall, entryDate: Date(timeIntervalSince1970: 0), root: root)
        let tree = WidgetRenderer.render(archive, context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall,
                                                                          date: Date(timeIntervalSince1970: 0)))
        XCTAssertNotEqual(sans.png(tree, scale: 1), without.png(tree, scale: 1), "the digits are drawn from another face")
        XCTAssertEqual(sans.png(tree, scale: 1), sans.png(tree, scale: 1))
    }
}

/// `Font.smallCaps()` and its lowercase and uppercase forms: the letters named drawn as capitals at
/// the lowercase letters' height.
final class SmallCapsTests: XCTestCase {
    private func runs(_ text: String, _ smallCaps: SmallCapsValue) -> [(String, Double)] {
        let root = ViewNode.modified(.text(TextNode(text)), .font(FontSpec(size: .fixed(20), smallCaps: smallCaps)))
        let archive = WidgetArchiveValue(kind: "T", family: .systemMedium, entryDate: Date(timeIntervalSince1970: 0), root: root)
        let tree = WidgetRenderer.render(archive, context: RenderContext(placement: .iPhoneHomeScreen, family: .systemMedium,
                                                                          date: Date(timeIntervalSince1970: 0)))
        return tree.root.allNodes().compactMap(\.lines).joined().flatMap(\.runs).map { ($0.text, $0.fontSize) }
    }

    func testTheLettersNamedBecomeSmallCapitals() throws {
        XCTAssertEqual(runs("Hello 42", .lowercase).map(\.0), ["H", "ELLO", " 42"])
        XCTAssertEqual(runs("Hello 42", .lowercase).map(\.1), [20, 15, 20])
        XCTAssertEqual(runs("Hello", .uppercase).map(\.0), ["H", "ello"])
        XCTAssertEqual(runs("Hello", .uppercase).map(\.1), [15, 20])
        XCTAssertEqual(runs("Hi 2", .all).map(\.0), ["HI", " 2"])
        XCTAssertEqual(runs("Hello", .off).map(\.0), ["Hello"])
        // The format keeps them (font style bits 5 and 6).
        let value = WidgetArchiveValue(kind: "T", family: .systemSmall, entryDate: Date(timeIntervalSince1970: 0),
                                       root: .modified(.text(TextNode("x")), .font(FontSpec(size: .style(.body), smallCaps: .uppercase))))
        XCTAssertEqual(try ArchiveDecoder().decode(ArchiveEncoder.encode(value)), value)
    }
}

/// `.position(x:y:)`: the view takes the space offered and centres its content on the point.
final class PositionTests: XCTestCase {
    func testTheContentIsCentredOnThePoint() throws {
        let positioned = ViewNode.modified(.modified(.text(TextNode("x")), .position(x: 20, y: 30)), .frame(.fixed(width: 100, height: 80)))
        for (direction, centreX) in [(LayoutDirectionValue.leftToRight, 20.0), (.rightToLeft, 80)] {
            let archive = WidgetArchiveValue(kind: "P", family: .systemSmall, entryDate: Date(timeIntervalSince1970: 0), root: positioned)
            let tree = WidgetRenderer.render(archive, context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall,
                                                                              date: Date(timeIntervalSince1970: 0),
                                                                              device: DeviceSettings(layoutDirection: direction)))
            let text = try XCTUnwrap(tree.root.allNodes().first { $0.role == .text }).frame
            // The 100 × 80 frame is centred in the 158-point widget: its corner is at (29, 39).
            XCTAssertEqual(text.x + text.width / 2, 29 + centreX, accuracy: 1e-9, "\(direction)")
            XCTAssertEqual(text.y + text.height / 2, 39 + 30, accuracy: 1e-9)
        }
    }
}
