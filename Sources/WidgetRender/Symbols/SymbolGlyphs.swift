import Foundation

/// Glyphs for the system images widgets use most (ranked by how often the corpus of real widget
/// code names them), drawn from this project's own geometry: recognisable line drawings in the
/// spirit of SF Symbols, never Apple's artwork. A name is a base glyph and Apple's suffixes:
/// `.fill` (the filled form, where the glyph has one), `.circle` / `.square` (the glyph smaller
/// inside a ring or rounded square), `.circle.fill` / `.square.fill` (knocked out of a disc or
/// square), `.slash` (struck through). Unknown names draw the stand-in.
enum SymbolGlyphs {
    /// What a symbol draws: the ink, and for an enclosed form the shape the glyph is knocked out of.
    struct Drawing {
        var ink = Path()
        var knockedOutOf: Path?
    }

    /// The drawing of `name` in `box` (a square), at a stroke weight relative to the box; nil when the
    /// base glyph is not one drawn here.
    static func drawing(_ name: String, in box: Rect) -> Drawing? {
        var parts = name.split(separator: ".").map(String.init)
        let slashed = parts.last == "slash" ? { parts.removeLast(); return true }() : false
        var filled = false
        if parts.last == "fill" { filled = true; parts.removeLast() }
        var enclosure: String?
        if let last = parts.last, last == "circle" || last == "square", parts.count > 1 {
            enclosure = last
            parts.removeLast()
        }
        // `x.fill.circle` spellings and a fill written before the enclosure.
        if parts.last == "fill" { filled = true; parts.removeLast() }
        let base = aliases[parts.joined(separator: ".")] ?? parts.joined(separator: ".")
        guard let glyph = glyphs[base] else { return nil }
        // Paths are made in the box's own units (pixels), so curves are flattened finely enough.
        func sub(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
            Rect(x: box.x + x * box.width, y: box.y + y * box.height, width: w * box.width, height: h * box.height)
        }
        var drawing = Drawing()
        if let enclosure {
            var builder = GlyphBuilder(filled: false, weight: 0.085 / 0.52, box: sub(0.24, 0.24, 0.52, 0.52))
            glyph(&builder)
            let outline: Path = enclosure == "circle" ? .ellipse(sub(0.04, 0.04, 0.92, 0.92))
                : .roundedRect(sub(0.06, 0.06, 0.88, 0.88), radius: 0.2 * box.width, continuous: true)
            if filled {
                drawing.knockedOutOf = outline
                drawing.ink = builder.path
            } else {
                let hole: Path = enclosure == "circle" ? .ellipse(sub(0.12, 0.12, 0.76, 0.76))
                    : .roundedRect(sub(0.14, 0.14, 0.72, 0.72), radius: 0.13 * box.width, continuous: true)
                drawing.ink = outline
                drawing.ink.append(hole.reversed)
                drawing.ink.append(builder.path)
            }
        } else {
            var builder = GlyphBuilder(filled: filled, weight: 0.085, box: box)
            glyph(&builder)
            drawing.ink = builder.path
        }
        if slashed {
            var slash = GlyphBuilder(filled: false, weight: 0.085, box: box)
            slash.line([(0.14, 0.1), (0.86, 0.9)])
            drawing.ink.append(slash.path)
        }
        return drawing
    }

    /// Whether `name` is drawn as a glyph here.
    static func knows(_ name: String) -> Bool { drawing(name, in: Rect(x: 0, y: 0, width: 1, height: 1)) != nil }

    /// Old spellings SF Symbols renamed, still in use.
    static let aliases = ["battery.75": "battery.75percent", "battery.50": "battery.50percent", "battery.25": "battery.25percent",
                          "battery.100": "battery.100percent", "battery.0": "battery.0percent", "gear": "gearshape",
                          "line.horizontal.3": "line.3.horizontal"]

    /// Base glyphs, in a unit square (y down), by name.
    static let glyphs: [String: @Sendable (inout GlyphBuilder) -> Void] = [
        "checkmark": { $0.line([(0.2, 0.53), (0.42, 0.75), (0.82, 0.27)]) },
        "xmark": { $0.line([(0.24, 0.24), (0.76, 0.76)]); $0.line([(0.76, 0.24), (0.24, 0.76)]) },
        "plus": { $0.line([(0.5, 0.18), (0.5, 0.82)]); $0.line([(0.18, 0.5), (0.82, 0.5)]) },
        "minus": { $0.line([(0.18, 0.5), (0.82, 0.5)]) },
        "multiply": { $0.line([(0.3, 0.3), (0.7, 0.7)]); $0.line([(0.7, 0.3), (0.3, 0.7)]) },
        "chevron.right": { $0.line([(0.36, 0.18), (0.68, 0.5), (0.36, 0.82)]) },
        "chevron.left": { $0.line([(0.64, 0.18), (0.32, 0.5), (0.64, 0.82)]) },
        "chevron.up": { $0.line([(0.18, 0.66), (0.5, 0.34), (0.82, 0.66)]) },
        "chevron.down": { $0.line([(0.18, 0.34), (0.5, 0.66), (0.82, 0.34)]) },
        "arrow.up": { $0.line([(0.5, 0.86), (0.5, 0.16)]); $0.line([(0.22, 0.44), (0.5, 0.16), (0.78, 0.44)]) },
        "arrow.down": { $0.line([(0.5, 0.14), (0.5, 0.84)]); $0.line([(0.22, 0.56), (0.5, 0.84), (0.78, 0.56)]) },
        "arrow.right": { $0.line([(0.14, 0.5), (0.84, 0.5)]); $0.line([(0.56, 0.22), (0.84, 0.5), (0.56, 0.78)]) },
        "arrow.left": { $0.line([(0.86, 0.5), (0.16, 0.5)]); $0.line([(0.44, 0.22), (0.16, 0.5), (0.44, 0.78)]) },
        "arrow.up.arrow.down": {
            $0.line([(0.32, 0.84), (0.32, 0.16)]); $0.line([(0.14, 0.34), (0.32, 0.16), (0.5, 0.34)])
            $0.line([(0.68, 0.16), (0.68, 0.84)]); $0.line([(0.5, 0.66), (0.68, 0.84), (0.86, 0.66)])
        },
        "arrow.clockwise": {
            $0.arc(center: (0.5, 0.54), radius: 0.32, from: 20, to: 320)
            $0.line([(0.5, 0.1), (0.64, 0.22), (0.5, 0.34)])
        },
        "arrow.counterclockwise": {
            $0.arc(center: (0.5, 0.54), radius: 0.32, from: 40, to: 340)
            $0.line([(0.5, 0.1), (0.36, 0.22), (0.5, 0.34)])
        },
        "circle": { $0.shape(ellipse: (0.5, 0.5), radius: 0.4) },
        "square": { $0.shape([(0.14, 0.14), (0.86, 0.14), (0.86, 0.86), (0.14, 0.86)]) },
        "star": { $0.shape(starPoints()) },
        "heart": { $0.shape(heartPoints()) },
        "bolt": { $0.shape([(0.56, 0.06), (0.2, 0.56), (0.46, 0.56), (0.4, 0.94), (0.8, 0.42), (0.54, 0.42)]) },
        "triangle": { $0.shape([(0.5, 0.12), (0.9, 0.84), (0.1, 0.84)]) },
        "exclamationmark": { $0.line([(0.5, 0.16), (0.5, 0.6)]); $0.dot((0.5, 0.82), 0.065) },
        "exclamationmark.triangle": {
            $0.shape([(0.5, 0.1), (0.94, 0.88), (0.06, 0.88)])
            $0.knockout { $0.line([(0.5, 0.38), (0.5, 0.62)]); $0.dot((0.5, 0.76), 0.05) }
        },
        "questionmark": {
            $0.arc(center: (0.5, 0.36), radius: 0.18, from: 270, to: 470)
            $0.line([(0.56, 0.53), (0.5, 0.58), (0.5, 0.66)])
            $0.dot((0.5, 0.84), 0.065)
        },
        "info": { $0.dot((0.5, 0.2), 0.075); $0.line([(0.4, 0.4), (0.5, 0.4), (0.5, 0.82)]); $0.line([(0.38, 0.82), (0.62, 0.82)]) },
        "clock": {
            $0.shape(ellipse: (0.5, 0.5), radius: 0.4)
            $0.knockout { $0.line([(0.5, 0.24), (0.5, 0.5), (0.68, 0.6)]) }
        },
        "calendar": {
            $0.shape([(0.12, 0.18), (0.88, 0.18), (0.88, 0.88), (0.12, 0.88)])
            $0.line([(0.12, 0.34), (0.88, 0.34)])
            for (x, y) in [(0.3, 0.52), (0.5, 0.52), (0.7, 0.52), (0.3, 0.7), (0.5, 0.7)] { $0.dot((x, y), 0.05) }
        },
        "trash": {
            $0.line([(0.14, 0.24), (0.86, 0.24)]); $0.line([(0.38, 0.24), (0.4, 0.12), (0.6, 0.12), (0.62, 0.24)])
            $0.shape([(0.22, 0.24), (0.78, 0.24), (0.72, 0.9), (0.28, 0.9)])
        },
        "magnifyingglass": { $0.ring(center: (0.42, 0.42), radius: 0.26); $0.line([(0.61, 0.61), (0.86, 0.86)]) },
        "house": { $0.shape([(0.5, 0.12), (0.88, 0.46), (0.78, 0.46), (0.78, 0.88), (0.22, 0.88), (0.22, 0.46), (0.12, 0.46)]) },
        "person": { $0.shape(ellipse: (0.5, 0.3), radius: 0.18); $0.shape(shoulders()) },
        "gearshape": { $0.shape(gearPoints()); $0.knockout { $0.ring(center: (0.5, 0.5), radius: 0.12) } },
        "sun.max": {
            $0.shape(ellipse: (0.5, 0.5), radius: 0.18)
            for k in 0..<8 {
                let a = Double(k) * .pi / 4
                $0.line([(0.5 + 0.3 * cos(a), 0.5 + 0.3 * sin(a)), (0.5 + 0.42 * cos(a), 0.5 + 0.42 * sin(a))])
            }
        },
        "moon": { $0.shape(moonPoints()) },
        "cloud": { $0.shape(cloudPoints()) },
        "drop": { $0.shape(dropPoints()) },
        "flame": { $0.shape([(0.5, 0.06), (0.7, 0.34), (0.8, 0.6), (0.72, 0.82), (0.5, 0.92), (0.28, 0.82), (0.2, 0.6), (0.34, 0.42), (0.4, 0.56), (0.46, 0.3)]) },
        "bell": { $0.shape([(0.5, 0.1), (0.7, 0.22), (0.74, 0.5), (0.86, 0.74), (0.14, 0.74), (0.26, 0.5), (0.3, 0.22)]); $0.dot((0.5, 0.86), 0.08) },
        "lock": { $0.arc(center: (0.5, 0.38), radius: 0.2, from: 270, to: 450); $0.shape([(0.2, 0.46), (0.8, 0.46), (0.8, 0.9), (0.2, 0.9)]) },
        "play": { $0.shape([(0.26, 0.14), (0.84, 0.5), (0.26, 0.86)]) },
        "pause": { $0.shape([(0.24, 0.16), (0.42, 0.16), (0.42, 0.84), (0.24, 0.84)]); $0.shape([(0.58, 0.16), (0.76, 0.16), (0.76, 0.84), (0.58, 0.84)]) },
        "stop": { $0.shape([(0.2, 0.2), (0.8, 0.2), (0.8, 0.8), (0.2, 0.8)]) },
        "location": { $0.shape([(0.86, 0.14), (0.56, 0.86), (0.46, 0.54), (0.14, 0.44)]) },
        "wifi": {
            $0.dot((0.5, 0.78), 0.07)
            $0.arc(center: (0.5, 0.78), radius: 0.22, from: 315, to: 405)
            $0.arc(center: (0.5, 0.78), radius: 0.42, from: 315, to: 405)
        },
        "line.3.horizontal": { for y in [0.26, 0.5, 0.74] { $0.line([(0.16, y), (0.84, y)]) } },
        "ellipsis": { for x in [0.22, 0.5, 0.78] { $0.dot((x, 0.5), 0.075) } },
        "battery.100percent": { $0.battery(level: 1) },
        "battery.75percent": { $0.battery(level: 0.75) },
        "battery.50percent": { $0.battery(level: 0.5) },
        "battery.25percent": { $0.battery(level: 0.25) },
        "battery.0percent": { $0.battery(level: 0) },
        "battery.100.bolt": { $0.battery(level: 1, bolt: true) },
        "timer": {
            $0.ring(center: (0.5, 0.56), radius: 0.34)
            $0.line([(0.5, 0.56), (0.62, 0.4)])
            $0.line([(0.42, 0.1), (0.58, 0.1)])
        },
    ]

    private static func starPoints() -> [(Double, Double)] {
        (0..<10).map { k in
            let a = -Double.pi / 2 + Double(k) * .pi / 5, r = k.isMultiple(of: 2) ? 0.42 : 0.18
            return (0.5 + r * cos(a), 0.54 + r * sin(a))
        }
    }

    private static func heartPoints() -> [(Double, Double)] {
        (0..<40).map { k in
            let t = Double(k) / 40 * 2 * .pi
            let x = 16 * pow(sin(t), 3), y = 13 * cos(t) - 5 * cos(2 * t) - 2 * cos(3 * t) - cos(4 * t)
            return (0.5 + x / 40, 0.48 - y / 40)
        }
    }

    private static func gearPoints() -> [(Double, Double)] {
        (0..<48).map { k in
            let a = Double(k) / 48 * 2 * .pi, tooth = (k / 3) % 2 == 0
            let r = tooth ? 0.42 : 0.33
            return (0.5 + r * cos(a), 0.5 + r * sin(a))
        }
    }

    private static func moonPoints() -> [(Double, Double)] {
        let outer = (0...24).map { k -> (Double, Double) in
            let a = Double(k) / 24 * 1.6 * .pi + 0.7 * .pi
            return (0.5 + 0.38 * cos(a), 0.5 + 0.38 * sin(a))
        }
        let inner = (0...24).reversed().map { k -> (Double, Double) in
            let a = Double(k) / 24 * 1.15 * .pi + 0.93 * .pi
            return (0.62 + 0.28 * cos(a), 0.4 + 0.28 * sin(a))
        }
        return outer + inner
    }

    /// A cloud's silhouette: the union of three discs and a base, traced along rays from inside it.
    private static func cloudPoints() -> [(Double, Double)] {
        let discs = [(0.3, 0.58, 0.17), (0.54, 0.44, 0.23), (0.76, 0.6, 0.16)]
        let base = (x0: 0.14, y0: 0.56, x1: 0.9, y1: 0.78)
        let c = (0.52, 0.62)
        return (0..<72).map { k in
            let a = Double(k) / 72 * 2 * .pi, d = (cos(a), sin(a))
            var reach = 0.0
            for (px, py, r) in discs {
                let ox = px - c.0, oy = py - c.1, along = d.0 * ox + d.1 * oy
                let disc = along * along - (ox * ox + oy * oy - r * r)
                if disc >= 0 { reach = max(reach, along + disc.squareRoot()) }
            }
            // The base rectangle: the ray's exit through its sides.
            var exits: [Double] = []
            if d.0 > 1e-9 { exits.append((base.x1 - c.0) / d.0) } else if d.0 < -1e-9 { exits.append((base.x0 - c.0) / d.0) }
            if d.1 > 1e-9 { exits.append((base.y1 - c.1) / d.1) } else if d.1 < -1e-9 { exits.append((base.y0 - c.1) / d.1) }
            if let exit = exits.min() { reach = max(reach, exit) }
            return (c.0 + reach * d.0, c.1 + reach * d.1)
        }
    }

    private static func dropPoints() -> [(Double, Double)] {
        var points: [(Double, Double)] = [(0.5, 0.08)]
        for k in 0...16 {
            let a = (-30 + 240 * Double(k) / 16) * .pi / 180
            points.append((0.5 + 0.28 * cos(a), 0.62 + 0.28 * sin(a)))
        }
        return points
    }

    private static func shoulders() -> [(Double, Double)] {
        var points: [(Double, Double)] = []
        for k in 0...16 {
            let a = .pi + Double(k) / 16 * .pi
            points.append((0.5 + 0.32 * cos(a), 0.9 + 0.34 * sin(a)))
        }
        return points
    }
}

/// Builds a glyph in a unit square: strokes of the glyph's weight with round ends, shapes drawn
/// outlined (or filled for a `.fill` name), and parts knocked out of a filled shape.
struct GlyphBuilder {
    let filled: Bool
    /// Stroke width as a fraction of the box's width.
    let weight: Double
    /// Where the unit square lands.
    let box: Rect
    var path = Path()

    init(filled: Bool, weight: Double, box: Rect) {
        self.filled = filled
        self.weight = weight
        self.box = box
    }

    private func at(_ p: (Double, Double)) -> Point { Point(x: box.x + p.0 * box.width, y: box.y + p.1 * box.height) }
    private var strokeWidth: Double { weight * box.width }
    private func square(_ center: (Double, Double), _ radius: Double) -> Rect {
        let c = at(center), r = radius * box.width
        return Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)
    }

    mutating func line(_ points: [(Double, Double)]) {
        path.append(Stroke.outline(points.map(at), width: strokeWidth, cap: .round, roundJoins: true))
    }

    /// A closed outline: stroked, or filled in the `.fill` form.
    mutating func shape(_ points: [(Double, Double)]) {
        if filled {
            var area = Path()
            area.move(to: at(points[0]))
            for p in points.dropFirst() { area.line(to: at(p)) }
            area.close()
            path.append(area)
        } else {
            line(points + [points[0]])
        }
    }

    mutating func shape(ellipse center: (Double, Double), radius: Double) {
        if filled { path.append(.ellipse(square(center, radius))) } else { ring(center: center, radius: radius) }
    }

    mutating func ring(center: (Double, Double), radius: Double) {
        path.append(.arc(center: at(center), radius: radius * box.width, width: strokeWidth, start: 0, end: 2 * .pi))
    }

    mutating func arc(center: (Double, Double), radius: Double, from: Double, to: Double) {
        let points = (0...24).map { k -> (Double, Double) in
            let a = (from + (to - from) * Double(k) / 24 - 90) * .pi / 180
            return (center.0 + radius * cos(a), center.1 + radius * sin(a))
        }
        line(points)
    }

    mutating func dot(_ center: (Double, Double), _ radius: Double) { path.append(.ellipse(square(center, radius))) }

    /// Parts drawn as holes in the `.fill` form (the hands of `clock.fill`), as lines otherwise.
    mutating func knockout(_ parts: (inout GlyphBuilder) -> Void) {
        var inner = GlyphBuilder(filled: false, weight: weight, box: box)
        parts(&inner)
        path.append(filled ? inner.path.reversed : inner.path)
    }

    mutating func battery(level: Double, bolt: Bool = false) {
        let body = [(0.06, 0.3), (0.84, 0.3), (0.84, 0.7), (0.06, 0.7)]
        line(body + [body[0]])
        let w = box.width, h = box.height
        path.append(.roundedRect(Rect(x: box.x + 0.88 * w, y: box.y + 0.42 * h, width: 0.06 * w, height: 0.16 * h), radius: 0.03 * w, continuous: false))
        if level > 0 {
            path.append(.roundedRect(Rect(x: box.x + 0.13 * w, y: box.y + 0.37 * h, width: 0.64 * level * w, height: 0.26 * h),
                                     radius: 0.03 * w, continuous: false))
        }
        if bolt {
            var mark = Path()
            for (i, p) in [(0.5, 0.16), (0.32, 0.54), (0.48, 0.54), (0.44, 0.84), (0.66, 0.44), (0.5, 0.44)].enumerated() {
                if i == 0 { mark.move(to: at(p)) } else { mark.line(to: at(p)) }
            }
            mark.close()
            path.append(level > 0 ? mark.reversed : mark)
        }
    }
}
