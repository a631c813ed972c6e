import Foundation

extension SymbolGlyphs {
    /// Marks and plain shapes: check, cross, plus, punctuation, circle, star, heart.
    static let marks: [String: Glyph] = [
        "checkmark": { $0.line([(0.2, 0.53), (0.42, 0.75), (0.82, 0.27)]) },
        "xmark": { $0.line([(0.24, 0.24), (0.76, 0.76)]); $0.line([(0.76, 0.24), (0.24, 0.76)]) },
        "plus": { $0.line([(0.5, 0.18), (0.5, 0.82)]); $0.line([(0.18, 0.5), (0.82, 0.5)]) },
        "minus": { $0.line([(0.18, 0.5), (0.82, 0.5)]) },
        "multiply": { $0.line([(0.3, 0.3), (0.7, 0.7)]); $0.line([(0.7, 0.3), (0.3, 0.7)]) },
        "equal": { $0.line([(0.2, 0.38), (0.8, 0.38)]); $0.line([(0.2, 0.62), (0.8, 0.62)]) },
        "slash": { $0.line([(0.28, 0.86), (0.72, 0.14)]) },
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
        "at": {
            $0.ring(center: (0.5, 0.5), radius: 0.15)
            $0.line([(0.65, 0.34), (0.65, 0.58), (0.7, 0.64), (0.78, 0.65), (0.86, 0.6)])
            $0.arc(center: (0.5, 0.5), radius: 0.38, from: 105, to: -200)
        },
        "number": {
            $0.line([(0.42, 0.14), (0.34, 0.86)]); $0.line([(0.68, 0.14), (0.6, 0.86)])
            $0.line([(0.18, 0.37), (0.84, 0.37)]); $0.line([(0.16, 0.63), (0.82, 0.63)])
        },
        "ellipsis": { for x in [0.22, 0.5, 0.78] { $0.dot((x, 0.5), 0.075) } },
        "circle": { $0.shape(ellipse: (0.5, 0.5), radius: 0.4) },
        "circle.inset.filled": { $0.ring(center: (0.5, 0.5), radius: 0.4); $0.dot((0.5, 0.5), 0.24) },
        "square": { $0.shape([(0.14, 0.14), (0.86, 0.14), (0.86, 0.86), (0.14, 0.86)]) },
        "rectangle": { $0.rect(0.06, 0.2, 0.88, 0.6, radius: 0.08) },
        "square.dashed": {
            for k in 0..<4 {
                let a = 0.2 + 0.2 * Double(k)
                $0.line([(a, 0.14), (a + 0.08, 0.14)]); $0.line([(a, 0.86), (a + 0.08, 0.86)])
                $0.line([(0.14, a), (0.14, a + 0.08)]); $0.line([(0.86, a), (0.86, a + 0.08)])
            }
        },
        "triangle": { $0.shape([(0.5, 0.12), (0.9, 0.84), (0.1, 0.84)]) },
        "star": { $0.shape(starPoints()) },
        "heart": { $0.shape(heartPoints()) },
        "seal": { $0.shape(sealPoints()) },
        "shield": { $0.shape(shieldPoints()) },
        "text": { $0.line([(0.14, 0.26), (0.86, 0.26)]); $0.line([(0.14, 0.5), (0.86, 0.5)]); $0.line([(0.14, 0.74), (0.6, 0.74)]) },
        "quote": {
            for x in [0.3, 0.66] {
                $0.dot((x, 0.42), 0.12)
                $0.line([(x + 0.09, 0.44), (x + 0.06, 0.62), (x - 0.08, 0.76)])
            }
        },
        "sparkles": {
            $0.shape(GlyphBuilder.sparkle((0.4, 0.58), 0.34))
            $0.shape(GlyphBuilder.sparkle((0.76, 0.22), 0.15))
            $0.solid(GlyphBuilder.sparkle((0.8, 0.76), 0.1))
        },
        "power": { $0.arc(center: (0.5, 0.54), radius: 0.34, from: 35, to: 325); $0.line([(0.5, 0.1), (0.5, 0.46)]) },
        "target": { $0.ring(center: (0.5, 0.5), radius: 0.4); $0.ring(center: (0.5, 0.5), radius: 0.22); $0.dot((0.5, 0.5), 0.08) },
        "scope": {
            $0.ring(center: (0.5, 0.5), radius: 0.3)
            $0.line([(0.5, 0.08), (0.5, 0.3)]); $0.line([(0.5, 0.7), (0.5, 0.92)])
            $0.line([(0.08, 0.5), (0.3, 0.5)]); $0.line([(0.7, 0.5), (0.92, 0.5)])
            $0.dot((0.5, 0.5), 0.06)
        },
        "crown": { $0.shape([(0.1, 0.28), (0.32, 0.54), (0.5, 0.2), (0.68, 0.54), (0.9, 0.28), (0.8, 0.8), (0.2, 0.8)]) },
    ]

    private static func starPoints() -> [GlyphPoint] {
        (0..<10).map { k in
            let a = -Double.pi / 2 + Double(k) * .pi / 5, r = k.isMultiple(of: 2) ? 0.42 : 0.18
            return (0.5 + r * cos(a), 0.54 + r * sin(a))
        }
    }

    static func heartPoints() -> [GlyphPoint] {
        (0..<40).map { k in
            let t = Double(k) / 40 * 2 * .pi
            let x = 16 * pow(sin(t), 3), y = 13 * cos(t) - 5 * cos(2 * t) - 2 * cos(3 * t) - cos(4 * t)
            return (0.5 + x / 40, 0.48 - y / 40)
        }
    }
}
