// Combine on Linux, as far as widget code and the app code it shares use it: publishers and
// subscribers, subjects, the common operators, schedulers (dispatch queues and run loops), and
// `ObservableObject` with `@Published`, which SwiftUI re-exports. Values are delivered as they are
// sent; demand is honoured as unlimited, which is what `sink` and `assign` ask for.
import Foundation

/// `Publisher`.
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

/// `Subscriber`.
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
    associatedtype Input
    associatedtype Failure: Error
    func receive(subscription: any Subscription)
    func receive(_ input: Input) -> Subscribers.Demand
    func receive(completion: Subscribers.Completion<Failure>)
}

/// `CustomCombineIdentifierConvertible` and `CombineIdentifier`.
public protocol CustomCombineIdentifierConvertible {
    var combineIdentifier: CombineIdentifier { get }
}

public struct CombineIdentifier: Hashable, CustomStringConvertible {
    private let value: UInt64
    nonisolated(unsafe) private static var next: UInt64 = 0
    private static let lock = NSLock()
    public init() { value = Self.lock.withLock { Self.next += 1; return Self.next } }
    public init(_ object: AnyObject) { value = UInt64(UInt(bitPattern: ObjectIdentifier(object).hashValue)) }
    public var description: String { "0x\(String(value, radix: 16))" }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
    public var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
}

/// `Cancellable` and `Subscription`.
public protocol Cancellable {
    func cancel()
}

public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
    func request(_ demand: Subscribers.Demand)
}

/// `AnyCancellable`: cancels when cancelled or released.
public final class AnyCancellable: Cancellable, Hashable {
    private var action: (() -> Void)?
    public init(_ cancel: @escaping () -> Void) { action = cancel }
    public init<C: Cancellable>(_ canceller: C) { action = canceller.cancel }
    deinit { action?() }
    public func cancel() {
        let run = action
        action = nil
        run?()
    }
    public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable { collection.append(self) }
    public static func == (a: AnyCancellable, b: AnyCancellable) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// `Subscribers`: demand, completion, and the two subscribers code makes (`sink`, `assign`).
public enum Subscribers {
    public struct Demand: Hashable, Comparable, CustomStringConvertible {
        let count: Int?
        public static let unlimited = Demand(count: nil)
        public static let none = Demand(count: 0)
        public static func max(_ value: Int) -> Demand { Demand(count: Swift.max(0, value)) }
        public var max: Int? { count }
        public static func + (a: Demand, b: Demand) -> Demand {
            guard let x = a.count, let y = b.count else { return .unlimited }
            return .max(x + y)
        }
        public static func += (a: inout Demand, b: Demand) { a = a + b }
        public static func < (a: Demand, b: Demand) -> Bool {
            switch (a.count, b.count) {
            case (nil, _): false
            case (_, nil): true
            case (let x?, let y?): x < y
            }
        }
        public var description: String { count.map { "max(\($0))" } ?? "unlimited" }
    }

    public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }

    /// `Subscribers.Sink`.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable {
        public let receiveValue: (Input) -> Void
        public let receiveCompletion: (Completion<Failure>) -> Void
        private var subscription: (any Subscription)?
        private var done = false

        public init(receiveCompletion: @escaping (Completion<Failure>) -> Void, receiveValue: @escaping (Input) -> Void) {
            self.receiveCompletion = receiveCompletion
            self.receiveValue = receiveValue
        }

        public func receive(subscription: any Subscription) {
            self.subscription = subscription
            subscription.request(.unlimited)
        }

        public func receive(_ input: Input) -> Demand {
            if !done { receiveValue(input) }
            return .none
        }

        public func receive(completion: Completion<Failure>) {
            guard !done else { return }
            done = true
            receiveCompletion(completion)
            subscription = nil
        }

        public func cancel() {
            done = true
            subscription?.cancel()
            subscription = nil
        }
    }

    /// `Subscribers.Assign`.
    public final class Assign<Root, Input>: Subscriber, Cancellable {
        public typealias Failure = Never
        public private(set) var object: Root?
        public let keyPath: ReferenceWritableKeyPath<Root, Input>
        private var subscription: (any Subscription)?

        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            self.object = object
            self.keyPath = keyPath
        }
        public func receive(subscription: any Subscription) {
            self.subscription = subscription
            subscription.request(.unlimited)
        }
        public func receive(_ value: Input) -> Demand {
            object?[keyPath: keyPath] = value
            return .none
        }
        public func receive(completion: Completion<Never>) { object = nil }
        public func cancel() {
            subscription?.cancel()
            subscription = nil
            object = nil
        }
    }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}

/// `AnySubscriber`: a subscriber from closures.
public struct AnySubscriber<Input, Failure: Error>: Subscriber {
    public let combineIdentifier = CombineIdentifier()
    private let subscription: (any Subscription) -> Void
    private let value: (Input) -> Subscribers.Demand
    private let completion: (Subscribers.Completion<Failure>) -> Void

    public init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
        subscription = subscriber.receive(subscription:)
        value = subscriber.receive(_:)
        completion = subscriber.receive(completion:)
    }

    public init(receiveSubscription: ((any Subscription) -> Void)? = nil, receiveValue: ((Input) -> Subscribers.Demand)? = nil,
                receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil) {
        subscription = receiveSubscription ?? { $0.request(.unlimited) }
        value = receiveValue ?? { _ in .none }
        completion = receiveCompletion ?? { _ in }
    }

    public func receive(subscription: any Subscription) { self.subscription(subscription) }
    public func receive(_ input: Input) -> Subscribers.Demand { value(input) }
    public func receive(completion: Subscribers.Completion<Failure>) { self.completion(completion) }
}

/// A subscription that only knows how to stop (also `FoundationNetworkingAdditions`' data tasks').
package final class ClosureSubscription: Subscription {
    private var onCancel: (() -> Void)?
    package init(onCancel: (() -> Void)? = nil) { self.onCancel = onCancel }
    package func request(_ demand: Subscribers.Demand) {}
    package func cancel() {
        let run = onCancel
        onCancel = nil
        run?()
    }
}

/// `AnyPublisher`: a publisher whose type says only what it sends.
public struct AnyPublisher<Output, Failure: Error>: Publisher {
    private let subscribe: (AnySubscriber<Output, Failure>) -> Void

    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        subscribe = { publisher.receive(subscriber: $0) }
    }

    init(_ subscribe: @escaping (AnySubscriber<Output, Failure>) -> Void) { self.subscribe = subscribe }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscribe(AnySubscriber(subscriber))
    }
}

extension Publisher {
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { AnyPublisher(self) }

    public func sink(receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void, receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        receive(subscriber: sink)
        return AnyCancellable(sink)
    }

    public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure { receive(subscriber: subscriber) }
}

extension Publisher where Failure == Never {
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }

    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        let assign = Subscribers.Assign(object: object, keyPath: keyPath)
        receive(subscriber: assign)
        return AnyCancellable(assign)
    }
}
