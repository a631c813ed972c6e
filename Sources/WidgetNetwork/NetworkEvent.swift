import Foundation

/// One request through the host, as `run` logs it (`events.jsonl`) and tests read it.
public struct NetworkEvent: Hashable, Sendable {
    public var date: Date
    public var extensionID: String
    public var method: String
    public var url: String
    public var outcome: Outcome
    /// How long the host took to answer, in milliseconds.
    public var milliseconds: Double

    public enum Outcome: Hashable, Sendable {
        /// Fetched from the network (`recorded`: and saved to replay).
        case fetched(status: Int, bytes: Int, recorded: Bool)
        /// Answered from a recording.
        case replayed(status: Int, bytes: Int)
        /// Not sent: the allow-list, the mode, a bound; the reason says which.
        case refused(reason: String)
        /// Sent, and failed on the way (timeout, DNS, too large…).
        case failed(reason: String)
    }

    public init(date: Date, extensionID: String, method: String, url: String, outcome: Outcome, milliseconds: Double) {
        self.date = date
        self.extensionID = extensionID
        self.method = method
        self.url = url
        self.outcome = outcome
        self.milliseconds = milliseconds
    }

    /// The outcome's one word: fetched, recorded, replayed, refused or failed.
    public var verdict: String {
        switch outcome {
        case .fetched(_, _, let recorded): recorded ? "recorded" : "fetched"
        case .replayed: "replayed"
        case .refused: "refused"
        case .failed: "failed"
        }
    }

    /// One line of an event log (`run`'s events.jsonl), without its newline: the fields and the time
    /// in seconds since 1970, keys sorted.
    public var jsonLine: String {
        var fields = self.fields
        fields["time"] = date.timeIntervalSince1970
        guard let data = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys, .withoutEscapingSlashes]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// A JSON object for an event log line.
    public var fields: [String: Any] {
        var fields: [String: Any] = ["event": "network", "extension": extensionID, "method": method, "url": url, "outcome": verdict,
                                     "ms": (milliseconds * 100).rounded() / 100]
        switch outcome {
        case .fetched(let status, let bytes, _), .replayed(let status, let bytes):
            fields["status"] = status
            fields["bytes"] = bytes
        case .refused(let reason), .failed(let reason):
            fields["reason"] = reason
        }
        return fields
    }
}

/// The events of a gateway, gathered as it answers (from its threads), for whoever reads them later:
/// a test's assertions, the demo's story.
///
/// `@unchecked Sendable`: `list` is guarded by `lock`.
public final class NetworkEventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [NetworkEvent] = []

    public init() {}

    public func append(_ event: NetworkEvent) { lock.withLock { list.append(event) } }

    /// Every event so far, oldest first.
    public var events: [NetworkEvent] { lock.withLock { list } }

    /// Every event so far, oldest first, forgotten here.
    public func drain() -> [NetworkEvent] {
        lock.withLock {
            defer { list = [] }
            return list
        }
    }
}
