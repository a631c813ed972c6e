import Foundation

extension SymbolGlyphs {
    /// Everyday objects: home, settings, locks and keys, shopping, tools, food.
    static let objects: [String: Glyph] = [
        "house": { $0.shape([(0.5, 0.12), (0.88, 0.46), (0.78, 0.46), (0.78, 0.88), (0.22, 0.88), (0.22, 0.46), (0.12, 0.46)]) },
        "gearshape": { $0.shape(gearPoints()); $0.knockout { $0.ring(center: (0.5, 0.5), radius: 0.12) } },
        "magnifyingglass": { $0.ring(center: (0.42, 0.42), radius: 0.26); $0.line([(0.61, 0.61), (0.86, 0.86)]) },
        "lock": { $0.arc(center: (0.5, 0.38), radius: 0.2, from: 270, to: 450); $0.shape([(0.2, 0.46), (0.8, 0.46), (0.8, 0.9), (0.2, 0.9)]) },
        "lock.open": {
            $0.line([(0.54, 0.46), (0.54, 0.3)]); $0.arc(center: (0.72, 0.3), radius: 0.18, from: 270, to: 450); $0.line([(0.9, 0.3), (0.9, 0.4)])
            $0.shape([(0.1, 0.46), (0.66, 0.46), (0.66, 0.9), (0.1, 0.9)])
        },
        "key": {
            $0.shape(ellipse: (0.32, 0.32), radius: 0.2)
            $0.knockout { $0.dot((0.27, 0.27), 0.06) }
            $0.line([(0.46, 0.46), (0.86, 0.86)]); $0.line([(0.66, 0.66), (0.54, 0.78)]); $0.line([(0.78, 0.78), (0.68, 0.88)])
        },
        "bell": { $0.shape([(0.5, 0.1), (0.7, 0.22), (0.74, 0.5), (0.86, 0.74), (0.14, 0.74), (0.26, 0.5), (0.3, 0.22)]); $0.dot((0.5, 0.86), 0.08) },
        "tag": {
            $0.shape([(0.1, 0.1), (0.5, 0.1), (0.9, 0.5), (0.5, 0.9), (0.1, 0.5)])
            $0.knockout { $0.dot((0.3, 0.3), 0.07) }
        },
        "bookmark": { $0.shape([(0.24, 0.08), (0.76, 0.08), (0.76, 0.92), (0.5, 0.7), (0.24, 0.92)]) },
        "flag": { $0.line([(0.2, 0.08), (0.2, 0.92)]); $0.shape([(0.2, 0.12), (0.84, 0.12), (0.7, 0.32), (0.84, 0.52), (0.2, 0.52)]) },
        "bag": { $0.shape([(0.16, 0.34), (0.84, 0.34), (0.88, 0.9), (0.12, 0.9)]); $0.arc(center: (0.5, 0.34), radius: 0.16, from: 270, to: 450) },
        "cart": {
            $0.line([(0.06, 0.14), (0.18, 0.14), (0.3, 0.66), (0.8, 0.66)])
            $0.shape([(0.22, 0.26), (0.9, 0.26), (0.82, 0.52), (0.28, 0.52)])
            $0.dot((0.36, 0.84), 0.07); $0.dot((0.74, 0.84), 0.07)
        },
        "creditcard": {
            $0.rect(0.06, 0.2, 0.88, 0.6, radius: 0.08)
            $0.knockout { $0.line([(0.06, 0.38), (0.94, 0.38)]); $0.line([(0.2, 0.64), (0.38, 0.64)]) }
        },
        "wallet.pass": {
            $0.rect(0.16, 0.08, 0.68, 0.84, radius: 0.08)
            $0.knockout { $0.line([(0.16, 0.36), (0.84, 0.36)]); $0.line([(0.3, 0.58), (0.7, 0.58)]); $0.line([(0.3, 0.74), (0.56, 0.74)]) }
        },
        "shippingbox": {
            $0.shape([(0.5, 0.08), (0.9, 0.28), (0.9, 0.74), (0.5, 0.94), (0.1, 0.74), (0.1, 0.28)])
            $0.knockout { $0.line([(0.1, 0.28), (0.5, 0.48), (0.9, 0.28)]); $0.line([(0.5, 0.48), (0.5, 0.94)]); $0.line([(0.3, 0.18), (0.7, 0.38)]) }
        },
        "gift": {
            $0.rect(0.08, 0.3, 0.84, 0.18, radius: 0.03)
            $0.shape([(0.14, 0.48), (0.86, 0.48), (0.86, 0.9), (0.14, 0.9)])
            $0.knockout { $0.line([(0.5, 0.3), (0.5, 0.9)]) }
            $0.line([(0.5, 0.3), (0.3, 0.12), (0.22, 0.22), (0.5, 0.3), (0.78, 0.22), (0.7, 0.12), (0.5, 0.3)])
        },
        "paintpalette": {
            $0.shape(GlyphBuilder.ellipsePoints((0.5, 0.5), 0.42, 0.38))
            $0.knockout {
                $0.ring(center: (0.62, 0.68), radius: 0.08)
                for p in [(0.28, 0.46), (0.4, 0.28), (0.6, 0.26), (0.76, 0.42)] { $0.dot(p, 0.06) }
            }
        },
        "paintbrush": {
            $0.line([(0.86, 0.1), (0.46, 0.5)])
            $0.shape([(0.4, 0.46), (0.52, 0.58), (0.42, 0.8), (0.12, 0.9), (0.22, 0.62)])
        },
        "wand.and.stars": {
            $0.line([(0.12, 0.88), (0.6, 0.4)])
            $0.solid(GlyphBuilder.sparkle((0.72, 0.28), 0.2))
            $0.solid(GlyphBuilder.sparkle((0.34, 0.2), 0.11)); $0.solid(GlyphBuilder.sparkle((0.84, 0.66), 0.11))
        },
        "lightbulb": {
            $0.shape(GlyphBuilder.arcPoints(center: (0.5, 0.38), radius: 0.3, from: 215, to: 505) + [(0.62, 0.7), (0.38, 0.7)])
            $0.line([(0.38, 0.82), (0.62, 0.82)]); $0.line([(0.43, 0.93), (0.57, 0.93)])
        },
        "fork.knife": {
            for x in [0.18, 0.3, 0.42] { $0.line([(x, 0.08), (x, 0.3)]) }
            $0.line([(0.18, 0.3), (0.3, 0.42), (0.42, 0.3)]); $0.line([(0.3, 0.42), (0.3, 0.92)])
            $0.shape([(0.7, 0.08), (0.82, 0.16), (0.82, 0.54), (0.7, 0.54)]); $0.line([(0.72, 0.54), (0.72, 0.92)])
        },
        "cup.and.saucer": {
            $0.shape([(0.18, 0.28), (0.72, 0.28), (0.66, 0.66), (0.24, 0.66)])
            $0.arc(center: (0.72, 0.42), radius: 0.1, from: 0, to: 180)
            $0.line([(0.1, 0.8), (0.9, 0.8)])
        },
        "link": {
            $0.shape(capsule((0.36, 0.64), length: 0.34, radius: 0.13, heading: 45))
            $0.shape(capsule((0.64, 0.36), length: 0.34, radius: 0.13, heading: 45))
        },
        "pin": {
            $0.shape([(0.32, 0.08), (0.68, 0.08), (0.6, 0.2), (0.62, 0.42), (0.78, 0.58), (0.22, 0.58), (0.38, 0.42), (0.4, 0.2)])
            $0.line([(0.5, 0.58), (0.5, 0.92)])
        },
        "leaf": {
            $0.shape(leafPoints())
            $0.knockout { $0.line([(0.2, 0.8), (0.62, 0.38)]) }
        },
        "apple.terminal": {
            $0.rect(0.06, 0.14, 0.88, 0.72, radius: 0.08)
            $0.knockout { $0.line([(0.22, 0.36), (0.36, 0.5), (0.22, 0.64)]); $0.line([(0.44, 0.66), (0.66, 0.66)]) }
        },
        "gauge": {
            $0.arc(center: (0.5, 0.56), radius: 0.38, from: 235, to: 485)
            $0.line([(0.5, 0.56), (0.7, 0.34)]); $0.dot((0.5, 0.56), 0.07)
        },
        "scissors": {
            $0.ring(center: (0.26, 0.28), radius: 0.13); $0.ring(center: (0.26, 0.72), radius: 0.13)
            $0.line([(0.36, 0.36), (0.9, 0.76)]); $0.line([(0.36, 0.64), (0.9, 0.24)])
        },
    ]

    private static func gearPoints() -> [GlyphPoint] {
        (0..<48).map { k in
            let a = Double(k) / 48 * 2 * .pi, tooth = (k / 3) % 2 == 0
            let r = tooth ? 0.42 : 0.33
            return (0.5 + r * cos(a), 0.5 + r * sin(a))
        }
    }

    /// A stadium of `length` between its end centres, turned to `heading`.
    static func capsule(_ center: GlyphPoint, length: Double, radius: Double, heading: Double) -> [GlyphPoint] {
        let a = GlyphBuilder.polar(center, length / 2, heading), b = GlyphBuilder.polar(center, length / 2, heading + 180)
        return GlyphBuilder.arcPoints(center: a, radius: radius, from: heading - 90, to: heading + 90, steps: 10)
            + GlyphBuilder.arcPoints(center: b, radius: radius, from: heading + 90, to: heading + 270, steps: 10)
    }

    /// A leaf from the bottom left to the top right: two arcs meeting at its ends.
    private static func leafPoints() -> [GlyphPoint] {
        let steps = 16
        let upper = (0...steps).map { k -> GlyphPoint in
            let t = Double(k) / Double(steps), bulge = 0.3 * sin(.pi * t)
            return (0.12 + 0.76 * t - bulge * 0.7, 0.88 - 0.76 * t - bulge * 0.7)
        }
        let lower = (1..<steps).reversed().map { k -> GlyphPoint in
            let t = Double(k) / Double(steps), bulge = 0.3 * sin(.pi * t)
            return (0.12 + 0.76 * t + bulge * 0.7, 0.88 - 0.76 * t + bulge * 0.7)
        }
        return upper + lower
    }
}
