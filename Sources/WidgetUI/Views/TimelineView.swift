import Foundation
import WidgetArchive

/// `TimelineView` (iOS 15): content redrawn at the dates a schedule gives. A widget's view is
/// evaluated once per timeline entry, so the content is evaluated once, with a context whose date is
/// the entry's; the author is told it does not update between entries.
public nonisolated struct TimelineView<Schedule: TimelineSchedule, Content: View>: View {
    let schedule: Schedule
    let content: (TimelineViewDefaultContext) -> Content

    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (TimelineViewDefaultContext) -> Content) {
        self.schedule = schedule
        self.content = content
    }

    public var body: Never { primitiveBody(Self.self) }

    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        builder.warn("TimelineView is evaluated once, at the entry's date: a widget is redrawn only by its timeline's entries")
        let date = builder.environment.timelineEntryDate ?? Date()
        let view = content(TimelineViewDefaultContext(date: date, cadence: .minutes))
        builder.nodes(of: view).forEach { builder.append($0) }
    }

    /// `TimelineView.Context`.
    public struct Context {
        /// The date the content is drawn for: the timeline entry's.
        public let date: Date
        /// How often the content would be redrawn; a widget's is never faster than minutes.
        public let cadence: Cadence

        /// `TimelineView.Context.Cadence`.
        public enum Cadence: Comparable, Sendable { case live, seconds, minutes }
    }
}

/// `TimelineViewDefaultContext`: the context every timeline view's content receives.
public typealias TimelineViewDefaultContext = TimelineView<EveryMinuteTimelineSchedule, Never>.Context

/// `TimelineSchedule`: the dates at which a timeline view updates.
public protocol TimelineSchedule {
    typealias Mode = TimelineScheduleMode
    associatedtype Entries: Sequence where Entries.Element == Date
    func entries(from startDate: Date, mode: Mode) -> Entries
}

/// `TimelineScheduleMode`.
public enum TimelineScheduleMode: Sendable { case normal, lowFrequency }

/// The dates `start`, `start + interval`, …, without end.
public struct _PeriodicDates: Sequence, IteratorProtocol {
    var upcoming: Date
    let interval: TimeInterval
    public mutating func next() -> Date? {
        defer { upcoming = upcoming.addingTimeInterval(interval) }
        return upcoming
    }
}

/// `PeriodicTimelineSchedule`: every `interval` seconds from a start date.
public struct PeriodicTimelineSchedule: TimelineSchedule, Sendable {
    let startDate: Date
    let interval: TimeInterval
    public init(from startDate: Date, by interval: TimeInterval) {
        self.startDate = startDate
        self.interval = interval
    }
    public func entries(from startDate: Date, mode: Mode) -> _PeriodicDates {
        // The last period boundary at or before `startDate`, then every interval after it.
        let periods = interval > 0 ? (startDate.timeIntervalSince(self.startDate) / interval).rounded(.down) : 0
        return _PeriodicDates(upcoming: self.startDate.addingTimeInterval(max(periods, 0) * interval), interval: max(interval, 1))
    }
}

/// `EveryMinuteTimelineSchedule`: the start of every minute.
public struct EveryMinuteTimelineSchedule: TimelineSchedule, Sendable {
    public init() {}
    public func entries(from startDate: Date, mode: Mode) -> _PeriodicDates {
        let minute = (startDate.timeIntervalSinceReferenceDate / 60).rounded(.down) * 60
        return _PeriodicDates(upcoming: Date(timeIntervalSinceReferenceDate: minute), interval: 60)
    }
}

/// `ExplicitTimelineSchedule`: the dates given.
public struct ExplicitTimelineSchedule<Entries: Sequence>: TimelineSchedule where Entries.Element == Date {
    let dates: Entries
    public init(_ dates: Entries) { self.dates = dates }
    public func entries(from startDate: Date, mode: Mode) -> Entries { dates }
}

/// `AnimationTimelineSchedule`: as often as the display redraws (here, once per entry).
public struct AnimationTimelineSchedule: TimelineSchedule, Sendable {
    let minimumInterval: Double?
    let paused: Bool
    public init(minimumInterval: Double? = nil, paused: Bool = false) {
        self.minimumInterval = minimumInterval
        self.paused = paused
    }
    public func entries(from startDate: Date, mode: Mode) -> _PeriodicDates {
        _PeriodicDates(upcoming: startDate, interval: minimumInterval ?? 1.0 / 60)
    }
}

extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    public static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule {
        PeriodicTimelineSchedule(from: startDate, by: interval)
    }
}

extension TimelineSchedule where Self == EveryMinuteTimelineSchedule {
    public static var everyMinute: EveryMinuteTimelineSchedule { EveryMinuteTimelineSchedule() }
}

extension TimelineSchedule {
    public static func explicit<S: Sequence>(_ dates: S) -> ExplicitTimelineSchedule<S> where Self == ExplicitTimelineSchedule<S> {
        ExplicitTimelineSchedule(dates)
    }
}

extension TimelineSchedule where Self == AnimationTimelineSchedule {
    public static var animation: AnimationTimelineSchedule { AnimationTimelineSchedule() }
    public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule {
        AnimationTimelineSchedule(minimumInterval: minimumInterval, paused: paused)
    }
}

/// The date of the timeline entry being archived, which `TimelineView` draws its content for.
private struct TimelineEntryDateKey: EnvironmentKey {
    static let defaultValue: Date? = nil
}

extension EnvironmentValues {
    /// Set by the extension's archiver for each entry; `nil` outside a timeline (the clock's date is used).
    package var timelineEntryDate: Date? {
        get { self[TimelineEntryDateKey.self] }
        set { self[TimelineEntryDateKey.self] = newValue }
    }
}
