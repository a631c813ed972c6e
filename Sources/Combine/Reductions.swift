import Foundation

/// Operators that pair or fold what publishers send: `zip`, `reduce`, `tryReduce`, and `flatMap` from
/// a publisher that cannot fail into one that can (as Combine has it since iOS 14).
extension Publisher {
    /// Pairs the n-th values of both publishers; finishes when either has finished with no value waiting.
    public func zip<P: Publisher>(_ other: P) -> AnyPublisher<(Output, P.Output), Failure> where P.Failure == Failure {
        AnyPublisher { downstream in
            let state = ZipState<Output, P.Output>()
            func emit() {
                while !state.left.isEmpty, !state.right.isEmpty {
                    _ = downstream.receive((state.left.removeFirst(), state.right.removeFirst()))
                }
                if (state.leftDone && state.left.isEmpty) || (state.rightDone && state.right.isEmpty), !state.finished {
                    state.finished = true
                    downstream.receive(completion: .finished)
                }
            }
            func fail(_ completion: Subscribers.Completion<Failure>) {
                guard !state.finished else { return }
                state.finished = true
                downstream.receive(completion: completion)
            }
            receive(subscriber: AnySubscriber<Output, Failure>(
                receiveSubscription: { downstream.receive(subscription: $0); $0.request(.unlimited) },
                receiveValue: { state.left.append($0); emit(); return .none },
                receiveCompletion: { if case .failure = $0 { fail($0) } else { state.leftDone = true; emit() } }))
            other.receive(subscriber: AnySubscriber<P.Output, Failure>(
                receiveSubscription: { $0.request(.unlimited) },
                receiveValue: { state.right.append($0); emit(); return .none },
                receiveCompletion: { if case .failure = $0 { fail($0) } else { state.rightDone = true; emit() } }))
        }
    }

    /// Folds every value into one, sent when upstream finishes.
    public func reduce<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T) -> AnyPublisher<T, Failure> {
        relay { downstream in
            var result = initialResult
            return ({ result = nextPartialResult(result, $0) }, { completion in
                if case .finished = completion { _ = downstream.receive(result) }
                downstream.receive(completion: completion)
            })
        }
    }

    public func tryReduce<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T) -> AnyPublisher<T, Error> {
        mapError { $0 as Error }.reduce(Result<T, Error>.success(initialResult)) { partial, value in
            partial.flatMap { current in Result { try nextPartialResult(current, value) } }
        }.tryMap { try $0.get() }
    }

    /// `flatMap` from a publisher that never fails into publishers that may.
    public func flatMap<P: Publisher>(_ transform: @escaping (Output) -> P) -> AnyPublisher<P.Output, P.Failure> where Failure == Never {
        setFailureType(to: P.Failure.self).flatMap(transform)
    }
}

/// `zip`'s pending values; one subscription's events arrive in order, as Combine's contract says.
private final class ZipState<Left, Right> {
    var left: [Left] = []
    var right: [Right] = []
    var leftDone = false
    var rightDone = false
    var finished = false
}

/// A decoder `decode(type:decoder:)` takes: JSON and property-list decoders, as in Combine.
public protocol TopLevelDecoder {
    associatedtype Input
    func decode<T: Decodable>(_ type: T.Type, from: Input) throws -> T
}

/// An encoder `encode(encoder:)` takes.
public protocol TopLevelEncoder {
    associatedtype Output
    func encode<T: Encodable>(_ value: T) throws -> Output
}

extension JSONDecoder: TopLevelDecoder {}
extension PropertyListDecoder: TopLevelDecoder {}
extension JSONEncoder: TopLevelEncoder {}
extension PropertyListEncoder: TopLevelEncoder {}

extension Publisher {
    /// Decodes each value; a value that does not decode fails the stream with the decoder's error.
    public func decode<Item: Decodable, Coder: TopLevelDecoder>(type: Item.Type, decoder: Coder) -> AnyPublisher<Item, Error> where Output == Coder.Input {
        tryMap { try decoder.decode(type, from: $0) }
    }

    /// Encodes each value; a value that does not encode fails the stream with the encoder's error.
    public func encode<Coder: TopLevelEncoder>(encoder: Coder) -> AnyPublisher<Coder.Output, Error> where Output: Encodable {
        tryMap { try encoder.encode($0) }
    }
}
