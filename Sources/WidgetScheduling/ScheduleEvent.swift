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
    }
    /// Seconds since the run started.
    public var time: Double
    public var instance: String
    public var cause: ReloadCause?
    public var outcome: Outcome
    /// For `deferred`: seconds since the start when it will run.
    public var until: Double?
    public var budgetLeft: Int
    public var detail: String?

    public init(time: Double, instance: String, cause: ReloadCause?, outcome: Outcome, until: Double? = nil, budgetLeft: Int,
                detail: String? = nil) {
        self.time = time
        self.instance = instance
        self.cause = cause
        self.outcome = outcome
        self.until = until
        self.budgetLeft = budgetLeft
        self.detail = detail
    }
}
