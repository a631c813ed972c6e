/// A colour as the archive stores it: concrete sRGB components, or a named system colour that the host
/// resolves for the colour scheme (as SwiftUI's `.primary`, `.red` do).
public enum ColorValue: Hashable, Sendable, Codable {
    /// sRGB components and opacity, each 0...1.
    case rgba(red: Double, green: Double, blue: Double, opacity: Double)
    /// A system colour resolved at render time; `opacity` multiplies the resolved alpha.
    case system(SystemColor, opacity: Double)
}

/// The adaptive colours SwiftUI names.
public enum SystemColor: UInt8, Hashable, Sendable, Codable, CaseIterable {
    case primary = 0, secondary, accent, clear, black, white, gray
    case red, orange, yellow, green, mint, teal, cyan, blue, indigo, purple, pink, brown
}

/// How a shape or a text is painted.
public enum Paint: Hashable, Sendable, Codable {
    case color(ColorValue)
    case linearGradient(stops: [GradientStop], start: UnitPointValue, end: UnitPointValue)
    /// The inherited foreground style at a hierarchy level (0 primary, 1 secondary, 2 tertiary…).
    case foreground(level: UInt8)
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
    public init(size: Size, weight: FontWeight? = nil, design: FontDesign = .default) {
        self.size = size
        self.weight = weight
        self.design = design
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
