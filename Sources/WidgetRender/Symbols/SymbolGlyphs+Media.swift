import Foundation

extension SymbolGlyphs {
    /// Playback, sound, pictures and music.
    static let media: [String: Glyph] = [
        "play": { $0.shape([(0.26, 0.14), (0.84, 0.5), (0.26, 0.86)]) },
        "pause": { $0.shape([(0.24, 0.16), (0.42, 0.16), (0.42, 0.84), (0.24, 0.84)]); $0.shape([(0.58, 0.16), (0.76, 0.16), (0.76, 0.84), (0.58, 0.84)]) },
        "stop": { $0.shape([(0.2, 0.2), (0.8, 0.2), (0.8, 0.8), (0.2, 0.8)]) },
        "playpause": {
            $0.shape([(0.08, 0.24), (0.46, 0.5), (0.08, 0.76)])
            $0.shape([(0.6, 0.24), (0.7, 0.24), (0.7, 0.76), (0.6, 0.76)]); $0.shape([(0.82, 0.24), (0.92, 0.24), (0.92, 0.76), (0.82, 0.76)])
        },
        "forward": { $0.shape([(0.08, 0.24), (0.48, 0.5), (0.08, 0.76)]); $0.shape([(0.5, 0.24), (0.9, 0.5), (0.5, 0.76)]) },
        "backward": { $0.shape([(0.92, 0.24), (0.52, 0.5), (0.92, 0.76)]); $0.shape([(0.5, 0.24), (0.1, 0.5), (0.5, 0.76)]) },
        "forward.end": { $0.shape([(0.16, 0.2), (0.64, 0.5), (0.16, 0.8)]); $0.line([(0.8, 0.2), (0.8, 0.8)]) },
        "backward.end": { $0.shape([(0.84, 0.2), (0.36, 0.5), (0.84, 0.8)]); $0.line([(0.2, 0.2), (0.2, 0.8)]) },
        "shuffle": {
            $0.line([(0.08, 0.3), (0.28, 0.3), (0.6, 0.7), (0.86, 0.7)]); $0.head((0.88, 0.7), heading: 90, size: 0.16)
            $0.line([(0.08, 0.7), (0.28, 0.7), (0.6, 0.3), (0.86, 0.3)]); $0.head((0.88, 0.3), heading: 90, size: 0.16)
        },
        "music.note": { note(&$0, x: 0.48) },
        "music.note.list": {
            $0.line([(0.08, 0.2), (0.6, 0.2)]); $0.line([(0.08, 0.38), (0.6, 0.38)]); $0.line([(0.08, 0.56), (0.4, 0.56)])
            $0.inset(0.4, 0.28, 0.62) { note(&$0, x: 0.62) }
        },
        "speaker": { speaker(&$0, dx: 0.14) },
        "speaker.wave.1": { speaker(&$0, dx: 0); waves(&$0, 1) },
        "speaker.wave.2": { speaker(&$0, dx: -0.04); waves(&$0, 2, dx: -0.04) },
        "speaker.wave.3": { speaker(&$0, dx: -0.06); waves(&$0, 3, dx: -0.06) },
        "mic": {
            $0.rect(0.36, 0.08, 0.28, 0.5, radius: 0.14)
            $0.arc(center: (0.5, 0.46), radius: 0.26, from: 90, to: 270)
            $0.line([(0.5, 0.72), (0.5, 0.9)]); $0.line([(0.34, 0.9), (0.66, 0.9)])
        },
        "camera": {
            $0.shape([(0.08, 0.3), (0.3, 0.3), (0.38, 0.18), (0.62, 0.18), (0.7, 0.3), (0.92, 0.3), (0.92, 0.84), (0.08, 0.84)])
            $0.knockout { $0.ring(center: (0.5, 0.56), radius: 0.15) }
        },
        "video": {
            $0.rect(0.06, 0.26, 0.6, 0.48, radius: 0.1)
            $0.shape([(0.72, 0.44), (0.94, 0.3), (0.94, 0.7), (0.72, 0.56)])
        },
        "photo": { photo(&$0) },
        "photo.on.rectangle": {
            $0.line([(0.08, 0.7), (0.08, 0.12), (0.78, 0.12)])
            $0.inset(0.2, 0.24, 0.76) { photo(&$0) }
        },
        "waveform": {
            for (k, h) in [0.14, 0.34, 0.6, 0.3, 0.72, 0.44, 0.22, 0.5, 0.18].enumerated() {
                let x = 0.1 + 0.1 * Double(k)
                $0.line([(x, 0.5 - h / 2), (x, 0.5 + h / 2)])
            }
        },
        "waveform.path.ecg": { $0.line([(0.06, 0.54), (0.3, 0.54), (0.38, 0.3), (0.48, 0.8), (0.58, 0.2), (0.66, 0.54), (0.94, 0.54)]) },
        "headphones": {
            $0.arc(center: (0.5, 0.56), radius: 0.36, from: 270, to: 450)
            $0.rect(0.1, 0.56, 0.16, 0.32, radius: 0.06); $0.rect(0.74, 0.56, 0.16, 0.32, radius: 0.06)
        },
        "tv": { $0.rect(0.06, 0.14, 0.88, 0.6, radius: 0.06); $0.line([(0.3, 0.88), (0.7, 0.88)]) },
        "film": {
            $0.rect(0.16, 0.08, 0.68, 0.84, radius: 0.04)
            $0.knockout { $0.line([(0.3, 0.08), (0.3, 0.92)]); $0.line([(0.7, 0.08), (0.7, 0.92)]); $0.line([(0.3, 0.5), (0.7, 0.5)]) }
        },
        "radio": {
            $0.rect(0.06, 0.32, 0.88, 0.56, radius: 0.08); $0.line([(0.2, 0.32), (0.72, 0.1)])
            $0.knockout { $0.ring(center: (0.66, 0.6), radius: 0.12); $0.line([(0.2, 0.5), (0.4, 0.5)]); $0.line([(0.2, 0.68), (0.4, 0.68)]) }
        },
    ]

    /// A quaver with its stem at `x`.
    private static func note(_ b: inout GlyphBuilder, x: Double) {
        b.solid(GlyphBuilder.ellipsePoints((x - 0.14, 0.76), 0.16, 0.12))
        b.line([(x, 0.74), (x, 0.12), (x + 0.12, 0.2), (x + 0.26, 0.28), (x + 0.28, 0.44)])
    }

    /// A loudspeaker shifted `dx` to the right of the left edge.
    private static func speaker(_ b: inout GlyphBuilder, dx: Double) {
        b.shape([(0.1 + dx, 0.38), (0.28 + dx, 0.38), (0.5 + dx, 0.18), (0.5 + dx, 0.82), (0.28 + dx, 0.62), (0.1 + dx, 0.62)])
    }

    private static func waves(_ b: inout GlyphBuilder, _ count: Int, dx: Double = 0) {
        for k in 0..<count { b.arc(center: (0.5 + dx, 0.5), radius: 0.16 + 0.14 * Double(k), from: 45, to: 135) }
    }

    /// A framed landscape: hills and a sun.
    private static func photo(_ b: inout GlyphBuilder) {
        b.rect(0.08, 0.16, 0.84, 0.68, radius: 0.08)
        b.knockout { $0.line([(0.18, 0.72), (0.4, 0.48), (0.56, 0.64), (0.66, 0.54), (0.82, 0.72)]); $0.dot((0.66, 0.34), 0.07) }
    }
}
