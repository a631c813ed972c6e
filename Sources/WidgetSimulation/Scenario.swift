import Foundation
import WidgetArchive
import WidgetHostCore
import WidgetProtocol
import WidgetScheduling

/// What `widget-host simulate` plays: widget instances (scripted timelines or real extensions), how
/// often each is viewed, and the app's behaviour over the days. Times are seconds from the start.
///
/// ```json
/// { "days": 7, "start": "2026-11-23T00:00:00Z",
///   "instances": [
///     { "id": "news", "views": "high", "entries": 4, "spacing": 900, "policy": "atEnd" },
///     { "id": "weather", "extension": ".build/debug/CaffeineTracker", "kind": "CaffeineTracker", "family": "systemSmall" } ],
///   "events": [
///     { "type": "reloadTimelines", "instance": "news", "every": 60, "from": 0, "to": 86400, "daily": true },
///     { "type": "foreground", "instance": "news", "from": 43200, "to": 44100, "daily": true },
///     { "type": "tap", "instance": "news", "at": 3600 },
///     { "type": "push", "instance": "news", "every": 1800, "from": 0, "to": 86400, "daily": true } ],
///   "rules": { "learningDays": 3, "coalescingWindow": 60 } }
/// ```
public struct Scenario: Codable, Hashable, Sendable {
    public struct Instance: Codable, Hashable, Sendable {
        public var id: String
        /// How often the widget is viewed: sets the default budget.
        public var views: ViewFrequency?
        /// Overrides the daily budget.
        public var budget: Int?
        /// Scripted timelines: entries per timeline, seconds between them, and the policy
        /// (`atEnd`, `never`, or `after:SECONDS` after the reload).
        public var entries: Int?
        public var spacing: Double?
        public var policy: String?
        /// A real extension instead: its executable, kind and family.
        public var `extension`: String?
        public var kind: String?
        public var family: WidgetFamily?
        /// How often the data behind the widget changes (for staleness). Default 900 s.
        public var dataChangeEvery: Double?
        /// Shown in StandBy: refreshed at the system's rate, free (`BudgetRules.standByRefreshInterval`).
        public var standBy: Bool?
        /// On a Home Screen page the user rarely visits: due reloads wait for a `view` event.
        public var rarelyViewed: Bool?
        /// A scripted widget's entries' relevance (`TimelineEntryRelevance`): windows with a score.
        public var relevance: [RelevanceWindow]?
        /// A scripted widget's `relevance()` clues.
        public var clues: [ClueSpec]?
        /// A scripted `RelevanceConfiguration` widget: shown only while a clue matches.
        public var relevanceOnly: Bool?

        public init(id: String, views: ViewFrequency? = nil, budget: Int? = nil, entries: Int? = nil, spacing: Double? = nil,
                    policy: String? = nil, extension: String? = nil, kind: String? = nil, family: WidgetFamily? = nil,
                    dataChangeEvery: Double? = nil, standBy: Bool? = nil, rarelyViewed: Bool? = nil) {
            self.standBy = standBy
            self.rarelyViewed = rarelyViewed
            self.id = id
            self.views = views
            self.budget = budget
            self.entries = entries
            self.spacing = spacing
            self.policy = policy
            self.extension = `extension`
            self.kind = kind
            self.family = family
            self.dataChangeEvery = dataChangeEvery
        }
    }

    public struct Event: Codable, Hashable, Sendable {
        public enum Kind: String, Codable, Sendable {
            case reloadTimelines, foreground, tap, configurationChange, systemChange
            /// A WidgetKit `content-changed` push reaching the instance: counted, like
            /// `reloadTimelines` from the background.
            case push
            /// The widget performed an animation: a free reload.
            case animation
            /// The user views the page a rarely viewed widget is on: a postponed reload runs.
            case view
        }
        public var type: Kind
        /// The instance, or `*` for all.
        public var instance: String
        public var at: Double?
        /// Repeating: every `every` seconds from `from` to `to`.
        public var every: Double?
        public var from: Double?
        public var to: Double?
        /// Repeat on every simulated day (times are then within the day).
        public var daily: Bool?
        /// For `reloadTimelines`: whether the app is in the foreground (exempt).
        public var foreground: Bool?
        /// Repeating events drift by up to ± this fraction of `every`, drawn from the seed. Default 0.
        public var jitter: Double?

        public init(type: Kind, instance: String, at: Double? = nil, every: Double? = nil, from: Double? = nil, to: Double? = nil,
                    daily: Bool? = nil, foreground: Bool? = nil, jitter: Double? = nil) {
            self.type = type
            self.instance = instance
            self.at = at
            self.every = every
            self.from = from
            self.to = to
            self.daily = daily
            self.foreground = foreground
            self.jitter = jitter
        }
    }

    public var days: Int?
    public var start: String?
    public var seed: UInt64?
    public var instances: [Instance]
    public var events: [Event]?
    /// The documented budget rules to follow (each field optional; see `BudgetRules`).
    public var rules: BudgetRules?
    /// Smart Stacks of the instances: which one shows on top, when, and why (`StackSimulation`).
    public var stacks: [StackSpec]?
    /// What the device is doing when (places, a workout, sleep, headphones), for relevance clues.
    public var situations: [SituationSpec]?
    /// Live Activities, their pushes and the rules they run under (`ActivityPushSimulation`).
    public var activities: [ActivitySpec]?
    public var liveActivities: LiveActivitySettings?

    public init(days: Int? = nil, start: String? = nil, seed: UInt64? = nil, instances: [Instance], events: [Event]? = nil,
                rules: BudgetRules? = nil) {
        self.rules = rules
        self.days = days
        self.start = start
        self.seed = seed
        self.instances = instances
        self.events = events
    }

    public static func load(path: String) throws(HostError) -> Scenario {
        let data = try SettingsFile.read(path)
        let scenario: Scenario
        do {
            scenario = try JSONDecoder().decode(Scenario.self, from: data)
        } catch {
            throw .configuration(path: path, .notValid(what: "scenario", detail: "\(error)"))
        }
        try scenario.validate(path: path)
        return scenario
    }

    /// The most days a scenario plays, and the most entries a scripted timeline holds.
    public static let maximumDays = 366
    public static let maximumEntries = 1000
    /// Times and intervals in a scenario are seconds within this bound (ten years).
    static let longestSpan = 10 * 366 * 86_400.0

    func validate(path: String) throws(HostError) {
        func refuse(_ reason: String) -> HostError { .configuration(path: path, .scenario(reason)) }
        guard !instances.isEmpty else { throw refuse("no instances") }
        if let problem = rules?.problem { throw refuse("rules: \(problem)") }
        if let days, !(1...Self.maximumDays).contains(days) { throw refuse("days must be from 1 to \(Self.maximumDays) (got \(days))") }
        var ids = Set<String>()
        for i in instances {
            guard ids.insert(i.id).inserted else { throw refuse("instance id \(i.id) is used twice") }
            try validate(i, refuse)
        }
        for e in events ?? [] {
            guard e.instance == "*" || ids.contains(e.instance) else { throw refuse("event for unknown instance \(e.instance)") }
            try validate(e, refuse)
        }
        try validateRelevance(instanceIDs: ids, refuse)
    }

    /// Every number where it enters: finite, and within what a day of widgets could mean.
    private func validate(_ i: Instance, _ refuse: (String) -> HostError) throws(HostError) {
        if let budget = i.budget, !(0...ReloadBudget.largestDailyLimit).contains(budget) {
            throw refuse("instance \(i.id): budget must be from 0 to \(ReloadBudget.largestDailyLimit) (got \(budget))")
        }
        if let every = i.dataChangeEvery, !(every.isFinite && every > 0 && every <= Self.longestSpan) {
            throw refuse("instance \(i.id): dataChangeEvery must be seconds above 0 and at most \(Int(Self.longestSpan)) (got \(every))")
        }
        if i.extension == nil {
            guard (1...Self.maximumEntries).contains(i.entries ?? 1) else {
                throw refuse("instance \(i.id): entries must be from 1 to \(Self.maximumEntries) (got \(i.entries ?? 1))")
            }
            let spacing = i.spacing ?? 900
            guard spacing.isFinite, spacing > 0, spacing <= Self.longestSpan else {
                throw refuse("instance \(i.id): spacing must be seconds above 0 and at most \(Int(Self.longestSpan)) (got \(spacing))")
            }
            if let p = i.policy, Self.parsePolicy(p) == nil { throw refuse("instance \(i.id): policy must be atEnd, never or after:SECONDS") }
        } else if i.kind == nil || i.family == nil {
            throw refuse("instance \(i.id): an extension instance needs kind and family")
        }
    }

    private func validate(_ e: Event, _ refuse: (String) -> HostError) throws(HostError) {
        for (name, value) in [("at", e.at), ("from", e.from), ("to", e.to), ("every", e.every), ("jitter", e.jitter)] {
            if let value, !(value.isFinite && abs(value) <= Self.longestSpan) {
                throw refuse("\(e.type) event for \(e.instance): \(name) must be a finite number of seconds within \(Int(Self.longestSpan)) (got \(value))")
            }
        }
        guard e.at != nil || (e.every ?? 0) > 0 || e.type == .foreground else {
            throw refuse("\(e.type) event needs at, or every > 0")
        }
        // An app's timer fires at most once a second: anything finer is a typo, and would make
        // billions of requests.
        if let every = e.every, every > 0, every < 1 {
            throw refuse("\(e.type) event for \(e.instance): every must be at least 1 second (got \(every))")
        }
        if e.type == .foreground { guard e.from != nil, e.to != nil else { throw refuse("foreground needs from and to") } }
    }

    /// `atEnd`, `never`, `after:SECONDS` (relative to the reload).
    static func parsePolicy(_ text: String) -> ScriptedPolicy? {
        switch text {
        case "atEnd": return .atEnd
        case "never": return .never
        default:
            guard text.hasPrefix("after:"), let s = Double(text.dropFirst(6)), s > 0 else { return nil }
            return .after(s)
        }
    }
}

enum ScriptedPolicy: Hashable, Sendable {
    case atEnd, never, after(Double)
}
