import Foundation

/// One instance's reload budget over a rolling 24-hour window. Counted reloads spend it; exempt
/// ones do not. Pure value: the scheduler owns time.
public struct ReloadBudget: Hashable, Sendable {
    public let dailyLimit: Int
    public static let window: TimeInterval = 24 * 3600
    /// The largest daily budget accepted from a command line or scenario: a reload a second, all day.
    public static let largestDailyLimit = 86_400
    /// Dates of counted reloads within the window, oldest first.
    public private(set) var spent: [Date] = []

    public init(dailyLimit: Int) { self.dailyLimit = min(Self.largestDailyLimit, max(0, dailyLimit)) }

    private mutating func expire(before date: Date) {
        let cutoff = date.addingTimeInterval(-Self.window)
        if let keep = spent.firstIndex(where: { $0 > cutoff }) {
            if keep > 0 { spent.removeFirst(keep) }
        } else {
            spent.removeAll()
        }
    }

    public mutating func remaining(at date: Date) -> Int {
        expire(before: date)
        return max(0, dailyLimit - spent.count)
    }

    /// When a counted reload next becomes possible (now if budget is left).
    public mutating func nextAvailable(at date: Date) -> Date {
        if remaining(at: date) > 0 { return date }
        guard dailyLimit > 0, spent.count >= dailyLimit else { return .distantFuture }
        return spent[spent.count - dailyLimit].addingTimeInterval(Self.window)
    }

    public mutating func spend(at date: Date) {
        expire(before: date)
        spent.append(date)
    }
}
