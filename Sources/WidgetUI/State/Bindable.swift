import Observation

/// `@Bindable`: bindings to the properties of an `@Observable` object (`$model.name`), for the
/// controls of app screens a widget target compiles. A widget is archived once and nothing edits it,
/// but the bindings read and write the object as SwiftUI's do.
@propertyWrapper
@dynamicMemberLookup
public struct Bindable<Value> {
    public var wrappedValue: Value

    public init(wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }
    public init(_ wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }
    public init(projectedValue: Bindable<Value>) { self = projectedValue }

    public var projectedValue: Bindable<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> where Value: AnyObject {
        let object = wrappedValue
        return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
}
