import Foundation

/// One instance's reload budget over a rolling 24-hour window. Counted reloads spend it; exempt
/// ones do not. Pure value: the scheduler owns time.
public struct ReloadBudget: Hashable, Sendable {
    public let dailyLimit: Int
    public static let window: TimeInterval = 24 * 3600
    /// The largest daily budget accepted from a command line or scenario: a reload a second, all day.
    public static let largestDailyLimit = 86_400
    /// Dates of counted reloads, oldest first; those before `first` have left the window.
    private var dates: [Date] = []
    private var first = 0

    /// A learning period: until `learningEnds`, the limit is `learningLimit`.
    public let learningEnds: Date?
    public let learningLimit: Int

    public init(dailyLimit: Int, learningUntil learningEnds: Date? = nil, learningLimit: Int? = nil) {
        self.dailyLimit = min(Self.largestDailyLimit, max(0, dailyLimit))
        self.learningEnds = learningEnds
        self.learningLimit = min(Self.largestDailyLimit, max(self.dailyLimit, learningLimit ?? dailyLimit))
    }

    /// The limit in force at `date`: higher during the learning period.
    public func limit(at date: Date) -> Int {
        if let learningEnds, date < learningEnds { return learningLimit }
        return dailyLimit
    }

    /// Dates of counted reloads within the window, oldest first.
    public var spent: ArraySlice<Date> { dates[first...] }

    private mutating func expire(before date: Date) {
        let cutoff = date.addingTimeInterval(-Self.window)
        while first < dates.count && dates[first] <= cutoff { first += 1 }
        // Dates that left the window are dropped in bulk, not one by one.
        if first > 0 && first >= dates.count / 2 {
            dates.removeFirst(first)
            first = 0
        }
    }

    /// Counted reloads within the window that ends at `date`.
    public mutating func spentCount(at date: Date) -> Int {
        expire(before: date)
        return dates.count - first
    }

    public mutating func remaining(at date: Date) -> Int {
        expire(before: date)
        return max(0, limit(at: date) - (dates.count - first))
    }

    /// When a counted reload next becomes possible (now if budget is left).
    public mutating func nextAvailable(at date: Date) -> Date {
        if remaining(at: date) > 0 { return date }
        let limit = limit(at: date)
        guard limit > 0, dates.count - first >= limit else { return .distantFuture }
        return dates[dates.count - limit].addingTimeInterval(Self.window)
    }

    public mutating func spend(at date: Date) {
        expire(before: date)
        dates.append(date)
    }

    /// Equal when the limit and the dates in the window are, wherever the window starts in storage.
    public static func == (a: ReloadBudget, b: ReloadBudget) -> Bool {
        a.dailyLimit == b.dailyLimit && a.learningEnds == b.learningEnds && a.learningLimit == b.learningLimit && a.spent == b.spent
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(dailyLimit)
        hasher.combine(learningEnds)
        for date in spent { hasher.combine(date) }
    }
}
