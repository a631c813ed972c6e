import Foundation
import WidgetLayout

/// A flattened outline: closed polygons in pixel coordinates. Curves are flattened when added, so the
/// rasterizer sees only line segments. Winding matters: holes run the other way.
public struct Path: Sendable {
    public var polygons: [[Point]] = []
    private var current: [Point] = []

    public init() {}

    public mutating func move(to p: Point) {
        close()
        current = [p]
    }

    public mutating func line(to p: Point) { current.append(p) }

    public mutating func quad(to p: Point, control c: Point) {
        guard let p0 = current.last else { return move(to: p) }
        let steps = Self.steps(p0, c, p)
        for i in 1...steps {
            let t = Double(i) / Double(steps), u = 1 - t
            current.append(Point(x: u * u * p0.x + 2 * u * t * c.x + t * t * p.x, y: u * u * p0.y + 2 * u * t * c.y + t * t * p.y))
        }
    }

    public mutating func cubic(to p: Point, c1: Point, c2: Point) {
        guard let p0 = current.last else { return move(to: p) }
        let steps = max(Self.steps(p0, c1, c2), Self.steps(c1, c2, p))
        for i in 1...steps {
            let t = Double(i) / Double(steps), u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            current.append(Point(x: a * p0.x + b * c1.x + c * c2.x + d * p.x, y: a * p0.y + b * c1.y + c * c2.y + d * p.y))
        }
    }

    /// The contour being built (flattened), not yet closed.
    var openContour: [Point] { current }

    public mutating func close() {
        if current.count >= 3 { polygons.append(current) }
        current = []
    }

    /// Enough segments that the chord error stays well under a tenth of a pixel.
    private static func steps(_ a: Point, _ b: Point, _ c: Point) -> Int {
        let d = abs(a.x - 2 * b.x + c.x) + abs(a.y - 2 * b.y + c.y)
        guard d.isFinite else { return 1 }
        return max(1, min(64, Int((d * 2).squareRoot().rounded(.up))))
    }

    /// The pixels `(x0, y0, x1, y1)` when the path is one axis-aligned rectangle on whole pixels inside a
    /// canvas of the given size: every pixel in it is wholly covered, none outside, and rasterizing
    /// would give exactly that.
    func wholePixelRect(canvasWidth: Int, canvasHeight: Int) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        guard polygons.count == 1, current.isEmpty, polygons[0].count == 4 else { return nil }
        let p = polygons[0]
        let xs = Set(p.map(\.x)), ys = Set(p.map(\.y))
        guard xs.count == 2, ys.count == 2, p[0].x != p[2].x, p[0].y != p[2].y,
              (p[0].x == p[1].x) != (p[0].y == p[1].y), (p[1].x == p[2].x) != (p[1].y == p[2].y),
              let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
              minX >= 0, minY >= 0, maxX <= Double(canvasWidth), maxY <= Double(canvasHeight),
              minX.rounded() == minX, maxX.rounded() == maxX, minY.rounded() == minY, maxY.rounded() == maxY
        else { return nil }
        return (Int(minX), Int(minY), Int(maxX), Int(maxY))
    }

    public var bounds: Rect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for polygon in polygons {
            for p in polygon {
                minX = min(minX, p.x); maxX = max(maxX, p.x)
                minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
        }
        guard minX <= maxX, minY <= maxY, minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    // MARK: shapes (clockwise in screen coordinates)

    public static func rect(_ r: Rect) -> Path {
        var p = Path()
        p.move(to: Point(x: r.x, y: r.y))
        p.line(to: Point(x: r.maxX, y: r.y))
        p.line(to: Point(x: r.maxX, y: r.maxY))
        p.line(to: Point(x: r.x, y: r.maxY))
        p.close()
        return p
    }

    /// A rounded rectangle; `continuous` corners start earlier and ease in (the squircle-like style of
    /// Apple's continuous corners), approximated with one cubic per corner.
    public static func roundedRect(_ r: Rect, radius: Double, continuous: Bool) -> Path {
        let rad = max(0, min(radius, min(r.width, r.height) / 2))
        guard rad > 0 else { return rect(r) }
        let extent = continuous ? min(rad * 1.28, min(r.width, r.height) / 2) : rad
        let k = continuous ? 0.38 : 0.4477  // control point distance from the corner, as a fraction of extent
        var p = Path()
        p.move(to: Point(x: r.x + extent, y: r.y))
        p.line(to: Point(x: r.maxX - extent, y: r.y))
        p.cubic(to: Point(x: r.maxX, y: r.y + extent), c1: Point(x: r.maxX - extent * k, y: r.y), c2: Point(x: r.maxX, y: r.y + extent * k))
        p.line(to: Point(x: r.maxX, y: r.maxY - extent))
        p.cubic(to: Point(x: r.maxX - extent, y: r.maxY), c1: Point(x: r.maxX, y: r.maxY - extent * k), c2: Point(x: r.maxX - extent * k, y: r.maxY))
        p.line(to: Point(x: r.x + extent, y: r.maxY))
        p.cubic(to: Point(x: r.x, y: r.maxY - extent), c1: Point(x: r.x + extent * k, y: r.maxY), c2: Point(x: r.x, y: r.maxY - extent * k))
        p.line(to: Point(x: r.x, y: r.y + extent))
        p.cubic(to: Point(x: r.x + extent, y: r.y), c1: Point(x: r.x, y: r.y + extent * k), c2: Point(x: r.x + extent * k, y: r.y))
        p.close()
        return p
    }

    public static func ellipse(_ r: Rect) -> Path {
        let k = 0.5522847498
        let cx = r.x + r.width / 2, cy = r.y + r.height / 2, rx = r.width / 2, ry = r.height / 2
        var p = Path()
        p.move(to: Point(x: cx + rx, y: cy))
        p.cubic(to: Point(x: cx, y: cy + ry), c1: Point(x: cx + rx, y: cy + ry * k), c2: Point(x: cx + rx * k, y: cy + ry))
        p.cubic(to: Point(x: cx - rx, y: cy), c1: Point(x: cx - rx * k, y: cy + ry), c2: Point(x: cx - rx, y: cy + ry * k))
        p.cubic(to: Point(x: cx, y: cy - ry), c1: Point(x: cx - rx, y: cy - ry * k), c2: Point(x: cx - rx * k, y: cy - ry))
        p.cubic(to: Point(x: cx + rx, y: cy), c1: Point(x: cx + rx * k, y: cy - ry), c2: Point(x: cx + rx, y: cy - ry * k))
        p.close()
        return p
    }

    /// An annular sector (a progress ring's arc) from `start` to `end` radians, clockwise from 12 o'clock.
    public static func arc(center c: Point, radius: Double, width: Double, start: Double, end: Double) -> Path {
        let outer = radius + width / 2, inner = max(0, radius - width / 2)
        let sweep = max(0, min(2 * Double.pi, end - start))
        let steps = max(2, Int((sweep / (2 * Double.pi) * 96).rounded(.up)))
        var p = Path()
        func point(_ r: Double, _ a: Double) -> Point { Point(x: c.x + r * sin(a), y: c.y - r * cos(a)) }
        p.move(to: point(outer, start))
        for i in 1...steps { p.line(to: point(outer, start + sweep * Double(i) / Double(steps))) }
        for i in (0...steps).reversed() { p.line(to: point(inner, start + sweep * Double(i) / Double(steps))) }
        p.close()
        return p
    }

    /// The same outlines in reverse order: a hole when added to a filled path.
    public var reversed: Path {
        var p = Path()
        p.polygons = polygons.map { $0.reversed() }
        return p
    }

    public mutating func append(_ other: Path) { polygons.append(contentsOf: other.polygons) }

    /// Maps every point (for scaling to pixels).
    public func transformed(_ f: (Point) -> Point) -> Path {
        var p = Path()
        p.polygons = polygons.map { $0.map(f) }
        return p
    }
}
