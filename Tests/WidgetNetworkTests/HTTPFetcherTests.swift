import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NetworkTestServer
import Testing
@testable import WidgetNetwork
import WidgetProtocol

/// The live fetcher against a real server on the loopback.
@Suite struct HTTPFetcherTests {
    @Test func aRequestReachesTheServerWithItsMethodHeadersAndBody() throws {
        let server = try LocalHTTPServer { request in
            .init(status: 201, json: #"{"got":"\#(request.method) \#(request.path) \#(request.headers["x-widget"] ?? "")"}"#)
        }
        defer { server.stop() }
        let outcome = HTTPFetcher().fetch(
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
        let outcome = HTTPFetcher().fetch(NetworkRequest(requestID: 1, method: "GET", url: server.baseURL + "/big"), limits: limits)
        #expect(outcome == .failure(code: URLError.Code.dataLengthExceedsMaximum.rawValue, reason: "the response is larger than 1024 bytes"))
    }

    @Test func aServerThatNeverAnswersTimesOutWithinTheBound() throws {
        let server = try LocalHTTPServer { _ in .init(body: [], hangs: true) }
        defer { server.stop() }
        var limits = NetworkLimits()
        limits.timeout = 0.5
        let outcome = HTTPFetcher().fetch(NetworkRequest(requestID: 1, method: "GET", url: server.baseURL + "/slow"), limits: limits)
        guard case .failure(let code, _) = outcome else {
            Issue.record("answered: \(outcome)")
            return
        }
        #expect(code == URLError.Code.timedOut.rawValue)
    }

    @Test func aRedirectIsFollowedAndTheLastResponsesHeadersAreGiven() throws {
        let server = try LocalHTTPServer { request in
            request.path == "/old"
                ? .init(status: 302, headers: ["Location": "/new", "X-Hop": "first"], body: [])
                : .init(status: 200, headers: ["Content-Type": "text/plain", "X-Hop": "last"], body: Array("moved".utf8))
        }
        defer { server.stop() }
        let outcome = HTTPFetcher().fetch(NetworkRequest(requestID: 1, method: "GET", url: server.baseURL + "/old"), limits: NetworkLimits())
        guard case .response(let status, let headers, let body) = outcome else {
            Issue.record("no response: \(outcome)")
            return
        }
        #expect(status == 200)
        #expect(String(decoding: body, as: UTF8.self) == "moved")
        #expect(headers.filter { $0.name == "X-Hop" } == [NetworkHeader("X-Hop", "last")])
        #expect(server.requests.map(\.path) == ["/old", "/new"])
    }

    @Test func aHeadRequestAndAPutWithoutBodyKeepTheirMethods() throws {
        let server = try LocalHTTPServer { request in .init(status: 204, headers: ["X-Method": request.method], body: []) }
        defer { server.stop() }
        for method in ["HEAD", "PUT", "DELETE"] {
            let outcome = HTTPFetcher().fetch(NetworkRequest(requestID: 1, method: method, url: server.baseURL + "/m"), limits: NetworkLimits())
            guard case .response(let status, let headers, _) = outcome else {
                Issue.record("\(method): no response: \(outcome)")
                continue
            }
            #expect(status == 204)
            #expect(headers.contains(NetworkHeader("X-Method", method)))
        }
        #expect(server.requests.map(\.method) == ["HEAD", "PUT", "DELETE"])
    }

    @Test func aPortNobodyListensOnFailsAsCannotConnect() throws {
        let server = try LocalHTTPServer { _ in .init(body: []) }
        let url = server.baseURL + "/gone"
        server.stop()
        let outcome = HTTPFetcher().fetch(NetworkRequest(requestID: 1, method: "GET", url: url), limits: NetworkLimits())
        guard case .failure(let code, let reason) = outcome else {
            Issue.record("answered: \(outcome)")
            return
        }
        #expect(code == URLError.Code.cannotConnectToHost.rawValue)
        #expect(!reason.isEmpty)
    }

    @Test func aNameGivenTwiceHasItsValuesJoined() {
        let block = "HTTP/1.1 200 OK\r\nSet-Thing: a\r\ncontent-type: text/plain\r\nset-thing: b\r\n\r\n"
        #expect(HTTPFetcher.headers(block) == [NetworkHeader("Set-Thing", "a, b"), NetworkHeader("content-type", "text/plain")])
    }

    @Test func failureCodesAreURLErrorsOwn() {
        let pairs: [(Int, URLError.Code)] = [
            (URLErrorCode.unknown, .unknown), (URLErrorCode.badURL, .badURL), (URLErrorCode.timedOut, .timedOut),
            (URLErrorCode.unsupportedURL, .unsupportedURL), (URLErrorCode.cannotFindHost, .cannotFindHost),
            (URLErrorCode.cannotConnectToHost, .cannotConnectToHost), (URLErrorCode.networkConnectionLost, .networkConnectionLost),
            (URLErrorCode.httpTooManyRedirects, .httpTooManyRedirects), (URLErrorCode.notConnectedToInternet, .notConnectedToInternet),
            (URLErrorCode.badServerResponse, .badServerResponse), (URLErrorCode.cannotDecodeContentData, .cannotDecodeContentData),
            (URLErrorCode.dataLengthExceedsMaximum, .dataLengthExceedsMaximum),
            (URLErrorCode.secureConnectionFailed, .secureConnectionFailed), (URLErrorCode.serverCertificateUntrusted, .serverCertificateUntrusted),
        ]
        for (ours, foundation) in pairs { #expect(ours == foundation.rawValue) }
    }

    @Test func anAbsurdTimeoutIsHeldToAMillisecondAndFailsAsTimedOut() throws {
        let server = try LocalHTTPServer { _ in .init(body: [], hangs: true) }
        defer { server.stop() }
        for timeout in [-5, 0, Double.nan] {
            var limits = NetworkLimits()
            limits.timeout = timeout
            let began = ContinuousClock.now
            let outcome = HTTPFetcher().fetch(NetworkRequest(requestID: 1, method: "GET", url: server.baseURL + "/slow"), limits: limits)
            guard case .failure(let code, _) = outcome, code == URLError.Code.timedOut.rawValue else {
                Issue.record("timeout \(timeout): \(outcome)")
                continue
            }
            #expect(ContinuousClock.now - began < .seconds(5))
        }
    }
}
