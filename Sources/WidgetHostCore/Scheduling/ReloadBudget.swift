import Foundation

/// Why a reload is wanted, and whether the system counts it against the budget.
public enum ReloadCause: String, Hashable, Sendable, Codable, CaseIterable {
    /// The timeline's reload policy came due (`atEnd`, `after(date)`).
    case policy
    /// `WidgetCenter.shared.reloadTimelines(ofKind:)` from the app in the background.
    case appBackground
    /// The same from the app in the foreground: exempt.
    case appForeground
    /// A Button or Toggle intent was performed: always honoured, exempt.
    case interaction
    /// The user changed the widget's configuration: exempt.
    case configurationChange
    /// Locale, dynamic type or another system change: exempt.
    case systemChange
    /// The widget was added: the first timeline.
    case initial

    /// Counted against the daily budget (Apple: policy reloads and background app requests).
    public var isCounted: Bool { self == .policy || self == .appBackground }
}

/// How often the user looks at the widget: sets the default daily budget.
public enum ViewFrequency: String, Hashable, Sendable, Codable, CaseIterable {
    case low, medium, high
    /// 40–70 reloads a day for a frequently viewed widget (WWDC20 "Widgets Code-along").
    public var dailyBudget: Int {
        switch self {
        case .low: 40
        case .medium: 55
        case .high: 70
        }
    }
}

/// One instance's reload budget over a rolling 24-hour window. Counted reloads spend it; exempt
/// ones do not. Pure value: the scheduler owns time.
public struct ReloadBudget: Hashable, Sendable {
    public let dailyLimit: Int
    public static let window: TimeInterval = 24 * 3600
    /// Dates of counted reloads within the window, oldest first.
    public private(set) var spent: [Date] = []

    public init(dailyLimit: Int) { self.dailyLimit = max(0, dailyLimit) }

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
