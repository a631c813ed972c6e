import Foundation

extension SymbolGlyphs {
    /// People, faces, hands, eyes and figures in motion.
    static let people: [String: Glyph] = [
        "person": { $0.shape(ellipse: (0.5, 0.3), radius: 0.18); $0.shape(shoulders(center: 0.5, radius: 0.32)) },
        "person.2": {
            $0.shape(ellipse: (0.7, 0.28), radius: 0.13)
            $0.arc(center: (0.72, 0.84), radius: 0.24, from: -20, to: 90)
            $0.shape(ellipse: (0.36, 0.34), radius: 0.16); $0.shape(shoulders(center: 0.36, radius: 0.28))
        },
        "person.3": {
            $0.shape(ellipse: (0.2, 0.38), radius: 0.1); $0.arc(center: (0.22, 0.88), radius: 0.16, from: 270, to: 340)
            $0.shape(ellipse: (0.8, 0.38), radius: 0.1); $0.arc(center: (0.78, 0.88), radius: 0.16, from: 20, to: 90)
            $0.shape(ellipse: (0.5, 0.34), radius: 0.14); $0.shape(shoulders(center: 0.5, radius: 0.24))
        },
        "face.smiling": {
            $0.shape(ellipse: (0.5, 0.5), radius: 0.42)
            $0.knockout {
                $0.dot((0.36, 0.4), 0.055); $0.dot((0.64, 0.4), 0.055)
                $0.arc(center: (0.5, 0.52), radius: 0.2, from: 120, to: 240)
            }
        },
        "eye": {
            $0.shape(eyePoints())
            $0.knockout { $0.ring(center: (0.5, 0.5), radius: 0.13) }
        },
        "hand.raised": {
            for (x, top) in [(0.3, 0.26), (0.43, 0.14), (0.56, 0.12), (0.69, 0.2)] { $0.line([(x, top), (x, 0.5)]) }
            $0.line([(0.2, 0.54), (0.16, 0.44)])
            $0.shape([(0.24, 0.48), (0.76, 0.48), (0.76, 0.72), (0.62, 0.9), (0.36, 0.9), (0.24, 0.72)])
        },
        "hand.thumbsup": {
            $0.shape([(0.34, 0.44), (0.44, 0.1), (0.56, 0.14), (0.54, 0.4), (0.82, 0.42), (0.86, 0.52), (0.8, 0.88), (0.34, 0.88)])
            $0.rect(0.08, 0.44, 0.18, 0.44, radius: 0.04)
        },
        "hand.thumbsdown": {
            $0.shape([(0.34, 0.56), (0.44, 0.9), (0.56, 0.86), (0.54, 0.6), (0.82, 0.58), (0.86, 0.48), (0.8, 0.12), (0.34, 0.12)])
            $0.rect(0.08, 0.12, 0.18, 0.44, radius: 0.04)
        },
        "figure.walk": {
            $0.dot((0.56, 0.13), 0.09)
            $0.line([(0.54, 0.3), (0.46, 0.58)])
            $0.line([(0.46, 0.58), (0.62, 0.72), (0.6, 0.92)]); $0.line([(0.46, 0.58), (0.38, 0.76), (0.26, 0.9)])
            $0.line([(0.3, 0.5), (0.38, 0.36), (0.54, 0.3), (0.62, 0.44), (0.72, 0.5)])
        },
        "figure.run": {
            $0.dot((0.64, 0.12), 0.09)
            $0.line([(0.58, 0.3), (0.46, 0.54)])
            $0.line([(0.46, 0.54), (0.64, 0.66), (0.6, 0.92)]); $0.line([(0.46, 0.54), (0.34, 0.74), (0.12, 0.76)])
            $0.line([(0.26, 0.42), (0.4, 0.3), (0.58, 0.3), (0.68, 0.44), (0.84, 0.42)])
        },
        "figure.stand": {
            $0.dot((0.5, 0.13), 0.09)
            $0.line([(0.5, 0.3), (0.5, 0.58)]); $0.line([(0.42, 0.9), (0.44, 0.58), (0.56, 0.58), (0.58, 0.9)])
            $0.line([(0.3, 0.56), (0.36, 0.32), (0.64, 0.32), (0.7, 0.56)])
        },
        "lungs": {
            $0.line([(0.5, 0.1), (0.5, 0.4)])
            $0.shape([(0.42, 0.36), (0.3, 0.22), (0.16, 0.42), (0.1, 0.8), (0.2, 0.88), (0.42, 0.76)])
            $0.shape([(0.58, 0.36), (0.7, 0.22), (0.84, 0.42), (0.9, 0.8), (0.8, 0.88), (0.58, 0.76)])
        },
        "pawprint": {
            $0.shape(GlyphBuilder.ellipsePoints((0.5, 0.68), 0.22, 0.18))
            for (x, y) in [(0.18, 0.44), (0.36, 0.24), (0.64, 0.24), (0.82, 0.44)] { $0.shape(GlyphBuilder.ellipsePoints((x, y), 0.08, 0.1, steps: 16)) }
        },
    ]

    /// The top half of a disc: a figure's shoulders, standing on the bottom edge.
    static func shoulders(center: Double, radius: Double) -> [GlyphPoint] {
        (0...16).map { k in
            let a = .pi + Double(k) / 16 * .pi
            return (center + radius * cos(a), 0.9 + 0.34 / 0.32 * radius * sin(a))
        }
    }

    /// An almond: two arcs meeting at the corners of the eye.
    private static func eyePoints() -> [GlyphPoint] {
        let upper = (0...16).map { k -> GlyphPoint in let t = Double(k) / 16; return (0.06 + 0.88 * t, 0.5 - 0.3 * sin(.pi * t)) }
        let lower = (1..<16).reversed().map { k -> GlyphPoint in let t = Double(k) / 16; return (0.06 + 0.88 * t, 0.5 + 0.3 * sin(.pi * t)) }
        return upper + lower
    }
}
