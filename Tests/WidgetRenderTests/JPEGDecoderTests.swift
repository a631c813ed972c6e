import Foundation
import WidgetRender
import XCTest

/// The host decodes JPEG asset images itself, from bytes an extension supplies. The fixtures
/// (Fixtures/JPEG, made by make-fixtures.sh with libjpeg-turbo's cjpeg) are synthetic patterns that this
/// test re-creates, one per coding process, sampling and marker arrangement the decoder supports; each
/// is also matched against libjpeg's own decoding of it, committed beside it. Then the hostile side:
/// truncations, byte flips, a frame too large, and processes the decoder refuses.
final class JPEGDecoderTests: XCTestCase {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/JPEG")

    private func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
    }

    private func decode(_ bytes: [UInt8]) -> Result<PNGDecoder.Image, JPEGDecoder.Failure> {
        Result { () throws(JPEGDecoder.Failure) in try JPEGDecoder.decode(bytes) }
    }

    // MARK: The patterns the fixtures were made from

    /// What a fixture was encoded from: make-fixtures.sh's pattern (RGB, or its luma for greyscale
    /// files) or its CMYK pattern, shown as RGB the way Adobe's inverted CMYK is.
    private enum Source { case rgb, grey, cmyk }

    /// Gradients in R, G and B, a red and a blue block and a white bar: pattern.py in make-fixtures.sh.
    private static func patternRGB(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> [Int] {
        if w / 8 <= x, x < w / 8 + w / 4, h / 8 <= y, y < h / 8 + h / 4 { return [230, 40, 40] }
        if w / 2 <= x, x < w / 2 + w / 4, h / 2 <= y, y < h / 2 + h / 4 { return [30, 60, 200] }
        if 3 * w / 4 + 2 <= x, x < 3 * w / 4 + 4 { return [255, 255, 255] }
        return [x * 255 / max(w - 1, 1), y * 255 / max(h - 1, 1), 255 - (x + y) * 255 / max(w + h - 2, 1)]
    }

    private static func expected(_ source: Source, _ x: Int, _ y: Int, _ w: Int, _ h: Int) -> [Int] {
        switch source {
        case .rgb: return patternRGB(x, y, w, h)
        case .grey:
            let p = patternRGB(x, y, w, h), luma = (299 * p[0] + 587 * p[1] + 114 * p[2] + 500) / 1000
            return [luma, luma, luma]
        case .cmyk: // adobe-cmyk.c: stored (inverted) C, M, Y, K; each channel is ink left × black left.
            let inks = [255 - x * 255 / 47, 255 - y * 255 / 31, (x / 12 + y / 8) % 2 == 1 ? 90 : 230], black = 255 - (x + y) * 100 / 77
            return inks.map { ($0 * black + 127) / 255 }
        }
    }

    /// A fixture and how close its decoding must come to the pattern: mean and largest error per
    /// channel, a little above what was measured (libjpeg's own decoding measures the same). At quality
    /// 95, full-resolution colour comes within a few levels; subsampled chroma (4:2:2, 4:2:0, …) halves
    /// colour resolution, so the pattern's saturated colour edges blur over a pixel or two and the
    /// largest error there is large while the mean stays small. Quality 10 is coarse everywhere. The
    /// tight check of the decoder itself is the one against libjpeg below.
    private struct Expectation {
        let name: String, width: Int, height: Int, source: Source, mean: Double, max: Int
    }

    private static let expectations: [Expectation] = [
        Expectation(name: "baseline-444", width: 48, height: 32, source: .rgb, mean: 1.5, max: 16),
        Expectation(name: "baseline-422", width: 48, height: 32, source: .rgb, mean: 3.5, max: 75),
        Expectation(name: "baseline-440", width: 48, height: 32, source: .rgb, mean: 3.5, max: 75),
        Expectation(name: "baseline-420", width: 48, height: 32, source: .rgb, mean: 5.5, max: 120),
        Expectation(name: "baseline-411", width: 48, height: 32, source: .rgb, mean: 7.5, max: 140),
        Expectation(name: "greyscale", width: 48, height: 32, source: .grey, mean: 0.6, max: 8),
        Expectation(name: "rgb", width: 48, height: 32, source: .rgb, mean: 0.6, max: 8),
        Expectation(name: "noninterleaved-420", width: 48, height: 32, source: .rgb, mean: 5.5, max: 120),
        Expectation(name: "restart-420", width: 48, height: 32, source: .rgb, mean: 5.5, max: 120),
        Expectation(name: "progressive-420", width: 48, height: 32, source: .rgb, mean: 5.5, max: 120),
        Expectation(name: "progressive-grey", width: 48, height: 32, source: .grey, mean: 0.6, max: 8),
        Expectation(name: "progressive-restart-422", width: 48, height: 32, source: .rgb, mean: 3.5, max: 75),
        Expectation(name: "odd-37x23", width: 37, height: 23, source: .rgb, mean: 9, max: 140),
        Expectation(name: "odd-37x23-progressive", width: 37, height: 23, source: .rgb, mean: 9, max: 140),
        Expectation(name: "quality10-16bit", width: 48, height: 32, source: .rgb, mean: 18, max: 150),
        Expectation(name: "adobe-cmyk", width: 48, height: 32, source: .cmyk, mean: 0.5, max: 6),
        Expectation(name: "adobe-ycck", width: 48, height: 32, source: .cmyk, mean: 4.5, max: 50),
    ]

    /// Mean and largest absolute difference per channel between an image and RGB values (alpha must be
    /// opaque throughout).
    private func difference(_ image: PNGDecoder.Image, _ rgb: (Int, Int) -> [Int]) -> (mean: Double, max: Int) {
        var total = 0, largest = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let at = (y * image.width + x) * 4, want = rgb(x, y)
                for channel in 0..<3 {
                    let d = abs(Int(image.rgba[at + channel]) - want[channel])
                    total += d
                    largest = max(largest, d)
                }
                XCTAssertEqual(image.rgba[at + 3], 255)
            }
        }
        return (Double(total) / Double(max(image.width * image.height * 3, 1)), largest)
    }

    func testFixturesDecodeToThePatternsTheyWereMadeFrom() throws {
        for e in Self.expectations {
            let bytes = try fixture(e.name + ".jpg")
            let size = JPEGDecoder.dimensions(bytes)
            XCTAssertEqual(size?.width, e.width, e.name)
            XCTAssertEqual(size?.height, e.height, e.name)
            let image = try JPEGDecoder.decode(bytes)
            XCTAssertEqual(image.width, e.width, e.name)
            XCTAssertEqual(image.height, e.height, e.name)
            XCTAssertEqual(image.rgba.count, e.width * e.height * 4, e.name)
            let error = difference(image) { Self.expected(e.source, $0, $1, e.width, e.height) }
            XCTAssertLessThan(error.mean, e.mean, "\(e.name): mean error against the pattern")
            XCTAssertLessThanOrEqual(error.max, e.max, "\(e.name): largest error against the pattern")
        }
    }

    // MARK: Against libjpeg

    /// A binary PNM (P5 greyscale or P6 RGB, as djpeg writes) as RGB triples.
    private func readPNM(_ bytes: [UInt8]) -> (width: Int, height: Int, rgb: [UInt8])? {
        var fields: [String] = [], index = 0
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }
        while fields.count < 4, index < bytes.count {
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            let start = index
            while index < bytes.count, !isSpace(bytes[index]) { index += 1 }
            fields.append(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        guard fields.count == 4, let width = Int(fields[1]), let height = Int(fields[2]), index < bytes.count else { return nil }
        let body = Array(bytes[(index + 1)...])
        let rgb = fields[0] == "P5" ? body.flatMap { [$0, $0, $0] } : body
        return rgb.count == width * height * 3 ? (width, height, rgb) : nil
    }

    /// libjpeg's integer IDCT and fixed-point colour conversion round differently from the decoder's
    /// float IDCT, so a sample may differ by a level or two (three after colour conversion), rarely.
    func testFixturesMatchLibjpegsDecodingWithinThreeLevels() throws {
        for e in Self.expectations where e.name != "baseline-411" { // libjpeg repeats 4:1:1 chroma; the decoder interpolates
            let image = try JPEGDecoder.decode(try fixture(e.name + ".jpg"))
            let reference = try XCTUnwrap(readPNM(try fixture(e.name + ".ref.pnm")), e.name)
            XCTAssertEqual(reference.width, image.width, e.name)
            XCTAssertEqual(reference.height, image.height, e.name)
            guard reference.width == image.width, reference.height == image.height else { continue }
            let error = difference(image) { x, y in
                let at = (y * reference.width + x) * 3
                return [Int(reference.rgb[at]), Int(reference.rgb[at + 1]), Int(reference.rgb[at + 2])]
            }
            XCTAssertLessThan(error.mean, 0.25, "\(e.name): mean difference from libjpeg")
            XCTAssertLessThanOrEqual(error.max, 3, "\(e.name): largest difference from libjpeg")
        }
    }

    // MARK: Markers

    /// Segments a decoder does not need (comments, EXIF), fill bytes before markers (T.81 B.1.1.2,
    /// restart markers inside the entropy-coded data included) change nothing.
    func testExtraSegmentsAndFillBytesChangeNothing() throws {
        let original = try fixture("restart-420.jpg")
        var padded: [UInt8] = [0xFF, 0xD8]
        padded += [0xFF, 0xFE, 0x00, 0x07] + Array("hello".utf8)
        padded += [0xFF, 0xE1, 0x00, 0x0A] + Array("Exif".utf8) + [0, 0, 0xFF, 0xFF]
        var i = 2
        while i < original.count {
            if original[i] == 0xFF, i + 1 < original.count, original[i + 1] != 0x00, original[i + 1] != 0xFF { padded += [0xFF, 0xFF] }
            padded.append(original[i])
            i += 1
        }
        XCTAssertEqual(try JPEGDecoder.decode(padded).rgba, try JPEGDecoder.decode(original).rgba)
        XCTAssertEqual(JPEGDecoder.dimensions(padded)?.width, 48)
    }

    func testWhatIsNotAJPEGIsSaidSo() {
        for bytes: [UInt8] in [[], [0xFF], [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], Array("<svg/>".utf8)] {
            XCTAssertEqual(decode(bytes).failure, .notJPEG)
            XCTAssertNil(JPEGDecoder.dimensions(bytes))
        }
        // A JPEG's start with no frame or scan after it: nothing to draw.
        XCTAssertEqual(decode([0xFF, 0xD8, 0xFF, 0xD9]).failure, .truncated(offset: 4))
    }

    // MARK: Hostile input

    /// The offset of the frame header's body (after the SOFn marker and length) in a fixture.
    private func frameHeader(_ bytes: [UInt8]) -> Int? {
        (2..<(bytes.count - 1)).first { bytes[$0] == 0xFF && (0xC0...0xC2).contains(bytes[$0 + 1]) }.map { $0 + 4 }
    }

    func testAFrameTooLargeIsRefusedBeforeItIsAllocated() throws {
        var bytes = try fixture("baseline-420.jpg")
        let header = try XCTUnwrap(frameHeader(bytes))
        bytes.replaceSubrange((header + 1)..<(header + 5), with: [0xEA, 0x60, 0xEA, 0x60]) // 60000 × 60000
        XCTAssertEqual(decode(bytes).failure, .tooLarge(width: 60000, height: 60000))
        XCTAssertEqual(JPEGDecoder.dimensions(bytes)?.width, 60000)
        // Just past the limit it is refused too; at the limit (4096 × 4096) the frame is accepted and
        // decoding goes on to fail for want of a scan (the file is cut after its frame header).
        bytes.replaceSubrange((header + 1)..<(header + 5), with: [0x10, 0x00, 0x10, 0x01])
        XCTAssertEqual(decode(bytes).failure, .tooLarge(width: 4097, height: 4096))
        bytes.replaceSubrange((header + 1)..<(header + 5), with: [0x10, 0x00, 0x10, 0x00])
        let length = Int(bytes[header - 2]) << 8 | Int(bytes[header - 1])
        XCTAssertEqual(decode(Array(bytes[0..<(header - 2 + length)])).failure, .truncated(offset: header - 2 + length))
        XCTAssertEqual(JPEGDecoder.maxPixels, 4096 * 4096)
    }

    func testProcessesOtherThanHuffmanDCTAreUnsupported() throws {
        let arithmetic = try fixture("arithmetic.jpg")
        XCTAssertEqual(decode(arithmetic).failure, .unsupported("arithmetic-coded JPEG (SOF9)"))
        XCTAssertEqual(JPEGDecoder.dimensions(arithmetic)?.width, 48, "the size is still there to read")

        let baseline = try fixture("baseline-444.jpg")
        let header = try XCTUnwrap(frameHeader(baseline))
        var lossless = baseline
        lossless[header - 3] = 0xC3
        XCTAssertEqual(decode(lossless).failure, .unsupported("lossless JPEG (SOF3)"))
        var hierarchical = baseline
        hierarchical[header - 3] = 0xC5
        XCTAssertEqual(decode(hierarchical).failure, .unsupported("hierarchical JPEG (SOF5)"))
        var twelveBit = baseline
        twelveBit[header] = 12
        XCTAssertEqual(decode(twelveBit).failure, .unsupported("12-bit samples"))
    }

    /// Every prefix of a progressive file with restart intervals, and of a baseline one: each decodes
    /// (what was cut is left grey) or fails with a `Failure`, never traps.
    func testEveryTruncationDecodesOrFails() throws {
        for name in ["progressive-restart-422.jpg", "baseline-420.jpg"] {
            let bytes = try fixture(name)
            var decoded = 0
            for length in 0..<bytes.count {
                if case .success(let image) = decode(Array(bytes[0..<length])) {
                    XCTAssertEqual(image.rgba.count, 48 * 32 * 4)
                    decoded += 1
                }
            }
            // Once the first scan has begun, what is there is drawn.
            XCTAssertGreaterThan(decoded, bytes.count / 2, name)
            XCTAssertNoThrow(try JPEGDecoder.decode(Array(bytes.dropLast(20))), name)
        }
    }

    /// Seeded random byte changes (headers and entropy-coded data alike): decoded or refused, never a
    /// trap, and an image that decodes is the size its frame header says.
    func testSeededByteFlipsDecodeOrFail() throws {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func random() -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(truncatingIfNeeded: state >> 1)
        }
        for name in ["baseline-420.jpg", "progressive-420.jpg", "progressive-restart-422.jpg", "adobe-ycck.jpg", "quality10-16bit.jpg"] {
            let original = try fixture(name)
            for _ in 0..<300 {
                var bytes = original
                for _ in 0...(random() % 4) { bytes[random() % bytes.count] = UInt8(truncatingIfNeeded: random()) }
                let size = JPEGDecoder.dimensions(bytes)
                if case .success(let image) = decode(bytes) {
                    XCTAssertEqual(image.rgba.count, image.width * image.height * 4)
                    XCTAssertTrue(image.width * image.height <= JPEGDecoder.maxPixels)
                    XCTAssertEqual(size?.width, image.width)
                    XCTAssertEqual(size?.height, image.height)
                }
            }
        }
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
