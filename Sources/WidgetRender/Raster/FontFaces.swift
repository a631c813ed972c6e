import WidgetArchive

/// A design's regular and bold faces.
public struct FontFaces: Sendable {
    public var regular: TrueTypeFont
    public var bold: TrueTypeFont

    public init(regular: TrueTypeFont, bold: TrueTypeFont) {
        self.regular = regular
        self.bold = bold
    }

    /// Liberation Serif and Liberation Mono (`fonts-liberation2`), where installed: Times' and
    /// Courier's metrics, as the layout measures `.serif` and `.monospaced` text.
    static var liberationDesigns: [FontDesign: FontFaces] {
        designs(serif: "LiberationSerif", mono: "LiberationMono", folders: ["/usr/share/fonts/truetype/liberation2/", "/usr/share/fonts/truetype/liberation/",
                                                                           "/usr/share/fonts/liberation/", "/usr/share/fonts/TTF/"],
                regular: "-Regular.ttf", bold: "-Bold.ttf")
    }

    /// DejaVu Serif and DejaVu Sans Mono (`fonts-dejavu-core`), where installed.
    static var dejaVuDesigns: [FontDesign: FontFaces] {
        designs(serif: "DejaVuSerif", mono: "DejaVuSansMono", folders: ["/usr/share/fonts/truetype/dejavu/", "/usr/share/fonts/TTF/", "/usr/share/fonts/dejavu/"],
                regular: ".ttf", bold: "-Bold.ttf")
    }

    private static func designs(serif: String, mono: String, folders: [String], regular: String, bold: String) -> [FontDesign: FontFaces] {
        var faces: [FontDesign: FontFaces] = [:]
        for (design, family) in [(FontDesign.serif, serif), (.monospaced, mono)] {
            func face(_ suffix: String) -> TrueTypeFont? { folders.lazy.compactMap { TrueTypeFont(path: $0 + family + suffix) }.first }
            if let r = face(regular) { faces[design] = FontFaces(regular: r, bold: face(bold) ?? r) }
        }
        return faces
    }
}
