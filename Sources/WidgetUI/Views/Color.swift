import Foundation
import WidgetArchive

/// `Color`: a shape style and a view that fills its frame.
public struct Color: Hashable, Sendable, ShapeStyle {
    let value: ColorValue

    init(value: ColorValue) { self.value = value }

    /// For the UIKit bridge: the archived colour, and a colour from one.
    package var _colorValue: ColorValue { value }
    package init(_colorValue value: ColorValue) { self.value = value }

    public enum RGBColorSpace: Hashable, Sendable { case sRGB, sRGBLinear, displayP3 }

    public init(_ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        value = .rgba(red: red, green: green, blue: blue, opacity: opacity)
    }

    public init(_ colorSpace: RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) {
        value = .rgba(red: white, green: white, blue: white, opacity: opacity)
    }

    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        let h = (hue - hue.rounded(.down)) * 6
        let c = brightness * saturation
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let m = brightness - c
        let (r, g, b): (Double, Double, Double) = switch Int(h) {
        case 0: (c, x, 0)
        case 1: (x, c, 0)
        case 2: (0, c, x)
        case 3: (0, x, c)
        case 4: (x, 0, c)
        default: (c, 0, x)
        }
        value = .rgba(red: r + m, green: g + m, blue: b + m, opacity: opacity)
    }

    static func system(_ color: SystemColor) -> Color { Color(value: .system(color, opacity: 1)) }

    public static let primary = system(.primary)
    public static let secondary = system(.secondary)
    public static let accentColor = system(.accent)
    public static let clear = system(.clear)
    public static let black = system(.black)
    public static let white = system(.white)
    public static let gray = system(.gray)
    public static let red = system(.red)
    public static let orange = system(.orange)
    public static let yellow = system(.yellow)
    public static let green = system(.green)
    public static let mint = system(.mint)
    public static let teal = system(.teal)
    public static let cyan = system(.cyan)
    public static let blue = system(.blue)
    public static let indigo = system(.indigo)
    public static let purple = system(.purple)
    public static let pink = system(.pink)
    public static let brown = system(.brown)

    /// The same colour with its opacity multiplied.
    public func opacity(_ opacity: Double) -> Color {
        switch value {
        case .rgba(let r, let g, let b, let a): Color(value: .rgba(red: r, green: g, blue: b, opacity: a * opacity))
        case .system(let c, let a): Color(value: .system(c, opacity: a * opacity))
        case .asset(var asset):
            { asset.opacity *= opacity; return Color(value: .asset(asset)) }()
        }
    }

    /// `Color("Name")`: a colour set of the extension's asset catalog (`Assets.xcassets` in its
    /// resources), with its light, dark and high-contrast appearances. A name the catalog lacks draws as
    /// the missing-asset colour and is reported to the host.
    public init(_ name: String, bundle: Bundle? = nil) {
        value = .asset(CatalogAssets.shared.color(named: name))
    }

    public var _paint: Paint { .color(value) }

    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) { builder.append(.color(value)) }
}

extension ShapeStyle where Self == Color {
    public static var clear: Color { .clear }
    public static var black: Color { .black }
    public static var white: Color { .white }
    public static var gray: Color { .gray }
    public static var red: Color { .red }
    public static var orange: Color { .orange }
    public static var yellow: Color { .yellow }
    public static var green: Color { .green }
    public static var mint: Color { .mint }
    public static var teal: Color { .teal }
    public static var cyan: Color { .cyan }
    public static var blue: Color { .blue }
    public static var indigo: Color { .indigo }
    public static var purple: Color { .purple }
    public static var pink: Color { .pink }
    public static var brown: Color { .brown }
}

/// A colour is also a view that fills its frame. Declared apart, as SwiftUI does, so that `Color`
/// itself stays free of the main actor that `View` brings.
extension Color: View {}
