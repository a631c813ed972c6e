import Foundation
public import WidgetArchive

/// `EnvironmentKey`: a value passed down the view tree.
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

/// The environment a view is archived in. The widget values are set by the host's request (family,
/// rendering mode, colour scheme…); modifiers such as `.environment(_:_:)` change them for a subtree.
public struct EnvironmentValues: @unchecked Sendable {
    public var widgetFamily: WidgetFamily = .systemSmall
    public var widgetRenderingMode: WidgetRenderingMode = .fullColor
    public var widgetContentMargins: EdgeInsets = EdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16)
    public var showsWidgetContainerBackground: Bool = true
    public var isLuminanceReduced: Bool = false
    public var colorScheme: ColorScheme = .light
    public var redactionReasons: RedactionReasons = []
    public var font: Font? = nil
    public var dynamicTypeSize: DynamicTypeSize = .large
    public var locale: Locale = Locale(identifier: "en_US")
    public var calendar: Calendar = Calendar(identifier: .gregorian)
    public var timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current
    public var displayScale: CGFloat = 2
    public var isEnabled: Bool = true
    public var layoutDirection: LayoutDirection = .leftToRight

    /// Values for custom `EnvironmentKey`s, by key type. Only written and read on the archiving thread.
    private var custom: [ObjectIdentifier: Any] = [:]

    public init() {}

    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { (custom[ObjectIdentifier(key)] as? K.Value) ?? K.defaultValue }
        set { custom[ObjectIdentifier(key)] = newValue }
    }

    /// The environment of the view whose `body` is being evaluated.
    @TaskLocal public static var current = EnvironmentValues()
}

/// `DynamicTypeSize`.
public enum DynamicTypeSize: Int, Hashable, Sendable, CaseIterable, Comparable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public var isAccessibilitySize: Bool { self >= .accessibility1 }
}

/// `LayoutDirection`.
public enum LayoutDirection: Hashable, Sendable {
    case leftToRight, rightToLeft
}

/// `@Environment(\.key)`: reads the environment of the view being archived.
@propertyWrapper
public struct Environment<Value> {
    private let keyPath: KeyPath<EnvironmentValues, Value>
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }
    public var wrappedValue: Value { EnvironmentValues.current[keyPath: keyPath] }
}

extension View {
    /// `.environment(\.key, value)` for the subtree.
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        archived(environment: { $0[keyPath: keyPath] = value })
    }
}
