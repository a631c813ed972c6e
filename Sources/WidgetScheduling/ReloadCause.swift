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
    /// The widget performed an animation: exempt ("Keeping a widget up to date").
    case animation
    /// StandBy's refresh at the system's own rate: exempt.
    case standBy
    /// A WidgetKit push (`content-changed`) reached the widget or control. Apple: "Like timeline
    /// updates, the system budgets WidgetKit push notifications" ("Updating widgets with WidgetKit push
    /// notifications"): counted, and deferred like any counted request when the budget is spent.
    case push

    /// Counted against the daily budget (Apple: policy reloads, background app requests and pushes).
    public var isCounted: Bool { self == .policy || self == .appBackground || self == .push }
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
