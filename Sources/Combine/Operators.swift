import Foundation

/// The operators widget and app code chain most, each an `AnyPublisher`.
extension Publisher {
    /// Relays upstream to a new subscriber through `transform`, which gets the downstream subscriber
    /// and returns what to do with each upstream event.
    func relay<O, F: Error>(
        _ make: @escaping (AnySubscriber<O, F>) -> (value: (Output) -> Void, completion: (Subscribers.Completion<Failure>) -> Void)
    ) -> AnyPublisher<O, F> {
        AnyPublisher { downstream in
            let handlers = make(downstream)
            receive(subscriber: AnySubscriber<Output, Failure>(
                receiveSubscription: { subscription in
                    downstream.receive(subscription: subscription)
                    subscription.request(.unlimited)
                },
                receiveValue: { handlers.value($0); return .none },
                receiveCompletion: handlers.completion))
        }
    }

    func passingCompletion<O>(_ value: @escaping (Output, AnySubscriber<O, Failure>) -> Void) -> AnyPublisher<O, Failure> {
        relay { downstream in ({ value($0, downstream) }, { downstream.receive(completion: $0) }) }
    }

    public func map<T>(_ transform: @escaping (Output) -> T) -> AnyPublisher<T, Failure> {
        passingCompletion { value, downstream in _ = downstream.receive(transform(value)) }
    }

    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> AnyPublisher<T, Error> {
        relay { downstream in
            var failed = false
            return ({ value in
                guard !failed else { return }
                do { _ = downstream.receive(try transform(value)) } catch {
                    failed = true
                    downstream.receive(completion: .failure(error))
                }
            }, { completion in
                guard !failed else { return }
                switch completion {
                case .finished: downstream.receive(completion: .finished)
                case .failure(let error): downstream.receive(completion: .failure(error))
                }
            })
        }
    }

    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> AnyPublisher<T, Failure> {
        passingCompletion { value, downstream in if let t = transform(value) { _ = downstream.receive(t) } }
    }

    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> AnyPublisher<Output, Failure> {
        passingCompletion { value, downstream in if isIncluded(value) { _ = downstream.receive(value) } }
    }

    public func removeDuplicates(by predicate: @escaping (Output, Output) -> Bool) -> AnyPublisher<Output, Failure> {
        relay { downstream in
            var last: Output?
            return ({ value in
                if let previous = last, predicate(previous, value) { return }
                last = value
                _ = downstream.receive(value)
            }, { downstream.receive(completion: $0) })
        }
    }

    public func dropFirst(_ count: Int = 1) -> AnyPublisher<Output, Failure> {
        relay { downstream in
            var seen = 0
            return ({ value in
                seen += 1
                if seen > count { _ = downstream.receive(value) }
            }, { downstream.receive(completion: $0) })
        }
    }

    public func first() -> AnyPublisher<Output, Failure> {
        relay { downstream in
            var done = false
            return ({ value in
                guard !done else { return }
                done = true
                _ = downstream.receive(value)
                downstream.receive(completion: .finished)
            }, { if !done { downstream.receive(completion: $0) } })
        }
    }

    public func prepend(_ elements: Output...) -> AnyPublisher<Output, Failure> {
        AnyPublisher { downstream in
            var sentPrefix = false
            receive(subscriber: AnySubscriber<Output, Failure>(
                receiveSubscription: { subscription in
                    downstream.receive(subscription: subscription)
                    if !sentPrefix { sentPrefix = true; for e in elements { _ = downstream.receive(e) } }
                    subscription.request(.unlimited)
                },
                receiveValue: { downstream.receive($0) },
                receiveCompletion: { downstream.receive(completion: $0) }))
        }
    }

    public func handleEvents(receiveSubscription: ((any Subscription) -> Void)? = nil, receiveOutput: ((Output) -> Void)? = nil,
                             receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil, receiveCancel: (() -> Void)? = nil,
                             receiveRequest: ((Subscribers.Demand) -> Void)? = nil) -> AnyPublisher<Output, Failure> {
        relay { downstream in
            ({ value in receiveOutput?(value); _ = downstream.receive(value) }, { completion in receiveCompletion?(completion); downstream.receive(completion: completion) })
        }
    }

    public func replaceError(with output: Output) -> AnyPublisher<Output, Never> {
        relay { downstream in
            ({ _ = downstream.receive($0) }, { completion in
                if case .failure = completion { _ = downstream.receive(output) }
                downstream.receive(completion: .finished)
            })
        }
    }

    public func replaceNil<T>(with output: T) -> AnyPublisher<T, Failure> where Output == T? {
        map { $0 ?? output }
    }

    public func `catch`<P: Publisher>(_ handler: @escaping (Failure) -> P) -> AnyPublisher<Output, P.Failure> where P.Output == Output {
        AnyPublisher { downstream in
            receive(subscriber: AnySubscriber<Output, Failure>(
                receiveSubscription: { downstream.receive(subscription: $0); $0.request(.unlimited) },
                receiveValue: { downstream.receive($0) },
                receiveCompletion: { completion in
                    switch completion {
                    case .finished: downstream.receive(completion: .finished)
                    case .failure(let error): handler(error).receive(subscriber: downstream)
                    }
                }))
        }
    }

    public func setFailureType<E: Error>(to failureType: E.Type) -> AnyPublisher<Output, E> where Failure == Never {
        relay { downstream in ({ _ = downstream.receive($0) }, { _ in downstream.receive(completion: .finished) }) }
    }

    public func mapError<E: Error>(_ transform: @escaping (Failure) -> E) -> AnyPublisher<Output, E> {
        relay { downstream in
            ({ _ = downstream.receive($0) }, { completion in
                switch completion {
                case .finished: downstream.receive(completion: .finished)
                case .failure(let error): downstream.receive(completion: .failure(transform(error)))
                }
            })
        }
    }

    public func flatMap<P: Publisher>(_ transform: @escaping (Output) -> P) -> AnyPublisher<P.Output, Failure> where P.Failure == Failure {
        passingCompletion { value, downstream in
            transform(value).receive(subscriber: AnySubscriber<P.Output, Failure>(
                receiveSubscription: { $0.request(.unlimited) },
                receiveValue: { downstream.receive($0) },
                receiveCompletion: { if case .failure = $0 { downstream.receive(completion: $0) } }))
        }
    }

    public func merge<P: Publisher>(with other: P) -> AnyPublisher<Output, Failure> where P.Output == Output, P.Failure == Failure {
        AnyPublisher { downstream in
            var finished = 0
            let forward = AnySubscriber<Output, Failure>(
                receiveSubscription: { downstream.receive(subscription: $0); $0.request(.unlimited) },
                receiveValue: { downstream.receive($0) },
                receiveCompletion: { completion in
                    if case .failure = completion { downstream.receive(completion: completion); return }
                    finished += 1
                    if finished == 2 { downstream.receive(completion: .finished) }
                })
            receive(subscriber: forward)
            other.receive(subscriber: forward)
        }
    }

    public func combineLatest<P: Publisher>(_ other: P) -> AnyPublisher<(Output, P.Output), Failure> where P.Failure == Failure {
        AnyPublisher { downstream in
            var left: Output?
            var right: P.Output?
            func emit() { if let l = left, let r = right { _ = downstream.receive((l, r)) } }
            receive(subscriber: AnySubscriber<Output, Failure>(
                receiveSubscription: { downstream.receive(subscription: $0); $0.request(.unlimited) },
                receiveValue: { left = $0; emit(); return .none },
                receiveCompletion: { if case .failure = $0 { downstream.receive(completion: $0) } }))
            other.receive(subscriber: AnySubscriber<P.Output, Failure>(
                receiveSubscription: { $0.request(.unlimited) },
                receiveValue: { right = $0; emit(); return .none },
                receiveCompletion: { if case .failure = $0 { downstream.receive(completion: $0) } }))
        }
    }

    public func combineLatest<P: Publisher, T>(_ other: P, _ transform: @escaping (Output, P.Output) -> T) -> AnyPublisher<T, Failure> where P.Failure == Failure {
        combineLatest(other).map(transform)
    }

    public func collect() -> AnyPublisher<[Output], Failure> {
        relay { downstream in
            var items: [Output] = []
            return ({ items.append($0) }, { completion in
                if case .finished = completion { _ = downstream.receive(items) }
                downstream.receive(completion: completion)
            })
        }
    }

    public func share() -> AnyPublisher<Output, Failure> { eraseToAnyPublisher() }
    public func print(_ prefix: String = "", to stream: TextOutputStream? = nil) -> AnyPublisher<Output, Failure> { eraseToAnyPublisher() }

    /// `receive(on:options:)`: each event delivered on the scheduler.
    public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil) -> AnyPublisher<Output, Failure> {
        relay { downstream in
            ({ value in scheduler.schedule { _ = downstream.receive(value) } }, { completion in scheduler.schedule { downstream.receive(completion: completion) } })
        }
    }

    public func subscribe<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil) -> AnyPublisher<Output, Failure> { eraseToAnyPublisher() }

    /// `debounce(for:scheduler:)`: a value is passed on once `dueTime` went by without another.
    public func debounce<S: Scheduler>(for dueTime: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil) -> AnyPublisher<Output, Failure> {
        relay { downstream in
            var generation = 0
            return ({ value in
                generation += 1
                let mine = generation
                scheduler.schedule(after: scheduler.now.advanced(by: dueTime)) {
                    if mine == generation { _ = downstream.receive(value) }
                }
            }, { completion in scheduler.schedule { downstream.receive(completion: completion) } })
        }
    }

    /// `throttle(for:scheduler:latest:)`: at most one value per interval.
    public func throttle<S: Scheduler>(for interval: S.SchedulerTimeType.Stride, scheduler: S, latest: Bool) -> AnyPublisher<Output, Failure> {
        relay { downstream in
            var open = true
            return ({ value in
                guard open else { return }
                open = false
                _ = downstream.receive(value)
                scheduler.schedule(after: scheduler.now.advanced(by: interval)) { open = true }
            }, { downstream.receive(completion: $0) })
        }
    }

    public func delay<S: Scheduler>(for interval: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil) -> AnyPublisher<Output, Failure> {
        relay { downstream in
            ({ value in scheduler.schedule(after: scheduler.now.advanced(by: interval)) { _ = downstream.receive(value) } },
             { completion in scheduler.schedule(after: scheduler.now.advanced(by: interval)) { downstream.receive(completion: completion) } })
        }
    }

    /// `values`: the values as an asynchronous sequence.
    public var values: AsyncThrowingStream<Output, Error> {
        AsyncThrowingStream { continuation in
            let cancellable = sink(receiveCompletion: { completion in
                if case .failure(let error) = completion { continuation.finish(throwing: error) } else { continuation.finish() }
            }, receiveValue: { continuation.yield($0) })
            continuation.onTermination = { _ in cancellable.cancel() }
        }
    }
}

extension Publisher where Output: Equatable {
    public func removeDuplicates() -> AnyPublisher<Output, Failure> { removeDuplicates(by: ==) }
}

extension Publisher where Failure == Never {
    /// `values` of a publisher that cannot fail: an `AsyncStream`.
    public var values: AsyncStream<Output> {
        AsyncStream { continuation in
            let cancellable = sink(receiveCompletion: { _ in continuation.finish() }, receiveValue: { continuation.yield($0) })
            continuation.onTermination = { _ in cancellable.cancel() }
        }
    }

    /// `assign(to:)`: values into a `@Published` property (`.assign(to: &$count)`).
    public func assign(to published: inout Published<Output>.Publisher) {
        let storage = published.storage
        published.cancellable = sink { storage.set($0) }
    }
}
