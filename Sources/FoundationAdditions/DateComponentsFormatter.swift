import Foundation

/// `DateComponentsFormatter` ("1:02:05", "1h 2m", "1 hour, 2 minutes"), unavailable in Linux's
/// Foundation. English, with the unit styles and options widget code uses.
// `@unchecked Sendable`: As Foundation's formatters are: configured first, then used; never changed while shared.
open class DateComponentsFormatter: Formatter, @unchecked Sendable {
    public enum UnitsStyle: Int, Sendable { case positional, abbreviated, short, full, spellOut, brief }

    public struct ZeroFormattingBehavior: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let none = ZeroFormattingBehavior([])
        public static let `default` = ZeroFormattingBehavior(rawValue: 1)
        public static let dropLeading = ZeroFormattingBehavior(rawValue: 2)
        public static let dropMiddle = ZeroFormattingBehavior(rawValue: 4)
        public static let dropTrailing = ZeroFormattingBehavior(rawValue: 8)
        public static let dropAll: ZeroFormattingBehavior = [.dropLeading, .dropMiddle, .dropTrailing]
        public static let pad = ZeroFormattingBehavior(rawValue: 16)
    }

    open var unitsStyle: UnitsStyle = .positional
    open var allowedUnits: NSCalendar.Unit = [.hour, .minute, .second]
    open var zeroFormattingBehavior: ZeroFormattingBehavior = .default
    open var maximumUnitCount: Int = 0
    open var includesApproximationPhrase = false
    open var includesTimeRemainingPhrase = false
    open var collapsesLargestUnit = false
    open var allowsFractionalUnits = false
    open var calendar: Calendar? = Calendar(identifier: .gregorian)

    public override init() { super.init() }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open func string(from interval: TimeInterval) -> String? {
        guard interval.isFinite else { return nil }
        return format(seconds: Int(interval.rounded(.towardZero)))
    }

    open func string(from start: Date, to end: Date) -> String? { string(from: end.timeIntervalSince(start)) }

    open func string(from components: DateComponents) -> String? {
        let seconds = (components.day ?? 0) * 86_400 + (components.hour ?? 0) * 3_600 + (components.minute ?? 0) * 60 + (components.second ?? 0)
        return format(seconds: seconds)
    }

    open override func string(for obj: Any?) -> String? {
        if let interval = obj as? TimeInterval { return string(from: interval) }
        if let components = obj as? DateComponents { return string(from: components) }
        return nil
    }

    private func format(seconds total: Int) -> String {
        let units: [(NSCalendar.Unit, Int, String, String, String)] = [
            (.weekOfMonth, 604_800, "w", "wk", "week"), (.day, 86_400, "d", "day", "day"), (.hour, 3_600, "h", "hr", "hour"),
            (.minute, 60, "m", "min", "minute"), (.second, 1, "s", "sec", "second"),
        ]
        var rest = abs(total)
        var parts: [(value: Int, abbreviated: String, short: String, full: String)] = []
        for (unit, seconds, abbreviated, short, full) in units where allowedUnits.contains(unit) {
            parts.append((rest / seconds, abbreviated, short, full))
            rest %= seconds
        }
        if unitsStyle == .positional {
            // Leading zero units drop (but never below minutes:seconds), as Apple's positional style does.
            while parts.count > 2, parts[0].value == 0, !zeroFormattingBehavior.contains(.pad) { parts.removeFirst() }
            let text = parts.enumerated().map { index, part in
                index == 0 && !zeroFormattingBehavior.contains(.pad) ? String(part.value) : String(format: "%02d", part.value)
            }.joined(separator: ":")
            return (total < 0 ? "-" : "") + text
        }
        var shown = parts.filter { $0.value != 0 || zeroFormattingBehavior == .pad }
        if shown.isEmpty, let last = parts.last { shown = [last] }
        if maximumUnitCount > 0 { shown = Array(shown.prefix(maximumUnitCount)) }
        let words = shown.map { part -> String in
            switch unitsStyle {
            case .abbreviated: "\(part.value)\(part.abbreviated)"
            case .brief, .short: "\(part.value) \(part.short)"
            default: "\(part.value) \(part.full)\(part.value == 1 ? "" : "s")"
            }
        }
        return (total < 0 ? "-" : "") + words.joined(separator: unitsStyle == .abbreviated || unitsStyle == .brief ? " " : ", ")
    }
}
