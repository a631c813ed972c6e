import Foundation

/// The budget rules of Apple's "Keeping a widget up to date" (WidgetKit documentation), each one
/// configurable, so that a run or a simulation can follow the system's documented behaviour or
/// isolate one rule. Defaults: the rules that change nothing unless a scenario asks for them are on;
/// the learning period and cross-widget coalescing, which would make every budget differ from the
/// configured number, are off until enabled.
///
/// Quotes are from that page unless said otherwise.
public struct BudgetRules: Hashable, Sendable, Codable {
    /// "The widget performs an app intent, such as when the user taps a button or toggles a switch"
    /// and "The widget performs an animation" are reloads that don't count against the budget.
    /// `false` counts them: what a widget would cost if they were not free.
    public var freeAfterIntentOrAnimation = true

    /// "In StandBy, the system refreshes your widget's display at a system-defined rate that doesn't
    /// count against its budget." Seconds between refreshes of an instance shown in StandBy; `nil`
    /// turns the refreshes off. The rate is not published: 15 minutes is a representative value.
    public var standByRefreshInterval: TimeInterval? = 15 * 60

    /// "The system takes a few days to learn the user's behavior. During this learning period, your
    /// widget may receive more reloads than normal." Days from the start during which each budget
    /// is multiplied by `learningBudgetFactor`; 0 turns the period off.
    public var learningDays = 0
    public var learningBudgetFactor = 1.5

    /// "WidgetKit may coalesce reloads across multiple widgets, affecting the exact time a widget is
    /// reloaded." Counted reloads wait for the end of the current window of this many seconds, and
    /// every widget's reloads in one window run together; 0 turns coalescing off.
    public var coalescingWindow: TimeInterval = 0

    /// "If a widget is on a Home Screen page that the user rarely visits, WidgetKit may reduce the
    /// frequency of reloads for that widget. Later, when the user views the page, WidgetKit may reload
    /// the widget when it becomes visible." For instances marked rarely viewed: a due reload waits
    /// until the page is viewed. `false` reloads them like any other.
    public var postponesRarelyViewed = true

    /// "Your timeline provider should create timeline entries that are at least about 5 minutes
    /// apart." Timelines with entries closer than this many seconds are flagged in the log.
    public var closeEntrySpacing: TimeInterval = 5 * 60

    /// `TimelineProvider` documentation: "WidgetKit does not impose this limit when debugging your
    /// widget in Xcode." Developer mode counts no reload and waits for no minimum interval.
    public var developerMode = false

    public init() {}

    /// Whether a reload for `cause` spends budget under these rules.
    public func counts(_ cause: ReloadCause) -> Bool {
        if developerMode { return false }
        if !freeAfterIntentOrAnimation && (cause == .interaction || cause == .animation) { return true }
        return cause.isCounted
    }

    /// Reads a scenario's `rules` object: any field may be left out.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = BudgetRules()
        freeAfterIntentOrAnimation = try c.decodeIfPresent(Bool.self, forKey: .freeAfterIntentOrAnimation) ?? defaults.freeAfterIntentOrAnimation
        standByRefreshInterval = c.contains(.standByRefreshInterval)
            ? try c.decodeIfPresent(Double.self, forKey: .standByRefreshInterval) : defaults.standByRefreshInterval
        learningDays = try c.decodeIfPresent(Int.self, forKey: .learningDays) ?? defaults.learningDays
        learningBudgetFactor = try c.decodeIfPresent(Double.self, forKey: .learningBudgetFactor) ?? defaults.learningBudgetFactor
        coalescingWindow = try c.decodeIfPresent(Double.self, forKey: .coalescingWindow) ?? defaults.coalescingWindow
        postponesRarelyViewed = try c.decodeIfPresent(Bool.self, forKey: .postponesRarelyViewed) ?? defaults.postponesRarelyViewed
        closeEntrySpacing = try c.decodeIfPresent(Double.self, forKey: .closeEntrySpacing) ?? defaults.closeEntrySpacing
        developerMode = try c.decodeIfPresent(Bool.self, forKey: .developerMode) ?? defaults.developerMode
    }

    /// What is wrong with these rules, if anything: every number finite and in a sensible range.
    public var problem: String? {
        if let s = standByRefreshInterval, !(s.isFinite && s >= 60 && s <= 86_400) { return "standByRefreshInterval must be 60 to 86400 seconds" }
        if !(0...366).contains(learningDays) { return "learningDays must be 0 to 366" }
        if !(learningBudgetFactor.isFinite && learningBudgetFactor >= 1 && learningBudgetFactor <= 10) { return "learningBudgetFactor must be 1 to 10" }
        if !(coalescingWindow.isFinite && coalescingWindow >= 0 && coalescingWindow <= 3600) { return "coalescingWindow must be 0 to 3600 seconds" }
        if !(closeEntrySpacing.isFinite && closeEntrySpacing >= 0 && closeEntrySpacing <= 86_400) { return "closeEntrySpacing must be 0 to 86400 seconds" }
        return nil
    }
}
