import Foundation
@testable import WidgetLayout
@testable import WidgetRender
import XCTest

/// A rectangle on whole pixels is composited without sweeping coverage: the pixels must be exactly
/// those the general rasterizer gives for the same rectangle.
final class CanvasFillTests: XCTestCase {
    /// The same rectangle with one more corner on its left edge: not recognised as a rectangle, so it
    /// takes the general path.
    private func generalRect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Path {
        var p = Path()
        p.move(to: Point(x: x0, y: y0))
        p.line(to: Point(x: x1, y: y0))
        p.line(to: Point(x: x1, y: y1))
        p.line(to: Point(x: x0, y: y1))
        p.line(to: Point(x: x0, y: ((y0 + y1) / 2).rounded(.down)))
        p.close()
        return p
    }

    func testAWholePixelRectangleGivesTheGeneralRasterizersPixels() throws {
        var rng = SystemRandomNumberGenerator()
        let clip = try XCTUnwrap(CoverageMask.rasterize(.roundedRect(Rect(x: 3.5, y: 2.25, width: 50, height: 40), radius: 11, continuous: true),
                                                        canvasWidth: 64, canvasHeight: 48))
        for round in 0..<200 {
            let x0 = Double(Int.random(in: 0..<60, using: &rng)), y0 = Double(Int.random(in: 0..<44, using: &rng))
            let x1 = Double(Int.random(in: Int(x0) + 1...64, using: &rng)), y1 = Double(Int.random(in: Int(y0) + 2...48, using: &rng))
            let colour = RGBA(Double.random(in: 0...1, using: &rng), Double.random(in: 0...1, using: &rng),
                              Double.random(in: 0...1, using: &rng), round % 3 == 0 ? 0.3 : 1)
            let fill: Canvas.Fill = round % 4 == 3
                ? .linear(stops: [(colour, 0), (RGBA(0.1, 0.9, 0.2, 0.7), 1)], from: Point(x: x0, y: y0), to: Point(x: x1, y: y1))
                : .solid(colour)
            let opacity = [1, 0.5, 0.93][round % 3]
            let masked = round % 2 == 0 ? clip : nil
            var quick = Canvas(width: 64, height: 48, background: RGBA(0.2, 0.3, 0.4, 0.8))
            var general = quick
            quick.fill(.rect(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)), fill, opacity: opacity, clip: masked)
            general.fill(generalRect(x0, y0, x1, y1), fill, opacity: opacity, clip: masked)
            XCTAssertEqual(quick.pixels, general.pixels, "rectangle \(x0),\(y0) to \(x1),\(y1)")
        }
    }

    func testOnlyWholePixelRectanglesInsideTheCanvasTakeTheQuickWay() {
        XCTAssertNotNil(Path.rect(Rect(x: 0, y: 0, width: 64, height: 48)).wholePixelRect(canvasWidth: 64, canvasHeight: 48))
        XCTAssertNil(Path.rect(Rect(x: 0.5, y: 0, width: 10, height: 10)).wholePixelRect(canvasWidth: 64, canvasHeight: 48))
        XCTAssertNil(Path.rect(Rect(x: -1, y: 0, width: 10, height: 10)).wholePixelRect(canvasWidth: 64, canvasHeight: 48))
        XCTAssertNil(Path.rect(Rect(x: 60, y: 0, width: 10, height: 10)).wholePixelRect(canvasWidth: 64, canvasHeight: 48))
        XCTAssertNil(Path.roundedRect(Rect(x: 0, y: 0, width: 10, height: 10), radius: 2, continuous: false).wholePixelRect(canvasWidth: 64, canvasHeight: 48))
        XCTAssertNil(generalRect(0, 0, 10, 10).wholePixelRect(canvasWidth: 64, canvasHeight: 48))
    }

    /// A finite coordinate past `Int`'s range (a PDF asset, a hostile path) is drawn as far as the
    /// canvas reaches, not trapped on: rows are counted in `Double` until they are inside the mask.
    func testCoordinatesBeyondIntsRangeFillToTheCanvasEdge() {
        var path = Path()
        path.move(to: Point(x: 2, y: 2))
        path.line(to: Point(x: 14, y: 2))
        path.line(to: Point(x: 14, y: 1e19))
        path.line(to: Point(x: 2, y: 1e19))
        path.close()
        var canvas = Canvas(width: 16, height: 16)
        canvas.fill(path, .solid(RGBA(1, 0, 0, 1)))
        XCTAssertEqual(canvas.pixel(x: 8, y: 15).bytes, [255, 0, 0, 255])
        XCTAssertEqual(canvas.pixel(x: 8, y: 1).bytes[3], 0)
    }
}
