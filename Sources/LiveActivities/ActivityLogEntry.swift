import Foundation

/// One decision the system made about an activity, and the rule behind it: what `run` logs, `status`
/// shows, `simulate` reports and tests assert on.
public struct ActivityLogEntry: Hashable, Sendable, Codable, CustomStringConvertible {
    public enum Rule: String, Hashable, Sendable, Codable {
        case started, refused, scheduled, updated, ended
        /// Active for 8 hours: the system ended it.
        case lifetimeLimit
        /// Left the Lock Screen by its dismissal policy (or the 4-hour linger).
        case removed
        /// The person removed it.
        case dismissedByPerson
        case becameStale
        /// An update or push whose timestamp is older than what is shown.
        case olderTimestamp
        /// An update after the activity ended, or to an activity that is not there.
        case notRunning
        /// An update or push over the 4 KB bound.
        case tooLarge
        case alerted
        /// A priority 10 push delivered at once, counted against the hour's budget.
        case pushDelivered
        /// A priority 10 push over the hour's budget: delivered as priority 5 instead.
        case pushThrottled
        /// A priority 5 push (or a throttled one) waiting for the next burst.
        case pushHeld
        /// A push to a token or channel nothing takes.
        case pushUnroutable
    }

    public var date: Date
    public var activityID: String
    public var rule: Rule
    public var detail: String

    public init(date: Date, activityID: String, rule: Rule, detail: String) {
        self.date = date
        self.activityID = activityID
        self.rule = rule
        self.detail = detail
    }

    public var description: String { "\(activityID): \(rule.rawValue): \(detail)" }
}
