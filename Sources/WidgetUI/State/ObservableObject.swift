import Foundation
@_exported import Combine

/// `@ObservedObject`, `@StateObject`, `@EnvironmentObject`: the model objects app code shares with
/// widgets (`ObservableObject` and `@Published` are Combine's, re-exported). A widget's view is
/// evaluated once, so nothing observes changes; the wrappers give the object and its current values.
@propertyWrapper
@dynamicMemberLookup
public struct ObservedObject<ObjectType: ObservableObject> {
    public var wrappedValue: ObjectType
    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
    public init(initialValue: ObjectType) { wrappedValue = initialValue }
    public var projectedValue: ObservedObject<ObjectType> { self }
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
        let object = wrappedValue
        return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
}

@propertyWrapper
public struct StateObject<ObjectType: ObservableObject> {
    private let make: @MainActor () -> ObjectType
    private let box: ValueBox<ObjectType?> = ValueBox(nil)
    /// The object is made on the main actor, as SwiftUI makes it: `@StateObject var model = Model()`
    /// with a `@MainActor` model compiles.
    public init(wrappedValue thunk: @autoclosure @escaping @MainActor () -> ObjectType) { make = thunk }
    /// Read by a body, which runs on the main queue in an extension (`ViewArchiver`), where the
    /// object is made the first time.
    public var wrappedValue: ObjectType {
        if let object = box.value { return object }
        let object = unsafeBitCast(make, to: (() -> ObjectType).self)()
        box.value = object
        return object
    }
    public var projectedValue: ObservedObject<ObjectType> { ObservedObject(wrappedValue: wrappedValue) }
}

/// `@EnvironmentObject`: the object `.environmentObject(_:)` put above this view. Reading one that no
/// view provided is a programming error, as in SwiftUI.
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject> {
    public init() {}
    public var wrappedValue: ObjectType {
        guard let object = EnvironmentValues.current.environmentObjects[ObjectIdentifier(ObjectType.self)] as? ObjectType else {
            preconditionFailure("No ObservableObject of type \(ObjectType.self) found: a view above must provide it with .environmentObject(_:)")
        }
        return object
    }
}

private struct EnvironmentObjectsKey: EnvironmentKey { static var defaultValue: [ObjectIdentifier: AnyObject] { [:] } }

extension EnvironmentValues {
    var environmentObjects: [ObjectIdentifier: AnyObject] {
        get { self[EnvironmentObjectsKey.self] }
        set { self[EnvironmentObjectsKey.self] = newValue }
    }
}

nonisolated extension View {
    public func environmentObject<T: ObservableObject>(_ object: T) -> some View {
        archived(environment: { $0.environmentObjects[ObjectIdentifier(T.self)] = object })
    }
}
