import Foundation

extension SymbolGlyphs {
    /// Messages, mail and calls.
    static let communication: [String: Glyph] = [
        "bubble.left": { $0.shape(bubblePoints(0.06, 0.12, 0.94, 0.74)) },
        "bubble.right": { $0.shape(GlyphBuilder.mirrored(bubblePoints(0.06, 0.12, 0.94, 0.74))) },
        "bubble.left.and.bubble.right": {
            $0.inset(0.36, 0.04, 0.6) { $0.shape(GlyphBuilder.mirrored(bubblePoints())) }
            $0.inset(0.02, 0.32, 0.64) { $0.shape(bubblePoints()) }
        },
        "paperplane": {
            $0.shape([(0.92, 0.08), (0.08, 0.44), (0.4, 0.58), (0.54, 0.92)])
            $0.knockout { $0.line([(0.4, 0.58), (0.9, 0.1)]) }
        },
        "envelope": {
            $0.rect(0.06, 0.2, 0.88, 0.6, radius: 0.07)
            $0.knockout { $0.line([(0.08, 0.24), (0.5, 0.56), (0.92, 0.24)]) }
        },
        "envelope.open": {
            $0.shape([(0.06, 0.42), (0.5, 0.1), (0.94, 0.42), (0.94, 0.88), (0.06, 0.88)])
            $0.knockout { $0.line([(0.08, 0.44), (0.5, 0.72), (0.92, 0.44)]) }
        },
        "phone": {
            $0.shape([(0.12, 0.22), (0.26, 0.08), (0.42, 0.28), (0.34, 0.4), (0.6, 0.66), (0.72, 0.58), (0.92, 0.74),
                      (0.78, 0.88), (0.6, 0.9), (0.36, 0.74), (0.2, 0.56), (0.1, 0.38)])
        },
        "megaphone": {
            $0.shape([(0.1, 0.38), (0.36, 0.38), (0.82, 0.14), (0.82, 0.78), (0.36, 0.56), (0.1, 0.56)])
            $0.line([(0.24, 0.56), (0.3, 0.86), (0.42, 0.86), (0.4, 0.6)])
        },
    ]
}
