import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import WidgetProtocol

/// Sends the extension's HTTP requests to the host instead of the network, as a widget extension's
/// requests go through the system on a device: the host decides by its allow-list and its mode (live,
/// recorded, replayed, off), fetches, logs, and answers. In the full sandbox an extension has no
/// network of its own, so this is its only way out.
///
/// Registered at launch (`widgethost_start_network_route`, called by the extension runtime when this
/// module is linked in), so `URLSession.shared` and everything built on it (`data(from:)`,
/// `dataTaskPublisher`, `AsyncImage`-style loaders) takes it. A session made with a configuration of its
/// own consults that configuration's `protocolClasses`; add `HostNetworkRoute.self` there, as tests do
/// with a stub protocol on iOS.
public final class HostNetworkRoute: URLProtocol, @unchecked Sendable {
    // `@unchecked Sendable`: `requestID` is set once by `startLoading` before any reply can arrive, and
    // read by `stopLoading`, which URLSession calls after `startLoading`.
    private var requestID: UInt64?

    override public class func canInit(with request: URLRequest) -> Bool {
        guard HostRouteChannel.current != nil, let scheme = request.url?.scheme?.lowercased() else { return false }
        return scheme == "http" || scheme == "https"
    }

    override public class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override public func startLoading() {
        guard let channel = HostRouteChannel.current, let url = request.url else {
            finish(.failure(code: URLError.Code.notConnectedToInternet.rawValue, reason: "the host's network route is closed"))
            return
        }
        let headers = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }.map { NetworkHeader($0.key, $0.value) }
        let outgoing = NetworkRequest(requestID: 0, method: request.httpMethod ?? "GET", url: url.absoluteString, headers: headers,
                                      body: Self.body(of: request))
        let route = WeakRoute(route: self)
        requestID = channel.send(outgoing) { outcome in route.route?.finish(outcome) }
    }

    override public func stopLoading() {
        if let requestID { HostRouteChannel.current?.forget(requestID) }
    }

    private func finish(_ outcome: NetworkReply.Outcome) {
        guard let url = request.url else { return }
        switch outcome {
        case .response(let status, let headers, let body):
            var fields: [String: String] = [:]
            for header in headers { fields[header.name] = fields[header.name].map { "\($0), \(header.value)" } ?? header.value }
            guard let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: fields) else {
                finish(.failure(code: URLError.Code.badServerResponse.rawValue, reason: "the host sent status \(status)"))
                return
            }
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            client?.urlProtocol(self, didLoad: Data(body))
            client?.urlProtocolDidFinishLoading(self)
        case .failure(let code, let reason):
            let info: [String: Any] = [NSLocalizedDescriptionKey: reason, NSURLErrorFailingURLErrorKey: url,
                                       NSURLErrorFailingURLStringErrorKey: url.absoluteString]
            client?.urlProtocol(self, didFailWithError: URLError(URLError.Code(rawValue: code) ?? .unknown, userInfo: info))
        }
    }

    /// The request's body, from `httpBody` or its stream (read up to the route's bound).
    private static func body(of request: URLRequest) -> [UInt8] {
        if let data = request.httpBody { return Array(data) }
        guard let stream = request.httpBodyStream else { return [] }
        stream.open()
        defer { stream.close() }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while bytes.count <= ProtocolLimits.default.maxNetworkBody {
            let n = stream.read(&chunk, maxLength: chunk.count)
            guard n > 0 else { break }
            bytes += chunk[0..<n]
        }
        return bytes
    }
}

/// `@unchecked Sendable`: URLSession keeps the protocol object alive while it loads and calls it from
/// any thread; its client is thread-safe.
private struct WeakRoute: @unchecked Sendable {
    weak var route: HostNetworkRoute?
}

/// The extension's end of the route: one channel, any number of requests in flight, answered in any
/// order by a reader thread.
///
/// `@unchecked Sendable`: `pending` and `nextID` are guarded by `lock`; sends are serialized by
/// `sending`; only the reader thread receives.
final class HostRouteChannel: @unchecked Sendable {
    /// The environment variable naming the route's descriptor; absent when the host gives no route.
    static let descriptorVariable = "WIDGET_HOST_NETWORK_FD"
    nonisolated(unsafe) static var current: HostRouteChannel?

    private let channel: FrameChannel
    private let lock = NSLock()
    private let sending = NSLock()
    private var pending: [UInt64: @Sendable (NetworkReply.Outcome) -> Void] = [:]
    private var nextID: UInt64 = 1
    private var closed = false

    init(fd: Int32) {
        channel = FrameChannel(fd: fd)
    }

    func start() {
        let reader = Thread { [self] in readReplies() }
        reader.name = "network route"
        reader.start()
    }

    /// Sends `request` under a fresh ID; `done` is called once, on the reader thread, unless forgotten.
    func send(_ request: NetworkRequest, done: @escaping @Sendable (NetworkReply.Outcome) -> Void) -> UInt64? {
        let id: UInt64? = lock.withLock {
            guard !closed else { return nil }
            defer { nextID += 1 }
            pending[nextID] = done
            return nextID
        }
        guard let id else {
            done(.failure(code: URLError.Code.networkConnectionLost.rawValue, reason: "the host's network route is closed"))
            return nil
        }
        var numbered = request
        numbered.requestID = id
        let sent: Bool = sending.withLock { (try? channel.send(.fetch(numbered))) != nil }
        if !sent, let waiting = lock.withLock({ pending.removeValue(forKey: id) }) {
            waiting(.failure(code: URLError.Code.networkConnectionLost.rawValue, reason: "the host's network route is closed"))
        }
        return id
    }

    func forget(_ id: UInt64) {
        _ = lock.withLock { pending.removeValue(forKey: id) }
    }

    private func readReplies() {
        while true {
            guard case .fetched(let reply) = try? channel.receive() else { break }
            lock.withLock { pending.removeValue(forKey: reply.requestID) }?(reply.outcome)
        }
        let orphans = lock.withLock { () -> [@Sendable (NetworkReply.Outcome) -> Void] in
            closed = true
            defer { pending = [:] }
            return Array(pending.values)
        }
        for done in orphans { done(.failure(code: URLError.Code.networkConnectionLost.rawValue, reason: "the host's network route closed")) }
    }
}

/// Called once by the extension runtime at launch when this module is linked in: opens the route the
/// host gave (if it gave one) and registers `HostNetworkRoute`, so the extension's requests go there.
@_cdecl("widgethost_start_network_route")
public func startNetworkRoute() {
    guard HostRouteChannel.current == nil,
          let text = ProcessInfo.processInfo.environment[HostRouteChannel.descriptorVariable], let fd = Int32(text), fd >= 0 else { return }
    let channel = HostRouteChannel(fd: fd)
    HostRouteChannel.current = channel
    channel.start()
    _ = URLProtocol.registerClass(HostNetworkRoute.self)
}
