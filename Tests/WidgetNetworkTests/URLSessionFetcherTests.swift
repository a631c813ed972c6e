import Foundation
import NetworkTestServer
import Testing
import WidgetNetwork
import WidgetProtocol

/// The live fetcher against a real server on the loopback.
@Suite struct URLSessionFetcherTests {
    @Test func aRequestReachesTheServerWithItsMethodHeadersAndBody() throws {
        let server = try LocalHTTPServer { request in
            .init(status: 201, json: #"{"got":"\#(request.method) \#(request.path) \#(request.headers["x-widget"] ?? "")"}"#)
        }
        defer { server.stop() }
        let outcome = URLSessionFetcher().fetch(
            NetworkRequest(requestID: 1, method: "POST", url: server.baseURL + "/items?x=1", headers: [NetworkHeader("X-Widget", "Quotes")],
                           body: Array("hello".utf8)), limits: NetworkLimits())
        guard case .response(let status, let headers, let body) = outcome else {
            Issue.record("no response: \(outcome)")
            return
        }
        #expect(status == 201)
        #expect(String(decoding: body, as: UTF8.self) == #"{"got":"POST /items?x=1 Quotes"}"#)
        #expect(headers.contains(NetworkHeader("Content-Type", "application/json")))
        #expect(server.requests.first?.body == Array("hello".utf8))
    }

    @Test func aResponseOverTheBoundFailsAsTooLarge() throws {
        let server = try LocalHTTPServer { _ in .init(body: [UInt8](repeating: 65, count: 64 * 1024)) }
        defer { server.stop() }
        var limits = NetworkLimits()
        limits.maxResponseBytes = 1024
        let outcome = URLSessionFetcher().fetch(NetworkRequest(requestID: 1, method: "GET", url: server.baseURL + "/big"), limits: limits)
        #expect(outcome == .failure(code: URLError.Code.dataLengthExceedsMaximum.rawValue, reason: "the response is larger than 1024 bytes"))
    }

    @Test func aServerThatNeverAnswersTimesOutWithinTheBound() throws {
        let server = try LocalHTTPServer { _ in .init(body: [], hangs: true) }
        defer { server.stop() }
        var limits = NetworkLimits()
        limits.timeout = 0.5
        let outcome = URLSessionFetcher().fetch(NetworkRequest(requestID: 1, method: "GET", url: server.baseURL + "/slow"), limits: limits)
        guard case .failure(let code, _) = outcome else {
            Issue.record("answered: \(outcome)")
            return
        }
        #expect(code == URLError.Code.timedOut.rawValue)
    }
}
