import Foundation
import WidgetProtocol

/// The host's end of every extension's network route: each request is checked against the policy,
/// answered from the network, a recording, or a refusal, and logged. One gateway serves all of a
/// host's extensions, each on a channel of its own.
///
/// `@unchecked Sendable`: immutable but for `inFlight` and the policy, guarded by `lock`.
public final class NetworkGateway: @unchecked Sendable {
    /// What the gateway allows; a running host changes it when its configuration is reloaded, and the
    /// next request sees the change.
    public var policy: NetworkPolicy {
        get { lock.withLock { currentPolicy } }
        set { lock.withLock { currentPolicy = newValue } }
    }
    private var currentPolicy: NetworkPolicy
    private let fetcher: NetworkFetcher
    private let now: @Sendable () -> Date
    private let report: @Sendable (NetworkEvent) -> Void
    private let lock = NSLock()
    private var inFlight: [String: Int] = [:]
    private let work = DispatchQueue(label: "WidgetHost.network", attributes: .concurrent)

    /// - Parameters:
    ///   - now: the host's clock, for events' dates (a virtual one in simulations and tests).
    ///   - report: told of every request, once it is answered.
    public init(policy: NetworkPolicy, fetcher: NetworkFetcher = HTTPFetcher(), now: @escaping @Sendable () -> Date = Date.init,
                report: @escaping @Sendable (NetworkEvent) -> Void = { _ in }) {
        currentPolicy = policy
        self.fetcher = fetcher
        self.now = now
        self.report = report
    }

    /// Serves `channel` for `extensionID` on a thread of its own until the extension closes its end;
    /// then closes the channel. A frame that is not a request ends the route, as a garbage frame ends
    /// the main channel.
    public func serve(_ channel: FrameChannel, extensionID: String) {
        let sending = NSLock()
        let thread = Thread { [self] in
            while case .fetch(let request)? = try? channel.receive() {
                answerLater(request, extensionID: extensionID) { reply in
                    sending.withLock { _ = try? channel.send(.fetched(reply)) }
                }
            }
            sending.withLock { channel.close() }
        }
        thread.name = "network route \(extensionID)"
        thread.start()
    }

    private func answerLater(_ request: NetworkRequest, extensionID: String, send: @escaping @Sendable (NetworkReply) -> Void) {
        let limit = policy.limits.maxInFlight
        let admitted = lock.withLock { () -> Bool in
            guard inFlight[extensionID, default: 0] < limit else { return false }
            inFlight[extensionID, default: 0] += 1
            return true
        }
        guard admitted else {
            let reason = "more than \(limit) requests in flight"
            log(request, extensionID, .refused(reason: reason), since: ContinuousClock.now)
            send(NetworkReply(requestID: request.requestID, outcome: .failure(code: URLErrorCode.notConnectedToInternet, reason: reason)))
            return
        }
        work.async { [self] in
            let reply = answer(request, extensionID: extensionID)
            lock.withLock { inFlight[extensionID, default: 1] -= 1 }
            send(reply)
        }
    }

    /// Decides and answers one request (blocking), and logs it.
    public func answer(_ request: NetworkRequest, extensionID: String) -> NetworkReply {
        let started = ContinuousClock.now
        let (outcome, event) = decide(request, extensionID: extensionID)
        log(request, extensionID, event, since: started)
        return NetworkReply(requestID: request.requestID, outcome: outcome)
    }

    private func decide(_ request: NetworkRequest, extensionID: String) -> (NetworkReply.Outcome, NetworkEvent.Outcome) {
        let policy = self.policy
        let offline = URLErrorCode.notConnectedToInternet
        func refuse(_ reason: String) -> (NetworkReply.Outcome, NetworkEvent.Outcome) {
            (.failure(code: offline, reason: reason), .refused(reason: reason))
        }
        guard let url = URL(string: request.url) else { return refuse("not a URL") }
        if let reason = policy.refusal(of: url, for: extensionID) { return refuse(reason) }
        guard request.body.count <= policy.limits.maxRequestBytes else {
            return refuse("the request body is larger than \(policy.limits.maxRequestBytes) bytes")
        }
        switch policy.mode {
        case .off:
            return refuse("the network is off (--network off)")
        case .replay(let folder):
            do {
                guard let entry = try NetworkRecording(folder: folder).answer(for: request), let body = entry.bodyBytes else {
                    return refuse("no recording of \(request.method) \(request.url) in \(folder)")
                }
                return (.response(status: entry.status, headers: entry.headers, body: body), .replayed(status: entry.status, bytes: body.count))
            } catch {
                return refuse("\(error)")
            }
        case .live, .record:
            let fetched = fetcher.fetch(request, limits: policy.limits)
            guard case .response(let status, let headers, let body) = fetched else {
                if case .failure(_, let reason) = fetched { return (fetched, .failed(reason: reason)) }
                return (fetched, .failed(reason: "no answer"))
            }
            let kept = headers.filter { !Self.transportHeaders.contains($0.name.lowercased()) }
            var recorded = false
            if case .record(let folder) = policy.mode {
                let recording = NetworkRecording(folder: folder)
                do {
                    try recording.save(NetworkRecording.Entry(request: request, status: status, headers: kept, body: body), for: request)
                    recorded = true
                } catch {
                    return (.response(status: status, headers: kept, body: body), .failed(reason: "fetched, but \(error)"))
                }
            }
            return (.response(status: status, headers: kept, body: body), .fetched(status: status, bytes: body.count, recorded: recorded))
        }
    }

    /// How the bytes travelled from the server, which no longer holds once the host has read them.
    static let transportHeaders: Set<String> = ["content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive"]

    private func log(_ request: NetworkRequest, _ extensionID: String, _ outcome: NetworkEvent.Outcome, since started: ContinuousClock.Instant) {
        let elapsed = started.duration(to: .now)
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        report(NetworkEvent(date: now(), extensionID: extensionID, method: request.method, url: request.url, outcome: outcome,
                            milliseconds: milliseconds))
    }
}
