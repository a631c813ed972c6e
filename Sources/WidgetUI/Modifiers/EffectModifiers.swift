import Foundation
import WidgetArchive

nonisolated extension View {
    /// `.scaleEffect`: drawn scaled about the anchor; layout is unchanged, as in SwiftUI.
    public func scaleEffect(_ scale: CGFloat, anchor: UnitPoint = .center) -> some View {
        scaleEffect(x: scale, y: scale, anchor: anchor)
    }

    public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> some View {
        scaleEffect(x: scale.width, y: scale.height, anchor: anchor)
    }

    public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> some View {
        archived(.transform(TransformValue(scaleX: Double(x), scaleY: Double(y), anchor: anchor.value)))
    }

    /// `.rotationEffect`: drawn rotated about the anchor (clockwise for positive angles).
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
        archived(.transform(TransformValue(rotation: angle.degrees, anchor: anchor.value)))
    }

    /// `.shadow`: the view's shadow, drawn beneath it (SwiftUI's default colour is black at a third).
    /// Drawing only: layout is unchanged.
    public func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> some View {
        archived(.shadow(ShadowValue(color: color.value, radius: Double(radius), x: Double(x), y: Double(y))))
    }

    /// `.blur(radius:opaque:)`: the view blurred; with `opaque`, its edges do not fade.
    public func blur(radius: CGFloat, opaque: Bool = false) -> some View { archived(.blur(radius: Double(radius), opaque: opaque)) }
}

/// Modifiers whose effect the host does not draw (colour filters, blend modes, symbol effects,
/// accessibility, gestures…). They compile and archive nothing; each tells the author once per
/// timeline that it was ignored.
nonisolated extension View {
    /// Archives nothing more, and tells the author `message` once per timeline (for other modules'
    /// views that draw nothing here, such as TipKit's).
    package func reporting(_ message: String) -> some View {
        archived(node: { builder in
            builder.warn(message)
            return nil
        })
    }

    func inert(_ name: String) -> some View {
        archived(node: { builder in
            builder.warn("\(name) is archived inert: the host does not draw it")
            return nil
        })
    }

    public func brightness(_ amount: Double) -> some View { inert(".brightness") }
    public func contrast(_ amount: Double) -> some View { inert(".contrast") }
    public func saturation(_ amount: Double) -> some View { inert(".saturation") }
    public func grayscale(_ amount: Double) -> some View { inert(".grayscale") }
    public func hueRotation(_ angle: Angle) -> some View { inert(".hueRotation") }
    public func colorInvert() -> some View { inert(".colorInvert") }
    public func colorMultiply(_ color: Color) -> some View { inert(".colorMultiply") }
    public func luminanceToAlpha() -> some View { inert(".luminanceToAlpha") }
    /// `.blendMode(_:)`: the host composites the content into what is beneath it by the mode.
    public func blendMode(_ mode: BlendMode) -> some View {
        archived(node: { _ in mode == .normal ? nil : .blendMode(mode.value) })
    }
    public func compositingGroup() -> some View { self }
    public func drawingGroup(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear) -> some View { self }
    /// `.mask(alignment:_:)`: the content shows only where the mask view is, through its opacity.
    public func mask<M: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> M) -> some View {
        let view = mask()
        return archived(node: { .mask($0.node(of: view), alignment.value) })
    }
    @_disfavoredOverload
    public func mask<M: View>(_ mask: M) -> some View { archived(node: { .mask($0.node(of: mask), .center) }) }
    public func rotation3DEffect(_ angle: Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: UnitPoint = .center,
                                 anchorZ: CGFloat = 0, perspective: CGFloat = 1) -> some View { inert(".rotation3DEffect") }
    public func zIndex(_ value: Double) -> some View { self }
    /// `.position(x:y:)`: the view fills the space offered and centres the content on the point.
    public func position(x: CGFloat = 0, y: CGFloat = 0) -> some View { archived(.position(x: Double(x), y: Double(y))) }
    public func position(_ position: CGPoint) -> some View { archived(.position(x: Double(position.x), y: Double(position.y))) }
    public func lineSpacing(_ lineSpacing: CGFloat) -> some View { inert(".lineSpacing") }
    public func allowsTightening(_ flag: Bool) -> some View { self }
    public func truncationMode(_ mode: Text.TruncationMode) -> some View { self }
    public func preferredColorScheme(_ colorScheme: ColorScheme?) -> some View { self }
    /// `.dynamicTypeSize(_:)`: the content's text is set at this size whatever the device's. The
    /// bodies below read it, and the host sets text styles at it.
    public func dynamicTypeSize(_ size: DynamicTypeSize) -> some View {
        archived(environment: { $0.dynamicTypeSize = size }, node: { _ in .textSizeRange(size.value...size.value) })
    }

    /// `.dynamicTypeSize(...DynamicTypeSize.xxLarge)`: the content follows the device's text size
    /// within these sizes, and the nearest of them outside.
    public func dynamicTypeSize<R: RangeExpression>(_ range: R) -> some View where R.Bound == DynamicTypeSize {
        let allowed = DynamicTypeSize.allCases.filter { range.contains($0) }
        guard let lower = allowed.first, let upper = allowed.last else { return archived(environment: nil, node: nil) }
        return archived(environment: { $0.dynamicTypeSize = min(upper, max(lower, $0.dynamicTypeSize)) },
                        node: { _ in .textSizeRange(lower.value...upper.value) })
    }
    public func controlSize(_ size: ControlSize) -> some View { self }
    public func labelsHidden() -> some View { self }
    public func tag<V: Hashable>(_ tag: V) -> some View { self }
    public func help(_ text: String) -> some View { self }

    // Symbols: SF Symbols are Apple's; the host draws stand-ins, so rendering variants change nothing.
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> some View {
        mode.map { AnyView(archived(.symbolRenderingMode($0.value))) } ?? AnyView(self)
    }
    /// `.symbolVariant(_:)`: the system images inside show a variant (`.fill`, `.circle`…), added
    /// to their names as SwiftUI resolves them; variants applied outside add to those inside, and
    /// `.none` turns them off.
    public func symbolVariant(_ variant: SymbolVariants) -> some View {
        transformEnvironment(\.symbolVariants) { $0 = variant == .none ? .none : $0.adding(variant) }
    }
    /// `.imageScale(_:)`: the system images inside drawn smaller or larger than their font, as SF
    /// Symbols' scales are.
    public func imageScale(_ scale: Image.Scale) -> some View {
        let value: ImageScaleValue = switch scale {
        case .small: .small
        case .medium: .medium
        case .large: .large
        }
        return archived(.imageScale(value))
    }
    public func symbolEffect<E: SymbolEffect>(_ effect: E, options: SymbolEffectOptions = .default, isActive: Bool = true) -> some View {
        inert(".symbolEffect")
    }
    public func symbolEffect<E: SymbolEffect, V: Equatable>(_ effect: E, options: SymbolEffectOptions = .default, value: V) -> some View {
        inert(".symbolEffect")
    }

    // Interaction that widgets do not have: only Button(intent:), Toggle(isOn:intent:), Link and
    // widgetURL react to taps.
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View { inert(".onTapGesture") }
    public func onAppear(perform action: (() -> Void)? = nil) -> some View { inert(".onAppear") }
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View { inert(".onDisappear") }
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (V) -> Void) -> some View { inert(".onChange") }
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void) -> some View { inert(".onChange") }
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View { inert(".onChange") }
    public func task(priority: TaskPriority = .userInitiated, _ action: @escaping @Sendable () async -> Void) -> some View { inert(".task") }
    /// `.task(id:priority:_:)`: restarted when the id changes, on Apple's platforms; never run in a widget.
    public func task<T: Equatable>(id value: T, priority: TaskPriority = .userInitiated, _ action: @escaping @Sendable () async -> Void) -> some View {
        inert(".task")
    }
    public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View { self }
    public func allowsHitTesting(_ enabled: Bool) -> some View { self }
    public func sensoryFeedback<T: Equatable>(_ feedback: SensoryFeedback, trigger: T) -> some View { inert(".sensoryFeedback") }

    // Accessibility: the label is archived (tests find views by it; the render tree carries it); the
    // rest is inert (the host has no accessibility tree).
    public func accessibilityLabel(_ label: Text) -> some View {
        // A label's literal runs; a date in it is read at render time, which a label cannot be.
        archived(.accessibilityLabel(label.runs.map { run in
            if case .literal(let text) = run.content { return text }
            return ""
        }.joined()))
    }
    public func accessibilityLabel(_ label: LocalizedStringKey) -> some View { archived(.accessibilityLabel(label.plainText)) }
    @_disfavoredOverload
    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View { archived(.accessibilityLabel(String(label))) }
    public func accessibilityValue(_ value: Text) -> some View { inert(".accessibilityValue") }
    public func accessibilityValue(_ value: LocalizedStringKey) -> some View { inert(".accessibilityValue") }
    @_disfavoredOverload
    public func accessibilityValue<S: StringProtocol>(_ value: S) -> some View { inert(".accessibilityValue") }
    public func accessibilityHint(_ hint: Text) -> some View { inert(".accessibilityHint") }
    public func accessibilityHint(_ hint: LocalizedStringKey) -> some View { inert(".accessibilityHint") }
    public func accessibilityHidden(_ hidden: Bool) -> some View { inert(".accessibilityHidden") }
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View { inert(".accessibilityElement") }
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View { inert(".accessibilityAddTraits") }
    public func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> some View { inert(".accessibilityRemoveTraits") }
    public func accessibilityIdentifier(_ identifier: String) -> some View { inert(".accessibilityIdentifier") }
    public func accessibilitySortPriority(_ priority: Double) -> some View { inert(".accessibilitySortPriority") }
    public func accessibility(label: Text) -> some View { inert(".accessibility(label:)") }
    public func accessibility(hidden: Bool) -> some View { inert(".accessibility(hidden:)") }
}

/// `BlendMode`.
public enum BlendMode: Hashable, Sendable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight, difference, exclusion
    case hue, saturation, color, luminosity, sourceAtop, destinationOver, destinationOut, plusDarker, plusLighter

    /// As archived: the cases are in the same order.
    var value: BlendModeValue {
        BlendModeValue(rawValue: UInt8(Self.allCases.firstIndex(of: self) ?? 0)) ?? .normal
    }
}

/// `ColorRenderingMode`.
public enum ColorRenderingMode: Hashable, Sendable { case nonLinear, linear, extendedLinear }

/// `ControlSize`.
public enum ControlSize: Hashable, Sendable, CaseIterable { case mini, small, regular, large, extraLarge }

/// `SymbolRenderingMode`.
public struct SymbolRenderingMode: Hashable, Sendable {
    let name: String
    var value: SymbolRenderingModeValue {
        switch name {
        case "hierarchical": .hierarchical
        case "palette": .palette
        case "multicolor": .multicolor
        default: .monochrome
        }
    }
    public static let monochrome = SymbolRenderingMode(name: "monochrome")
    public static let hierarchical = SymbolRenderingMode(name: "hierarchical")
    public static let palette = SymbolRenderingMode(name: "palette")
    public static let multicolor = SymbolRenderingMode(name: "multicolor")
}

/// `SymbolVariants`.
public struct SymbolVariants: Hashable, Sendable {
    let name: String
    public static let none = SymbolVariants(name: "none")

    /// The variant's parts (`circle`, `fill`); none for `.none`.
    var parts: Set<String> { Set(name.split(separator: ".").map(String.init)).subtracting(["none"]) }

    /// This variant with `other`'s parts too.
    func adding(_ other: SymbolVariants) -> SymbolVariants {
        let all = parts.union(other.parts)
        return all.isEmpty ? .none : SymbolVariants(name: Self.order.filter(all.contains).joined(separator: "."))
    }

    /// How SF Symbols orders a name's suffixes (`bell.slash.circle.fill`).
    private static let order = ["slash", "circle", "square", "rectangle", "fill"]

    /// `name` with this variant's suffixes it lacks, in SF Symbols' order.
    func applied(to name: String) -> String {
        let wanted = parts
        guard !wanted.isEmpty else { return name }
        var components = name.split(separator: ".").map(String.init)
        var suffixes: [String] = []
        while let last = components.last, Self.order.contains(last), components.count > 1 { suffixes.insert(components.removeLast(), at: 0) }
        let all = Set(suffixes).union(wanted)
        return (components + Self.order.filter(all.contains)).joined(separator: ".")
    }
    public static let circle = SymbolVariants(name: "circle")
    public static let square = SymbolVariants(name: "square")
    public static let rectangle = SymbolVariants(name: "rectangle")
    public static let fill = SymbolVariants(name: "fill")
    public static let slash = SymbolVariants(name: "slash")
    public var fill: SymbolVariants { SymbolVariants(name: name + ".fill") }
}

/// `SymbolEffectOptions`.
public struct SymbolEffectOptions: Hashable, Sendable {
    public static let `default` = SymbolEffectOptions()
    public static let repeating = SymbolEffectOptions()
    public static let nonRepeating = SymbolEffectOptions()
    public static func `repeat`(_ count: Int) -> SymbolEffectOptions { SymbolEffectOptions() }
    public static func speed(_ speed: Double) -> SymbolEffectOptions { SymbolEffectOptions() }
}

/// `SensoryFeedback`.
public struct SensoryFeedback: Hashable, Sendable {
    let name: String
    public static let success = SensoryFeedback(name: "success")
    public static let warning = SensoryFeedback(name: "warning")
    public static let error = SensoryFeedback(name: "error")
    public static let selection = SensoryFeedback(name: "selection")
    public static let increase = SensoryFeedback(name: "increase")
    public static let decrease = SensoryFeedback(name: "decrease")
    public static func impact(weight: Double = 1, intensity: Double = 1) -> SensoryFeedback { SensoryFeedback(name: "impact") }
}

/// `AccessibilityChildBehavior`.
public struct AccessibilityChildBehavior: Hashable, Sendable {
    let name: String
    public static let ignore = AccessibilityChildBehavior(name: "ignore")
    public static let contain = AccessibilityChildBehavior(name: "contain")
    public static let combine = AccessibilityChildBehavior(name: "combine")
}

/// `AccessibilityTraits`.
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let isButton = AccessibilityTraits(rawValue: 1)
    public static let isHeader = AccessibilityTraits(rawValue: 2)
    public static let isSelected = AccessibilityTraits(rawValue: 4)
    public static let isLink = AccessibilityTraits(rawValue: 8)
    public static let isImage = AccessibilityTraits(rawValue: 16)
    public static let isStaticText = AccessibilityTraits(rawValue: 32)
    public static let updatesFrequently = AccessibilityTraits(rawValue: 64)
}

extension Text {
    /// `Text.TruncationMode`: the host truncates at the tail.
    public enum TruncationMode: Hashable, Sendable { case head, tail, middle }
}

extension Image {
    /// `Image.Scale`.
    public enum Scale: Hashable, Sendable { case small, medium, large }
}

/// `SymbolEffect` and the effects SF Symbols animate with; the host does not animate symbols.
public protocol SymbolEffect: Sendable {}

public struct BounceSymbolEffect: SymbolEffect { public var up: BounceSymbolEffect { self }; public var down: BounceSymbolEffect { self } }
public struct PulseSymbolEffect: SymbolEffect {}
public struct VariableColorSymbolEffect: SymbolEffect { public var iterative: VariableColorSymbolEffect { self } }
public struct ScaleSymbolEffect: SymbolEffect { public var up: ScaleSymbolEffect { self }; public var down: ScaleSymbolEffect { self } }
public struct AppearSymbolEffect: SymbolEffect {}
public struct DisappearSymbolEffect: SymbolEffect {}
public struct WiggleSymbolEffect: SymbolEffect {}
public struct BreatheSymbolEffect: SymbolEffect {}
public struct RotateSymbolEffect: SymbolEffect {}

extension SymbolEffect where Self == BounceSymbolEffect { public static var bounce: BounceSymbolEffect { BounceSymbolEffect() } }
extension SymbolEffect where Self == PulseSymbolEffect { public static var pulse: PulseSymbolEffect { PulseSymbolEffect() } }
extension SymbolEffect where Self == VariableColorSymbolEffect { public static var variableColor: VariableColorSymbolEffect { VariableColorSymbolEffect() } }
extension SymbolEffect where Self == ScaleSymbolEffect { public static var scale: ScaleSymbolEffect { ScaleSymbolEffect() } }
extension SymbolEffect where Self == AppearSymbolEffect { public static var appear: AppearSymbolEffect { AppearSymbolEffect() } }
extension SymbolEffect where Self == DisappearSymbolEffect { public static var disappear: DisappearSymbolEffect { DisappearSymbolEffect() } }
extension SymbolEffect where Self == WiggleSymbolEffect { public static var wiggle: WiggleSymbolEffect { WiggleSymbolEffect() } }
extension SymbolEffect where Self == BreatheSymbolEffect { public static var breathe: BreatheSymbolEffect { BreatheSymbolEffect() } }
extension SymbolEffect where Self == RotateSymbolEffect { public static var rotate: RotateSymbolEffect { RotateSymbolEffect() } }
