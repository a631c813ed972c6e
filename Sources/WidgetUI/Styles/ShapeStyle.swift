import Foundation
import WidgetArchive

/// `ShapeStyle`: what fills a shape or colours text.
public protocol ShapeStyle {
    /// The archived paint.
    var _paint: Paint { get }

    /// What a custom style stands for in an environment (iOS 17): a style that implements only this
    /// archives as what it returns, resolved in the environment where it is used.
    associatedtype Resolved: ShapeStyle = Never
    func resolve(in environment: EnvironmentValues) -> Resolved
}

extension ShapeStyle {
    /// A custom style's paint: what `resolve(in:)` gives in the environment in effect.
    public var _paint: Paint { resolve(in: EnvironmentValues.current)._paint }
}

extension ShapeStyle where Resolved == Never {
    /// The built-in styles archive their own paint and resolve to nothing else.
    public func resolve(in environment: EnvironmentValues) -> Never {
        preconditionFailure("\(Self.self) has no resolved style")
    }
    public var _paint: Paint { .foreground(level: 0) }
}

extension Never: ShapeStyle {
    public typealias Resolved = Never
    public var _paint: Paint { .foreground(level: 0) }
}

/// `HierarchicalShapeStyle`: `.primary` … `.quinary` of the inherited foreground style.
public struct HierarchicalShapeStyle: ShapeStyle, Hashable, Sendable {
    let level: UInt8
    public var _paint: Paint { .foreground(level: level) }
    public static let primary = HierarchicalShapeStyle(level: 0)
    public static let secondary = HierarchicalShapeStyle(level: 1)
    public static let tertiary = HierarchicalShapeStyle(level: 2)
    public static let quaternary = HierarchicalShapeStyle(level: 3)
    public static let quinary = HierarchicalShapeStyle(level: 4)
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { .primary }
    public static var secondary: HierarchicalShapeStyle { .secondary }
    public static var tertiary: HierarchicalShapeStyle { .tertiary }
    public static var quaternary: HierarchicalShapeStyle { .quaternary }
    public static var quinary: HierarchicalShapeStyle { .quinary }
}

extension ShapeStyle {
    /// The second … fifth level of this style: `.fill.tertiary`, `.background.secondary`, a colour at
    /// lower opacity.
    public var secondary: some ShapeStyle { LeveledShapeStyle(base: _paint, level: 1) }
    public var tertiary: some ShapeStyle { LeveledShapeStyle(base: _paint, level: 2) }
    public var quaternary: some ShapeStyle { LeveledShapeStyle(base: _paint, level: 3) }
    public var quinary: some ShapeStyle { LeveledShapeStyle(base: _paint, level: 4) }

    /// This style at an opacity.
    public func opacity(_ opacity: Double) -> some ShapeStyle { OpacityShapeStyle(base: _paint, opacity: opacity) }
}

/// A style at a hierarchy level: the system's fills and backgrounds step to their next variants,
/// the foreground to its next level, any other colour to a lower opacity.
struct LeveledShapeStyle: ShapeStyle {
    let base: Paint
    let level: UInt8

    var _paint: Paint {
        switch base {
        case .foreground(let l): return .foreground(level: min(4, l + level))
        case .color(.system(let c, let opacity)):
            let fills: [SystemColor] = [.fill, .secondaryFill, .tertiaryFill, .quaternaryFill, .quaternaryFill]
            let backgrounds: [SystemColor] = [.background, .secondaryBackground, .tertiaryBackground, .tertiaryBackground, .tertiaryBackground]
            if let i = fills.firstIndex(of: c) { return .color(.system(fills[min(4, i + Int(level))], opacity: level + UInt8(i) >= 4 ? opacity * 0.5 : opacity)) }
            if let i = backgrounds.firstIndex(of: c) { return .color(.system(backgrounds[min(4, i + Int(level))], opacity: opacity)) }
            return OpacityShapeStyle(base: base, opacity: Self.opacity[Int(level)])._paint
        default:
            return OpacityShapeStyle(base: base, opacity: Self.opacity[Int(level)])._paint
        }
    }

    static let opacity: [Double] = [1, 0.6, 0.3, 0.18, 0.1]
}

/// A style with its colours' opacity multiplied.
struct OpacityShapeStyle: ShapeStyle {
    let base: Paint
    let opacity: Double

    var _paint: Paint {
        func scaled(_ c: ColorValue) -> ColorValue { Color(value: c).opacity(opacity).value }
        switch base {
        case .color(let c): return .color(scaled(c))
        case .linearGradient(let stops, let start, let end):
            return .linearGradient(stops: stops.map { GradientStop(color: scaled($0.color), location: $0.location) }, start: start, end: end)
        case .foreground, .material: return base
        }
    }
}

/// `FillShapeStyle`: `.fill`, the system's translucent fill for shapes on a background.
public struct FillShapeStyle: ShapeStyle, Hashable, Sendable {
    public init() {}
    public var _paint: Paint { .color(.system(.fill, opacity: 1)) }
}

extension ShapeStyle where Self == FillShapeStyle {
    public static var fill: FillShapeStyle { FillShapeStyle() }
}

/// `BackgroundStyle`: `.background`, the scheme's background colour.
public struct BackgroundStyle: ShapeStyle, Hashable, Sendable {
    public init() {}
    public var _paint: Paint { .color(.system(.background, opacity: 1)) }
}

extension ShapeStyle where Self == BackgroundStyle {
    public static var background: BackgroundStyle { BackgroundStyle() }
}

/// `SeparatorShapeStyle`: `.separator`.
public struct SeparatorShapeStyle: ShapeStyle, Hashable, Sendable {
    public init() {}
    public var _paint: Paint { .color(.system(.separator, opacity: 1)) }
}

extension ShapeStyle where Self == SeparatorShapeStyle {
    public static var separator: SeparatorShapeStyle { SeparatorShapeStyle() }
}

/// `Material`: a translucent layer. Drawn as the scheme's background at the material's opacity; the
/// blur of what is behind is not drawn.
public struct Material: ShapeStyle, Hashable, Sendable {
    let value: MaterialValue
    public var _paint: Paint { .material(value) }
    public static let ultraThin = Material(value: .ultraThin)
    public static let thin = Material(value: .thin)
    public static let regular = Material(value: .regular)
    public static let thick = Material(value: .thick)
    public static let ultraThick = Material(value: .ultraThick)
    public static let bar = Material(value: .bar)
}

extension ShapeStyle where Self == Material {
    public static var ultraThinMaterial: Material { .ultraThin }
    public static var thinMaterial: Material { .thin }
    public static var regularMaterial: Material { .regular }
    public static var thickMaterial: Material { .thick }
    public static var ultraThickMaterial: Material { .ultraThick }
    public static var bar: Material { .bar }
}

/// `TintShapeStyle`: `.tint`.
public struct TintShapeStyle: ShapeStyle, Hashable, Sendable {
    public var _paint: Paint { .color(.system(.accent, opacity: 1)) }
}

extension ShapeStyle where Self == TintShapeStyle {
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

/// `AnyShapeStyle`.
public struct AnyShapeStyle: ShapeStyle {
    public let _paint: Paint
    public init<S: ShapeStyle>(_ style: S) { _paint = style._paint }
}

/// `Gradient`.
public struct Gradient: Hashable, Sendable {
    public struct Stop: Hashable, Sendable {
        public var color: Color
        public var location: CGFloat
        public init(color: Color, location: CGFloat) {
            self.color = color
            self.location = location
        }
    }
    public var stops: [Stop]
    public init(stops: [Stop]) { self.stops = stops }
    public init(colors: [Color]) {
        let n = colors.count
        stops = colors.enumerated().map { i, c in Stop(color: c, location: n > 1 ? CGFloat(i) / CGFloat(n - 1) : 0) }
    }
}

/// A `Gradient` used as a shape style (iOS 16) fills from top to bottom, as SwiftUI draws it.
extension Gradient: ShapeStyle {
    public var _paint: Paint {
        LinearGradient(gradient: self, startPoint: .top, endPoint: .bottom)._paint
    }
}

/// `LinearGradient`: a shape style, and a view filling its frame.
public struct LinearGradient: ShapeStyle, Sendable {
    let gradient: Gradient
    let startPoint: UnitPoint
    let endPoint: UnitPoint

    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = gradient
        self.startPoint = startPoint
        self.endPoint = endPoint
    }
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }

    public var _paint: Paint {
        .linearGradient(
            stops: gradient.stops.map { GradientStop(color: $0.color.value, location: Double($0.location)) },
            start: startPoint.value, end: endPoint.value)
    }

    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        builder.append(.shape(ShapeNode(kind: .rectangle, fill: _paint)))
    }
}

extension Color {
    /// `Color.gradient`: the colour as a soft top-to-bottom gradient, lighter at the top.
    public var gradient: AnyGradient {
        AnyGradient(LinearGradient(colors: [self.mix(with: .white, by: 0.2), self], startPoint: .top, endPoint: .bottom))
    }

    /// `Color.mix(with:by:)` (iOS 18) for concrete colours; system colours keep their own.
    public func mix(with other: Color, by fraction: Double) -> Color {
        guard case .rgba(let r, let g, let b, let a) = value, case .rgba(let r2, let g2, let b2, let a2) = other.value else {
            return fraction < 0.5 ? self : other
        }
        let t = min(1, max(0, fraction))
        return Color(value: .rgba(red: r + (r2 - r) * t, green: g + (g2 - g) * t, blue: b + (b2 - b) * t, opacity: a + (a2 - a) * t))
    }
}

/// `AnyGradient`: what `Color.gradient` makes.
public struct AnyGradient: ShapeStyle, Sendable {
    let gradient: LinearGradient
    init(_ gradient: LinearGradient) { self.gradient = gradient }
    public var _paint: Paint { gradient._paint }
    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) { gradient._archive(into: &builder) }
}

/// `RadialGradient` and `AngularGradient`, and `EllipticalGradient`: drawn as a linear gradient of the
/// same stops from the centre outwards (top to bottom); the host rasterizes linear gradients only.
public struct RadialGradient: ShapeStyle, Sendable {
    let linear: LinearGradient
    public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        linear = LinearGradient(gradient: gradient, startPoint: .top, endPoint: .bottom)
    }
    public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }
    public init(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(stops: stops), center: center, startRadius: startRadius, endRadius: endRadius)
    }
    public var _paint: Paint { linear._paint }
    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) { linear._archive(into: &builder) }
}

public struct AngularGradient: ShapeStyle, Sendable {
    let linear: LinearGradient
    public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        linear = LinearGradient(gradient: gradient, startPoint: .leading, endPoint: .trailing)
    }
    public init(colors: [Color], center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }
    public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: gradient, center: center, startAngle: angle, endAngle: angle)
    }
    public var _paint: Paint { linear._paint }
    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) { linear._archive(into: &builder) }
}

public struct EllipticalGradient: ShapeStyle, Sendable {
    let linear: LinearGradient
    public init(gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        linear = LinearGradient(gradient: gradient, startPoint: .top, endPoint: .bottom)
    }
    public init(colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
    public var _paint: Paint { linear._paint }
    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) { linear._archive(into: &builder) }
}

extension ShapeStyle where Self == LinearGradient {
    public static func linearGradient(_ gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(gradient: gradient, startPoint: startPoint, endPoint: endPoint)
    }
    public static func linearGradient(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(colors: colors, startPoint: startPoint, endPoint: endPoint)
    }
}

/// `Angle`: added and subtracted as angles (`AdditiveArithmetic`), scaled by a number (`* 2`, `/ 4`).
public struct Angle: Hashable, Sendable, Comparable, AdditiveArithmetic, Codable {
    public var radians: Double
    public var degrees: Double {
        get { radians * 180 / .pi }
        set { radians = newValue * .pi / 180 }
    }
    public init() { radians = 0 }
    public init(radians: Double) { self.radians = radians }
    public init(degrees: Double) { radians = degrees * .pi / 180 }
    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
    public static let zero = Angle()
    public static func < (a: Angle, b: Angle) -> Bool { a.radians < b.radians }
    public static func + (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians + b.radians) }
    public static func - (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians - b.radians) }
    public static func * (a: Angle, b: Double) -> Angle { Angle(radians: a.radians * b) }
    public static func / (a: Angle, b: Double) -> Angle { Angle(radians: a.radians / b) }
    public static func *= (a: inout Angle, b: Double) { a = a * b }
    public static func /= (a: inout Angle, b: Double) { a = a / b }
    public static prefix func - (a: Angle) -> Angle { Angle(radians: -a.radians) }
    /// The angle as the number that animates (radians).
    public var animatableData: Double {
        get { radians }
        set { radians = newValue }
    }
}

// Gradients are views too, declared apart (as `Color` is) so that they stay free of the main actor.
extension LinearGradient: View {}
extension AnyGradient: View {}
extension RadialGradient: View {}
extension AngularGradient: View {}
extension EllipticalGradient: View {}
