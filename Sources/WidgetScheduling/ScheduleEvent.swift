import Foundation

/// One decision of the scheduler: what was asked, when, and what happened. Written as JSON lines.
public struct ScheduleEvent: Hashable, Sendable, Codable {
    public enum Outcome: String, Hashable, Sendable, Codable {
        /// Counted and done.
        case granted
        /// Done, not counted.
        case exempt
        /// Over budget or too soon: done later, at `until`.
        case deferred
        /// A deferred request that has now been carried out.
        case resumed
        /// An entry of the timeline became the one shown.
        case shown
        /// The reload ran but the extension failed; the last good timeline stays.
        case failed
        /// Something worth the author's attention, such as entries too close together.
        case flagged
    }

    /// Why, or what came of it. Typed, so that a month of decisions is not a month of formatted
    /// strings; the log shows `description`.
    public enum Detail: Hashable, Sendable, CustomStringConvertible, Codable {
        /// A timeline arrived: `entries` entries, and its policy.
        case timeline(entries: Int, policy: PolicySummary)
        case budgetSpent
        case tooSoon
        case joinsWaitingRequest
        /// The reload failed: the error, as the host reported it.
        case failure(String)
        /// Waits for the end of the coalescing window, to run with other widgets' reloads.
        case coalesced
        /// Postponed: the widget's page is rarely viewed; it reloads when the page is.
        case notVisible
        /// The timeline's entries are only this many seconds apart (less than about 5 minutes).
        case closeEntries(seconds: Int)

        public var description: String {
            switch self {
            case .coalesced: "coalesced with other widgets' reloads"
            case .notVisible: "postponed until the page is viewed"
            case .closeEntries(let seconds): "entries \(seconds) s apart: less than about 5 minutes"
            case .timeline(let entries, let policy): "\(entries) entries, policy \(policy)"
            case .budgetSpent: "daily budget spent"
            case .tooSoon: "too soon after the last reload"
            case .joinsWaitingRequest: "joins the request already waiting"
            case .failure(let message): message
            }
        }

        public init(from decoder: any Decoder) throws { self.init(try decoder.singleValueContainer().decode(String.self)) }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            try c.encode(description)
        }

        /// Reads back what `description` wrote.
        public init(_ text: String) {
            switch text {
            case "daily budget spent": self = .budgetSpent
            case "too soon after the last reload": self = .tooSoon
            case "joins the request already waiting": self = .joinsWaitingRequest
            case "coalesced with other widgets' reloads": self = .coalesced
            case "postponed until the page is viewed": self = .notVisible
            default:
                if text.hasPrefix("entries "), text.hasSuffix(" s apart: less than about 5 minutes"),
                   let s = Int(text.dropFirst(8).dropLast(35)) {
                    self = .closeEntries(seconds: s)
                    return
                }
                let parts = text.split(separator: " ", maxSplits: 3)
                if parts.count == 4, parts[1] == "entries,", parts[2] == "policy", let n = Int(parts[0]),
                   let policy = PolicySummary(String(parts[3])) {
                    self = .timeline(entries: n, policy: policy)
                } else {
                    self = .failure(text)
                }
            }
        }
    }

    /// A timeline's reload policy as the log shows it: `after` in whole seconds from the run's start.
    public enum PolicySummary: Hashable, Sendable, CustomStringConvertible {
        case atEnd, never
        case after(seconds: Int)

        public var description: String {
            switch self {
            case .atEnd: "atEnd"
            case .never: "never"
            case .after(let s): "after +\(s)s"
            }
        }

        init?(_ text: String) {
            switch text {
            case "atEnd": self = .atEnd
            case "never": self = .never
            default:
                guard text.hasPrefix("after +"), text.hasSuffix("s"), let s = Int(text.dropFirst(7).dropLast()) else { return nil }
                self = .after(seconds: s)
            }
        }
    }

    /// Seconds since the run started.
    public var time: Double
    public var instance: String
    public var cause: ReloadCause?
    public var outcome: Outcome
    /// For `deferred`: seconds since the start when it will run.
    public var until: Double?
    public var budgetLeft: Int
    public var detail: Detail?

    public init(time: Double, instance: String, cause: ReloadCause?, outcome: Outcome, until: Double? = nil, budgetLeft: Int,
                detail: Detail? = nil) {
        self.time = time
        self.instance = instance
        self.cause = cause
        self.outcome = outcome
        self.until = until
        self.budgetLeft = budgetLeft
        self.detail = detail
    }
}
