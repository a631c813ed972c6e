import CHTTPTransfer
import Foundation
import SystemCalls
import WidgetProtocol

/// Fetches a request for real. A seam: tests of the gateway's decisions substitute one.
public protocol NetworkFetcher: Sendable {
    /// The answer, or a failure as `URLError` would say it. Blocks the calling thread.
    func fetch(_ request: NetworkRequest, limits: NetworkLimits) -> NetworkReply.Outcome
}

/// Fetches over HTTP and HTTPS with libcurl (what Foundation's `URLSession` uses on Linux), loaded
/// when the first request is made: no cache, no cookies, redirects followed, compressed bodies
/// decoded; the whole request, redirects included, within `limits.timeout`; a response body past
/// `maxResponseBytes` ends it. Linking `URLSession` instead would load libcurl and what it needs
/// (TLS, Kerberos, LDAP) in every widget-host process, about 17 ms at each start, though most never
/// fetch. Without libcurl on the machine, a request fails and says so.
public final class HTTPFetcher: NetworkFetcher {
    public init() {}

    public func fetch(_ request: NetworkRequest, limits: NetworkLimits) -> NetworkReply.Outcome {
        guard URL(string: request.url) != nil else { return .failure(code: URLErrorCode.badURL, reason: "not a URL: \(request.url)") }
        let lines = request.headers.map { "\($0.name): \($0.value)" }
        // A bound of at least a millisecond and at most a day, whatever the limits say (not a number: the least).
        let seconds = limits.timeout.isNaN ? 0.001 : min(max(limits.timeout, 0.001), 86_400)
        var response = widgethost_http_response()
        withCStrings(lines) { headers in
            request.body.withUnsafeBufferPointer { body in
                request.url.withCString { url in
                    request.method.withCString { method in
                        var transfer = widgethost_http_request(
                            url: url, method: method, headers: headers, body: body.baseAddress, body_length: body.count,
                            timeout_ms: Int((seconds * 1000).rounded(.up)), max_response_bytes: max(0, limits.maxResponseBytes))
                        widgethost_http_perform(&transfer, &response)
                    }
                }
            }
        }
        defer { widgethost_http_release(&response) }
        return Self.outcome(of: response, limits: limits)
    }

    static func outcome(of response: widgethost_http_response, limits: NetworkLimits) -> NetworkReply.Outcome {
        var response = response
        let detail = withUnsafeBytes(of: &response.detail) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        switch response.failure {
        case Int32(WIDGETHOST_HTTP_OK.rawValue):
            let body = response.body.map { Array(UnsafeBufferPointer(start: $0, count: response.body_length)) } ?? []
            let head = response.headers.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: response.headers_length), as: UTF8.self) } ?? ""
            return .response(status: response.status, headers: Self.headers(head), body: body)
        case Int32(WIDGETHOST_HTTP_TOO_LARGE.rawValue):
            return .failure(code: URLErrorCode.dataLengthExceedsMaximum, reason: "the response is larger than \(limits.maxResponseBytes) bytes")
        case Int32(WIDGETHOST_HTTP_TRANSFER.rawValue):
            let code = URLErrorCode.of(curlCode: Int(response.curl_code))
            if code == URLErrorCode.timedOut { return .failure(code: code, reason: "no whole answer within \(limits.timeout) s") }
            return .failure(code: code, reason: detail)
        default:
            return .failure(code: URLErrorCode.unknown, reason: detail)
        }
    }

    /// The response's header lines as pairs, names sorted; a name given twice has its values joined
    /// with ", ", as `HTTPURLResponse` gives them.
    static func headers(_ block: String) -> [NetworkHeader] {
        var byName: [String: NetworkHeader] = [:]
        for line in block.split(whereSeparator: \.isNewline) where !line.hasPrefix("HTTP/") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { continue }
            let key = name.lowercased()
            if byName[key] == nil { byName[key] = NetworkHeader(name, value) } else { byName[key]?.value += ", " + value }
        }
        return byName.values.sorted { $0.name < $1.name }
    }
}

/// `URLError.Code`'s raw values, as a device reports a failed request. (On Linux `URLError` belongs
/// to FoundationNetworking, which the host does not link.)
public enum URLErrorCode {
    public static let unknown = -1
    public static let badURL = -1000
    public static let timedOut = -1001
    public static let unsupportedURL = -1002
    public static let cannotFindHost = -1003
    public static let cannotConnectToHost = -1004
    public static let networkConnectionLost = -1005
    public static let httpTooManyRedirects = -1007
    public static let notConnectedToInternet = -1009
    public static let badServerResponse = -1011
    public static let cannotDecodeContentData = -1016
    public static let dataLengthExceedsMaximum = -1103
    public static let secureConnectionFailed = -1200
    public static let serverCertificateUntrusted = -1202

    /// What `URLSession` reports for libcurl's error `curlCode`.
    static func of(curlCode: Int) -> Int {
        switch curlCode {
        case 1: unsupportedURL
        case 3: badURL
        case 5, 6: cannotFindHost
        case 7: cannotConnectToHost
        case 8: badServerResponse
        case 28: timedOut
        case 35: secureConnectionFailed
        case 47: httpTooManyRedirects
        case 51, 60: serverCertificateUntrusted
        case 52, 55, 56: networkConnectionLost
        case 61: cannotDecodeContentData
        default: unknown
        }
    }
}
