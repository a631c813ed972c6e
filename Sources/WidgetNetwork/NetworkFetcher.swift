import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import WidgetProtocol

/// Fetches a request for real. A seam: tests of the gateway's decisions substitute one.
public protocol NetworkFetcher: Sendable {
    /// The answer, or a failure as `URLError` would say it. Blocks the calling thread.
    func fetch(_ request: NetworkRequest, limits: NetworkLimits) -> NetworkReply.Outcome
}

/// Fetches with Foundation's `URLSession`, no cache, no cookies, redirects followed; stops reading a
/// response once it passes `maxResponseBytes`.
public final class URLSessionFetcher: NetworkFetcher, @unchecked Sendable {
    // `@unchecked Sendable`: `tasks` is guarded by `lock`; the session calls the delegate on its queue.
    private let session: URLSession
    private let delegate = Delegate()

    public init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    public func fetch(_ request: NetworkRequest, limits: NetworkLimits) -> NetworkReply.Outcome {
        guard let url = URL(string: request.url) else {
            return .failure(code: URLError.Code.badURL.rawValue, reason: "not a URL: \(request.url)")
        }
        var outgoing = URLRequest(url: url, timeoutInterval: limits.timeout)
        outgoing.httpMethod = request.method
        for header in request.headers { outgoing.addValue(header.value, forHTTPHeaderField: header.name) }
        if !request.body.isEmpty { outgoing.httpBody = Data(request.body) }
        let task = session.dataTask(with: outgoing)
        let transfer = Transfer(limit: limits.maxResponseBytes)
        delegate.begin(task, transfer)
        task.resume()
        // URLSession's own timeout is between bytes; this bounds the whole request.
        if transfer.done.wait(timeout: .now() + limits.timeout) == .timedOut {
            task.cancel()
            _ = transfer.done.wait(timeout: .now() + 1)
            delegate.end(task)
            return .failure(code: URLError.Code.timedOut.rawValue, reason: "no whole answer within \(limits.timeout) s")
        }
        delegate.end(task)
        return transfer.outcome
    }

    /// One request's progress. `@unchecked Sendable`: written on the session's queue before `done` is
    /// signalled, read after.
    final class Transfer: @unchecked Sendable {
        let limit: Int
        let done = DispatchSemaphore(value: 0)
        var response: HTTPURLResponse?
        var body: [UInt8] = []
        var overLimit = false
        var outcome: NetworkReply.Outcome = .failure(code: URLError.Code.unknown.rawValue, reason: "no answer")

        init(limit: Int) { self.limit = limit }
    }

    final class Delegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        private let lock = NSLock()
        private var transfers: [Int: Transfer] = [:]

        func begin(_ task: URLSessionTask, _ transfer: Transfer) { lock.withLock { transfers[task.taskIdentifier] = transfer } }
        func end(_ task: URLSessionTask) { _ = lock.withLock { transfers.removeValue(forKey: task.taskIdentifier) } }
        private func transfer(_ task: URLSessionTask) -> Transfer? { lock.withLock { transfers[task.taskIdentifier] } }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
            transfer(dataTask)?.response = response as? HTTPURLResponse
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            guard let transfer = transfer(dataTask), !transfer.overLimit else { return }
            if transfer.body.count + data.count > transfer.limit {
                transfer.overLimit = true
                dataTask.cancel()
                return
            }
            transfer.body += data
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
            guard let transfer = transfer(task) else { return }
            if transfer.overLimit {
                transfer.outcome = .failure(code: URLError.Code.dataLengthExceedsMaximum.rawValue,
                                            reason: "the response is larger than \(transfer.limit) bytes")
            } else if let error = error as? URLError {
                transfer.outcome = .failure(code: error.code.rawValue, reason: error.localizedDescription)
            } else if let error {
                transfer.outcome = .failure(code: URLError.Code.unknown.rawValue, reason: "\(error)")
            } else if let response = transfer.response {
                let headers = response.allHeaderFields.compactMap { key, value -> NetworkHeader? in
                    guard let name = key as? String, let value = value as? String else { return nil }
                    return NetworkHeader(name, value)
                }.sorted { $0.name < $1.name }
                transfer.outcome = .response(status: response.statusCode, headers: headers, body: transfer.body)
            } else {
                transfer.outcome = .failure(code: URLError.Code.badServerResponse.rawValue, reason: "no HTTP response")
            }
            transfer.done.signal()
        }
    }
}
