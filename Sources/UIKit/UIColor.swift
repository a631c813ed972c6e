import Foundation
import WidgetArchive
import WidgetUI

/// `UIColor`: components, the system and semantic colours (resolved by the host for the colour
/// scheme it draws in), catalog colours by name, and dynamic colours (resolved for light and dark when
/// made).
// `@unchecked Sendable`: As Apple declares it (NSObject is not `Sendable`): immutable after init.
open class UIColor: NSObject, @unchecked Sendable {
    let value: ColorValue

    init(value: ColorValue) { self.value = value }

    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(value: .rgba(red: Double(red), green: Double(green), blue: Double(blue), opacity: Double(alpha)))
    }

    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(value: .rgba(red: Double(white), green: Double(white), blue: Double(white), opacity: Double(alpha)))
    }

    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        self.init(value: Color(hue: Double(hue), saturation: Double(saturation), brightness: Double(brightness), opacity: Double(alpha))._colorValue)
    }

    public convenience init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A colour set of the extension's asset catalog.
    public convenience init?(named name: String) { self.init(value: Color(name)._colorValue) }
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        self.init(named: name)
    }

    /// A colour that depends on the interface style: resolved now for light and dark, so the host draws
    /// the one for its scheme.
    public convenience init(dynamicProvider: @escaping (UITraitCollection) -> UIColor) {
        func components(_ style: UIUserInterfaceStyle) -> ColorComponents? {
            guard case .rgba(let r, let g, let b, let a) = dynamicProvider(UITraitCollection(userInterfaceStyle: style)).value else { return nil }
            return ColorComponents(red: r, green: g, blue: b, alpha: a)
        }
        let light = components(.light), dark = components(.dark)
        if light == nil || dark == nil {
            self.init(value: dynamicProvider(UITraitCollection(userInterfaceStyle: .light)).value)
        } else {
            self.init(value: .asset(AssetColorValue(name: "dynamic", light: light, dark: dark)))
        }
    }

    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(value: value.withOpacity(Double(alpha)))
    }

    static func system(_ color: SystemColor) -> UIColor { UIColor(value: .system(color, opacity: 1)) }

    public static var clear: UIColor { system(.clear) }
    public static var black: UIColor { system(.black) }
    public static var white: UIColor { system(.white) }
    public static var gray: UIColor { system(.gray) }
    public static var red: UIColor { system(.red) }
    public static var orange: UIColor { system(.orange) }
    public static var yellow: UIColor { system(.yellow) }
    public static var green: UIColor { system(.green) }
    public static var blue: UIColor { system(.blue) }
    public static var purple: UIColor { system(.purple) }
    public static var brown: UIColor { system(.brown) }
    public static var cyan: UIColor { system(.cyan) }
    public static var darkGray: UIColor { UIColor(white: 1 / 3, alpha: 1) }
    public static var lightGray: UIColor { UIColor(white: 2 / 3, alpha: 1) }
    public static var systemRed: UIColor { system(.red) }
    public static var systemOrange: UIColor { system(.orange) }
    public static var systemYellow: UIColor { system(.yellow) }
    public static var systemGreen: UIColor { system(.green) }
    public static var systemMint: UIColor { system(.mint) }
    public static var systemTeal: UIColor { system(.teal) }
    public static var systemCyan: UIColor { system(.cyan) }
    public static var systemBlue: UIColor { system(.blue) }
    public static var systemIndigo: UIColor { system(.indigo) }
    public static var systemPurple: UIColor { system(.purple) }
    public static var systemPink: UIColor { system(.pink) }
    public static var systemBrown: UIColor { system(.brown) }
    public static var systemGray: UIColor { system(.gray) }
    public static var systemGray2: UIColor { system(.gray2) }
    public static var systemGray3: UIColor { system(.gray3) }
    public static var systemGray4: UIColor { system(.gray4) }
    public static var systemGray5: UIColor { system(.gray5) }
    public static var systemGray6: UIColor { system(.gray6) }
    public static var label: UIColor { system(.primary) }
    public static var secondaryLabel: UIColor { system(.secondary) }
    public static var tertiaryLabel: UIColor { system(.tertiaryLabel) }
    public static var quaternaryLabel: UIColor { system(.quaternaryLabel) }
    public static var placeholderText: UIColor { system(.tertiaryLabel) }
    public static var systemFill: UIColor { system(.fill) }
    public static var secondarySystemFill: UIColor { system(.secondaryFill) }
    public static var tertiarySystemFill: UIColor { system(.tertiaryFill) }
    public static var quaternarySystemFill: UIColor { system(.quaternaryFill) }
    public static var systemBackground: UIColor { system(.background) }
    public static var secondarySystemBackground: UIColor { system(.secondaryBackground) }
    public static var tertiarySystemBackground: UIColor { system(.tertiaryBackground) }
    public static var systemGroupedBackground: UIColor { system(.groupedBackground) }
    public static var secondarySystemGroupedBackground: UIColor { system(.secondaryGroupedBackground) }
    public static var tertiarySystemGroupedBackground: UIColor { system(.tertiaryGroupedBackground) }
    public static var separator: UIColor { system(.separator) }
    public static var opaqueSeparator: UIColor { system(.gray4) }
    public static var link: UIColor { system(.blue) }
    public static var tintColor: UIColor { system(.accent) }
}

extension ColorValue {
    func withOpacity(_ opacity: Double) -> ColorValue {
        switch self {
        case .rgba(let r, let g, let b, _): .rgba(red: r, green: g, blue: b, opacity: opacity)
        case .system(let c, _): .system(c, opacity: opacity)
        case .asset(var asset): { asset.opacity = opacity; return .asset(asset) }()
        }
    }
}

extension Color {
    /// `Color(uiColor:)` and `Color(_:)` with a `UIColor`.
    public init(uiColor: UIColor) { self.init(_colorValue: uiColor.value) }
    /// Disfavoured, so that `Color(.brand)` picks the asset's `ColorResource` when Xcode's generated
    /// `UIColor.brand` exists too, as it compiles on Apple's platforms.
    @_disfavoredOverload
    public init(_ color: UIColor) { self.init(_colorValue: color.value) }
}

/// `UITraitCollection`: only the interface style matters to a widget's colours.
// `@unchecked Sendable`: As Apple declares it (NSObject is not `Sendable`): immutable after init.
open class UITraitCollection: NSObject, @unchecked Sendable {
    public let userInterfaceStyle: UIUserInterfaceStyle
    public init(userInterfaceStyle: UIUserInterfaceStyle) { self.userInterfaceStyle = userInterfaceStyle }
    public static var current: UITraitCollection { UITraitCollection(userInterfaceStyle: .light) }
}

public enum UIUserInterfaceStyle: Int, Sendable { case unspecified, light, dark }

/// `UIFont`: a system font of a size and weight; `Font(_:)` makes the SwiftUI font.
// `@unchecked Sendable`: As Apple declares it (NSObject is not `Sendable`): immutable after init.
open class UIFont: NSObject, @unchecked Sendable {
    public let pointSize: CGFloat
    let weight: Font.Weight
    let design: Font.Design
    init(pointSize: CGFloat, weight: Font.Weight, design: Font.Design = .default) {
        self.pointSize = pointSize
        self.weight = weight
        self.design = design
    }
    public static func systemFont(ofSize size: CGFloat) -> UIFont { UIFont(pointSize: size, weight: .regular) }
    public static func systemFont(ofSize size: CGFloat, weight: Weight) -> UIFont { UIFont(pointSize: size, weight: weight.value) }
    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(pointSize: size, weight: .bold) }
    public static func monospacedDigitSystemFont(ofSize size: CGFloat, weight: Weight) -> UIFont { systemFont(ofSize: size, weight: weight) }
    /// `monospacedSystemFont(ofSize:weight:)`: the system's monospaced design (SF Mono).
    public static func monospacedSystemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        UIFont(pointSize: size, weight: weight.value, design: .monospaced)
    }
    public convenience init?(name: String, size: CGFloat) { self.init(pointSize: size, weight: .regular) }

    public struct Weight: Hashable, Sendable {
        let value: Font.Weight
        public static let ultraLight = Weight(value: .ultraLight)
        public static let thin = Weight(value: .thin)
        public static let light = Weight(value: .light)
        public static let regular = Weight(value: .regular)
        public static let medium = Weight(value: .medium)
        public static let semibold = Weight(value: .semibold)
        public static let bold = Weight(value: .bold)
        public static let heavy = Weight(value: .heavy)
        public static let black = Weight(value: .black)
    }
}

extension Font {
    public init(_ font: UIFont) { self = .system(size: font.pointSize, weight: font.weight, design: font.design) }
}

/// `UIScreen`: an iPhone 15 Pro's screen, as the placements are sized for.
// `@unchecked Sendable`: As Apple declares it (NSObject is not `Sendable`): it holds nothing (fixed values).
open class UIScreen: NSObject, @unchecked Sendable {
    public static let main = UIScreen()
    public var bounds: CGRect { CGRect(x: 0, y: 0, width: 393, height: 852) }
    public var scale: CGFloat { 3 }
    public var nativeScale: CGFloat { 3 }
}

/// `UIDevice`: an iPhone.
// `@unchecked Sendable`: As Apple declares it (NSObject is not `Sendable`): fixed values, and a battery
// monitoring flag that only the widget's own code sets.
open class UIDevice: NSObject, @unchecked Sendable {
    public static let current = UIDevice()
    public var userInterfaceIdiom: UIUserInterfaceIdiom { .phone }
    public var systemName: String { "iOS" }
    public var systemVersion: String { "17.0" }
    public var model: String { "iPhone" }
    public var name: String { "iPhone" }

    /// Battery monitoring: a widget's device reports a full battery, unplugged. Until monitoring is
    /// enabled UIKit reports an unknown level (`-1`) and state, as here.
    public var isBatteryMonitoringEnabled = false
    public var batteryLevel: Float { isBatteryMonitoringEnabled ? 1 : -1 }
    public var batteryState: BatteryState { isBatteryMonitoringEnabled ? .full : .unknown }

    /// `UIDevice.BatteryState`.
    public enum BatteryState: Int, Sendable { case unknown, unplugged, charging, full }
}

public enum UIUserInterfaceIdiom: Int, Sendable { case unspecified = -1, phone, pad, tv, carPlay, mac, vision }
