import WidgetArchive

/// A resolved sRGB colour with straight (non-premultiplied) alpha, components 0...1.
public struct RGBA: Hashable, Sendable {
    public var r: Double
    public var g: Double
    public var b: Double
    public var a: Double
    public init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) {
        self.r = r.clamped01
        self.g = g.clamped01
        self.b = b.clamped01
        self.a = a.clamped01
    }
    package init(bytes r: Int, _ g: Int, _ b: Int, _ a: Double = 1) { self.init(Double(r) / 255, Double(g) / 255, Double(b) / 255, a) }

    public static let clear = RGBA(0, 0, 0, 0)
    public static let black = RGBA(0, 0, 0)
    public static let white = RGBA(1, 1, 1)

    public func withAlpha(_ alpha: Double) -> RGBA { RGBA(r, g, b, alpha) }
    public func multiplyingAlpha(_ factor: Double) -> RGBA { RGBA(r, g, b, a * factor) }

    /// Rec. 709 relative luminance of the (gamma-encoded) components: what vibrant mode maps.
    public var luminance: Double { 0.2126 * r + 0.7152 * g + 0.0722 * b }

    /// `#rrggbb` for SVG.
    public var hex: String {
        func h(_ v: Double) -> String { String(Int((v * 255).rounded()), radix: 16).leftPadded(2) }
        return "#" + h(r) + h(g) + h(b)
    }

    /// 8-bit components (rounded), for the render tree and PNG.
    public var bytes: [Int] { [r, g, b, a].map { Int(($0 * 255).rounded()) } }
}

extension Double {
    var clamped01: Double { self.isNaN ? 0 : Swift.min(1, Swift.max(0, self)) }
}


/// Apple's system colours, light and dark (Human Interface Guidelines, "Color": system colors).
public enum SystemPalette {
    public static func resolve(_ color: SystemColor, scheme: ColorScheme) -> RGBA {
        let dark = scheme == .dark
        switch color {
        case .primary: return dark ? .white : .black
        case .secondary: return dark ? RGBA(bytes: 235, 235, 245, 0.6) : RGBA(bytes: 60, 60, 67, 0.6)
        case .accent, .blue: return dark ? RGBA(bytes: 10, 132, 255) : RGBA(bytes: 0, 122, 255)
        case .clear: return .clear
        case .black: return .black
        case .white: return .white
        case .gray: return RGBA(bytes: 142, 142, 147)
        case .red: return dark ? RGBA(bytes: 255, 69, 58) : RGBA(bytes: 255, 59, 48)
        case .orange: return dark ? RGBA(bytes: 255, 159, 10) : RGBA(bytes: 255, 149, 0)
        case .yellow: return dark ? RGBA(bytes: 255, 214, 10) : RGBA(bytes: 255, 204, 0)
        case .green: return dark ? RGBA(bytes: 48, 209, 88) : RGBA(bytes: 52, 199, 89)
        case .mint: return dark ? RGBA(bytes: 99, 230, 226) : RGBA(bytes: 0, 199, 190)
        case .teal: return dark ? RGBA(bytes: 64, 200, 224) : RGBA(bytes: 48, 176, 199)
        case .cyan: return dark ? RGBA(bytes: 100, 210, 255) : RGBA(bytes: 50, 173, 230)
        case .indigo: return dark ? RGBA(bytes: 94, 92, 230) : RGBA(bytes: 88, 86, 214)
        case .purple: return dark ? RGBA(bytes: 191, 90, 242) : RGBA(bytes: 175, 82, 222)
        case .pink: return dark ? RGBA(bytes: 255, 55, 95) : RGBA(bytes: 255, 45, 85)
        case .brown: return dark ? RGBA(bytes: 172, 142, 104) : RGBA(bytes: 162, 132, 94)
        case .tertiaryLabel: return dark ? RGBA(bytes: 235, 235, 245, 0.3) : RGBA(bytes: 60, 60, 67, 0.3)
        case .quaternaryLabel: return dark ? RGBA(bytes: 235, 235, 245, 0.16) : RGBA(bytes: 60, 60, 67, 0.18)
        case .fill: return dark ? RGBA(bytes: 120, 120, 128, 0.36) : RGBA(bytes: 120, 120, 128, 0.2)
        case .secondaryFill: return dark ? RGBA(bytes: 120, 120, 128, 0.32) : RGBA(bytes: 120, 120, 128, 0.16)
        case .tertiaryFill: return dark ? RGBA(bytes: 118, 118, 128, 0.24) : RGBA(bytes: 118, 118, 128, 0.12)
        case .quaternaryFill: return dark ? RGBA(bytes: 118, 118, 128, 0.18) : RGBA(bytes: 116, 116, 128, 0.08)
        case .background: return dark ? .black : .white
        case .secondaryBackground: return dark ? RGBA(bytes: 28, 28, 30) : RGBA(bytes: 242, 242, 247)
        case .tertiaryBackground: return dark ? RGBA(bytes: 44, 44, 46) : .white
        case .groupedBackground: return dark ? .black : RGBA(bytes: 242, 242, 247)
        case .secondaryGroupedBackground: return dark ? RGBA(bytes: 28, 28, 30) : .white
        case .tertiaryGroupedBackground: return dark ? RGBA(bytes: 44, 44, 46) : RGBA(bytes: 242, 242, 247)
        case .separator: return dark ? RGBA(bytes: 84, 84, 88, 0.65) : RGBA(bytes: 60, 60, 67, 0.29)
        case .gray2: return dark ? RGBA(bytes: 99, 99, 102) : RGBA(bytes: 174, 174, 178)
        case .gray3: return dark ? RGBA(bytes: 72, 72, 74) : RGBA(bytes: 199, 199, 204)
        case .gray4: return dark ? RGBA(bytes: 58, 58, 60) : RGBA(bytes: 209, 209, 214)
        case .gray5: return dark ? RGBA(bytes: 44, 44, 46) : RGBA(bytes: 229, 229, 234)
        case .gray6: return dark ? RGBA(bytes: 28, 28, 30) : RGBA(bytes: 242, 242, 247)
        }
    }

    /// How far a material blurs what is behind it, in points: thicker materials blur more. Estimates
    /// from iOS's renders (Apple does not publish them).
    public static func blurRadius(_ material: MaterialValue) -> Double {
        switch material {
        case .ultraThin: 12
        case .thin: 16
        case .regular: 20
        case .thick: 24
        case .ultraThick: 28
        case .bar: 20
        }
    }

    /// A material's tint: the scheme's background at the material's opacity, drawn over what is
    /// behind it blurred (`blurRadius`).
    public static func resolve(_ material: MaterialValue, scheme: ColorScheme) -> RGBA {
        let base = scheme == .dark ? RGBA(bytes: 28, 28, 30) : RGBA(bytes: 250, 250, 250)
        let alpha: Double = switch material {
        case .ultraThin: 0.35
        case .thin: 0.5
        case .regular: 0.65
        case .thick: 0.8
        case .ultraThick: 0.9
        case .bar: 0.75
        }
        return base.withAlpha(alpha)
    }

    /// The label colour at a hierarchy level (1 secondary … 4 quinary): the system's label colours,
    /// a grey with a touch of blue at the level's opacity (quinary, which has no label colour of its
    /// own, at a tenth).
    static func label(level: UInt8, scheme: ColorScheme) -> RGBA {
        let grey = scheme == .dark ? RGBA(bytes: 235, 235, 245) : RGBA(bytes: 60, 60, 67)
        let opacity: Double = switch level {
        case 1: 0.6
        case 2: 0.3
        case 3: scheme == .dark ? 0.16 : 0.18
        default: 0.1
        }
        return grey.withAlpha(opacity)
    }

    /// The hierarchical foreground levels: primary, secondary, tertiary, quaternary, quinary opacities.
    static let hierarchyOpacity: [Double] = [1, 0.6, 0.3, 0.18, 0.1]

    /// What a missing asset colour draws as: impossible to mistake for a design choice.
    public static let missingAsset = RGBA(1, 0, 1)
}
