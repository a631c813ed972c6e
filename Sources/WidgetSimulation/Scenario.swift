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
///     { "type": "tap", "instance": "news", "at": 3600 } ] }
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

        public init(id: String, views: ViewFrequency? = nil, budget: Int? = nil, entries: Int? = nil, spacing: Double? = nil,
                    policy: String? = nil, extension: String? = nil, kind: String? = nil, family: WidgetFamily? = nil,
                    dataChangeEvery: Double? = nil) {
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

    public init(days: Int? = nil, start: String? = nil, seed: UInt64? = nil, instances: [Instance], events: [Event]? = nil) {
        self.days = days
        self.start = start
        self.seed = seed
        self.instances = instances
        self.events = events
    }

    public static func load(path: String) throws(HostError) -> Scenario {
        guard let data = FileManager.default.contents(atPath: path) else { throw .configuration(path: path, reason: "no such file") }
        let scenario: Scenario
        do {
            scenario = try JSONDecoder().decode(Scenario.self, from: data)
        } catch {
            throw .configuration(path: path, reason: "not a valid scenario: \(error)")
        }
        try scenario.validate(path: path)
        return scenario
    }

    func validate(path: String) throws(HostError) {
        guard !instances.isEmpty else { throw .configuration(path: path, reason: "no instances") }
        var ids = Set<String>()
        for i in instances {
            guard ids.insert(i.id).inserted else { throw .configuration(path: path, reason: "instance id \(i.id) is used twice") }
            if i.extension == nil {
                guard (i.entries ?? 1) >= 1, (i.spacing ?? 900) > 0 else { throw .configuration(path: path, reason: "instance \(i.id): entries ≥ 1 and spacing > 0") }
                if let p = i.policy, Self.parsePolicy(p) == nil { throw .configuration(path: path, reason: "instance \(i.id): policy must be atEnd, never or after:SECONDS") }
            } else if i.kind == nil || i.family == nil {
                throw .configuration(path: path, reason: "instance \(i.id): an extension instance needs kind and family")
            }
        }
        for e in events ?? [] {
            guard e.instance == "*" || ids.contains(e.instance) else { throw .configuration(path: path, reason: "event for unknown instance \(e.instance)") }
            guard e.at != nil || (e.every ?? 0) > 0 || e.type == .foreground else {
                throw .configuration(path: path, reason: "\(e.type) event needs at, or every > 0")
            }
            // An app's timer fires at most once a second: anything finer is a typo, and would make
            // billions of requests.
            if let every = e.every, every > 0, every < 1 {
                throw .configuration(path: path, reason: "\(e.type) event for \(e.instance): every must be at least 1 second (got \(every))")
            }
            if e.type == .foreground { guard e.from != nil, e.to != nil else { throw .configuration(path: path, reason: "foreground needs from and to") } }
        }
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
