import Foundation

extension SymbolGlyphs {
    /// Sky and weather: sun, moon, clouds with what falls from them, wind, temperature.
    static let weather: [String: Glyph] = [
        "sun.max": { sun(&$0, center: (0.5, 0.5), core: 0.18, rays: (0.3, 0.42)) },
        "sun.min": {
            $0.shape(ellipse: (0.5, 0.5), radius: 0.17)
            for k in 0..<8 { $0.dot(GlyphBuilder.polar((0.5, 0.5), 0.34, Double(k) * 45), 0.05) }
        },
        "sunrise": { horizonSun(&$0); $0.arrow((0.5, 0.44), (0.5, 0.08), size: 0.14) },
        "sunset": { horizonSun(&$0); $0.arrow((0.5, 0.08), (0.5, 0.44), size: 0.14) },
        "moon": { $0.shape(moonPoints()) },
        "moon.stars": {
            $0.inset(0, 0.14, 0.84) { $0.shape(moonPoints()) }
            $0.solid(GlyphBuilder.sparkle((0.76, 0.18), 0.13)); $0.solid(GlyphBuilder.sparkle((0.88, 0.46), 0.08))
        },
        "cloud": { $0.shape(cloudPoints()) },
        "cloud.rain": {
            raisedCloud(&$0)
            for x in [0.34, 0.54, 0.74] { $0.line([(x, 0.7), (x - 0.06, 0.88)]) }
        },
        "cloud.snow": {
            raisedCloud(&$0)
            for (x, y) in [(0.3, 0.74), (0.5, 0.84), (0.7, 0.74), (0.4, 0.94), (0.6, 0.94)] { $0.dot((x, y), 0.045) }
        },
        "cloud.bolt": {
            raisedCloud(&$0)
            $0.solid([(0.56, 0.56), (0.38, 0.8), (0.5, 0.8), (0.44, 0.96), (0.66, 0.7), (0.54, 0.7)])
        },
        "cloud.sun": {
            sun(&$0, center: (0.66, 0.34), core: 0.14, rays: (0.21, 0.28), only: [0, 45, 90, 315, 270])
            $0.inset(0, 0.12, 0.84) { $0.shape(cloudPoints()) }
        },
        "cloud.sun.rain": {
            sun(&$0, center: (0.68, 0.28), core: 0.12, rays: (0.17, 0.22), only: [0, 45, 90, 315])
            $0.inset(0, -0.02, 0.8) { $0.shape(cloudPoints()) }
            for x in [0.26, 0.44, 0.62] { $0.line([(x, 0.72), (x - 0.06, 0.9)]) }
        },
        "cloud.moon": {
            $0.inset(0.42, 0.02, 0.5) { $0.shape(moonPoints()) }
            $0.inset(-0.02, 0.12, 0.84) { $0.shape(cloudPoints()) }
        },
        "snowflake": {
            for k in 0..<3 { $0.line([GlyphBuilder.polar((0.5, 0.5), 0.42, Double(k) * 60), GlyphBuilder.polar((0.5, 0.5), 0.42, Double(k) * 60 + 180)]) }
            for k in 0..<6 {
                let a = Double(k) * 60, fork = GlyphBuilder.polar((0.5, 0.5), 0.28, a)
                $0.line([GlyphBuilder.polar(fork, 0.1, a - 50), fork, GlyphBuilder.polar(fork, 0.1, a + 50)])
            }
        },
        "wind": {
            $0.line([(0.08, 0.36), (0.62, 0.36)]); $0.arc(center: (0.62, 0.24), radius: 0.12, from: 180, to: -70)
            $0.line([(0.08, 0.56), (0.78, 0.56)]); $0.arc(center: (0.78, 0.44), radius: 0.12, from: 180, to: -70)
            $0.line([(0.08, 0.76), (0.48, 0.76)]); $0.arc(center: (0.48, 0.86), radius: 0.1, from: 0, to: 250)
        },
        "umbrella": {
            $0.shape(umbrellaPoints())
            $0.line([(0.5, 0.5), (0.5, 0.84)]); $0.arc(center: (0.41, 0.84), radius: 0.09, from: 90, to: 270)
        },
        "thermometer": {
            $0.shape(GlyphBuilder.arcPoints(center: (0.5, 0.2), radius: 0.1, from: 270, to: 450, steps: 8)
                + GlyphBuilder.arcPoints(center: (0.5, 0.74), radius: 0.17, from: 36, to: 324, steps: 20))
            $0.knockout { $0.line([(0.5, 0.36), (0.5, 0.7)]); $0.dot((0.5, 0.74), 0.08) }
        },
        "drop": { $0.shape(dropPoints()) },
        "humidity": { $0.shape(dropPoints()); $0.knockout { $0.line([(0.38, 0.78), (0.62, 0.54)]); $0.dot((0.4, 0.56), 0.04); $0.dot((0.6, 0.76), 0.04) } },
        "flame": { $0.shape([(0.5, 0.06), (0.7, 0.34), (0.8, 0.6), (0.72, 0.82), (0.5, 0.92), (0.28, 0.82), (0.2, 0.6), (0.34, 0.42), (0.4, 0.56), (0.46, 0.3)]) },
        "bolt": { $0.shape(boltPoints) },
        "bolt.horizontal": { $0.shape(boltPoints.map { (1 - $0.1, $0.0) }) },
        "tornado": { for (k, y) in [0.2, 0.36, 0.52, 0.68, 0.84].enumerated() { let w = 0.38 - 0.07 * Double(k); $0.line([(0.5 - w + 0.03 * Double(k), y), (0.5 + w + 0.03 * Double(k), y)]) } },
    ]

    private static let boltPoints: [GlyphPoint] = [(0.56, 0.06), (0.2, 0.56), (0.46, 0.56), (0.4, 0.94), (0.8, 0.42), (0.54, 0.42)]

    /// A disc and rays; `only` limits the rays to those headings (a sun half behind a cloud).
    private static func sun(_ b: inout GlyphBuilder, center: GlyphPoint, core: Double, rays: (Double, Double), only: [Double]? = nil) {
        b.shape(ellipse: center, radius: core)
        for a in only ?? (0..<8).map({ Double($0) * 45 }) {
            b.line([GlyphBuilder.polar(center, rays.0, a), GlyphBuilder.polar(center, rays.1, a)])
        }
    }

    /// Half a sun on the horizon.
    private static func horizonSun(_ b: inout GlyphBuilder) {
        b.line([(0.06, 0.86), (0.94, 0.86)])
        b.shape(GlyphBuilder.arcPoints(center: (0.5, 0.84), radius: 0.2, from: 270, to: 450, steps: 16))
        for a in [-50.0, 50, -90, 90] { b.line([GlyphBuilder.polar((0.5, 0.76), 0.3, a), GlyphBuilder.polar((0.5, 0.76), 0.4, a)]) }
    }

    /// A cloud moved up to leave room for what falls from it.
    private static func raisedCloud(_ b: inout GlyphBuilder) { b.inset(0, -0.18, 1) { $0.shape(cloudPoints()) } }

    /// A crescent: the part of a disc outside a second disc offset to the upper right.
    static func moonPoints() -> [GlyphPoint] {
        let c: GlyphPoint = (0.48, 0.52), r = 0.4, d = 0.25, r2 = 0.32, heading = 45.0
        let c2 = GlyphBuilder.polar(c, d, heading)
        let phi = acos((d * d + r * r - r2 * r2) / (2 * d * r)) * 180 / .pi
        let psi = acos((d * d + r2 * r2 - r * r) / (2 * d * r2)) * 180 / .pi
        let outer = GlyphBuilder.arcPoints(center: c, radius: r, from: heading + phi, to: heading + 360 - phi, steps: 28)
        let inner = GlyphBuilder.arcPoints(center: c2, radius: r2, from: heading + 180 + psi, to: heading + 180 - psi, steps: 16)
        return outer + inner.dropFirst().dropLast()
    }

    /// A cloud's silhouette: the union of three discs and a base, traced along rays from inside it.
    static func cloudPoints() -> [GlyphPoint] {
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

    private static func dropPoints() -> [GlyphPoint] {
        var points: [GlyphPoint] = [(0.5, 0.08)]
        for k in 0...16 {
            let a = (-30 + 240 * Double(k) / 16) * .pi / 180
            points.append((0.5 + 0.28 * cos(a), 0.62 + 0.28 * sin(a)))
        }
        return points
    }

    /// A canopy: a half disc with a scalloped hem.
    private static func umbrellaPoints() -> [GlyphPoint] {
        let dome = GlyphBuilder.arcPoints(center: (0.5, 0.52), radius: 0.42, from: 270, to: 450, steps: 20)
        let hem = (0..<3).flatMap { k -> [GlyphPoint] in
            let cx = 0.78 - Double(k) * 0.28
            return GlyphBuilder.arcPoints(center: (cx, 0.52), radius: 0.14, from: 90, to: -90, steps: 6).map { ($0.0, 0.52 + ($0.1 - 0.52) * 0.5) }
        }
        return dome + hem
    }
}
