import Foundation
import WidgetArchive
@testable import WidgetLayout
@testable import WidgetRender
import XCTest

/// Clip masks kept between draws must be the masks rasterizing gives, and the cache must stay bounded.
final class ClipMaskCacheTests: XCTestCase {
    private func outline(_ i: Int) -> Path {
        .roundedRect(Rect(x: 3.25 + Double(i), y: 2.5, width: 200, height: 150), radius: 22, continuous: true)
    }

    func testACachedMaskIsTheRasterizedMask() throws {
        let cache = ClipMaskCache()
        var scratch = CoverageAccumulator()
        let fresh = try XCTUnwrap(CoverageMask.rasterize(outline(0), canvasWidth: 240, canvasHeight: 180))
        let first = try XCTUnwrap(cache.mask(outline(0), canvasWidth: 240, canvasHeight: 180, using: &scratch))
        let again = try XCTUnwrap(cache.mask(outline(0), canvasWidth: 240, canvasHeight: 180, using: &scratch))
        for mask in [first, again] {
            XCTAssertEqual([mask.x0, mask.y0, mask.width, mask.height], [fresh.x0, fresh.y0, fresh.width, fresh.height])
            XCTAssertEqual(mask.alpha, fresh.alpha)
        }
        // The same outline on a smaller canvas is clipped differently: a different mask.
        let smaller = try XCTUnwrap(cache.mask(outline(0), canvasWidth: 100, canvasHeight: 100, using: &scratch))
        XCTAssertEqual(smaller.width, 100 - fresh.x0)
    }

    func testTheCacheKeepsAtMostItsCapacity() throws {
        let cache = ClipMaskCache()
        var scratch = CoverageAccumulator()
        // Each mask is about 2000 × 1000 pixels: a handful fill the capacity, and older ones make room.
        for i in 0..<12 {
            let path = Path.rect(Rect(x: Double(i), y: 0, width: 2000, height: 1000))
            XCTAssertNotNil(cache.mask(path, canvasWidth: 2100, canvasHeight: 1000, using: &scratch))
            XCTAssertLessThanOrEqual(cache.keptPixels, ClipMaskCache.pixelCapacity)
        }
        XCTAssertGreaterThan(cache.keptPixels, 0)
    }

    func testDrawingTwiceWithOneRendererGivesTheSameBytesAsAFreshOne() {
        let t0 = Date(timeIntervalSince1970: 1_763_712_000)
        let root = ViewNode.stack(StackNode(axis: .vertical, children: [.text(TextNode("Total")), .color(.system(.brown, opacity: 1))]))
        var tree = WidgetRenderer.render(WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: t0, root: root),
                                         context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0))
        // Clipped twice over: the widget's rounded outline, and the stack's own.
        tree.root.clips = true
        tree.root.shape = .roundedRect
        tree.root.cornerRadius = 22
        for i in tree.root.children.indices {
            tree.root.children[i].clips = true
            tree.root.children[i].shape = .roundedRect
            tree.root.children[i].cornerRadius = 9
        }
        let renderer = PNGRenderer(regular: nil, bold: nil)
        let first = renderer.png(tree), second = renderer.png(tree)
        XCTAssertEqual(first, second)
        XCTAssertEqual(second, PNGRenderer(regular: nil, bold: nil).png(tree))
    }
}
