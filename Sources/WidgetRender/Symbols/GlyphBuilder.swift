import Foundation
import WidgetLayout

/// A point in a glyph's unit square (y down).
typealias GlyphPoint = (Double, Double)

/// Builds a glyph in a unit square: strokes of the glyph's weight with round ends, shapes drawn
/// outlined (or filled for a `.fill` name), and parts knocked out of a filled shape. Angles are in
/// degrees, clockwise from twelve o'clock, as one reads a clock face.
struct GlyphBuilder {
    let filled: Bool
    /// Stroke width as a fraction of the box's width.
    let weight: Double
    /// Where the unit square lands.
    let box: Rect
    var path = Path()
    /// The parts a filled form knocks out of `path` (the hands of `clock.fill`). They are kept apart
    /// rather than subtracted by winding, because overlapping stroke pieces would cancel unevenly.
    var holes = Path()
    /// The glyph in the colours SF Symbols' multicolour mode gives its parts, for the glyphs that
    /// have them (a battery's grey case, green charge and dark bolt); drawn in that mode instead of
    /// `path`, in order.
    var multicolor: [(Path, MulticolorPaint)] = []

    init(filled: Bool, weight: Double, box: Rect) {
        self.filled = filled
        self.weight = weight
        self.box = box
    }

    private func at(_ p: GlyphPoint) -> Point { Point(x: box.x + p.0 * box.width, y: box.y + p.1 * box.height) }
    private var strokeWidth: Double { weight * box.width }
    private func square(_ center: GlyphPoint, _ radius: Double) -> Rect {
        let c = at(center), r = radius * box.width
        return Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)
    }

    mutating func line(_ points: [GlyphPoint]) {
        guard points.count > 1 else { return }
        path.append(Stroke.outline(points.map(at), width: strokeWidth, cap: .round, roundJoins: true))
    }

    /// A closed outline: stroked, or filled in the `.fill` form.
    mutating func shape(_ points: [GlyphPoint]) {
        if filled { solid(points) } else if let first = points.first { line(points + [first]) }
    }

    /// A closed area filled in every form (an arrowhead, a note's head).
    mutating func solid(_ points: [GlyphPoint]) {
        guard let first = points.first else { return }
        var area = Path()
        area.move(to: at(first))
        for p in points.dropFirst() { area.line(to: at(p)) }
        area.close()
        path.append(area)
    }

    mutating func shape(ellipse center: GlyphPoint, radius: Double) {
        if filled { path.append(.ellipse(square(center, radius))) } else { ring(center: center, radius: radius) }
    }

    mutating func ring(center: GlyphPoint, radius: Double) {
        path.append(.arc(center: at(center), radius: radius * box.width, width: strokeWidth, start: 0, end: 2 * .pi))
    }

    mutating func arc(center: GlyphPoint, radius: Double, from: Double, to: Double) {
        line(Self.arcPoints(center: center, radius: radius, from: from, to: to))
    }

    mutating func dot(_ center: GlyphPoint, _ radius: Double) { path.append(.ellipse(square(center, radius))) }

    /// A rectangle with rounded corners, outlined or filled.
    mutating func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, radius: Double = 0.06) {
        shape(Self.roundedRect(x, y, w, h, radius: radius))
    }

    /// An open arrowhead whose tip is at `tip`, pointing along `heading` (degrees, clockwise from up).
    mutating func head(_ tip: GlyphPoint, heading: Double, size: Double = 0.22) {
        line([Self.polar(tip, size, heading + 180 - 42), tip, Self.polar(tip, size, heading + 180 + 42)])
    }

    /// A straight arrow from `from` to `to` with an open head at `to`.
    mutating func arrow(_ from: GlyphPoint, _ to: GlyphPoint, size: Double = 0.22) {
        line([from, to])
        head(to, heading: atan2(to.0 - from.0, from.1 - to.1) * 180 / .pi, size: size)
    }

    /// An arc with a solid triangular head at its end (`to`), pointing the way it turns.
    mutating func arcArrow(center: GlyphPoint, radius: Double, from: Double, to: Double, size: Double = 0.16) {
        let turn = to > from ? 90.0 : -90.0
        let back = to > from ? -1.0 : 1.0
        // The arc stops short of the tip, so its round end does not poke through the head.
        let stop = to + back * size * 0.5 / radius * 180 / .pi
        arc(center: center, radius: radius, from: from, to: stop)
        let tip = Self.polar(center, radius, to), heading = to + turn
        solid([tip, Self.polar(tip, size, heading + 180 - 32), Self.polar(tip, size, heading + 180 + 32)])
    }

    /// Another glyph drawn in the square of side `size` at (`x`, `y`), at the same absolute weight.
    mutating func inset(_ x: Double, _ y: Double, _ size: Double, filled: Bool? = nil, _ glyph: (inout GlyphBuilder) -> Void) {
        let sub = Rect(x: box.x + x * box.width, y: box.y + y * box.height, width: size * box.width, height: size * box.height)
        var inner = GlyphBuilder(filled: filled ?? self.filled, weight: weight / size, box: sub)
        glyph(&inner)
        path.append(inner.path)
        holes.append(inner.holes)
    }

    /// Parts drawn as holes in the `.fill` form (the hands of `clock.fill`), as lines otherwise.
    mutating func knockout(_ parts: (inout GlyphBuilder) -> Void) {
        var inner = GlyphBuilder(filled: false, weight: weight, box: box)
        parts(&inner)
        if filled { holes.append(inner.path) } else { path.append(inner.path) }
    }

    mutating func battery(level: Double, bolt: Bool = false) {
        let body = [(0.06, 0.3), (0.84, 0.3), (0.84, 0.7), (0.06, 0.7)]
        line(body + [body[0]])
        let w = box.width, h = box.height
        path.append(.roundedRect(Rect(x: box.x + 0.88 * w, y: box.y + 0.42 * h, width: 0.06 * w, height: 0.16 * h), radius: 0.03 * w, continuous: false))
        let casing = path
        let charge: Path = level > 0
            ? .roundedRect(Rect(x: box.x + 0.13 * w, y: box.y + 0.37 * h, width: 0.64 * level * w, height: 0.26 * h), radius: 0.03 * w, continuous: false)
            : Path()
        path.append(charge)
        var mark = Path()
        if bolt {
            for (i, p) in [(0.5, 0.16), (0.32, 0.54), (0.48, 0.54), (0.44, 0.84), (0.66, 0.44), (0.5, 0.44)].enumerated() {
                if i == 0 { mark.move(to: at(p)) } else { mark.line(to: at(p)) }
            }
            mark.close()
            path.append(level > 0 ? mark.reversed : mark)
        }
        // Multicolour: a grey case, a green charge (red when low), a dark bolt over it.
        multicolor = [(casing, .system(.gray)), (charge, .system(level <= 0.2 ? .red : .green))]
        if bolt { multicolor.append((mark, .primary)) }
    }

    // MARK: Point helpers (unit-square geometry shared by the glyph tables)

    /// The point `distance` from `origin` along `heading` (degrees, clockwise from up).
    static func polar(_ origin: GlyphPoint, _ distance: Double, _ heading: Double) -> GlyphPoint {
        let a = heading * .pi / 180
        return (origin.0 + distance * sin(a), origin.1 - distance * cos(a))
    }

    static func arcPoints(center: GlyphPoint, radius: Double, from: Double, to: Double, steps: Int = 24) -> [GlyphPoint] {
        (0...steps).map { polar(center, radius, from + (to - from) * Double($0) / Double(steps)) }
    }

    static func ellipsePoints(_ center: GlyphPoint, _ rx: Double, _ ry: Double, steps: Int = 40) -> [GlyphPoint] {
        (0..<steps).map { k in
            let a = Double(k) / Double(steps) * 2 * .pi
            return (center.0 + rx * cos(a), center.1 + ry * sin(a))
        }
    }

    static func roundedRect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, radius: Double) -> [GlyphPoint] {
        let r = min(radius, w / 2, h / 2)
        let corners: [(GlyphPoint, Double)] = [((x + r, y + r), 270), ((x + w - r, y + r), 0), ((x + w - r, y + h - r), 90), ((x + r, y + h - r), 180)]
        return corners.flatMap { arcPoints(center: $0.0, radius: r, from: $0.1, to: $0.1 + 90, steps: 6) }
    }

    /// A four-pointed sparkle centred on `center`.
    static func sparkle(_ center: GlyphPoint, _ size: Double) -> [GlyphPoint] {
        (0..<8).map { k in polar(center, k.isMultiple(of: 2) ? size : size * 0.28, Double(k) * 45) }
    }

    /// `points` mirrored left to right.
    static func mirrored(_ points: [GlyphPoint]) -> [GlyphPoint] { points.map { (1 - $0.0, $0.1) } }
}
