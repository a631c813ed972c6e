import Foundation

/// `@State`: a widget's view is evaluated once per entry, so state never changes after archiving; the
/// value is what the view starts with (or what its own code sets while its body is evaluated).
@propertyWrapper
public struct State<Value> {
    private let box: ValueBox<Value>

    public init(wrappedValue value: Value) { box = ValueBox(value) }
    public init(initialValue value: Value) { box = ValueBox(value) }

    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    public var projectedValue: Binding<Value> {
        let box = self.box
        return Binding(get: { box.value }, set: { box.value = $0 })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    public init() { self.init(wrappedValue: nil) }
}

/// `@Binding`: a value owned elsewhere. Widgets never write through bindings from user interaction
/// (a toggle bound to one is archived inert), but views pass them down and read them.
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
    private let getter: () -> Value
    private let setter: (Value) -> Void

    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        getter = get
        setter = set
    }

    public init(projectedValue: Binding<Value>) { self = projectedValue }

    /// A binding to an optional's value, `nil` when there is none.
    public init?(_ base: Binding<Value?>) {
        guard let value = base.wrappedValue else { return nil }
        self.init(get: { base.wrappedValue ?? value }, set: { base.wrappedValue = $0 })
    }

    public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }) }

    public var wrappedValue: Value {
        get { getter() }
        nonmutating set { setter(newValue) }
    }

    public var projectedValue: Binding<Value> { self }

    /// `$model.field`: a binding to a property of the bound value.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(get: { self.wrappedValue[keyPath: keyPath] }, set: { self.wrappedValue[keyPath: keyPath] = $0 })
    }
}

// `@unchecked Sendable`: views are evaluated on one thread; a binding may cross into a provider's task
// with its view, which that thread then no longer uses.
extension Binding: @unchecked Sendable {}

/// Shared storage for a wrapper whose setter is nonmutating.
final class ValueBox<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}
