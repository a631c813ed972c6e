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
            return formatted(date, dateStyle: .none, timeStyle: .short)
        case .date(let date, .date):
            return formatted(date, dateStyle: .long, timeStyle: .none)
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

    /// `date` in the locale's own style and calendar (Saudi Arabia's is the Islamic one, as on the
    /// device), through a formatter made once per locale, time zone and style: a render formats
    /// every date text of every entry.
    private func formatted(_ date: Date, dateStyle: DateFormatter.Style, timeStyle: DateFormatter.Style) -> String {
        let key = "\(locale.identifier)|\(timeZone.identifier)|\(dateStyle.rawValue)|\(timeStyle.rawValue)"
        return Self.formatters.withLock { cache in
            let formatter = cache[key] ?? {
                let made = DateFormatter()
                made.locale = locale
                made.timeZone = timeZone
                made.dateStyle = dateStyle
                made.timeStyle = timeStyle
                if cache.count >= 64 { cache.removeAll() }
                cache[key] = made
                return made
            }()
            return formatter.string(from: date)
        }
    }

    /// Formatters already made. A `DateFormatter` is not sendable: each is used under the lock only.
    private static let formatters = FormatterCache()

    /// The largest `units` units of a duration, in the locale's words; weeks are the largest unit.
    private func duration(_ seconds: Double, units: Int) -> String {
        let whole = Int64(seconds.rounded(.down))
        var allowed: Set<Duration.UnitsFormatStyle.Unit> = [.weeks, .days, .hours, .minutes]
        if !reducedFidelity { allowed.insert(.seconds) }
        return Duration.seconds(whole).formatted(
            .units(allowed: allowed, width: .wide, maximumUnitCount: units).locale(locale))
    }
}

/// Date formatters by key, behind a lock.
private final class FormatterCache: @unchecked Sendable {
    private let lock = NSLock()
    private var formatters: [String: DateFormatter] = [:]

    func withLock<T>(_ body: (inout [String: DateFormatter]) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&formatters)
    }
}
