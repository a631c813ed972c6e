import Foundation
import Observation
public import WidgetArchive

/// `EnvironmentKey`: a value passed down the view tree.
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

/// The environment a view is archived in. The widget values are set by the host's request (family,
/// rendering mode, colour scheme…); modifiers such as `.environment(_:_:)` change them for a subtree.
///
/// Archiving copies the environment at every level of the view tree and changes it rarely, so the
/// values live in one shared reference, copied only when a copy is changed.
// `@unchecked Sendable`: the shared storage is copied before any change unless uniquely referenced, so a value that crosses threads is never changed in place.
public struct EnvironmentValues: @unchecked Sendable {
    private struct Values {
        var widgetFamily: WidgetFamily = .systemSmall
        var widgetRenderingMode: WidgetRenderingMode = .fullColor
        var widgetContentMargins: EdgeInsets = EdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16)
        var showsWidgetContainerBackground: Bool = true
        var isLuminanceReduced: Bool = false
        var levelOfDetail: LevelOfDetail = .default
        var colorScheme: ColorScheme = .light
        var redactionReasons: RedactionReasons = []
        var font: Font? = nil
        var dynamicTypeSize: DynamicTypeSize = .large
        /// `nil` until set: the defaults below are built on first read, since making a `Locale`,
        /// `Calendar` or `TimeZone` costs a fresh extension process about half a millisecond, and most
        /// widgets never read them.
        var locale: Locale?
        var calendar: Calendar?
        var timeZone: TimeZone?
        var displayScale: CGFloat = 2
        var isEnabled: Bool = true
        var layoutDirection: LayoutDirection = .leftToRight
        /// Styles every label and button asks for, kept typed rather than as custom keys (a key costs a
        /// dictionary lookup and a dynamic cast on every read). `nil`: the default style.
        var labelStyle: AnyLabelStyle? = nil
        var buttonChrome: ButtonChrome = .bordered
        /// Values for custom `EnvironmentKey`s, by key type. Only written and read on the archiving thread.
        var custom: [ObjectIdentifier: Any] = [:]
    }

    private final class Storage {
        var values: Values
        init(_ values: Values) { self.values = values }
    }

    nonisolated(unsafe) private static let defaults = Values()
    private static let defaultLocale = Locale(identifier: "en_US")
    private static let defaultCalendar = Calendar(identifier: .gregorian)
    private static let defaultTimeZone = TimeZone(identifier: "UTC") ?? .current

    private var storage: Storage

    public init() { storage = Storage(Self.defaults) }

    private mutating func update(_ change: (inout Values) -> Void) {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.values) }
        change(&storage.values)
    }

    /// One of the shared values; writing copies them first if another environment shares them.
    private subscript<T>(_ field: WritableKeyPath<Values, T>) -> T {
        get { storage.values[keyPath: field] }
        set { update { $0[keyPath: field] = newValue } }
    }

    /// Whether `other` is this environment, unchanged (a copy that nobody modified).
    func isIdentical(to other: EnvironmentValues) -> Bool { storage === other.storage }

    public var widgetFamily: WidgetFamily { get { self[\.widgetFamily] } set { self[\.widgetFamily] = newValue } }
    public var widgetRenderingMode: WidgetRenderingMode { get { self[\.widgetRenderingMode] } set { self[\.widgetRenderingMode] = newValue } }
    public var widgetContentMargins: EdgeInsets { get { self[\.widgetContentMargins] } set { self[\.widgetContentMargins] = newValue } }
    public var showsWidgetContainerBackground: Bool { get { self[\.showsWidgetContainerBackground] } set { self[\.showsWidgetContainerBackground] = newValue } }
    public var isLuminanceReduced: Bool { get { self[\.isLuminanceReduced] } set { self[\.isLuminanceReduced] = newValue } }
    /// `\.levelOfDetail` (visionOS 26): `.simplified` when the viewer is far away. The host asks for
    /// the simplified variant by the placement's viewing distance; elsewhere it is always `.default`.
    public var levelOfDetail: LevelOfDetail { get { self[\.levelOfDetail] } set { self[\.levelOfDetail] = newValue } }
    public var colorScheme: ColorScheme { get { self[\.colorScheme] } set { self[\.colorScheme] = newValue } }
    public var redactionReasons: RedactionReasons { get { self[\.redactionReasons] } set { self[\.redactionReasons] = newValue } }
    public var font: Font? { get { self[\.font] } set { self[\.font] = newValue } }
    public var dynamicTypeSize: DynamicTypeSize { get { self[\.dynamicTypeSize] } set { self[\.dynamicTypeSize] = newValue } }
    public var locale: Locale { get { self[\.locale] ?? Self.defaultLocale } set { self[\.locale] = newValue } }
    /// The locale a view or the device set, nil when none did: `Text` then looks its key up in the
    /// process's language, as `String(localized:)` does.
    var explicitLocale: Locale? { self[\.locale] }
    public var calendar: Calendar { get { self[\.calendar] ?? Self.defaultCalendar } set { self[\.calendar] = newValue } }
    public var timeZone: TimeZone { get { self[\.timeZone] ?? Self.defaultTimeZone } set { self[\.timeZone] = newValue } }
    public var displayScale: CGFloat { get { self[\.displayScale] } set { self[\.displayScale] = newValue } }
    public var isEnabled: Bool { get { self[\.isEnabled] } set { self[\.isEnabled] = newValue } }
    public var layoutDirection: LayoutDirection { get { self[\.layoutDirection] } set { self[\.layoutDirection] = newValue } }
    var labelStyle: AnyLabelStyle? { get { self[\.labelStyle] } set { self[\.labelStyle] = newValue } }
    var buttonChrome: ButtonChrome { get { self[\.buttonChrome] } set { self[\.buttonChrome] = newValue } }

    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { (storage.values.custom[ObjectIdentifier(key)] as? K.Value) ?? K.defaultValue }
        set { update { $0.custom[ObjectIdentifier(key)] = newValue } }
    }

    /// The environment of the view whose `body` is being evaluated.
    @TaskLocal public static var current = EnvironmentValues()

    /// Runs `body` with this environment as the one `@Environment` reads. Binding a task-local value
    /// costs an allocation, so an environment already bound (the common case: most views change
    /// nothing) is not bound again.
    func bound<Result>(_ body: () -> Result) -> Result {
        if Self.current.isIdentical(to: self) { return body() }
        return Self.$current.withValue(self, operation: body)
    }
}

/// `DynamicTypeSize`.
public enum DynamicTypeSize: Int, Hashable, Sendable, CaseIterable, Comparable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public var isAccessibilitySize: Bool { self >= .accessibility1 }

    /// As archived: the cases are in the same order.
    var value: TextSizeValue { TextSizeValue(rawValue: UInt8(rawValue)) ?? .large }
    init(_ value: TextSizeValue) { self = DynamicTypeSize(rawValue: Int(value.rawValue)) ?? .large }
}

/// `LayoutDirection`.
public enum LayoutDirection: Hashable, Sendable, CaseIterable {
    case leftToRight, rightToLeft
}

/// `@Environment(\.key)`: reads the environment of the view being archived.
@propertyWrapper
public struct Environment<Value> {
    private let read: (EnvironmentValues) -> Value
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { read = { $0[keyPath: keyPath] } }
    public var wrappedValue: Value { read(EnvironmentValues.current) }

    /// `@Environment(Model.self)`: the `@Observable` object `.environment(_:)` put above this view.
    /// Reading one that no view provided stops the extension, as SwiftUI does.
    public init(_ objectType: Value.Type) where Value: AnyObject & Observable {
        read = { environment in
            guard let object = environment.environmentObjects[ObjectIdentifier(Value.self)] as? Value else {
                preconditionFailure("No Observable object of type \(Value.self) found: a view above must provide it with .environment(_:)")
            }
            return object
        }
    }

    /// `@Environment(Model.self) var model: Model?`: nil when no view above provided one.
    public init<Object: AnyObject & Observable>(_ objectType: Object.Type) where Value == Object? {
        read = { $0.environmentObjects[ObjectIdentifier(Object.self)] as? Object }
    }
}

nonisolated extension View {
    /// `.environment(\.key, value)` for the subtree.
    /// `.transformEnvironment(_:transform:)`: changes a value of the environment as it reaches this
    /// view, keeping what views above set.
    public func transformEnvironment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, transform: @escaping (inout V) -> Void) -> some View {
        archived(environment: { transform(&$0[keyPath: keyPath]) })
    }

    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        archived(environment: { $0[keyPath: keyPath] = value })
    }

    /// `.environment(model)`: an `@Observable` object for `@Environment(Model.self)` below.
    public func environment<Object: AnyObject & Observable>(_ object: Object?) -> some View {
        archived(environment: { $0.environmentObjects[ObjectIdentifier(Object.self)] = object })
    }
}

/// `LevelOfDetail` (visionOS 26): how much detail a widget should show for how far away its viewer is.
public struct LevelOfDetail: Hashable, Sendable {
    let isSimplified: Bool
    public static let `default` = LevelOfDetail(isSimplified: false)
    /// The viewer is far away: larger type, less of it.
    public static let simplified = LevelOfDetail(isSimplified: true)
}
