import Foundation
@testable import WidgetRender
import XCTest

/// Asset catalogs keep "Preserve Vector Data" images as single-page PDFs, which the host reads and
/// rasterizes itself. The fixtures (Fixtures/PDF, written by make-fixtures.py, except cairo.pdf, which
/// cairo wrote through rsvg-convert) are 100 × 100 point pages, so at 100 × 100 pixels one point is one
/// pixel: a PDF point (x, y) is pixel column x, row 100 − y (PDF's y axis points up). Beside each is
/// poppler's rendering at 144 dpi (`pdftoppm -png -r 144`), which the drawing is compared with. Then the
/// hostile side: truncations, byte flips, cycles, a huge /Length, forms nested without end.
final class PDFVectorImageTests: XCTestCase {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/PDF")

    private func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
    }

    private func open(_ bytes: [UInt8]) -> Result<PDFVectorImage, PDFVectorImage.Failure> {
        Result { () throws(PDFVectorImage.Failure) in try PDFVectorImage(bytes) }
    }

    private func image(_ name: String, width: Int = 100, height: Int = 100) throws -> PNGDecoder.Image {
        try PDFVectorImage(fixture(name)).rasterize(width: width, height: height)
    }

    private func rgba(_ image: PNGDecoder.Image, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * image.width + x) * 4
        return image.rgba[i..<(i + 4)].map(Int.init)
    }

    private func assertPixel(_ image: PNGDecoder.Image, _ x: Int, _ y: Int, _ expected: [Int], tolerance: Int = 2,
                             file: StaticString = #filePath, line: UInt = #line) {
        let actual = rgba(image, x, y)
        XCTAssert(zip(actual, expected).allSatisfy { abs($0 - $1) <= tolerance }, "pixel (\(x), \(y)) is \(actual), expected \(expected)",
                  file: file, line: line)
    }

    private let transparent = [0, 0, 0, 0]
    private let red = [255, 0, 0, 255]
    private let green = [0, 255, 0, 255]
    private let blue = [0, 0, 255, 255]

    // MARK: Drawing

    func testRedSquareIsRedInsideAndTransparentOutsideWithYUp() throws {
        let pdf = try PDFVectorImage(fixture("red-square.pdf"))
        XCTAssertEqual(pdf.size.width, 100)
        XCTAssertEqual(pdf.size.height, 100)
        XCTAssertEqual(pdf.skipped, [])
        // `10 50 30 40 re`: PDF x 10..40, y 50..90, so columns 10..39 and rows 10..49.
        let image = pdf.rasterize(width: 100, height: 100)
        for (x, y) in [(10, 10), (39, 10), (10, 49), (39, 49), (25, 30)] { assertPixel(image, x, y, red, tolerance: 0) }
        for (x, y) in [(9, 30), (40, 30), (25, 9), (25, 50), (25, 70), (0, 0), (99, 99)] { assertPixel(image, x, y, transparent, tolerance: 0) }
        // At twice the size, the same square in twice the pixels.
        let double = pdf.rasterize(width: 200, height: 200)
        XCTAssertEqual(double.width, 200)
        assertPixel(double, 20, 20, red, tolerance: 0)
        assertPixel(double, 79, 99, red, tolerance: 0)
        assertPixel(double, 80, 100, transparent, tolerance: 0)
        // Stretched to another aspect, as the host may draw it.
        let wide = pdf.rasterize(width: 200, height: 50)
        assertPixel(wide, 50, 15, red, tolerance: 0)
        assertPixel(wide, 50, 30, transparent, tolerance: 0)
    }

    func testFlateCompressedContentStream() throws {
        let bytes = try fixture("flate.pdf")
        XCTAssertNotNil(PDFObjectStore.find(Array("/FlateDecode".utf8), in: bytes, from: 0))
        let image = try image("flate.pdf")
        assertPixel(image, 25, 75, blue, tolerance: 0)
        assertPixel(image, 75, 25, green, tolerance: 0)
        assertPixel(image, 50, 50, transparent, tolerance: 0)
    }

    func testCrossReferenceStreamAndObjectStream() throws {
        let bytes = try fixture("xref-stream.pdf")
        // No classic table: the objects are found through the stream, the page tree inside an object stream.
        XCTAssertNil(PDFObjectStore.find(Array("\nxref".utf8), in: bytes, from: 0))
        XCTAssertNotNil(PDFObjectStore.find(Array("/ObjStm".utf8), in: bytes, from: 0))
        let table = try PDFCrossReference.read(bytes)
        XCTAssertEqual(table.locations[3], .compressed(objectStream: 5, index: 2))
        let image = try image("xref-stream.pdf")
        assertPixel(image, 50, 50, [255, 128, 0, 255], tolerance: 1)
        assertPixel(image, 10, 10, transparent, tolerance: 0)
    }

    func testCircleAreaIsCloseToPiRSquared() throws {
        for scale in [1, 4] {
            let image = try image("circle.pdf", width: 100 * scale, height: 100 * scale)
            var area = 0.0
            for i in stride(from: 3, to: image.rgba.count, by: 4) { area += Double(image.rgba[i]) / 255 }
            area /= Double(scale * scale)
            XCTAssertEqual(area, Double.pi * 40 * 40, accuracy: Double.pi * 40 * 40 * 0.003, "at \(scale)×")
        }
    }

    func testSaveRestoreAndConcatenatedTransforms() throws {
        let image = try image("transforms.pdf")
        // Translated by (60, 10): PDF x 60..90, y 10..40.
        assertPixel(image, 75, 75, blue, tolerance: 0)
        // Scaled by 2 from (10, 50): 10..30, 50..70.
        assertPixel(image, 20, 40, green, tolerance: 0)
        assertPixel(image, 32, 40, transparent, tolerance: 0)
        // Rotated 45° about the centre: a diamond, so its axis-aligned corners are empty.
        assertPixel(image, 50, 50 - 10, red, tolerance: 0)
        assertPixel(image, 57, 43, transparent, tolerance: 0)
        // After Q the CTM is the page's again: the yellow square at the origin, bottom left.
        assertPixel(image, 5, 95, [255, 255, 0, 255], tolerance: 0)
    }

    func testEvenOddLeavesTheHoleAndNonZeroFillsIt() throws {
        let image = try image("even-odd.pdf")
        assertPixel(image, 8, 50, red, tolerance: 0)
        assertPixel(image, 25, 50, transparent, tolerance: 0)
        assertPixel(image, 58, 50, blue, tolerance: 0)
        assertPixel(image, 75, 50, blue, tolerance: 0)
        // A pentagram is one self-crossing subpath: its tips draw, but its centre, which even-odd
        // leaves empty, is filled, since the rasterizer winds only non-zero and even-odd is made of
        // whole subpaths (see `PDFListRenderer.evenOddCoverage`). Not asserted either way.
        assertPixel(try self.image("even-odd-star.pdf"), 50, 10, [0, 128, 0, 255], tolerance: 1)
    }

    func testExtGStateAlphaForFillAndStroke() throws {
        let image = try image("alpha.pdf")
        // Half-transparent red alone, then half-transparent blue over it: alpha 0.75, colour 1/3 red.
        assertPixel(image, 20, 70, [255, 0, 0, 128])
        assertPixel(image, 50, 50, [85, 0, 170, 191])
        assertPixel(image, 85, 15, [0, 0, 255, 128])
    }

    func testStrokesWithJoinsCapsAndDashes() throws {
        let image = try image("stroke.pdf")
        // A 10-wide outline of the square 25..75: the band 20..30 is blue, the inside empty.
        assertPixel(image, 22, 50, blue, tolerance: 0)
        assertPixel(image, 50, 50, transparent, tolerance: 0)
        // Miter joins fill the outer corners.
        assertPixel(image, 21, 21, blue, tolerance: 0)
        assertPixel(image, 78, 78, blue, tolerance: 0)
        // A round cap reaches 3 points past the line's end at PDF (10, 92).
        assertPixel(image, 8, 8, red, tolerance: 0)
        assertPixel(image, 5, 8, transparent, tolerance: 0)
        // Dashes [8 4] from x = 10 along PDF y = 8: on 10..18, off 18..22, on 22..30.
        assertPixel(image, 14, 92, [0, 128, 0, 255], tolerance: 1)
        assertPixel(image, 20, 92, transparent, tolerance: 0)
        assertPixel(image, 26, 92, [0, 128, 0, 255], tolerance: 1)
        // The bevel-joined chevron's apex is drawn.
        assertPixel(image, 50, 41, [0, 0, 0, 255], tolerance: 0)
    }

    func testFormXObjectsWithMatrixBBoxAndNesting() throws {
        let image = try image("form.pdf")
        // Fm1 at (10, 10): red 10..30 with a blue 15..25 centre.
        assertPixel(image, 12, 88, red, tolerance: 0)
        assertPixel(image, 20, 80, blue, tolerance: 0)
        // Fm1 at 2× from (50, 50): red 50..90, blue 60..80.
        assertPixel(image, 52, 48, red, tolerance: 0)
        assertPixel(image, 70, 30, blue, tolerance: 0)
        // Fm2 draws 30 × 30 but its BBox clips to 10 × 10 at (60, 10).
        assertPixel(image, 65, 85, [0, 153, 0, 255], tolerance: 1)
        assertPixel(image, 75, 85, transparent, tolerance: 0)
        // Fm3 draws Inner at (10, 60).
        assertPixel(image, 25, 25, [255, 0, 255, 255], tolerance: 0)
    }

    func testClippingPathsNonZeroAndEvenOdd() throws {
        let image = try image("clip.pdf")
        assertPixel(image, 50, 70, red, tolerance: 0)
        assertPixel(image, 50, 30, blue, tolerance: 0)
        assertPixel(image, 50, 5, transparent, tolerance: 0)
        assertPixel(image, 75, 25, transparent, tolerance: 0)
        // W* with a hole: a green frame.
        assertPixel(image, 2, 97, [0, 128, 0, 255], tolerance: 1)
        assertPixel(image, 10, 90, transparent, tolerance: 0)
    }

    func testShadingsPatternsAndColourSpaces() throws {
        let image = try image("shading.pdf")
        // Axial red to blue along x 10..90, inside the clip PDF y 60..90.
        let left = rgba(image, 12, 25), middle = rgba(image, 50, 25), right = rgba(image, 88, 25)
        XCTAssertGreaterThan(left[0], 240)
        XCTAssertLessThan(left[2], 15)
        XCTAssertEqual(middle[0], 128, accuracy: 4)
        XCTAssertEqual(middle[2], 128, accuracy: 4)
        XCTAssertGreaterThan(right[2], 240)
        assertPixel(image, 50, 5, transparent, tolerance: 0)
        // Radial pattern on a circle at (50, 30): yellow at the centre, through red to purple.
        let centre = rgba(image, 50, 70)
        XCTAssertEqual(centre[0], 255)
        XCTAssertGreaterThan(centre[1], 230)
        XCTAssertEqual(centre[2], 0)
        assertPixel(image, 50 + 12, 70, red, tolerance: 12)
        // DeviceCMYK (naively), ICCBased by its component count, Indexed by its table.
        assertPixel(image, 10, 90, [0, 0, 0, 255], tolerance: 0)
        assertPixel(image, 90, 90, red, tolerance: 0)
        assertPixel(image, 10, 55, [51, 204, 51, 255], tolerance: 1)
        assertPixel(image, 90, 55, green, tolerance: 0)
    }

    func testCairoExportFromRSVG() throws {
        let pdf = try PDFVectorImage(fixture("cairo.pdf"))
        // rsvg-convert writes 96-dpi SVG pixels as points: 100 px is 75 pt.
        XCTAssertEqual(pdf.size.width, 75)
        XCTAssertEqual(pdf.size.height, 75)
        XCTAssertEqual(pdf.skipped, [])
        let image = pdf.rasterize(width: 100, height: 100)
        // The linear gradient's ends, the radial gradient's yellow centre, the even-odd hole, the
        // 40%-opacity rectangle (a transparency group whose content sets ca back to 1).
        assertPixel(image, 8, 17, [255, 59, 48, 255], tolerance: 12)
        assertPixel(image, 92, 17, [0, 122, 255, 255], tolerance: 12)
        assertPixel(image, 28, 60, [255, 204, 0, 255], tolerance: 12)
        assertPixel(image, 75, 55, transparent, tolerance: 0)
        assertPixel(image, 62, 45, [88, 86, 214, 255], tolerance: 1)
        assertPixel(image, 85, 80, [0, 0, 0, 102], tolerance: 1)
    }

    /// Each drawable fixture against poppler's rendering of it (composited on white, as pdftoppm draws):
    /// the mean difference per channel stays within antialiasing of poppler's, except where this reader
    /// approximates on purpose (naive CMYK in shading.pdf).
    func testAgreesWithPoppler() throws {
        let limits: [String: Double] = [
            "red-square": 0.5, "flate": 0.5, "xref-stream": 0.5, "circle": 1, "transforms": 1, "even-odd": 1, "alpha": 1,
            "stroke": 1, "form": 1, "clip": 1, "shading": 2, "cairo": 2, "cycle-refs": 0.5, "huge-length": 0.5, "broken-xref": 0.5,
        ]
        for (name, limit) in limits.sorted(by: { $0.key < $1.key }) {
            let pdf = try PDFVectorImage(fixture(name + ".pdf"))
            let reference = try PNGDecoder.decode(fixture(name + ".poppler-144dpi.png"))
            let mine = pdf.rasterize(width: reference.width, height: reference.height)
            XCTAssertEqual(Double(reference.width), pdf.size.width * 2)
            var total = 0
            for i in 0..<(mine.width * mine.height) {
                let alpha = Int(mine.rgba[i * 4 + 3])
                for k in 0..<3 {
                    let onWhite = (Int(mine.rgba[i * 4 + k]) * alpha + 255 * (255 - alpha) + 127) / 255
                    total += abs(onWhite - Int(reference.rgba[i * 4 + k]))
                }
            }
            let mean = Double(total) / Double(mine.width * mine.height * 3)
            XCTAssertLessThanOrEqual(mean, limit, "\(name): mean channel difference from poppler")
        }
    }

    func testSkippedFeaturesAreNamed() throws {
        let bytes = Self.pdf(content: "BT /F1 12 Tf 10 10 Td (Hi) Tj ET /Im0 Do BI /W 1 /H 1 /BPC 8 /CS /G ID \u{1} EI 1 0 0 rg 0 0 5 5 re f",
                             resources: "/XObject << /Im0 5 0 R >>",
                             objects: ["<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /BitsPerComponent 8 /ColorSpace /DeviceGray /Length 1 >>\nstream\n\u{0}\nendstream"])
        let pdf = try PDFVectorImage(bytes)
        XCTAssertEqual(pdf.skipped, ["text", "images", "inline images"])
        // What follows the skipped parts still draws.
        assertPixel(pdf.rasterize(width: 100, height: 100), 2, 97, red, tolerance: 0)
    }

    func testPageInheritsMediaBoxAndResourcesAndHonoursCropBoxAndRotate() throws {
        // MediaBox and Resources on the Pages node; the page has only a CropBox and /Rotate 90.
        let bytes = Self.pdf(content: "/GS0 gs 1 0 0 rg 0 0 50 20 re f", resources: nil,
                             pagesEntries: "/MediaBox [0 0 200 100] /Resources << /ExtGState << /GS0 << /ca 0.5 >> >> >>",
                             pageEntries: "/CropBox [0 0 100 50] /Rotate 90")
        let pdf = try PDFVectorImage(bytes)
        XCTAssertEqual(pdf.size.width, 50)
        XCTAssertEqual(pdf.size.height, 100)
        let image = pdf.rasterize(width: 50, height: 100)
        // Turned a quarter clockwise: the page's bottom-left corner is now the top left.
        assertPixel(image, 10, 10, [255, 0, 0, 128])
        assertPixel(image, 10, 60, transparent, tolerance: 0)
        assertPixel(image, 30, 10, transparent, tolerance: 0)
    }

    // MARK: Hostile files

    /// Every fixture, except the one whose forms never end (`testDeeplyNestedForms`), and that one at
    /// a few points.
    private func allFixtures() throws -> [(String, [UInt8])] {
        try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".pdf") }.sorted()
            .map { ($0, try fixture($0)) }
    }

    func testTruncationsNeverTrap() throws {
        var drawn = 0
        for (name, bytes) in try allFixtures() {
            let steps = name == "nested-forms.pdf" ? 4 : 40
            for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / steps)) {
                if case .success(let pdf) = open(Array(bytes[0..<cut])) {
                    _ = pdf.rasterize(width: 24, height: 24)
                    drawn += 1
                }
            }
        }
        // The page objects come first, so many cuts still draw (rebuilt by scanning).
        XCTAssertGreaterThan(drawn, 50)
    }

    func testSeededByteFlipsNeverTrap() throws {
        var random = SplitMix64(seed: 0x5EED_0F_FD)
        for (name, bytes) in try allFixtures() {
            for _ in 0..<(name == "nested-forms.pdf" ? 4 : 40) {
                var mutated = bytes
                for _ in 0..<(1 + random.next() % 4) {
                    let i = Int(random.next() % UInt64(mutated.count))
                    switch random.next() % 3 {
                    case 0: mutated[i] = UInt8(truncatingIfNeeded: random.next())
                    case 1: mutated[i] = Array("0123456789-.".utf8)[Int(random.next() % 12)]
                    default: mutated.insert(contentsOf: Array("99999999999999999999".utf8), at: i)
                    }
                }
                if case .success(let pdf) = open(mutated) { _ = pdf.rasterize(width: 24, height: 24) }
            }
        }
    }

    func testReferenceCycles() throws {
        XCTAssertEqual(open(try fixture("cycle-pages.pdf")).failure, .noPage)
        // Resources that resolve in a circle, a /Length that is itself: the page still draws.
        assertPixel(try image("cycle-refs.pdf"), 25, 30, red, tolerance: 0)
        // An object stream that holds itself.
        var table = PDFCrossReference()
        try table.record(1, .compressed(objectStream: 1, index: 0))
        XCTAssertThrowsError(try PDFObjectStore(bytes: Array("%PDF-1.5\n".utf8), table: table).object(1))
        // Each stream's /Length the next stream, two hundred deep: loads nest only so far, and the
        // content is found by its `endstream`.
        let chain = (0..<200).map { "<< /Length \($0 + 6) 0 R >>\nstream\nx\nendstream" }
        let deep = Self.pdf(content: "1 0 0 rg 10 50 30 40 re f", objects: chain, contentLength: "5 0 R")
        assertPixel(try PDFVectorImage(deep).rasterize(width: 100, height: 100), 25, 30, red, tolerance: 0)
    }

    func testHugeLengthFindsEndstream() throws {
        assertPixel(try image("huge-length.pdf"), 25, 30, red, tolerance: 0)
    }

    func testDeeplyNestedForms() throws {
        // A form that draws itself four times: the nesting cap stops it, or the operator cap does.
        switch open(try fixture("nested-forms.pdf")) {
        case .success(let pdf):
            XCTAssertTrue(pdf.skipped.contains { $0.hasPrefix("forms nested") })
            _ = pdf.rasterize(width: 24, height: 24)
        case .failure(let failure):
            XCTAssertEqual(failure, .tooLarge)
        }
    }

    func testBrokenOrMissingCrossReferenceIsRebuiltByScanning() throws {
        assertPixel(try image("broken-xref.pdf"), 25, 30, red, tolerance: 0)
        assertPixel(try image("no-xref.pdf"), 25, 30, red, tolerance: 0)
    }

    func testNotAPDF() {
        XCTAssertEqual(open([]).failure, .notPDF)
        XCTAssertEqual(open([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).failure, .notPDF)
        XCTAssertEqual(open(Array("%PDF-1.4\n".utf8)).failure, .malformed(offset: 9, reason: "no startxref"))
    }

    func testUnsupportedFeaturesAreTypedFailures() {
        XCTAssertEqual(open(Self.pdf(content: "", trailer: "/Encrypt << /Filter /Standard >>")).failure, .unsupported("encrypted PDF"))
        let lzw = Self.pdf(content: "", contentFilter: "/LZWDecode")
        XCTAssertEqual(open(lzw).failure, .unsupported("stream filter LZWDecode"))
    }

    func testExtremeNumbersDrawWithoutTrapping() throws {
        let content = """
            1e300 0 0 1e300 0 0 cm 0 0 1 1 re f 99999999999999999999999 0 0 -1e300 5 5 cm 0 0 m 1 1 l S
            Q Q Q q 0 0 0 0 0 0 cm 10 w 0 0 m 50 50 l S Q 1e308 w [1e-300 0] 1e300 d 0 0 m 1e300 -1e300 l S
            -1e300 -1e300 1e300 1e300 re W* n 0 0 100 100 re f 1e300 1e300 m f* 1 0 0 1 1e18 1e18 cm 0 0 5 5 re f
            """
        let pdf = try PDFVectorImage(Self.pdf(content: content))
        _ = pdf.rasterize(width: 64, height: 64)
    }

    func testRasterSizesAreClamped() throws {
        let pdf = try PDFVectorImage(fixture("red-square.pdf"))
        let tiny = pdf.rasterize(width: 0, height: -5)
        XCTAssertEqual(tiny.width, 1)
        XCTAssertEqual(tiny.height, 1)
        for (width, height) in [(1 << 40, 1 << 20), (Int.max, 1), (1, Int.max), (Int.max, Int.max), (5000, 5000)] {
            let size = PDFVectorImage.rasterSize(width: width, height: height)
            XCTAssertLessThanOrEqual(size.width * size.height, PNGDecoder.maxPixels, "\(width) × \(height)")
            XCTAssertGreaterThanOrEqual(min(size.width, size.height), 1)
        }
        XCTAssertEqual(PDFVectorImage.rasterSize(width: 5000, height: 5000).width, 4096)
    }

    // MARK: Building files in tests

    /// A one-page file with a correct table: catalog 1, pages 2, page 3, content 4, `objects` from 5.
    private static func pdf(content: String, resources: String? = "", pagesEntries: String = "", pageEntries: String = "/MediaBox [0 0 100 100]",
                            objects: [String] = [], trailer: String = "", contentFilter: String? = nil, contentLength: String? = nil) -> [UInt8] {
        let filter = contentFilter.map { " /Filter \($0)" } ?? ""
        let bodies = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 \(pagesEntries) >>",
            "<< /Type /Page /Parent 2 0 R \(pageEntries) \(resources.map { "/Resources << \($0) >>" } ?? "") /Contents 4 0 R >>",
            "<< /Length \(contentLength ?? String(content.utf8.count))\(filter) >>\nstream\n\(content)\nendstream",
        ] + objects
        var out = Array("%PDF-1.4\n".utf8)
        var offsets: [Int] = []
        for (i, body) in bodies.enumerated() {
            offsets.append(out.count)
            out += Array("\(i + 1) 0 obj\n\(body)\nendobj\n".utf8)
        }
        let xref = out.count
        out += Array("xref\n0 \(bodies.count + 1)\n0000000000 65535 f \n".utf8)
        for offset in offsets { out += Array(String(format: "%010d 00000 n \n", offset).utf8) }
        out += Array("trailer\n<< /Size \(bodies.count + 1) /Root 1 0 R \(trailer) >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
        return out
    }
}

/// SplitMix64: a seeded generator, so a failing mutation can be reproduced.
private struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { failure } else { nil }
    }
}
