import WidgetArchive

/// Deterministic text measurement: per-character advances from a built-in table (Helvetica-like
/// proportions in thousandths of an em), so layout is identical on every machine whatever fonts are
/// installed. Glyph drawing may use a real font; measurement never does.
public enum TextMetrics {
    /// Advance widths for U+0020...U+007E, in 1/1000 em.
    private static let ascii: [UInt16] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
    ]

    /// Ascent, descent and line height as fractions of the font size.
    public static let ascent = 0.93
    public static let descent = 0.24
    public static let lineHeightFactor = 1.19

    /// Advance of one scalar in ems, before weight.
    static func advance(_ scalar: Unicode.Scalar) -> Double {
        let v = scalar.value
        if v >= 0x20 && v <= 0x7E { return Double(ascii[Int(v - 0x20)]) / 1000 }
        switch v {
        case 0x2026: return 1.0  // …
        case 0x00B7, 0x2022: return 0.278  // · •
        case 0x2013: return 0.556
        case 0x2014: return 1.0
        case 0xFE0E, 0xFE0F, 0x200D: return 0  // variation selectors, joiner
        case 0x00A0...0x024F: return 0.556  // Latin-1 and Extended
        case 0x0370...0x052F: return 0.6  // Greek, Cyrillic
        case 0x1F000...0x1FAFF, 0x2600...0x27BF: return 1.2  // emoji and symbols
        case 0x2E80...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFFEF: return 1.0  // CJK, Hangul
        default: return 0.6
        }
    }

    /// Weights draw wider: a factor on the regular advance.
    static func weightFactor(_ weight: FontWeight) -> Double {
        switch weight {
        case .ultraLight: 0.94
        case .thin: 0.95
        case .light: 0.97
        case .regular: 1.0
        case .medium: 1.02
        case .semibold: 1.04
        case .bold: 1.06
        case .heavy: 1.08
        case .black: 1.1
        }
    }

    /// Width of `text` in points: advances scaled by weight, design and `widthFactor` (`Font.Width`),
    /// plus `spacing` after every character (kerning and tracking).
    public static func width(
        _ text: Substring, size: Double, weight: FontWeight, design: FontDesign = .default, widthFactor: Double = 1, spacing: Double = 0
    ) -> Double {
        var ems = 0.0
        var count = 0
        for scalar in text.unicodeScalars {
            ems += design == .monospaced && scalar.value < 0x7F ? 0.6 : advance(scalar)
            count += 1
        }
        let designFactor = design == .rounded ? 1.02 : 1.0
        let width = ems * size * weightFactor(weight) * designFactor
        return (widthFactor == 1 ? width : width * widthFactor) + (spacing == 0 ? 0 : spacing * Double(count))
    }

    public static func width(
        _ text: String, size: Double, weight: FontWeight, design: FontDesign = .default, widthFactor: Double = 1, spacing: Double = 0
    ) -> Double {
        width(text[...], size: size, weight: weight, design: design, widthFactor: widthFactor, spacing: spacing)
    }

    public static func lineHeight(size: Double) -> Double { size * lineHeightFactor }
}

/// Point sizes and default weights of the text styles, per platform (Human Interface Guidelines,
/// "Typography": iOS default Large size, which visionOS widgets share; watchOS 45 mm default size,
/// SF Compact Rounded design).
public enum TextStyleTable {
    /// A text style's point size at a Dynamic Type size. iOS and the platforms that share its styles
    /// take Apple's table for that size (HIG, "Dynamic Type sizes"); watchOS scales its own default
    /// sizes by the same steps as iOS's body style.
    public static func size(_ style: TextStyle, platform: Placement.Platform, textSize: TextSizeValue) -> Double {
        if textSize == .large { return size(style, platform: platform) }
        let row = DynamicTypeTable.row(textSize)
        switch platform {
        case .watchOS:
            let step = row[DynamicTypeTable.column(.body)] / DynamicTypeTable.row(.large)[DynamicTypeTable.column(.body)]
            return (size(style, platform: platform) * step).rounded()
        case .iOS, .iPadOS, .macOS, .visionOS:
            return row[DynamicTypeTable.column(style)]
        }
    }

    public static func size(_ style: TextStyle, platform: Placement.Platform) -> Double {
        switch platform {
        case .watchOS:
            switch style {
            case .largeTitle: 36
            case .title: 30
            case .title2: 24
            case .title3: 19
            case .headline: 16
            case .subheadline: 15
            case .body: 16
            case .callout: 15
            case .footnote: 13
            case .caption: 14
            case .caption2: 13
            }
        case .iOS, .iPadOS, .macOS, .visionOS:
            switch style {
            case .largeTitle: 34
            case .title: 28
            case .title2: 22
            case .title3: 20
            case .headline: 17
            case .subheadline: 15
            case .body: 17
            case .callout: 16
            case .footnote: 13
            case .caption: 12
            case .caption2: 11
            }
        }
    }

    public static func weight(_ style: TextStyle, platform: Placement.Platform) -> FontWeight {
        switch (style, platform) {
        case (.headline, _): .semibold
        case (.largeTitle, .watchOS), (.title, .watchOS): .semibold
        case (_, .watchOS): .medium
        default: .regular
        }
    }

    public static func design(platform: Placement.Platform) -> FontDesign {
        platform == .watchOS ? .rounded : .default
    }
}

/// iOS's text style sizes at each Dynamic Type size, in points, as Apple's Human Interface Guidelines
/// tabulate them ("Typography", "Dynamic Type sizes"): one row per size, one column per style.
enum DynamicTypeTable {
    /// Columns: large title, title 1, title 2, title 3, headline, body, callout, subheadline,
    /// footnote, caption 1, caption 2.
    private static let rows: [[Double]] = [
        [31, 25, 19, 17, 14, 14, 13, 12, 12, 11, 11],  // xSmall
        [32, 26, 20, 18, 15, 15, 14, 13, 12, 11, 11],  // small
        [33, 27, 21, 19, 16, 16, 15, 14, 12, 11, 11],  // medium
        [34, 28, 22, 20, 17, 17, 16, 15, 13, 12, 11],  // large (the default)
        [36, 30, 24, 22, 19, 19, 18, 17, 15, 14, 13],  // xLarge
        [38, 32, 26, 24, 21, 21, 20, 19, 17, 16, 15],  // xxLarge
        [40, 34, 28, 26, 23, 23, 22, 21, 19, 18, 17],  // xxxLarge
        [44, 38, 34, 31, 28, 28, 26, 25, 23, 22, 20],  // accessibility1
        [48, 43, 39, 37, 33, 33, 32, 30, 27, 26, 24],  // accessibility2
        [52, 48, 44, 43, 40, 40, 38, 36, 33, 32, 29],  // accessibility3
        [56, 53, 50, 49, 47, 47, 44, 42, 38, 37, 34],  // accessibility4
        [60, 58, 56, 55, 53, 53, 51, 49, 44, 43, 40],  // accessibility5
    ]

    static func row(_ size: TextSizeValue) -> [Double] { rows[Int(size.rawValue)] }

    static func column(_ style: TextStyle) -> Int {
        switch style {
        case .largeTitle: 0
        case .title: 1
        case .title2: 2
        case .title3: 3
        case .headline: 4
        case .body: 5
        case .callout: 6
        case .subheadline: 7
        case .footnote: 8
        case .caption: 9
        case .caption2: 10
        }
    }
}
