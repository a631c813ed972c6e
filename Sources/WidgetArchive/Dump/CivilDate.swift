import Foundation

/// Proleptic Gregorian calendar conversions (Howard Hinnant's algorithms), independent of ICU and time
/// zones so that dumps and renders are the same on every machine.
package enum CivilDate {
    /// (year, month 1...12, day 1...31) for days since 1970-01-01.
    package static func fromDays(_ z0: Int64) -> (Int64, Int64, Int64) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (m <= 2 ? y + 1 : y, m, d)
    }

    /// Days since 1970-01-01 for a civil date.
    package static func toDays(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// ISO 8601 in UTC with fractional seconds only when present; deterministic on every machine (the
    /// dumps', logs' and renders' one way of writing a date).
    package static func isoDate(_ date: Date) -> String {
        let t = date.timeIntervalSince1970
        guard t.isFinite, abs(t) < 1e13 else { return ArchiveTextDump.number(t) }
        var seconds = Int64(t.rounded(.down))
        let fraction = t - Double(seconds)
        var days = seconds / 86_400
        seconds -= days * 86_400
        if seconds < 0 { seconds += 86_400; days -= 1 }
        let (y, m, d) = fromDays(days)
        let hh = seconds / 3600, mm = (seconds % 3600) / 60, ss = seconds % 60
        var s = "\(String(y).leftPadded(4))-\(String(m).leftPadded(2))-\(String(d).leftPadded(2))T\(String(hh).leftPadded(2)):\(String(mm).leftPadded(2)):\(String(ss).leftPadded(2))"
        if fraction > 0 {
            let millis = Int((fraction * 1000).rounded())
            if millis > 0 && millis < 1000 { s += "." + String(millis).leftPadded(3) }
        }
        return s + "Z"
    }
}
