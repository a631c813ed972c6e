// The `RelevanceKit` compat module: the situations in which a widget is worth showing, as a widget's
// `relevance()` and a `RelevanceConfiguration` name them. The host's Smart Stack (`simulate`, `run`)
// matches them against a scripted day: dates, places, a workout, sleep, headphones. As on Apple's
// platforms, `import RelevanceKit` brings Foundation.
@_exported import CoreLocation
@_exported import Foundation
import WidgetProtocol

/// `RelevantContext`: when (or where, or doing what) something is relevant.
public struct RelevantContext: Hashable, Sendable {
    /// The context as the host matches it.
    package let value: RelevanceContextValue

    init(_ value: RelevanceContextValue) { self.value = value }

    /// `RelevantContext.DateKind` (watchOS 26): how much a date clue counts.
    public enum DateKind: Hashable, Sendable {
        case `default`
        /// Display only: a little lower.
        case informational
        /// Something to do or attend: higher.
        case scheduled

        var code: UInt8 {
            switch self {
            case .default: 0
            case .informational: 1
            case .scheduled: 2
            }
        }
    }

    /// An exact date: relevant from half an hour before to half an hour after (Apple gives no window).
    public static func date(_ exact: Date) -> RelevantContext { date(exact, kind: .default) }
    public static func date(_ exact: Date, kind: DateKind) -> RelevantContext {
        RelevantContext(.date(start: exact.addingTimeInterval(-1800), end: exact.addingTimeInterval(1800), kind: kind.code))
    }
    @available(*, deprecated, message: "use date(interval:kind:)")
    public static func date(from start: Date, to end: Date) -> RelevantContext {
        RelevantContext(.date(start: min(start, end), end: max(start, end), kind: 0))
    }
    public static func date(interval: DateInterval, kind: DateKind) -> RelevantContext {
        RelevantContext(.date(start: interval.start, end: interval.end, kind: kind.code))
    }
    public static func date(range: ClosedRange<Date>, kind: DateKind) -> RelevantContext {
        RelevantContext(.date(start: range.lowerBound, end: range.upperBound, kind: kind.code))
    }

    /// `RelevantContext.InferredLocation`: the places the device learns.
    public enum InferredLocation: String, Hashable, Sendable { case home, work, school, commute }

    public static func location(inferred: InferredLocation) -> RelevantContext { RelevantContext(.location(inferred.rawValue)) }

    /// A circular region (other regions: their identifier).
    public static func location(_ region: CLRegion) -> RelevantContext {
        guard let circle = region as? CLCircularRegion else { return RelevantContext(.location("region:\(region.identifier)")) }
        return RelevantContext(.location("region:\(circle.center.latitude),\(circle.center.longitude),\(circle.radius)"))
    }

    /// A kind of place (MapKit's point-of-interest category, by its raw value).
    public static func location(category: String) -> RelevantContext? { RelevantContext(.location("category:\(category)")) }

    /// `RelevantContext.FitnessCondition`.
    public enum FitnessCondition: String, Hashable, Sendable { case workoutActive, activityRingsIncomplete }
    public static func fitness(_ condition: FitnessCondition) -> RelevantContext { RelevantContext(.fitness(condition.rawValue)) }

    /// `RelevantContext.SleepCondition`.
    public enum SleepCondition: String, Hashable, Sendable { case bedtime, wakeup }
    public static func sleep(_ condition: SleepCondition) -> RelevantContext { RelevantContext(.sleep(condition.rawValue)) }

    /// `RelevantContext.HeadphonesCondition`.
    public enum HeadphonesCondition: Hashable, Sendable { case connected }
    public static func hardware(headphones: HeadphonesCondition) -> RelevantContext { RelevantContext(.headphones) }
}
