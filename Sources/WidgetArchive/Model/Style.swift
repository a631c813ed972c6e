/// A colour as the archive stores it: concrete sRGB components, or a named system colour that the host
/// resolves for the colour scheme (as SwiftUI's `.primary`, `.red` do).
public enum ColorValue: Hashable, Sendable, Codable {
    /// sRGB components and opacity, each 0...1.
    case rgba(red: Double, green: Double, blue: Double, opacity: Double)
    /// A system colour resolved at render time; `opacity` multiplies the resolved alpha.
    case system(SystemColor, opacity: Double)
    /// A named colour of the extension's asset catalog, resolved there when archiving. Boxed, so every
    /// other colour stays as small as its components.
    indirect case asset(AssetColorValue)
}

/// `Color("Name")`: the colour set's components for each appearance it defines, so the host picks the
/// one for the scheme and contrast it draws in. All `nil` when the catalog has no such colour: the host
/// draws the missing-asset placeholder colour.
public struct AssetColorValue: Hashable, Sendable, Codable {
    public var name: String
    public var light: ColorComponents?
    public var dark: ColorComponents?
    public var lightHighContrast: ColorComponents?
    public var darkHighContrast: ColorComponents?
    /// Multiplies the resolved alpha (`.opacity(_)` on the colour).
    public var opacity: Double

    public init(
        name: String, light: ColorComponents? = nil, dark: ColorComponents? = nil, lightHighContrast: ColorComponents? = nil,
        darkHighContrast: ColorComponents? = nil, opacity: Double = 1
    ) {
        self.name = name
        self.light = light
        self.dark = dark
        self.lightHighContrast = lightHighContrast
        self.darkHighContrast = darkHighContrast
        self.opacity = opacity
    }

    public var isMissing: Bool { light == nil && dark == nil && lightHighContrast == nil && darkHighContrast == nil }

    /// The components for a scheme and contrast: exact, then without high contrast, then light.
    public func components(dark isDark: Bool, highContrast: Bool) -> ColorComponents? {
        let exact = isDark ? (highContrast ? darkHighContrast : dark) : (highContrast ? lightHighContrast : light)
        return exact ?? (isDark ? dark : light) ?? light ?? dark ?? lightHighContrast ?? darkHighContrast
    }
}

/// sRGB components and alpha, each 0…1.
public struct ColorComponents: Hashable, Sendable, Codable {
    public var red, green, blue, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}

/// The adaptive colours SwiftUI and UIKit name. Codes 0–18 are SwiftUI's; the rest are UIKit's
/// semantic colours (`Color(.systemBackground)`) and the hierarchical fills and labels.
public enum SystemColor: UInt8, Hashable, Sendable, Codable, CaseIterable {
    case primary = 0, secondary, accent, clear, black, white, gray
    case red, orange, yellow, green, mint, teal, cyan, blue, indigo, purple, pink, brown
    case tertiaryLabel, quaternaryLabel
    case fill, secondaryFill, tertiaryFill, quaternaryFill
    case background, secondaryBackground, tertiaryBackground
    case groupedBackground, secondaryGroupedBackground, tertiaryGroupedBackground
    case separator, gray2, gray3, gray4, gray5, gray6
}

/// The standard materials (`.regularMaterial`…): translucent layers over what is behind.
public enum MaterialValue: UInt8, Hashable, Sendable, Codable, CaseIterable {
    case ultraThin = 0, thin, regular, thick, ultraThick, bar
}

/// How a shape or a text is painted.
public enum Paint: Hashable, Sendable, Codable {
    case color(ColorValue)
    case linearGradient(stops: [GradientStop], start: UnitPointValue, end: UnitPointValue)
    /// The inherited foreground style at a hierarchy level (0 primary, 1 secondary, 2 tertiary,
    /// 3 quaternary, 4 quinary).
    case foreground(level: UInt8)
    /// A material: what is behind it blurred, under a translucent tint of the scheme's background.
    case material(MaterialValue)
}

public struct GradientStop: Hashable, Sendable, Codable {
    public var color: ColorValue
    public var location: Double
    public init(color: ColorValue, location: Double) {
        self.color = color
        self.location = location
    }
}

/// A point in a unit square (SwiftUI's `UnitPoint`).
public struct UnitPointValue: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A font: a text style or a fixed size, with weight and design.
public struct FontSpec: Hashable, Sendable, Codable {
    public enum Size: Hashable, Sendable, Codable {
        case style(TextStyle)
        case fixed(Double)
    }
    public var size: Size
    public var weight: FontWeight?
    public var design: FontDesign
    public var width: FontWidthValue
    public var italic: Bool
    /// `smallCaps()`, `lowercaseSmallCaps()`, `uppercaseSmallCaps()`: which letters are drawn as small
    /// capitals.
    public var smallCaps: SmallCapsValue {
        get { storedSmallCaps ?? .off }
        set { storedSmallCaps = newValue == .off ? nil : newValue }
    }
    /// Kept only when set, so fonts coded before small capitals existed decode and compare alike.
    private var storedSmallCaps: SmallCapsValue?

    public init(size: Size, weight: FontWeight? = nil, design: FontDesign = .default, width: FontWidthValue = .standard, italic: Bool = false,
                smallCaps: SmallCapsValue = .off) {
        self.size = size
        self.weight = weight
        self.design = design
        self.width = width
        self.italic = italic
        self.storedSmallCaps = smallCaps == .off ? nil : smallCaps
    }
}

/// Which letters a font draws as small capitals: lowercase ones (`lowercaseSmallCaps()`), capitals
/// (`uppercaseSmallCaps()`), or both (`smallCaps()`).
public enum SmallCapsValue: UInt8, Hashable, Sendable, Codable, CaseIterable {
    case off = 0, lowercase, uppercase, all
}

/// `Font.Width`.
public enum FontWidthValue: UInt8, Hashable, Sendable, Codable, CaseIterable {
    case standard = 0, compressed, condensed, expanded

    /// How much wider than standard characters advance.
    public var advanceFactor: Double {
        switch self {
        case .standard: 1
        case .compressed: 0.8
        case .condensed: 0.9
        case .expanded: 1.12
        }
    }
}

/// `Font.TextStyle`.
public enum TextStyle: UInt8, Hashable, Sendable, Codable, CaseIterable {
    case largeTitle = 0, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
}

/// `Font.Weight`.
public enum FontWeight: UInt8, Hashable, Sendable, Codable, CaseIterable {
    case ultraLight = 0, thin, light, regular, medium, semibold, bold, heavy, black

    /// The SwiftUI spelling (`"semibold"`), as render trees carry it. Spelled out rather than
    /// interpolated: describing an enum through reflection costs a conformance scan in a fresh process.
    public var name: String {
        switch self {
        case .ultraLight: "ultraLight"
        case .thin: "thin"
        case .light: "light"
        case .regular: "regular"
        case .medium: "medium"
        case .semibold: "semibold"
        case .bold: "bold"
        case .heavy: "heavy"
        case .black: "black"
        }
    }

    public init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = match
    }
}

/// `Font.Design`.
public enum FontDesign: UInt8, Hashable, Sendable, Codable, CaseIterable {
    case `default` = 0, rounded, serif, monospaced

    /// The SwiftUI spelling (`"rounded"`), as render trees carry it.
    public var name: String {
        switch self {
        case .default: "default"
        case .rounded: "rounded"
        case .serif: "serif"
        case .monospaced: "monospaced"
        }
    }

    public init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = match
    }
}

/// `TextAlignment`.
public enum TextAlignmentValue: UInt8, Hashable, Sendable, Codable, CaseIterable {
    case leading = 0, center, trailing
}
