import Foundation

/// `Subject`: a publisher code sends values into.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    func send(_ value: Output)
    func send(completion: Subscribers.Completion<Failure>)
    func send(subscription: any Subscription)
}

extension Subject {
    public func send(subscription: any Subscription) { subscription.request(.unlimited) }
}

extension Subject where Output == Void {
    public func send() { send(()) }
}

/// The subscribers of a subject, and its completion once it came.
final class SubjectRelay<Output, Failure: Error> {
    private let lock = NSRecursiveLock()
    private var subscribers: [CombineIdentifier: AnySubscriber<Output, Failure>] = [:]
    private var order: [CombineIdentifier] = []
    private(set) var completion: Subscribers.Completion<Failure>?

    func attach(_ subscriber: AnySubscriber<Output, Failure>, replay: Output?) {
        let id = CombineIdentifier()
        let subscription = ClosureSubscription { [weak self] in self?.detach(id) }
        subscriber.receive(subscription: subscription)
        if let completion = lock.withLock({ completion }) {
            subscriber.receive(completion: completion)
            return
        }
        lock.withLock {
            subscribers[id] = subscriber
            order.append(id)
        }
        if let replay { _ = subscriber.receive(replay) }
    }

    private func detach(_ id: CombineIdentifier) {
        lock.withLock {
            subscribers[id] = nil
            order.removeAll { $0 == id }
        }
    }

    func send(_ value: Output) {
        let current = lock.withLock { completion == nil ? order.compactMap { subscribers[$0] } : [] }
        for subscriber in current { _ = subscriber.receive(value) }
    }

    func finish(_ completion: Subscribers.Completion<Failure>) {
        let current: [AnySubscriber<Output, Failure>] = lock.withLock {
            guard self.completion == nil else { return [] }
            self.completion = completion
            defer { subscribers.removeAll(); order.removeAll() }
            return order.compactMap { subscribers[$0] }
        }
        for subscriber in current { subscriber.receive(completion: completion) }
    }
}

/// `PassthroughSubject`.
public final class PassthroughSubject<Output, Failure: Error>: Subject {
    private let relay = SubjectRelay<Output, Failure>()
    public init() {}
    public func send(_ input: Output) { relay.send(input) }
    public func send(completion: Subscribers.Completion<Failure>) { relay.finish(completion) }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        relay.attach(AnySubscriber(subscriber), replay: nil)
    }
}

/// `CurrentValueSubject`: a value, sent to each new subscriber first.
public final class CurrentValueSubject<Output, Failure: Error>: Subject {
    private let relay = SubjectRelay<Output, Failure>()
    private let lock = NSLock()
    private var current: Output

    public init(_ value: Output) { current = value }

    public var value: Output {
        get { lock.withLock { current } }
        set { send(newValue) }
    }

    public func send(_ input: Output) {
        lock.withLock { current = input }
        relay.send(input)
    }
    public func send(completion: Subscribers.Completion<Failure>) { relay.finish(completion) }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        relay.attach(AnySubscriber(subscriber), replay: value)
    }
}

/// `Just`, `Empty`, `Fail`, `Future`, `Deferred`.
public struct Just<Output>: Publisher {
    public typealias Failure = Never
    public let output: Output
    public init(_ output: Output) { self.output = output }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        subscriber.receive(subscription: ClosureSubscription())
        _ = subscriber.receive(output)
        subscriber.receive(completion: .finished)
    }
}

public struct Empty<Output, Failure: Error>: Publisher {
    public let completeImmediately: Bool
    public init(completeImmediately: Bool = true) { self.completeImmediately = completeImmediately }
    public init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type) { self.completeImmediately = completeImmediately }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: ClosureSubscription())
        if completeImmediately { subscriber.receive(completion: .finished) }
    }
}

public struct Fail<Output, Failure: Error>: Publisher {
    public let error: Failure
    public init(error: Failure) { self.error = error }
    public init(outputType: Output.Type, failure: Failure) { error = failure }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: ClosureSubscription())
        subscriber.receive(completion: .failure(error))
    }
}

/// `Future`: one value (or failure), made once, given to every subscriber.
public final class Future<Output, Failure: Error>: Publisher {
    public typealias Promise = (Result<Output, Failure>) -> Void
    private let relay = SubjectRelay<Output, Failure>()
    private let lock = NSLock()
    private var result: Result<Output, Failure>?

    public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
        attemptToFulfill { [weak self] result in self?.fulfill(result) }
    }

    private func fulfill(_ result: Result<Output, Failure>) {
        let first: Bool = lock.withLock {
            guard self.result == nil else { return false }
            self.result = result
            return true
        }
        guard first else { return }
        switch result {
        case .success(let value):
            relay.send(value)
            relay.finish(.finished)
        case .failure(let error):
            relay.finish(.failure(error))
        }
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        switch lock.withLock({ result }) {
        case .success(let value)?:
            subscriber.receive(subscription: ClosureSubscription())
            _ = subscriber.receive(value)
            subscriber.receive(completion: .finished)
        case .failure(let error)?:
            subscriber.receive(subscription: ClosureSubscription())
            subscriber.receive(completion: .failure(error))
        case nil:
            relay.attach(AnySubscriber(subscriber), replay: nil)
        }
    }
}

public struct Deferred<DeferredPublisher: Publisher>: Publisher {
    public typealias Output = DeferredPublisher.Output
    public typealias Failure = DeferredPublisher.Failure
    public let createPublisher: () -> DeferredPublisher
    public init(createPublisher: @escaping () -> DeferredPublisher) { self.createPublisher = createPublisher }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        createPublisher().receive(subscriber: subscriber)
    }
}
