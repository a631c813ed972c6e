import Foundation

// Environment values widget code reads that the archive does not carry: each holds what an iPhone
// shows by default, and a widget's own `.environment(_:_:)` changes it for a subtree as usual.

private struct ShowsWidgetLabelKey: EnvironmentKey { static var defaultValue: Bool { false } }
private struct ColorSchemeContrastKey: EnvironmentKey { static var defaultValue: ColorSchemeContrast { .standard } }
private struct ReduceMotionKey: EnvironmentKey { static var defaultValue: Bool { false } }
private struct ReduceTransparencyKey: EnvironmentKey { static var defaultValue: Bool { false } }
private struct DifferentiateWithoutColorKey: EnvironmentKey { static var defaultValue: Bool { false } }
private struct InvertColorsKey: EnvironmentKey { static var defaultValue: Bool { false } }
private struct ShowButtonShapesKey: EnvironmentKey { static var defaultValue: Bool { false } }
private struct LegibilityWeightKey: EnvironmentKey { static var defaultValue: LegibilityWeight? { nil } }
private struct HorizontalSizeClassKey: EnvironmentKey { static var defaultValue: UserInterfaceSizeClass? { .compact } }
private struct VerticalSizeClassKey: EnvironmentKey { static var defaultValue: UserInterfaceSizeClass? { .regular } }
private struct OpenURLKey: EnvironmentKey { static var defaultValue: OpenURLAction { OpenURLAction() } }
private struct SymbolVariantsKey: EnvironmentKey { static var defaultValue: SymbolVariants { .none } }

extension EnvironmentValues {
    /// Whether an accessory widget shows a label of its own (`widgetLabel`), as on a watch face corner.
    public var showsWidgetLabel: Bool { get { self[ShowsWidgetLabelKey.self] } set { self[ShowsWidgetLabelKey.self] = newValue } }
    /// The variant system images show (`.symbolVariant(_:)`).
    public var symbolVariants: SymbolVariants { get { self[SymbolVariantsKey.self] } set { self[SymbolVariantsKey.self] = newValue } }
    public var colorSchemeContrast: ColorSchemeContrast { get { self[ColorSchemeContrastKey.self] } set { self[ColorSchemeContrastKey.self] = newValue } }
    public var accessibilityReduceMotion: Bool { get { self[ReduceMotionKey.self] } set { self[ReduceMotionKey.self] = newValue } }
    public var accessibilityReduceTransparency: Bool { get { self[ReduceTransparencyKey.self] } set { self[ReduceTransparencyKey.self] = newValue } }
    public var accessibilityDifferentiateWithoutColor: Bool {
        get { self[DifferentiateWithoutColorKey.self] } set { self[DifferentiateWithoutColorKey.self] = newValue }
    }
    public var accessibilityInvertColors: Bool { get { self[InvertColorsKey.self] } set { self[InvertColorsKey.self] = newValue } }
    public var accessibilityShowButtonShapes: Bool { get { self[ShowButtonShapesKey.self] } set { self[ShowButtonShapesKey.self] = newValue } }
    public var legibilityWeight: LegibilityWeight? { get { self[LegibilityWeightKey.self] } set { self[LegibilityWeightKey.self] = newValue } }
    public var horizontalSizeClass: UserInterfaceSizeClass? { get { self[HorizontalSizeClassKey.self] } set { self[HorizontalSizeClassKey.self] = newValue } }
    public var verticalSizeClass: UserInterfaceSizeClass? { get { self[VerticalSizeClassKey.self] } set { self[VerticalSizeClassKey.self] = newValue } }
    /// Opening a URL from view code: widgets open their app through `widgetURL` and `Link` instead, so
    /// calling it does nothing.
    public var openURL: OpenURLAction { get { self[OpenURLKey.self] } set { self[OpenURLKey.self] = newValue } }
    /// `ContentSizeCategory`, the older spelling of `dynamicTypeSize`.
    public var sizeCategory: ContentSizeCategory {
        get { ContentSizeCategory(dynamicTypeSize) }
        set { dynamicTypeSize = newValue.dynamicTypeSize }
    }
    /// The width of one device pixel, in points.
    public var pixelLength: CGFloat { 1 / max(1, displayScale) }
}

/// `ColorSchemeContrast`.
public enum ColorSchemeContrast: Hashable, Sendable, CaseIterable {
    case standard, increased
}

/// `LegibilityWeight`.
public enum LegibilityWeight: Hashable, Sendable {
    case regular, bold
}

/// `UserInterfaceSizeClass`.
public enum UserInterfaceSizeClass: Hashable, Sendable {
    case compact, regular
}

/// `OpenURLAction`.
public struct OpenURLAction: Sendable {
    public enum Result: Sendable {
        case handled, discarded, systemAction
        public static func systemAction(_ url: URL) -> Result { .systemAction }
    }
    private let handler: @Sendable (URL) -> Result

    public init(handler: @escaping @Sendable (URL) -> Result) { self.handler = handler }
    init() { handler = { _ in .discarded } }

    public func callAsFunction(_ url: URL) { _ = handler(url) }
    public func callAsFunction(_ url: URL, completion: @escaping (Bool) -> Void) { completion(handler(url) == .handled) }
}

/// `ContentSizeCategory`.
public enum ContentSizeCategory: Hashable, Sendable, CaseIterable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge

    init(_ size: DynamicTypeSize) {
        self = Self.allCases[min(size.rawValue, Self.allCases.count - 1)]
    }

    var dynamicTypeSize: DynamicTypeSize {
        DynamicTypeSize(rawValue: Self.allCases.firstIndex(of: self) ?? 3) ?? .large
    }

    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }
}

extension ContentSizeCategory: Comparable {
    public static func < (a: Self, b: Self) -> Bool {
        (allCases.firstIndex(of: a) ?? 0) < (allCases.firstIndex(of: b) ?? 0)
    }
}
