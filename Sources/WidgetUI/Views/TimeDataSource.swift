import Foundation
import WidgetArchive

/// `TimeDataSource` (iOS 18): a value that changes with time, for `Text(_:format:)`.
public struct TimeDataSource<Value> {
    let value: () -> Value
}

extension TimeDataSource where Value == Date {
    /// `.currentDate`: the time now (the host's clock).
    public static var currentDate: TimeDataSource<Date> { TimeDataSource { Date() } }
}

extension TimeDataSource where Value == Duration {
    /// `.durationOffset(to:)`: the time from now to `date`.
    public static func durationOffset(to date: Date) -> TimeDataSource<Duration> {
        TimeDataSource { .milliseconds(Int64((date.timeIntervalSinceNow * 1000).rounded())) }
    }
}

extension Text {
    /// `Text(_:format:)` with a `TimeDataSource`: on Apple's platforms it updates as time passes. The
    /// archive carries a format's text, not a live format, so it is formatted when the entry is
    /// archived.
    public init<V, F: DiscreteFormatStyle>(_ source: TimeDataSource<V>, format: F) where F.FormatInput == V, F.FormatOutput == String {
        self.init(verbatim: format.format(source.value()))
    }
}
