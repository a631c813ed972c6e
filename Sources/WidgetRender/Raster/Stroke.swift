import Foundation
import WidgetLayout

/// Outlines of open and trimmed strokes: one clockwise quadrilateral per segment, with discs at the
/// joins and ends where the style rounds them (or squares at the ends), so overlapping pieces add up to
/// the stroke under the rasterizer's accumulated coverage.
enum Stroke {
    enum Cap { case butt, round, square }

    /// The polyline of an outline's first contour, closed back to its start when `closed`.
    static func polyline(_ path: Path, closed: Bool) -> [Point] {
        guard var points = path.polygons.first, let first = points.first else { return [] }
        if closed { points.append(first) }
        return points
    }

    /// The part of `points` between fractions `from` and `to` of its length.
    static func trimmed(_ points: [Point], from: Double, to: Double) -> [Point] {
        guard points.count >= 2, to > from else { return [] }
        var lengths: [Double] = [0]
        for i in 1..<points.count { lengths.append(lengths[i - 1] + distance(points[i - 1], points[i])) }
        guard let total = lengths.last, total > 0 else { return [] }
        let start = from * total, end = to * total
        var out: [Point] = []
        for i in 1..<points.count {
            let (l0, l1) = (lengths[i - 1], lengths[i])
            guard l1 >= start, l0 <= end, l1 > l0 else { continue }
            func at(_ l: Double) -> Point {
                let t = (l - l0) / (l1 - l0)
                return Point(x: points[i - 1].x + (points[i].x - points[i - 1].x) * t, y: points[i - 1].y + (points[i].y - points[i - 1].y) * t)
            }
            if out.isEmpty { out.append(at(max(l0, start))) }
            out.append(at(min(l1, end)))
        }
        return out
    }

    /// The dashes of a dashed stroke along `points`: `pattern` gives dash and gap lengths in turn
    /// (repeated), `phase` how far into the pattern the line starts. A pattern with no length draws
    /// the whole line.
    static func dashed(_ points: [Point], pattern: [Double], phase: Double) -> [[Point]] {
        let period = pattern.reduce(0, +)
        guard points.count >= 2, period > 0, period.isFinite else { return [points] }
        var index = 0, left = pattern[0], on = true
        // Walk the pattern forward by the phase (a negative phase starts as far before the line).
        var skip = phase.truncatingRemainder(dividingBy: period)
        if skip < 0 { skip += period }
        while skip > 0 {
            if skip < left { left -= skip; break }
            skip -= left
            index = (index + 1) % pattern.count
            left = pattern[index]
            on.toggle()
        }
        var dashes: [[Point]] = [], current: [Point] = on ? [points[0]] : []
        for i in 1..<points.count {
            var from = points[i - 1]
            let to = points[i]
            var segment = distance(from, to)
            while segment > 0 {
                if left >= segment {
                    left -= segment
                    if on { current.append(to) }
                    segment = 0
                } else {
                    let t = left / segment
                    let cut = Point(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t)
                    segment -= left
                    from = cut
                    if on {
                        current.append(cut)
                        if current.count >= 2 { dashes.append(current) }
                        current = []
                    } else {
                        current = [cut]
                    }
                    on.toggle()
                    index = (index + 1) % pattern.count
                    left = pattern[index]
                    // Zero-length entries toggle at once; a pattern of all zeros was refused above.
                }
            }
        }
        if on, current.count >= 2 { dashes.append(current) }
        return dashes
    }

    /// The outline of a stroke of `width` along `points`.
    static func outline(_ points: [Point], width: Double, cap: Cap, roundJoins: Bool) -> Path {
        var path = Path()
        let h = width / 2
        guard points.count >= 2, h > 0 else { return path }
        for i in 1..<points.count {
            var (p0, p1) = (points[i - 1], points[i])
            let length = distance(p0, p1)
            guard length > 1e-9 else { continue }
            let u = Point(x: (p1.x - p0.x) / length, y: (p1.y - p0.y) / length)
            if cap == .square {
                if i == 1 { p0 = Point(x: p0.x - u.x * h, y: p0.y - u.y * h) }
                if i == points.count - 1 { p1 = Point(x: p1.x + u.x * h, y: p1.y + u.y * h) }
            }
            let n = Point(x: -u.y * h, y: u.x * h)
            path.move(to: Point(x: p0.x - n.x, y: p0.y - n.y))
            path.line(to: Point(x: p1.x - n.x, y: p1.y - n.y))
            path.line(to: Point(x: p1.x + n.x, y: p1.y + n.y))
            path.line(to: Point(x: p0.x + n.x, y: p0.y + n.y))
            path.close()
        }
        // Joins: discs where rounded; elsewhere a disc only fills the small wedge a sharp bend leaves
        // (the flattened curves of rounded shapes bend a little at every point).
        for i in 1..<(points.count - 1) where roundJoins || bend(points[i - 1], points[i], points[i + 1]) < 0.5 {
            path.append(disc(points[i], h))
        }
        if cap == .round, let first = points.first, let last = points.last {
            path.append(disc(first, h))
            path.append(disc(last, h))
        }
        return path
    }

    private static func disc(_ c: Point, _ r: Double) -> Path { .ellipse(Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)) }

    private static func distance(_ a: Point, _ b: Point) -> Double { ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }

    /// The angle between two segments, in radians (0 for straight on).
    private static func bend(_ a: Point, _ b: Point, _ c: Point) -> Double {
        let (ux, uy, vx, vy) = (b.x - a.x, b.y - a.y, c.x - b.x, c.y - b.y)
        let norms = (ux * ux + uy * uy).squareRoot() * (vx * vx + vy * vy).squareRoot()
        guard norms > 0 else { return 0 }
        return acos(max(-1, min(1, (ux * vx + uy * vy) / norms)))
    }
}

/// A custom shape's outline from the render tree, flattened: its contours, each with whether it was
/// closed, every point mapped by `map`.
struct PathContours {
    var contours: [(points: [Point], closed: Bool)] = []

    init(_ outline: RenderPath, map: (Point) -> Point) {
        var current = Path()
        func finish(closed: Bool) {
            let points = current.openContour
            if points.count >= 2 { contours.append((points, closed)) }
            current = Path()
        }
        for element in outline.elements {
            switch element {
            case .move(let p):
                finish(closed: false)
                current.move(to: map(p))
            case .line(let p): current.line(to: map(p))
            case .quad(let p, let c): current.quad(to: map(p), control: map(c))
            case .cubic(let p, let c1, let c2): current.cubic(to: map(p), c1: map(c1), c2: map(c2))
            case .close: finish(closed: true)
            }
        }
        finish(closed: false)
    }

    /// The filled area: every contour closed.
    var filled: Path {
        var path = Path()
        for contour in contours where contour.points.count >= 3 {
            path.move(to: contour.points[0])
            for p in contour.points.dropFirst() { path.line(to: p) }
            path.close()
        }
        return path
    }
}
