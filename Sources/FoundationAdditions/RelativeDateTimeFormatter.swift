import Foundation

/// `RelativeDateTimeFormatter` ("in 2 hours", "3 min. ago", "yesterday"), which Linux's Foundation
/// lacks. English, counting the largest whole unit between the two dates as Apple's does.
// `@unchecked Sendable`: As Foundation's formatters are: configured first, then used; never changed while shared.
open class RelativeDateTimeFormatter: Formatter, @unchecked Sendable {
    public enum DateTimeStyle: Int, Sendable { case numeric, named }
    public enum UnitsStyle: Int, Sendable { case full, spellOut, short, abbreviated }
    public enum Context: Int, Sendable { case unknown, dynamic, standalone, listItem, beginningOfSentence, middleOfSentence }

    open var dateTimeStyle: DateTimeStyle = .numeric
    open var unitsStyle: UnitsStyle = .full
    open var formattingContext: Context = .unknown
    open var locale: Locale! = Locale(identifier: "en_US")
    open var calendar: Calendar! = Calendar(identifier: .gregorian)

    public override init() { super.init() }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open func localizedString(for date: Date, relativeTo reference: Date) -> String {
        localizedString(fromTimeInterval: date.timeIntervalSince(reference))
    }

    open func localizedString(fromTimeInterval interval: TimeInterval) -> String {
        let units: [(seconds: Double, full: String, short: String, named: (past: String, future: String)?)] = [
            (365 * 86_400, "year", "yr.", ("last year", "next year")), (30 * 86_400, "month", "mo.", ("last month", "next month")),
            (7 * 86_400, "week", "wk.", ("last week", "next week")), (86_400, "day", "day", ("yesterday", "tomorrow")),
            (3_600, "hour", "hr.", nil), (60, "minute", "min.", nil), (1, "second", "sec.", nil),
        ]
        let magnitude = abs(interval)
        let future = interval > 0
        guard let unit = units.first(where: { magnitude >= $0.seconds }) else {
            return dateTimeStyle == .named ? "now" : (unitsStyle == .full || unitsStyle == .spellOut ? "in 0 seconds" : "in 0 sec.")
        }
        let count = Int((magnitude / unit.seconds).rounded(.down))
        if dateTimeStyle == .named, count == 1, let named = unit.named { return future ? named.future : named.past }
        let name: String
        switch unitsStyle {
        case .full, .spellOut: name = count == 1 ? unit.full : unit.full + "s"
        case .short, .abbreviated: name = unit.short == "day" && count != 1 ? "days" : unit.short
        }
        return future ? "in \(count) \(name)" : "\(count) \(name) ago"
    }

    open override func string(for obj: Any?) -> String? {
        (obj as? Date).map { localizedString(for: $0, relativeTo: Date()) }
    }
}
