import Foundation
import FoundationAdditions

/// `@Property(title:)` on an `AppEntity` (`EntityProperty`): a value the entity shows, with its title.
/// The entity's initializer sets it; `displayRepresentation` and views read it. A reference, as
/// Apple declares it, so a `let` entity still reads the value its initializer stored.
@propertyWrapper
// `@unchecked Sendable`: the value is only touched with `lock` held.
public final class EntityProperty<Value>: @unchecked Sendable {
    public let title: LocalizedStringResource
    private let lock = NSLock()
    private var value: Value?

    public init(title: LocalizedStringResource) { self.title = title }

    public init(wrappedValue: Value, title: LocalizedStringResource) {
        self.title = title
        self.value = wrappedValue
    }

    /// An optional property never set reads `nil`; any other is a programming error in the entity.
    public var wrappedValue: Value {
        get {
            if let value = lock.withLock({ value }) { return value }
            if let optional = Value.self as? any ExpressibleByNilLiteral.Type, let none = optional.init(nilLiteral: ()) as? Value { return none }
            preconditionFailure("@Property \"\(title)\" read before it was set")
        }
        set { lock.withLock { value = newValue } }
    }

    public var projectedValue: EntityProperty<Value> { self }
}

extension AppEntity {
    /// `AppEntity.Property`: the spelling entities write, `@Property(title:)`.
    public typealias Property<Value> = EntityProperty<Value>
}

extension AppEntity where Self: RawRepresentable, RawValue == ID {
    /// An entity with raw values (`enum Interval: Int, AppEntity`) is identified by its raw value.
    public var id: ID { rawValue }
}
