import Foundation

extension SymbolGlyphs {
    /// Arrows, chevrons and circular arrows. `forward` / `backward` spellings resolve to right / left.
    static let arrows: [String: Glyph] = [
        "chevron.right": { $0.line([(0.36, 0.18), (0.68, 0.5), (0.36, 0.82)]) },
        "chevron.left": { $0.line([(0.64, 0.18), (0.32, 0.5), (0.64, 0.82)]) },
        "chevron.up": { $0.line([(0.18, 0.66), (0.5, 0.34), (0.82, 0.66)]) },
        "chevron.down": { $0.line([(0.18, 0.34), (0.5, 0.66), (0.82, 0.34)]) },
        "chevron.up.chevron.down": { $0.line([(0.28, 0.38), (0.5, 0.16), (0.72, 0.38)]); $0.line([(0.28, 0.62), (0.5, 0.84), (0.72, 0.62)]) },
        "chevron.left.forwardslash.chevron.right": {
            $0.line([(0.3, 0.26), (0.08, 0.5), (0.3, 0.74)]); $0.line([(0.7, 0.26), (0.92, 0.5), (0.7, 0.74)])
            $0.line([(0.58, 0.18), (0.42, 0.82)])
        },
        "arrow.up": { $0.line([(0.5, 0.86), (0.5, 0.16)]); $0.line([(0.22, 0.44), (0.5, 0.16), (0.78, 0.44)]) },
        "arrow.down": { $0.line([(0.5, 0.14), (0.5, 0.84)]); $0.line([(0.22, 0.56), (0.5, 0.84), (0.78, 0.56)]) },
        "arrow.right": { $0.line([(0.14, 0.5), (0.84, 0.5)]); $0.line([(0.56, 0.22), (0.84, 0.5), (0.56, 0.78)]) },
        "arrow.left": { $0.line([(0.86, 0.5), (0.16, 0.5)]); $0.line([(0.44, 0.22), (0.16, 0.5), (0.44, 0.78)]) },
        "arrow.up.right": { $0.line([(0.2, 0.8), (0.78, 0.22)]); $0.line([(0.36, 0.22), (0.78, 0.22), (0.78, 0.64)]) },
        "arrow.up.left": { $0.line([(0.8, 0.8), (0.22, 0.22)]); $0.line([(0.64, 0.22), (0.22, 0.22), (0.22, 0.64)]) },
        "arrow.down.right": { $0.line([(0.2, 0.2), (0.78, 0.78)]); $0.line([(0.36, 0.78), (0.78, 0.78), (0.78, 0.36)]) },
        "arrow.down.left": { $0.line([(0.8, 0.2), (0.22, 0.78)]); $0.line([(0.64, 0.78), (0.22, 0.78), (0.22, 0.36)]) },
        "arrow.up.arrow.down": {
            $0.line([(0.32, 0.84), (0.32, 0.16)]); $0.line([(0.14, 0.34), (0.32, 0.16), (0.5, 0.34)])
            $0.line([(0.68, 0.16), (0.68, 0.84)]); $0.line([(0.5, 0.66), (0.68, 0.84), (0.86, 0.66)])
        },
        "arrow.left.arrow.right": { $0.arrow((0.84, 0.32), (0.14, 0.32), size: 0.2); $0.arrow((0.16, 0.68), (0.86, 0.68), size: 0.2) },
        "arrow.down.to.line": { $0.arrow((0.5, 0.1), (0.5, 0.66)); $0.line([(0.18, 0.88), (0.82, 0.88)]) },
        "arrow.up.to.line": { $0.arrow((0.5, 0.9), (0.5, 0.34)); $0.line([(0.18, 0.12), (0.82, 0.12)]) },
        "arrow.up.left.and.arrow.down.right": { $0.arrow((0.44, 0.44), (0.16, 0.16), size: 0.2); $0.arrow((0.56, 0.56), (0.84, 0.84), size: 0.2) },
        "arrow.down.right.and.arrow.up.left": { $0.arrow((0.12, 0.12), (0.42, 0.42), size: 0.2); $0.arrow((0.88, 0.88), (0.58, 0.58), size: 0.2) },
        "arrow.clockwise": {
            $0.arc(center: (0.5, 0.54), radius: 0.32, from: 20, to: 320)
            $0.line([(0.5, 0.1), (0.64, 0.22), (0.5, 0.34)])
        },
        "arrow.counterclockwise": {
            $0.arc(center: (0.5, 0.54), radius: 0.32, from: 40, to: 340)
            $0.line([(0.5, 0.1), (0.36, 0.22), (0.5, 0.34)])
        },
        "arrow.triangle.2.circlepath": {
            $0.arcArrow(center: (0.5, 0.5), radius: 0.34, from: 290, to: 440, size: 0.2)
            $0.arcArrow(center: (0.5, 0.5), radius: 0.34, from: 110, to: 260, size: 0.2)
        },
        "arrow.2.squarepath": {
            $0.line([(0.16, 0.58), (0.16, 0.3), (0.8, 0.3)]); $0.head((0.82, 0.3), heading: 90, size: 0.18)
            $0.line([(0.84, 0.42), (0.84, 0.7), (0.2, 0.7)]); $0.head((0.18, 0.7), heading: 270, size: 0.18)
        },
        "arrow.uturn.left": { $0.line([(0.2, 0.34), (0.62, 0.34)]); $0.arc(center: (0.62, 0.56), radius: 0.22, from: 0, to: 180); $0.line([(0.62, 0.78), (0.44, 0.78)]); $0.head((0.16, 0.34), heading: 270, size: 0.2) },
        "arrowshape.turn.up.left": { $0.shape(replyPoints()) },
        "arrowshape.turn.up.right": { $0.shape(GlyphBuilder.mirrored(replyPoints())) },
        "arrowshape.right": { $0.shape([(0.08, 0.36), (0.5, 0.36), (0.5, 0.14), (0.92, 0.5), (0.5, 0.86), (0.5, 0.64), (0.08, 0.64)]) },
        "arrowshape.left": { $0.shape(GlyphBuilder.mirrored([(0.08, 0.36), (0.5, 0.36), (0.5, 0.14), (0.92, 0.5), (0.5, 0.86), (0.5, 0.64), (0.08, 0.64)])) },
        "arrowtriangle.down": { $0.shape([(0.14, 0.26), (0.86, 0.26), (0.5, 0.8)]) },
        "arrowtriangle.up": { $0.shape([(0.14, 0.74), (0.86, 0.74), (0.5, 0.2)]) },
        "arrowtriangle.right": { $0.shape([(0.26, 0.14), (0.26, 0.86), (0.8, 0.5)]) },
        "arrowtriangle.left": { $0.shape([(0.74, 0.14), (0.74, 0.86), (0.2, 0.5)]) },
        "square.and.arrow.up": {
            $0.line([(0.34, 0.4), (0.18, 0.4), (0.18, 0.9), (0.82, 0.9), (0.82, 0.4), (0.66, 0.4)])
            $0.arrow((0.5, 0.64), (0.5, 0.08), size: 0.2)
        },
        "square.and.arrow.down": {
            $0.line([(0.34, 0.4), (0.18, 0.4), (0.18, 0.9), (0.82, 0.9), (0.82, 0.4), (0.66, 0.4)])
            $0.arrow((0.5, 0.08), (0.5, 0.68), size: 0.2)
        },
        "rectangle.portrait.and.arrow.right": {
            $0.line([(0.5, 0.3), (0.5, 0.12), (0.12, 0.12), (0.12, 0.88), (0.5, 0.88), (0.5, 0.7)])
            $0.arrow((0.36, 0.5), (0.9, 0.5), size: 0.2)
        },
        "location.north": { $0.shape([(0.5, 0.08), (0.82, 0.88), (0.5, 0.7), (0.18, 0.88)]) },
    ]

    /// A reply arrow: a head pointing left, its tail curving down to the right.
    private static func replyPoints() -> [GlyphPoint] {
        [(0.08, 0.42), (0.42, 0.12), (0.42, 0.3), (0.62, 0.32), (0.8, 0.42), (0.9, 0.6), (0.92, 0.86),
         (0.8, 0.72), (0.66, 0.6), (0.42, 0.56), (0.42, 0.74)]
    }
}
