import Foundation

/// `@AppStorage("key", store:)`: a value in `UserDefaults`, read when the view's body is evaluated.
/// Widgets commonly read settings their app wrote to an app group's suite
/// (`UserDefaults(suiteName: "group.…")`); here a suite is stored by Foundation under the extension's
/// home, and a key that was never written gives the declared default.
@propertyWrapper
public struct AppStorage<Value> {
    private let read: () -> Value
    private let write: (Value) -> Void

    public var wrappedValue: Value {
        get { read() }
        nonmutating set { write(newValue) }
    }

    public var projectedValue: Binding<Value> { Binding(get: read, set: write) }

    init(key: String, store: UserDefaults?, default value: Value, decode: @escaping (Any) -> Value?, encode: @escaping (Value) -> Any?) {
        // Without a store, the one `.defaultAppStorage(_:)` set for the view being evaluated.
        let defaults = { store ?? EnvironmentValues.current.defaultAppStorage ?? .standard }
        read = { defaults().object(forKey: key).flatMap(decode) ?? value }
        write = { newValue in
            if let encoded = encode(newValue) { defaults().set(encoded, forKey: key) } else { defaults().removeObject(forKey: key) }
        }
    }
}

extension AppStorage {
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Bool {
        self.init(key: key, store: store, default: wrappedValue, decode: { $0 as? Bool ?? ($0 as? NSNumber)?.boolValue }, encode: { $0 })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Int {
        self.init(key: key, store: store, default: wrappedValue, decode: { $0 as? Int ?? ($0 as? NSNumber)?.intValue }, encode: { $0 })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Double {
        self.init(key: key, store: store, default: wrappedValue, decode: { $0 as? Double ?? ($0 as? NSNumber)?.doubleValue }, encode: { $0 })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == String {
        self.init(key: key, store: store, default: wrappedValue, decode: { $0 as? String }, encode: { $0 })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == URL {
        self.init(key: key, store: store, default: wrappedValue,
                  decode: { ($0 as? String).flatMap(URL.init(string:)) ?? ($0 as? URL) }, encode: { $0.absoluteString })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Data {
        self.init(key: key, store: store, default: wrappedValue, decode: { $0 as? Data }, encode: { $0 })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Date {
        self.init(key: key, store: store, default: wrappedValue, decode: { $0 as? Date }, encode: { $0 })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value: RawRepresentable, Value.RawValue == Int {
        self.init(key: key, store: store, default: wrappedValue,
                  decode: { ($0 as? Int ?? ($0 as? NSNumber)?.intValue).flatMap(Value.init(rawValue:)) }, encode: { $0.rawValue })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value: RawRepresentable, Value.RawValue == String {
        self.init(key: key, store: store, default: wrappedValue,
                  decode: { ($0 as? String).flatMap(Value.init(rawValue:)) }, encode: { $0.rawValue })
    }
}

extension AppStorage where Value: ExpressibleByNilLiteral {
    public init(_ key: String, store: UserDefaults? = nil) where Value == String? {
        self.init(key: key, store: store, default: nil, decode: { $0 as? String }, encode: { $0 })
    }
    public init(_ key: String, store: UserDefaults? = nil) where Value == Int? {
        self.init(key: key, store: store, default: nil, decode: { $0 as? Int ?? ($0 as? NSNumber)?.intValue }, encode: { $0 })
    }
    public init(_ key: String, store: UserDefaults? = nil) where Value == Double? {
        self.init(key: key, store: store, default: nil, decode: { $0 as? Double ?? ($0 as? NSNumber)?.doubleValue }, encode: { $0 })
    }
    public init(_ key: String, store: UserDefaults? = nil) where Value == Bool? {
        self.init(key: key, store: store, default: nil, decode: { $0 as? Bool ?? ($0 as? NSNumber)?.boolValue }, encode: { $0 })
    }
    public init(_ key: String, store: UserDefaults? = nil) where Value == Data? {
        self.init(key: key, store: store, default: nil, decode: { $0 as? Data }, encode: { $0 })
    }
    public init(_ key: String, store: UserDefaults? = nil) where Value == URL? {
        self.init(key: key, store: store, default: nil,
                  decode: { ($0 as? String).flatMap(URL.init(string:)) ?? ($0 as? URL) }, encode: { $0?.absoluteString })
    }
}

nonisolated extension View {
    /// `.defaultAppStorage(_:)`: the store `@AppStorage` without one of its own reads in this subtree.
    public func defaultAppStorage(_ store: UserDefaults) -> some View {
        archived(environment: { $0.defaultAppStorage = store })
    }
}

private struct DefaultAppStorageKey: EnvironmentKey {
    static var defaultValue: UserDefaults? { nil }
}

extension EnvironmentValues {
    var defaultAppStorage: UserDefaults? {
        get { self[DefaultAppStorageKey.self] }
        set { self[DefaultAppStorageKey.self] = newValue }
    }
}
