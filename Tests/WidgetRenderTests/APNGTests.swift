import ByteCoding
import Foundation
import WidgetArchive
import WidgetLayout
import WidgetRender
import XCTest

/// An animated PNG's later frames are the rectangles that changed: put back together over the frames
/// before them, they are exactly the frames drawn.
final class APNGTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_763_712_000)

    private func canvas(_ text: String, opacity: Double) -> Canvas {
        let root = ViewNode.stack(StackNode(axis: .vertical, children: [.text(TextNode("Total")), .modified(.text(TextNode(text)), .opacity(opacity))]))
        let tree = WidgetRenderer.render(WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: t0, root: root),
                                         context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0))
        return PNGRenderer(regular: nil, bold: nil).canvas(tree, scale: 1)
    }

    private func be32(_ bytes: ArraySlice<UInt8>) -> Int { bytes.reduce(0) { $0 << 8 | Int($1) } }

    func testChangedRectanglesRebuildEveryFrame() throws {
        let frames = [canvas("200 mg", opacity: 1), canvas("200 mg", opacity: 1), canvas("264 mg", opacity: 0.5), canvas("264 mg", opacity: 1)]
        let apng = APNGEncoder.encode(frames, delayNumerator: 1, delayDenominator: 30)
        let width = frames[0].width, height = frames[0].height
        // Walk the chunks: each fcTL names a rectangle, the next IDAT/fdAT holds its pixels.
        var composite = [UInt8](repeating: 0, count: width * height * 4)
        var region = (x: 0, y: 0, w: 0, h: 0)
        var rebuilt: [[UInt8]] = []
        var regions: [Int] = []
        var i = 8
        while i + 8 <= apng.count {
            let length = be32(apng[i..<i + 4]), type = String(decoding: apng[i + 4..<i + 8], as: UTF8.self)
            let data = Array(apng[i + 8..<i + 8 + length])
            if type == "fcTL" {
                region = (be32(data[12..<16]), be32(data[16..<20]), be32(data[4..<8]), be32(data[8..<12]))
                regions.append(region.w * region.h)
            }
            if type == "IDAT" || type == "fdAT" {
                // The region's pixels: its own little PNG, decoded.
                let pixels = try PNGDecoder.decode(Self.png(width: region.w, height: region.h, zlib: type == "IDAT" ? data : Array(data.dropFirst(4))))
                for y in 0..<region.h {
                    for x in 0..<region.w {
                        for c in 0..<4 { composite[((region.y + y) * width + region.x + x) * 4 + c] = pixels.rgba[(y * region.w + x) * 4 + c] }
                    }
                }
                rebuilt.append(composite)
            }
            i += 12 + length
        }
        XCTAssertEqual(rebuilt.count, frames.count)
        for (n, frame) in frames.enumerated() {
            XCTAssertEqual(rebuilt[n], try PNGDecoder.decode(PNGEncoder.encode(frame)).rgba, "frame \(n)")
        }
        XCTAssertEqual(regions[0], width * height, "the first frame is whole")
        XCTAssertEqual(regions[1], 1, "an unchanged frame is one pixel")
        XCTAssertLessThan(regions[2], width * height / 2, "only the changed text")
    }

    /// A PNG around one zlib stream of scanlines (what an APNG frame's data is).
    static func png(width: Int, height: Int, zlib: [UInt8]) -> [UInt8] {
        func be(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be(data.count) + body + be(Int(CRC32.checksum(body)))
        }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", be(width) + be(height) + [8, 6, 0, 0, 0])
            + chunk("IDAT", zlib) + chunk("IEND", [])
    }
}
