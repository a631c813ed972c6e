import Foundation
import WidgetProtocol

/// The system's rules for Live Activities, as numbers. Those Apple documents ("Displaying live data with
/// Live Activities", "Understand constraints"; `ActivityUIDismissalPolicy`; "Starting and updating Live
/// Activities with ActivityKit push notifications") are its figures; those it leaves unsaid (how many may
/// run, the push budget's size, when low-priority pushes arrive) are representative values, each
/// configurable.
public struct ActivityRules: Hashable, Sendable, Codable {
    /// An activity stays active at most 8 hours; then the system ends it. Documented.
    public var maximumActiveDuration: TimeInterval = 8 * 3600
    /// An ended activity stays on the Lock Screen at most 4 more hours (12 in all). Documented.
    public var lockScreenLinger: TimeInterval = 4 * 3600
    /// Activities one app may run at once (`targetMaximumExceeded` beyond). Not documented; 5 is what
    /// developers report.
    public var maximumPerApp: Int = 5
    /// Activities the device shows at once, all apps together (`globalMaximumExceeded`). Not documented.
    public var maximumOnDevice: Int = 10
    /// The attributes and content state together, and an update's or a push's payload. Documented: 4 KB.
    public var dataSize: Int = ActivityLimits.dataSize
    /// Priority 10 pushes an app may send in an hour before the rest are throttled. Not documented.
    public var pushBudgetPerHour: Int = 12
    /// The same for an app that declares `NSSupportsLiveActivitiesFrequentUpdates`. Not documented.
    public var frequentPushBudgetPerHour: Int = 120
    /// How often pushes sent at (or throttled to) priority 5 are delivered: together, in bursts. Apple
    /// says only that they may be grouped and delivered later.
    public var lowPriorityInterval: TimeInterval = 15 * 60

    public init() {}

    /// Checks the numbers: positive durations and counts.
    public func validated() -> String? {
        if !(maximumActiveDuration > 0 && maximumActiveDuration.isFinite) { return "maximumActiveDuration must be a positive number of seconds" }
        if !(lockScreenLinger >= 0 && lockScreenLinger.isFinite) { return "lockScreenLinger must be a number of seconds, 0 or more" }
        if !(lowPriorityInterval > 0 && lowPriorityInterval.isFinite) { return "lowPriorityInterval must be a positive number of seconds" }
        if maximumPerApp < 1 || maximumOnDevice < 1 { return "maximumPerApp and maximumOnDevice must be at least 1" }
        if dataSize < 1 || pushBudgetPerHour < 0 || frequentPushBudgetPerHour < 0 { return "dataSize must be positive, push budgets 0 or more" }
        return nil
    }
}

/// Why the system refused to start an activity: named as `ActivityAuthorizationError`'s cases.
public enum ActivityRefusal: String, Error, Hashable, Sendable, Codable, CustomStringConvertible {
    case attributesTooLarge, denied, globalMaximumExceeded, malformedActivityIdentifier, targetMaximumExceeded, unsupportedTarget
    case visibility, unsupported, persistenceFailure

    public var description: String {
        switch self {
        case .attributesTooLarge: "the attributes and content state exceed 4 KB"
        case .denied: "Live Activities are turned off for this app"
        case .globalMaximumExceeded: "the device already shows as many Live Activities as it can"
        case .malformedActivityIdentifier: "the activity identifier is malformed or already taken"
        case .targetMaximumExceeded: "the app already runs as many Live Activities as it may"
        case .unsupportedTarget: "no widget extension of the app draws Live Activities of these attributes"
        case .visibility: "a Live Activity can only be started from the foreground or a LiveActivityIntent"
        case .unsupported: "Live Activities are not available"
        case .persistenceFailure: "the activity could not be kept"
        }
    }
}
