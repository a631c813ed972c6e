import Foundation
import LiveActivities
import WidgetControl
import WidgetProtocol

/// An ActivityKit push's payload read as the system reads it ("Starting and updating Live Activities
/// with ActivityKit push notifications"): `aps` with `event`, `timestamp`, `content-state`,
/// `stale-date`, `dismissal-date`, `relevance-score`, `alert`, and for a start `attributes-type`,
/// `attributes` and `input-push-token`. Dates are seconds since 1970, as APNs payloads write them.
public enum ActivityPushPayload {
    /// Why a payload is not an ActivityKit push, naming the key.
    public struct Invalid: Error, Hashable, Sendable, CustomStringConvertible {
        public var key: String
        public var reason: String
        public var description: String { "aps.\(key): \(reason)" }
    }

    /// The push a payload asks for, sent to `target` at `priority`. A start's new activity gets `newID`,
    /// and `newToken` when the payload asks for a token.
    public static func push(_ payload: JSONValue, to target: ActivityPush.Target, priority: Int, newID: String,
                            newToken: [UInt8]) throws(Invalid) -> ActivityPush {
        guard let aps = payload["aps"], case .object = aps else { throw Invalid(key: "", reason: "the payload has no aps object") }
        let event: ActivityPush.Event
        switch aps["event"]?.string {
        case "update": event = .update
        case "end": event = .end
        case "start":
            guard case .pushToStart = target else { throw Invalid(key: "event", reason: "only a push-to-start token takes a start") }
            guard let type = aps["attributes-type"]?.string, !type.isEmpty else {
                throw Invalid(key: "attributes-type", reason: "a start names the ActivityAttributes type")
            }
            guard let attributes = aps["attributes"], case .object = attributes else {
                throw Invalid(key: "attributes", reason: "a start carries the attributes (an object)")
            }
            guard aps["alert"] != nil else { throw Invalid(key: "alert", reason: "a start carries an alert") }
            let wantsToken = aps["input-push-token"]?.number == 1
            event = .start(attributesType: type, attributes: attributes.json, id: newID, token: wantsToken ? newToken : [])
        case let other:
            throw Invalid(key: "event", reason: "is \"start\", \"update\" or \"end\", not \(other ?? "missing")")
        }
        var content: ActivityContentValue?
        if let state = aps["content-state"] {
            guard case .object = state else { throw Invalid(key: "content-state", reason: "is an object of the ContentState's fields") }
            content = ActivityContentValue(state: state.json, staleDate: try date(aps, "stale-date"),
                                           relevanceScore: try number(aps, "relevance-score") ?? 0)
        } else if event != .end {
            throw Invalid(key: "content-state", reason: "an update or start carries the content state")
        }
        return ActivityPush(target: target, event: event, content: content, dismissalDate: try date(aps, "dismissal-date"),
                            alert: try alert(aps), timestamp: try date(aps, "timestamp"), priority: priority,
                            payloadSize: payload.json.count)
    }

    private static func number(_ aps: JSONValue, _ key: String) throws(Invalid) -> Double? {
        guard let value = aps[key] else { return nil }
        guard let number = value.number, number.isFinite else { throw Invalid(key: key, reason: "is a number") }
        return number
    }

    private static func date(_ aps: JSONValue, _ key: String) throws(Invalid) -> Date? {
        try number(aps, key).map { Date(timeIntervalSince1970: $0) }
    }

    /// `alert`: `title` and `body` as text (or a `loc-key`, shown as the key), and `sound`.
    private static func alert(_ aps: JSONValue) throws(Invalid) -> ActivityAlert? {
        guard let alert = aps["alert"] else { return nil }
        func text(_ key: String) -> String {
            alert[key]?.string ?? alert[key]?["loc-key"]?.string ?? ""
        }
        guard case .object = alert else { throw Invalid(key: "alert", reason: "is an object with a title and a body") }
        return ActivityAlert(title: text("title"), body: text("body"), sound: alert["sound"]?.string)
    }
}
