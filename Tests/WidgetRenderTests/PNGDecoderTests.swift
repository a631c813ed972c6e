import Foundation
@testable import WidgetRender
import XCTest

/// The PNG forms apps ship: palette icons with transparency (what image optimisers write), low and
/// high bit depths, colour-keyed transparency and interlaced files, each decoded to the pixels it
/// stores; malformed ones are refused with the reason.
final class PNGDecoderTests: XCTestCase {
    func testPaletteWithTransparencyAtFourBits() throws {
        // Index 0 transparent, 1 orange, 2 half-transparent blue; a row of 3 pixels packs into 2 bytes.
        let png = PNGFile(width: 3, height: 2, depth: 4, colorType: 3,
                          rows: [[0x01, 0x20], [0x21, 0x00]],
                          palette: [0, 0, 0, 230, 120, 40, 0, 0, 255], transparency: [0, 255, 128]).bytes
        let image = try PNGDecoder.decode(png)
        XCTAssertEqual(pixels(image), [[0, 0, 0, 0], [230, 120, 40, 255], [0, 0, 255, 128],
                                       [0, 0, 255, 128], [230, 120, 40, 255], [0, 0, 0, 0]])
    }

    func testOneBitGreyScalesToFullRange() throws {
        // Ten pixels cross a byte boundary: 1010 1010 11.
        let png = PNGFile(width: 10, height: 1, depth: 1, colorType: 0, rows: [[0b1010_1010, 0b1100_0000]]).bytes
        let image = try PNGDecoder.decode(png)
        XCTAssertEqual(pixels(image).map { $0[0] }, [255, 0, 255, 0, 255, 0, 255, 0, 255, 255])
        XCTAssertEqual(Set(pixels(image).map { $0[3] }), [255])
    }

    func testSixteenBitGreyWithAColourKey() throws {
        // tRNS names the grey 0x1234 as transparent: only the exact 16-bit value is.
        let png = PNGFile(width: 3, height: 1, depth: 16, colorType: 0, rows: [[0x12, 0x34, 0x12, 0x35, 0xFF, 0xFF]],
                          transparency: [0x12, 0x34]).bytes
        let image = try PNGDecoder.decode(png)
        XCTAssertEqual(pixels(image), [[0x12, 0x12, 0x12, 0], [0x12, 0x12, 0x12, 255], [255, 255, 255, 255]])
    }

    func testSixteenBitRGBAndEightBitRGBKey() throws {
        let wide = PNGFile(width: 1, height: 1, depth: 16, colorType: 2, rows: [[0xAB, 0x01, 0x10, 0x02, 0x00, 0xFF]]).bytes
        XCTAssertEqual(pixels(try PNGDecoder.decode(wide)), [[0xAB, 0x10, 0x00, 255]])
        let keyed = PNGFile(width: 2, height: 1, depth: 8, colorType: 2, rows: [[1, 2, 3, 1, 2, 4]],
                            transparency: [0, 1, 0, 2, 0, 3]).bytes
        XCTAssertEqual(pixels(try PNGDecoder.decode(keyed)).map { $0[3] }, [0, 255])
    }

    func testAdam7InterlacedMatchesTheSameImageStoredPlainly() throws {
        let width = 7, height = 5
        let image = (0..<(width * height)).map { (i: Int) -> [UInt8] in
            let red = UInt8(i * 7 % 256), green = UInt8(i * 3), blue = UInt8(255 - i), alpha = UInt8(200 + i % 50)
            return [red, green, blue, alpha]
        }
        let plain = PNGFile(width: width, height: height, depth: 8, colorType: 6,
                            rows: (0..<height).map { y in Array(image[(y * width)..<((y + 1) * width)].joined()) }).bytes
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        var rows: [[UInt8]] = []
        for (x0, y0, dx, dy) in passes {
            let xs = Array(stride(from: x0, to: width, by: dx)), ys = Array(stride(from: y0, to: height, by: dy))
            guard !xs.isEmpty else { continue }
            for y in ys { rows.append(Array(xs.map { image[y * width + $0] }.joined())) }
        }
        let interlaced = PNGFile(width: width, height: height, depth: 8, colorType: 6, rows: rows, interlaced: true).bytes
        XCTAssertEqual(try PNGDecoder.decode(interlaced).rgba, try PNGDecoder.decode(plain).rgba)
        XCTAssertEqual(pixels(try PNGDecoder.decode(interlaced)), image)
    }

    func testSubAndUpFiltersAtLowDepthWorkOnWholeBytes() throws {
        // Two-bit grey: filters predict from whole bytes, whatever the depth.
        let row: [UInt8] = [0b0001_1011] // 0, 1, 2, 3
        var file = PNGFile(width: 4, height: 2, depth: 2, colorType: 0, rows: [row, row])
        file.filters = [1, 2]
        // Sub with a distance of one byte on a one-byte row is the identity; up on the second row
        // predicts the first, so its stored bytes are zero.
        file.storedRows = [row, [0]]
        XCTAssertEqual(pixels(try PNGDecoder.decode(file.bytes)).map { $0[0] }, [0, 85, 170, 255, 0, 85, 170, 255])
    }

    func testMalformedFilesAreRefusedWithTheReason() {
        let missingPalette = PNGFile(width: 1, height: 1, depth: 8, colorType: 3, rows: [[0]]).bytes
        XCTAssertThrowsError(try PNGDecoder.decode(missingPalette)) { XCTAssertEqual($0 as? PNGDecoder.Failure, .malformed("PLTE")) }
        let outOfPalette = PNGFile(width: 1, height: 1, depth: 8, colorType: 3, rows: [[5]], palette: [1, 2, 3]).bytes
        XCTAssertThrowsError(try PNGDecoder.decode(outOfPalette)) { XCTAssertEqual($0 as? PNGDecoder.Failure, .malformed("palette index 5")) }
        let badDepth = PNGFile(width: 1, height: 1, depth: 4, colorType: 2, rows: [[0]]).bytes
        XCTAssertThrowsError(try PNGDecoder.decode(badDepth)) {
            XCTAssertEqual($0 as? PNGDecoder.Failure, .malformed("bit depth 4 for colour type 2"))
        }
        var shortData = PNGFile(width: 4, height: 4, depth: 8, colorType: 0, rows: [[1, 2, 3, 4]])
        shortData.storedRows = [[1, 2, 3, 4]]
        XCTAssertThrowsError(try PNGDecoder.decode(shortData.bytes)) { XCTAssertEqual($0 as? PNGDecoder.Failure, .malformed("image data too short")) }
    }

    private func pixels(_ image: PNGDecoder.Image) -> [[UInt8]] {
        stride(from: 0, to: image.rgba.count, by: 4).map { Array(image.rgba[$0..<($0 + 4)]) }
    }
}

/// A PNG made by hand: rows as stored (filter `filters[i]`, default none), deflated in stored blocks.
struct PNGFile {
    var width: Int, height: Int, depth: UInt8, colorType: UInt8
    var rows: [[UInt8]]
    var palette: [UInt8] = []
    var transparency: [UInt8] = []
    var interlaced = false
    var filters: [UInt8] = []
    /// The bytes after each filter byte, when they differ from `rows`.
    var storedRows: [[UInt8]]?

    init(width: Int, height: Int, depth: UInt8, colorType: UInt8, rows: [[UInt8]], palette: [UInt8] = [],
         transparency: [UInt8] = [], interlaced: Bool = false) {
        (self.width, self.height, self.depth, self.colorType, self.rows) = (width, height, depth, colorType, rows)
        (self.palette, self.transparency, self.interlaced) = (palette, transparency, interlaced)
    }

    var bytes: [UInt8] {
        var raw: [UInt8] = []
        for (i, row) in (storedRows ?? rows).enumerated() { raw += [i < filters.count ? filters[i] : 0] + row }
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += chunk("IHDR", be32(width) + be32(height) + [depth, colorType, 0, 0, interlaced ? 1 : 0])
        if !palette.isEmpty { file += chunk("PLTE", palette) }
        if !transparency.isEmpty { file += chunk("tRNS", transparency) }
        file += chunk("IDAT", zlibStored(raw))
        file += chunk("IEND", [])
        return file
    }

    private func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    private func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in typed {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return be32(body.count) + typed + be32(Int(crc ^ 0xFFFF_FFFF))
    }

    /// zlib with one stored (uncompressed) deflate block.
    private func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        let n = data.count
        return [0x78, 0x01, 0x01, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)] + data + be32(Int(b << 16 | a))
    }
}
