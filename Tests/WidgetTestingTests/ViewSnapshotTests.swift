import Foundation
import SwiftUI
import WidgetArchive
import WidgetLayout
import WidgetRender
@testable import WidgetTesting
import XCTest

/// A view drawn alone, in the test's process: sized as snapshot tests size SwiftUI views, with no
/// widget container, and snapshotted; and the similarity measure the fidelity tool reports.
final class ViewSnapshotTests: XCTestCase {
    private func pixel(_ image: PNGDecoder.Image, _ x: Int, _ y: Int) -> [UInt8] {
        Array(image.rgba[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 4])
    }

    func testAViewAtItsIdealSizeAndInAFixedFrame() throws {
        let badge = Color.red.frame(width: 30, height: 20)
        let fits = ViewRendering.renderTree(of: badge, layout: .sizeThatFits, scale: 2)
        XCTAssertEqual(fits.size, Size(width: 30, height: 20))
        let small = try PNGDecoder.decode(PNGRenderer().png(fits, scale: 2))
        XCTAssertEqual([small.width, small.height], [60, 40])
        XCTAssertEqual(pixel(small, 0, 0), [255, 59, 48, 255], "no corner mask: the corner is the view's own red")

        let framed = ViewRendering.renderTree(of: badge, layout: .fixed(width: 50, height: 40), scale: 1, background: RGBA(1, 1, 1))
        let image = try PNGDecoder.decode(PNGRenderer().png(framed, scale: 1))
        XCTAssertEqual(pixel(image, 5, 5), [255, 255, 255, 255], "the background around the centred view")
        XCTAssertEqual(pixel(image, 25, 20), [255, 59, 48, 255], "the view, centred: x 10–40, y 10–30")
        XCTAssertEqual(pixel(image, 9, 20)[1], 255)
        XCTAssertEqual(pixel(image, 11, 20)[1], 59)
        let transparent = try PNGDecoder.decode(PNGRenderer().png(ViewRendering.renderTree(of: badge, layout: .fixed(width: 50, height: 40), scale: 1), scale: 1))
        XCTAssertEqual(pixel(transparent, 5, 5)[3], 0, "no background: transparent around the view")
    }

    func testAGeometryReaderIsGivenTheFrame() {
        let reader = GeometryReader { proxy in Text("\(Int(proxy.size.width))×\(Int(proxy.size.height))") }
        let tree = ViewRendering.renderTree(of: reader, layout: .fixed(width: 120, height: 44))
        XCTAssertEqual(tree.texts, ["120×44"])
    }

    func testAViewIsSnapshottedAsAPNG() throws {
        let folder = try SnapshotFixtures.folder()
        func dot(_ colour: Color) -> some View { Circle().fill(colour).frame(width: 10, height: 10) }
        XCTAssertNotNil(verifySnapshot(of: dot(.blue), as: .png(layout: .fixed(width: 16, height: 16), scale: 2), named: "dot",
                                       snapshotDirectory: folder), "recorded the first time")
        XCTAssertNil(verifySnapshot(of: dot(.blue), as: .png(layout: .fixed(width: 16, height: 16), scale: 2), named: "dot", snapshotDirectory: folder))
        XCTAssertNotNil(verifySnapshot(of: dot(.green), as: .png(layout: .fixed(width: 16, height: 16), scale: 2), named: "dot",
                                       snapshotDirectory: folder), "another colour does not match")
        let recorded = try PNGDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent("testAViewIsSnapshottedAsAPNG.dot.png"))))
        XCTAssertEqual([recorded.width, recorded.height], [32, 32])
    }

    func testSimilarityOfIdenticalRelatedAndUnrelatedImages() throws {
        let stripes = PNGDecoder.Image(width: 16, height: 16, rgba: (0..<256).flatMap { p -> [UInt8] in
            let v: UInt8 = (p % 16) / 2 % 2 == 0 ? 0 : 255
            return [v, v, v, 255]
        })
        let same = try XCTUnwrap(ImageSimilarity.measure(stripes, stripes))
        XCTAssertEqual(same.meanAbsoluteDifference, 0)
        XCTAssertEqual(same.structuralSimilarity, 1, accuracy: 1e-9)

        let inverted = PNGDecoder.Image(width: 16, height: 16, rgba: stripes.rgba.enumerated().map { $0.offset % 4 == 3 ? 255 : 255 - $0.element })
        let opposite = try XCTUnwrap(ImageSimilarity.measure(stripes, inverted))
        XCTAssertEqual(opposite.meanAbsoluteDifference, 255)
        XCTAssertLessThan(opposite.structuralSimilarity, 0)

        let dimmer = PNGDecoder.Image(width: 16, height: 16, rgba: stripes.rgba.enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element / 255 * 235 })
        let close = try XCTUnwrap(ImageSimilarity.measure(stripes, dimmer))
        XCTAssertEqual(close.meanAbsoluteDifference, 10, accuracy: 0.01, "half the pixels 20 darker")
        XCTAssertGreaterThan(close.structuralSimilarity, 0.95)

        // A transparent pixel is compared by what shows through it.
        let clear = PNGDecoder.Image(width: 8, height: 8, rgba: [UInt8](repeating: 0, count: 256))
        let white = PNGDecoder.Image(width: 8, height: 8, rgba: [UInt8](repeating: 255, count: 256))
        XCTAssertEqual(ImageSimilarity.measure(clear, white)?.meanAbsoluteDifference, 0)
        XCTAssertNil(ImageSimilarity.measure(clear, stripes), "sizes differ")
    }
}
