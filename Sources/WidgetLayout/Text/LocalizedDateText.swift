import Foundation
import WidgetArchive

/// Date-driven text in a locale other than US English, in Foundation's formats for that locale: a
/// time as the locale writes a short time, a date as it writes a long one, durations in its words
/// (`2 Stunden und 23 Minuten`). Timers keep the digits and colons every locale shows.
struct LocalizedDateText {
    let locale: Locale
    let timeZone: TimeZone
    let reducedFidelity: Bool

    func string(_ content: TextContent, at now: Date) -> String {
        switch content {
        case .literal(let s):
            return s
        case .date(let date, .time):
            return date.formatted(Date.FormatStyle(date: .omitted, time: .shortened, locale: locale, calendar: calendar, timeZone: timeZone))
        case .date(let date, .date):
            return date.formatted(Date.FormatStyle(date: .long, time: .omitted, locale: locale, calendar: calendar, timeZone: timeZone))
        case .date(let date, .relative):
            return duration(abs(date.timeIntervalSince(now)), units: 2)
        case .date(let date, .offset):
            let seconds = date.timeIntervalSince(now)
            return (seconds < 0 ? "-" : "+") + duration(abs(seconds), units: 1)
        case .date(let date, .timer):
            return DateTextFormatter(reducedFidelity: reducedFidelity).timer(seconds: abs(date.timeIntervalSince(now)))
        case .timerInterval:
            return DateTextFormatter(reducedFidelity: reducedFidelity).string(content, at: now)
        }
    }

    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        calendar.timeZone = timeZone
        return calendar
    }

    /// The largest `units` units of a duration, in the locale's words; weeks are the largest unit.
    private func duration(_ seconds: Double, units: Int) -> String {
        let whole = Int64(seconds.rounded(.down))
        var allowed: Set<Duration.UnitsFormatStyle.Unit> = [.weeks, .days, .hours, .minutes]
        if !reducedFidelity { allowed.insert(.seconds) }
        return Duration.seconds(whole).formatted(
            .units(allowed: allowed, width: .wide, maximumUnitCount: units).locale(locale))
    }
}
