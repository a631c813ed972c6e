import Foundation
import WidgetArchive

/// Resolves date-driven text at the render instant: the same archive rendered at two instants shows
/// two texts without the extension being involved. In US English (the host's own locale) it is
/// deterministic, with no ICU; in another locale, Foundation's formats give that locale's words.
public struct DateTextFormatter: Sendable {
    /// Seconds east of UTC for `.time` and `.date`, when no time zone is set.
    public var utcOffset: Int
    /// Always-on: seconds are dropped (the low update cadence of luminance-reduced mode).
    public var reducedFidelity: Bool
    /// The device's locale (nil: US English) and time zone (nil: `utcOffset`).
    public var locale: Locale?
    public var timeZone: TimeZone?

    public init(utcOffset: Int = 0, reducedFidelity: Bool = false, locale: Locale? = nil, timeZone: TimeZone? = nil) {
        self.utcOffset = utcOffset
        self.reducedFidelity = reducedFidelity
        self.locale = locale
        self.timeZone = timeZone
    }

    /// The formatter for a device's settings: its locale unless US English, and its time zone.
    public func with(_ device: DeviceSettings) -> DateTextFormatter {
        var copy = self
        let english = device.locale.isEmpty || device.locale == "en_US" || device.locale == "en"
        copy.locale = english ? nil : Locale(identifier: device.locale)
        if !device.timeZone.isEmpty { copy.timeZone = TimeZone(identifier: device.timeZone) }
        return copy
    }

    /// Dates and durations from a hostile archive can be anywhere on the number line: they are held
    /// within ±3,000 years, so formatting never overflows.
    static let limit: TimeInterval = 1e11

    static func clamped(_ t: TimeInterval) -> TimeInterval { t.isNaN ? 0 : min(limit, max(-limit, t)) }

    public func string(_ content: TextContent, at rawNow: Date) -> String {
        let now = Date(timeIntervalSince1970: Self.clamped(rawNow.timeIntervalSince1970))
        let content: TextContent = switch content {
        case .literal: content
        case .date(let d, let style): .date(Date(timeIntervalSince1970: Self.clamped(d.timeIntervalSince1970)), style)
        case .timerInterval(let a, let b, let down):
            .timerInterval(start: Date(timeIntervalSince1970: Self.clamped(a.timeIntervalSince1970)),
                           end: Date(timeIntervalSince1970: Self.clamped(b.timeIntervalSince1970)), countsDown: down)
        }
        if let locale { return LocalizedDateText(locale: locale, timeZone: zone, reducedFidelity: reducedFidelity).string(content, at: now) }
        switch content {
        case .literal(let s):
            return s
        case .date(let date, let style):
            switch style {
            case .time: return time(date)
            case .date: return day(date)
            case .relative: return relative(seconds: abs(date.timeIntervalSince(now)))
            case .offset: return offset(seconds: date.timeIntervalSince(now))
            case .timer: return timer(seconds: abs(date.timeIntervalSince(now)))
            }
        case .timerInterval(let start, let end, let countsDown):
            let total = max(0, end.timeIntervalSince(start))
            let value = countsDown ? end.timeIntervalSince(now) : now.timeIntervalSince(start)
            return timer(seconds: min(total, max(0, value)))
        }
    }

    private static let months = ["January", "February", "March", "April", "May", "June", "July", "August",
                                 "September", "October", "November", "December"]

    /// The time zone dates are shown in.
    private var zone: TimeZone { timeZone ?? TimeZone(secondsFromGMT: utcOffset) ?? TimeZone(secondsFromGMT: 0) ?? .current }

    private func civil(_ date: Date) -> (y: Int64, m: Int64, d: Int64, secondsOfDay: Int64) {
        let offset = timeZone.map { $0.secondsFromGMT(for: date) } ?? utcOffset
        let t = Int64((date.timeIntervalSince1970 + Double(offset)).rounded(.down))
        var days = t / 86_400
        var secs = t % 86_400
        if secs < 0 { secs += 86_400; days -= 1 }
        let (y, m, d) = CivilDate.fromDays(days)
        return (y, m, d, secs)
    }

    /// "11:23 PM".
    func time(_ date: Date) -> String {
        let c = civil(date)
        let hour24 = c.secondsOfDay / 3600
        let minute = (c.secondsOfDay % 3600) / 60
        let hour12 = hour24 % 12 == 0 ? 12 : hour24 % 12
        return "\(hour12):\(minute < 10 ? "0" : "")\(minute) \(hour24 < 12 ? "AM" : "PM")"
    }

    /// "June 3, 2019".
    func day(_ date: Date) -> String {
        let c = civil(date)
        return "\(Self.months[Int(c.m - 1)]) \(c.d), \(c.y)"
    }

    private static let units: [(String, Double)] = [
        ("year", 365 * 86_400), ("month", 30 * 86_400), ("week", 7 * 86_400), ("day", 86_400), ("hour", 3600),
        ("minute", 60), ("second", 1),
    ]

    private func parts(_ seconds: Double) -> [(String, Int)] {
        var left = seconds.rounded(.down)
        var result: [(String, Int)] = []
        for (name, size) in Self.units {
            if reducedFidelity && name == "second" { continue }
            let n = Int(left / size)
            if n > 0 { result.append((name, n)); left -= Double(n) * size }
        }
        return result
    }

    private func phrase(_ part: (String, Int)) -> String { "\(part.1) \(part.0)\(part.1 == 1 ? "" : "s")" }

    /// "2 hours, 23 minutes": the two largest units.
    func relative(seconds: Double) -> String {
        let p = parts(seconds)
        guard !p.isEmpty else { return reducedFidelity ? "0 minutes" : "0 seconds" }
        return p.prefix(2).map(phrase).joined(separator: ", ")
    }

    /// "+2 hours" / "-3 months": the largest unit, signed.
    func offset(seconds: Double) -> String {
        let p = parts(abs(seconds))
        guard let first = p.first else { return reducedFidelity ? "+0 minutes" : "+0 seconds" }
        return (seconds < 0 ? "-" : "+") + phrase(first)
    }

    /// "2:32", "36:59:01"; in always-on, minutes only ("2 min" style: "0:02" hours:minutes).
    func timer(seconds: Double) -> String {
        let s = Int64(seconds.rounded(.down))
        let h = s / 3600, m = (s % 3600) / 60, sec = s % 60
        func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        if reducedFidelity { return h > 0 ? "\(h):\(two(m))" : "\(m) min" }
        return h > 0 ? "\(h):\(two(m)):\(two(sec))" : "\(m):\(two(sec))"
    }
}
