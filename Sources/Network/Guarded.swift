import Foundation

/// A stored property read and written under a lock, so the classes Apple declares `Sendable`
/// (parameters, protocol options) are so here in fact rather than by assertion. Public only because a
/// public property's wrapper must be; the underscore keeps it out of an app's way.
@propertyWrapper
public struct _Guarded<Value>: @unchecked Sendable {
    private final class Box: @unchecked Sendable {
        let lock = NSLock()
        // Only touched with `lock` held.
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    private let box: Box

    public init(wrappedValue: Value) { box = Box(wrappedValue) }

    public var wrappedValue: Value {
        get { box.lock.withLock { box.value } }
        nonmutating set { box.lock.withLock { box.value = newValue } }
    }
}
