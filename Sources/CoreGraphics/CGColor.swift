import Foundation

/// `CGColor`: a constant colour as Core Graphics holds it, its components in a colour space (RGB or
/// gray here, each in sRGB) followed by alpha. Widget code reads one from `Color.cgColor` or
/// `UIColor.cgColor` to get at the numbers, or makes one to hand to `Color(cgColor:)`.
public final class CGColor: Hashable, Sendable, CustomStringConvertible {
    /// The colour components then alpha: `[red, green, blue, alpha]` or `[gray, alpha]`.
    public let components: [CGFloat]?

    public var numberOfComponents: Int { components?.count ?? 0 }
    public var alpha: CGFloat { components?.last ?? 1 }

    /// `CGColor(red:green:blue:alpha:)` (and its `srgbRed:` spelling): an sRGB colour.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { components = [red, green, blue, alpha] }
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// `CGColor(gray:alpha:)`: a gray level, two components.
    public init(gray: CGFloat, alpha: CGFloat) { components = [gray, alpha] }

    /// `copy(alpha:)`: the same colour with another alpha.
    public func copy(alpha: CGFloat) -> CGColor? {
        guard let components, components.count == 2 || components.count == 4 else { return nil }
        return components.count == 2
            ? CGColor(gray: components[0], alpha: alpha)
            : CGColor(red: components[0], green: components[1], blue: components[2], alpha: alpha)
    }

    public static let black = CGColor(gray: 0, alpha: 1)
    public static let white = CGColor(gray: 1, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// The colour as sRGB red, green, blue and alpha (a gray level repeated).
    package var rgba: (red: Double, green: Double, blue: Double, alpha: Double) {
        let c = (components ?? []).map(Double.init)
        switch c.count {
        case 2: return (c[0], c[0], c[0], c[1])
        case 4: return (c[0], c[1], c[2], c[3])
        default: return (0, 0, 0, 1)
        }
    }

    public static func == (a: CGColor, b: CGColor) -> Bool { a.components == b.components }
    public func hash(into hasher: inout Hasher) { hasher.combine(components) }
    public var description: String { "CGColor(components: \(components ?? []))" }
}
