import Foundation
public import WidgetArchive

/// `Font`: a text style or a system font of a size, with weight and design.
public struct Font: Hashable, Sendable {
    var spec: FontSpec

    public typealias Weight = FontWeight
    public typealias TextStyle = WidgetArchive.TextStyle
    public typealias Design = FontDesign

    public static let largeTitle = Font(spec: FontSpec(size: .style(.largeTitle)))
    public static let title = Font(spec: FontSpec(size: .style(.title)))
    public static let title2 = Font(spec: FontSpec(size: .style(.title2)))
    public static let title3 = Font(spec: FontSpec(size: .style(.title3)))
    public static let headline = Font(spec: FontSpec(size: .style(.headline)))
    public static let subheadline = Font(spec: FontSpec(size: .style(.subheadline)))
    public static let body = Font(spec: FontSpec(size: .style(.body)))
    public static let callout = Font(spec: FontSpec(size: .style(.callout)))
    public static let footnote = Font(spec: FontSpec(size: .style(.footnote)))
    public static let caption = Font(spec: FontSpec(size: .style(.caption)))
    public static let caption2 = Font(spec: FontSpec(size: .style(.caption2)))

    public static func system(size: CGFloat, weight: Weight? = nil, design: Design? = nil) -> Font {
        Font(spec: FontSpec(size: .fixed(Double(size)), weight: weight, design: design ?? .default))
    }

    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        Font(spec: FontSpec(size: .style(style), weight: weight, design: design ?? .default))
    }

    /// `Font.custom(_:size:)`: the named font is not available here; its size is kept, in the system
    /// design.
    public static func custom(_ name: String, size: CGFloat) -> Font { system(size: size) }
    public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: TextStyle) -> Font { system(size: size) }
    public static func custom(_ name: String, fixedSize: CGFloat) -> Font { system(size: fixedSize) }

    public func weight(_ weight: Weight) -> Font { var f = self; f.spec.weight = weight; return f }
    public func bold() -> Font { weight(.bold) }
    /// Digits already advance alike in the host's metrics.
    public func monospacedDigit() -> Font { self }
    public func monospaced() -> Font { var f = self; f.spec.design = .monospaced; return f }
    public func italic() -> Font { var f = self; f.spec.italic = true; return f }
    public func width(_ width: Width) -> Font { var f = self; f.spec.width = width.value; return f }
    /// Leading and stylistic variants change nothing in the host's metrics.
    public func leading(_ leading: Leading) -> Font { self }
    /// Small capitals: the letters named drawn as capitals at the height of lowercase ones.
    public func smallCaps() -> Font { var f = self; f.spec.smallCaps = .all; return f }
    public func lowercaseSmallCaps() -> Font { var f = self; f.spec.smallCaps = f.spec.smallCaps == .uppercase ? .all : .lowercase; return f }
    public func uppercaseSmallCaps() -> Font { var f = self; f.spec.smallCaps = f.spec.smallCaps == .lowercase ? .all : .uppercase; return f }

    /// `Font.Width`.
    public struct Width: Hashable, Sendable {
        let value: FontWidthValue
        public static let standard = Width(value: .standard)
        public static let compressed = Width(value: .compressed)
        public static let condensed = Width(value: .condensed)
        public static let expanded = Width(value: .expanded)
    }

    /// `Font.Leading`.
    public enum Leading: Hashable, Sendable { case standard, tight, loose }
}

extension FontSpec {
    func with(_ change: (inout FontSpec) -> Void) -> FontSpec {
        var copy = self
        change(&copy)
        return copy
    }
}
