import Foundation
import WidgetArchive

/// Date-driven text in a locale other than US English, in Foundation's formats for that locale: a
/// time in the locale's short time style, a date in its long date style, durations in its words
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
            return formatter(date: .none, time: .short).string(from: date)
        case .date(let date, .date):
            return formatter(date: .long, time: .none).string(from: date)
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

    /// The locale's own style, in its own calendar (Saudi Arabia's is the Islamic one, as on the device).
    private func formatter(date: DateFormatter.Style, time: DateFormatter.Style) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        formatter.dateStyle = date
        formatter.timeStyle = time
        return formatter
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
