import Combine
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSession {
    /// `dataTaskPublisher(for:)`: the session's data task as a publisher of its data and response,
    /// failing with the task's `URLError` (a widget's sandbox may have no network: that is an error,
    /// as on a device offline).
    public struct DataTaskPublisher: Publisher {
        public typealias Output = (data: Data, response: URLResponse)
        public typealias Failure = URLError
        public let request: URLRequest
        public let session: URLSession

        public init(request: URLRequest, session: URLSession) {
            self.request = request
            self.session = session
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let delivery = Delivery(subscriber)
            let task = session.dataTask(with: request) { data, response, error in
                if let data, let response {
                    delivery.send(data, response)
                } else {
                    delivery.fail(error as? URLError ?? URLError(.unknown))
                }
            }
            subscriber.receive(subscription: ClosureSubscription(onCancel: { task.cancel() }))
            task.resume()
        }
    }

    public func dataTaskPublisher(for request: URLRequest) -> DataTaskPublisher { DataTaskPublisher(request: request, session: self) }
    public func dataTaskPublisher(for url: URL) -> DataTaskPublisher { DataTaskPublisher(request: URLRequest(url: url), session: self) }
}

// `@unchecked Sendable`: the session calls the completion handler once, on its delegate queue.
private final class Delivery<S: Subscriber>: @unchecked Sendable where S.Input == URLSession.DataTaskPublisher.Output, S.Failure == URLError {
    let subscriber: S
    init(_ subscriber: S) { self.subscriber = subscriber }
    func send(_ data: Data, _ response: URLResponse) {
        _ = subscriber.receive((data: data, response: response))
        subscriber.receive(completion: .finished)
    }
    func fail(_ error: URLError) { subscriber.receive(completion: .failure(error)) }
}
