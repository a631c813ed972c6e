import CoreGraphics
import Foundation
import WidgetArchive
import WidgetLayout

extension Color {
    /// `Color.Resolved`: a colour's components for one environment (iOS 17). `red`, `green` and `blue`
    /// are sRGB; SwiftUI stores them linear, which `linearRed`… give.
    public struct Resolved: Hashable, Sendable, ShapeStyle, CustomStringConvertible {
        public var linearRed: Float
        public var linearGreen: Float
        public var linearBlue: Float
        public var opacity: Float

        public init(colorSpace: RGBColorSpace = .sRGB, red: Float, green: Float, blue: Float, opacity: Float = 1) {
            let linear = colorSpace == .sRGBLinear
            linearRed = linear ? red : Self.linearize(red)
            linearGreen = linear ? green : Self.linearize(green)
            linearBlue = linear ? blue : Self.linearize(blue)
            self.opacity = opacity
        }

        public var red: Float { get { Self.gammaEncode(linearRed) } set { linearRed = Self.linearize(newValue) } }
        public var green: Float { get { Self.gammaEncode(linearGreen) } set { linearGreen = Self.linearize(newValue) } }
        public var blue: Float { get { Self.gammaEncode(linearBlue) } set { linearBlue = Self.linearize(newValue) } }

        public var cgColor: CGColor { CGColor(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(opacity)) }

        public var _paint: Paint { .color(.rgba(red: Double(red), green: Double(green), blue: Double(blue), opacity: Double(opacity))) }

        public var description: String {
            func byte(_ v: Float) -> String { String(format: "%02X", Int((min(max(v, 0), 1) * 255).rounded())) }
            return "#" + byte(red) + byte(green) + byte(blue) + byte(opacity)
        }

        /// The sRGB transfer function and its inverse (sign-preserving, for extended range).
        static func linearize(_ v: Float) -> Float {
            let m = abs(v)
            let l = m <= 0.04045 ? m / 12.92 : pow((m + 0.055) / 1.055, 2.4)
            return v < 0 ? -l : l
        }
        static func gammaEncode(_ v: Float) -> Float {
            let m = abs(v)
            let e = m <= 0.0031308 ? m * 12.92 : 1.055 * pow(m, 1 / 2.4) - 0.055
            return v < 0 ? -e : e
        }
    }

    /// `resolve(in:)`: the components this colour has in `environment` (its colour scheme and
    /// contrast), as the host would draw it. A catalog colour missing an appearance falls back to
    /// the light one, then black.
    public func resolve(in environment: EnvironmentValues) -> Resolved {
        let (r, g, b, a) = components(in: environment)
        return Resolved(red: Float(r), green: Float(g), blue: Float(b), opacity: Float(a))
    }

    /// `Color(_ resolved:)`: a constant colour from resolved components.
    public init(_ resolved: Resolved) {
        self.init(value: .rgba(red: Double(resolved.red), green: Double(resolved.green), blue: Double(resolved.blue), opacity: Double(resolved.opacity)))
    }

    private func components(in environment: EnvironmentValues) -> (Double, Double, Double, Double) {
        let dark = environment.colorScheme == .dark
        switch value {
        case .rgba(let r, let g, let b, let a):
            return (r, g, b, a)
        case .system(let color, let opacity):
            let c = SystemPalette.resolve(color, scheme: environment.colorScheme)
            return (c.r, c.g, c.b, c.a * opacity)
        case .asset(let asset):
            let highContrast = environment.colorSchemeContrast == .increased
            let candidates = dark
                ? [highContrast ? asset.darkHighContrast : nil, asset.dark, asset.light]
                : [highContrast ? asset.lightHighContrast : nil, asset.light]
            guard let c = candidates.compactMap({ $0 }).first else { return (0, 0, 0, asset.opacity) }
            return (c.red, c.green, c.blue, c.alpha * asset.opacity)
        }
    }
}
