import Foundation

/// `ObservableObject`: a model whose `@Published` properties announce changes before they happen.
public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher where ObjectWillChangePublisher.Failure == Never
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// One publisher per object, made when first asked for.
    public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublishers.publisher(for: self) }
}

/// `ObservableObjectPublisher`.
public final class ObservableObjectPublisher: Publisher {
    public typealias Output = Void
    public typealias Failure = Never
    private let subject = PassthroughSubject<Void, Never>()
    public init() {}
    public func send() { subject.send(()) }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never { subject.receive(subscriber: subscriber) }
}

/// The objects' publishers, held as long as their objects live.
enum ObservableObjectPublishers {
    private struct Entry {
        weak var object: AnyObject?
        let publisher: ObservableObjectPublisher
    }
    nonisolated(unsafe) private static var entries: [ObjectIdentifier: Entry] = [:]
    private static let lock = NSLock()

    static func publisher(for object: AnyObject) -> ObservableObjectPublisher {
        lock.withLock {
            let id = ObjectIdentifier(object)
            if let entry = entries[id], entry.object === object { return entry.publisher }
            if entries.count > 64 { entries = entries.filter { $0.value.object != nil } }
            let publisher = ObservableObjectPublisher()
            entries[id] = Entry(object: object, publisher: publisher)
            return publisher
        }
    }
}

/// `@Published`: a property whose changes are published (`$name`), and which tells its object's
/// `objectWillChange` before each.
@propertyWrapper
public struct Published<Value> {
    final class Storage {
        var value: Value
        let subject = PassthroughSubject<Value, Never>()
        init(_ value: Value) { self.value = value }
        func set(_ newValue: Value) {
            value = newValue
            subject.send(newValue)
        }
    }

    let storage: Storage

    public init(wrappedValue: Value) { storage = Storage(wrappedValue) }
    public init(initialValue: Value) { self.init(wrappedValue: initialValue) }

    public var wrappedValue: Value {
        get { storage.value }
        nonmutating set { storage.set(newValue) }
    }

    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf, wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].storage.value }
        set {
            if let observable = object as? any ObservableObject { Self.announce(observable) }
            object[keyPath: storageKeyPath].storage.set(newValue)
        }
    }

    private static func announce<O: ObservableObject>(_ object: O) {
        (object.objectWillChange as? ObservableObjectPublisher)?.send()
    }

    public var projectedValue: Publisher {
        get { Publisher(storage: storage) }
        set { }
    }

    /// `Published.Publisher`: the current value, then every change.
    public struct Publisher: Combine.Publisher {
        public typealias Output = Value
        public typealias Failure = Never
        let storage: Storage
        var cancellable: AnyCancellable?

        init(storage: Storage) { self.storage = storage }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
            let downstream = AnySubscriber(subscriber)
            storage.subject.receive(subscriber: AnySubscriber<Value, Never>(
                receiveSubscription: { subscription in
                    downstream.receive(subscription: subscription)
                    _ = downstream.receive(storage.value)
                },
                receiveValue: { downstream.receive($0) },
                receiveCompletion: { downstream.receive(completion: $0) }))
        }
    }
}
