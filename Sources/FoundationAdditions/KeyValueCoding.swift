import Foundation

extension UserDefaults {
    /// Key-value coding's `value(forKey:)`, which app code reads defaults with and Linux's Foundation
    /// (no Objective-C runtime) lacks: the stored object for the key.
    public func value(forKey key: String) -> Any? { object(forKey: key) }

    /// Key-value coding's `setValue(_:forKey:)`: stores the value for the key (nil removes it).
    public func setValue(_ value: Any?, forKey key: String) { set(value, forKey: key) }
}
