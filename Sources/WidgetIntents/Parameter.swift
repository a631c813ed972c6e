import Foundation
import FoundationAdditions
import WidgetArchive

/// `@Parameter(title:)`: an intent property that is persisted in the archive and restored before
/// `perform()` runs. Storage is a reference so the codec can restore a freshly made `init()` intent.
@propertyWrapper
// `@unchecked Sendable`: the value lives in `ParameterStorage`, which locks.
public struct Parameter<Value>: @unchecked Sendable {
    let storage: ParameterStorage<Value>
    public let title: LocalizedStringResource

    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil) {
        self.title = title
        self.storage = ParameterStorage(nil)
    }

    /// `@Parameter(title:default:)`: the value an intent made with `init()` starts with.
    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default value: Value) {
        self.title = title
        self.storage = ParameterStorage(value)
    }

    public init(wrappedValue: Value, title: LocalizedStringResource, description: LocalizedStringResource? = nil) {
        self.title = title
        self.storage = ParameterStorage(wrappedValue)
    }

    public init<T>(title: LocalizedStringResource, description: LocalizedStringResource? = nil) where Value == T? {
        self.title = title
        self.storage = ParameterStorage(.some(nil))
    }

    /// The forms with dialogs, input options, ranges and options providers: none of them change what is
    /// persisted, so they take the same path.
    public init<P: DynamicOptionsProvider>(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, default value: Value? = nil,
        requestValueDialog: IntentDialog? = nil, optionsProvider: P
    ) {
        self.title = title
        self.storage = ParameterStorage(value)
    }

    public init<T, P: DynamicOptionsProvider>(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, requestValueDialog: IntentDialog? = nil,
        optionsProvider: P
    ) where Value == T? {
        self.title = title
        self.storage = ParameterStorage(.some(nil))
    }

    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default value: Value? = nil,
                requestValueDialog: IntentDialog?) {
        self.title = title
        self.storage = ParameterStorage(value)
    }

    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default value: Value,
                inclusiveRange: (Value, Value)) {
        self.title = title
        self.storage = ParameterStorage(value)
    }

    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default value: Value,
                controlStyle: ParameterControlStyle) {
        self.title = title
        self.storage = ParameterStorage(value)
    }

    /// An optional parameter that was never set reads `nil` (`@Parameter(title:) var note: String?`
    /// takes the non-generic initializer too). Reading any other parameter that was never set is a
    /// programming error in the intent, as on Apple's platforms; the codec sets every archived
    /// parameter before `perform()`, and the system's defaults fill the others (`takeSystemDefault()`).
    public var wrappedValue: Value {
        get {
            if let value = storage.value { return value }
            if let optional = Value.self as? any ExpressibleByNilLiteral.Type, let none = optional.init(nilLiteral: ()) as? Value { return none }
            preconditionFailure("@Parameter \"\(title)\" read before it was set")
        }
        nonmutating set { storage.value = newValue }
    }

    public var projectedValue: Parameter<Value> { self }
}

/// `IntentParameter.ControlStyle` for numbers.
public enum ParameterControlStyle: Sendable { case field, slider, stepper }

// `@unchecked Sendable`: `_value` is only touched with `lock` held.
final class ParameterStorage<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var _value: Value?
    init(_ value: Value?) { _value = value }
    var value: Value? {
        get { lock.withLock { _value } }
        set { lock.withLock { _value = newValue } }
    }
}

/// The type-erased face the codec uses to read and restore a parameter.
protocol AnyIntentParameter {
    var anyValue: Any? { get }
    func restore(_ value: IntentParameterValue) async throws
    func takeSystemDefault() async
}

extension Parameter: AnyIntentParameter {
    var anyValue: Any? { storage.value.map { $0 as Any } }

    /// A parameter declared without a default, and not optional, when the system makes the intent
    /// itself (a widget no one has configured yet): an entity takes its query's `defaultResult()`, as
    /// on Apple's platforms, and an enum its first case. Any other type keeps no value.
    func takeSystemDefault() async {
        guard storage.value == nil else { return }
        if let entity = Value.self as? any AppEntity.Type, let value = await entity._defaultResult() as? Value {
            storage.value = value
        } else if let enumeration = Value.self as? any AppEnum.Type, let first = enumeration._firstCase as? Value {
            storage.value = first
        }
    }

    func restore(_ value: IntentParameterValue) async throws {
        guard let decoded = try await value.decode(as: Value.self) else {
            throw IntentCodingError.typeMismatch(parameter: title.key, expected: String(describing: Value.self))
        }
        storage.value = decoded
    }
}
