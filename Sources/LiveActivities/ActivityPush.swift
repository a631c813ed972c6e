import Foundation
import WidgetProtocol

/// An ActivityKit push, as the system receives it: where it goes, what it carries (the `aps` payload's
/// fields), and its `apns-priority`.
public struct ActivityPush: Hashable, Sendable {
    public enum Target: Hashable, Sendable {
        /// An activity's own push token.
        case activity(String)
        /// A broadcast channel: every running activity subscribed to it.
        case channel(String)
        /// An app's push-to-start token for one attributes type.
        case pushToStart(extensionID: String, attributesType: String)
    }

    public enum Event: Hashable, Sendable {
        /// Starts an activity (push-to-start): the attributes type and attributes the payload names, the
        /// id the new activity gets, and its push token when the payload asks for one (`input-push-token`).
        case start(attributesType: String, attributes: [UInt8], id: String, token: [UInt8])
        case update
        case end
    }

    public var target: Target
    public var event: Event
    /// `content-state`, `stale-date`, `relevance-score`.
    public var content: ActivityContentValue?
    /// `dismissal-date` (an `end`).
    public var dismissalDate: Date?
    public var alert: ActivityAlert?
    /// `timestamp`: older than what is shown, the push is ignored.
    public var timestamp: Date?
    /// `apns-priority`: 10 (the default) or 5.
    public var priority: Int
    /// The payload's size in bytes: over 4 KB, APNs refuses it.
    public var payloadSize: Int

    public init(target: Target, event: Event, content: ActivityContentValue? = nil, dismissalDate: Date? = nil, alert: ActivityAlert? = nil,
                timestamp: Date? = nil, priority: Int = 10, payloadSize: Int = 0) {
        self.target = target
        self.event = event
        self.content = content
        self.dismissalDate = dismissalDate
        self.alert = alert
        self.timestamp = timestamp
        self.priority = priority
        self.payloadSize = payloadSize
    }
}

/// What became of a push.
public enum ActivityPushOutcome: Hashable, Sendable {
    /// Applied now, to these activities (a start: the one it started).
    case delivered([String])
    /// Waiting for the low-priority burst at this date.
    case held(until: Date)
    /// Refused: too large, nothing to take it, a start the limits forbid.
    case refused(String)
}
