import Foundation
import LiveActivities
import SmartStack
import WidgetHostCore
import WidgetProtocol

// What a scenario says about relevance, Smart Stacks and Live Activities. Times are seconds from the
// start (within the day, with `daily`).
//
// ```json
// { "instances": [
//     { "id": "weather", "relevance": [ { "from": 25200, "to": 28800, "score": 80, "daily": true } ] },
//     { "id": "gym", "clues": [ { "context": "fitness", "condition": "workoutActive" } ] },
//     { "id": "agenda", "relevanceOnly": true,
//       "clues": [ { "context": "date", "from": 32400, "to": 36000, "kind": "scheduled", "daily": true } ] } ],
//   "stacks": [ { "id": "watch", "platform": "watchOS", "members": ["weather", "gym", "agenda"] } ],
//   "situations": [ { "from": 64800, "to": 68400, "daily": true, "fitness": ["workoutActive"] },
//                   { "from": 32400, "to": 61200, "daily": true, "location": "work" } ],
//   "activities": [ { "id": "delivery", "app": "Pizza", "start": 43200, "end": 46800,
//                     "pushes": [ { "every": 120, "from": 43200, "to": 46800, "priority": 10 } ] } ],
//   "liveActivities": { "pushBudgetPerHour": 12 } }
// ```

extension Scenario {
    /// A window of an entry relevance score.
    public struct RelevanceWindow: Codable, Hashable, Sendable {
        public var from: Double
        public var to: Double
        public var score: Double
        /// `TimelineEntryRelevance.duration`; default: the window's length.
        public var duration: Double?
        public var daily: Bool?
    }

    /// A `relevance()` clue: `date` (from, to, kind: default, informational or scheduled), `location`
    /// (place), `fitness` and `sleep` (condition), `headphones`; with `group`, one of a group at a time.
    public struct ClueSpec: Codable, Hashable, Sendable {
        public var context: String
        public var from: Double?
        public var to: Double?
        public var kind: String?
        public var daily: Bool?
        public var place: String?
        public var condition: String?
        public var group: String?
    }

    public struct StackSpec: Codable, Hashable, Sendable {
        public var id: String
        public var platform: SmartStack.Platform?
        public var members: [String]
    }

    /// What the device is doing in a window.
    public struct SituationSpec: Codable, Hashable, Sendable {
        public var from: Double
        public var to: Double
        public var daily: Bool?
        public var location: String?
        public var fitness: [String]?
        public var sleep: String?
        public var headphones: Bool?
    }

    /// A Live Activity: when its app starts (and ends) it, and the pushes its server sends.
    public struct ActivitySpec: Codable, Hashable, Sendable {
        public var id: String
        /// The app (its extension's name); default the activity's id.
        public var app: String?
        public var start: Double
        public var end: Double?
        public var relevance: Double?
        /// Seconds after each update the content goes stale, if the app sets a stale date.
        public var staleAfter: Double?
        public var pushes: [PushSpec]?
        /// The app declares `NSSupportsLiveActivitiesFrequentUpdates`.
        public var frequentUpdates: Bool?
    }

    public struct PushSpec: Codable, Hashable, Sendable {
        public var every: Double
        public var from: Double
        public var to: Double
        /// `apns-priority`: 10 (default) or 5.
        public var priority: Int?
        public var daily: Bool?
    }

    func validateRelevance(instanceIDs ids: Set<String>, _ refuse: (String) -> HostError) throws(HostError) {
        func seconds(_ value: Double?, _ what: String) throws(HostError) {
            if let value, !(value.isFinite && abs(value) <= Self.longestSpan) {
                throw refuse("\(what) must be a finite number of seconds within \(Int(Self.longestSpan)) (got \(value))")
            }
        }
        for instance in instances {
            for window in instance.relevance ?? [] {
                try seconds(window.from, "instance \(instance.id): relevance from")
                try seconds(window.to, "instance \(instance.id): relevance to")
                try seconds(window.duration, "instance \(instance.id): relevance duration")
                guard window.score.isFinite else { throw refuse("instance \(instance.id): a relevance score must be a finite number") }
            }
            for clue in instance.clues ?? [] {
                guard ["date", "location", "fitness", "sleep", "headphones"].contains(clue.context) else {
                    throw refuse("instance \(instance.id): a clue's context is date, location, fitness, sleep or headphones (got \(clue.context))")
                }
                try seconds(clue.from, "instance \(instance.id): clue from")
                try seconds(clue.to, "instance \(instance.id): clue to")
                if clue.context == "date", clue.from == nil || clue.to == nil { throw refuse("instance \(instance.id): a date clue needs from and to") }
            }
        }
        for stack in stacks ?? [] {
            guard !stack.members.isEmpty else { throw refuse("stack \(stack.id) has no members") }
            for member in stack.members where !ids.contains(member) { throw refuse("stack \(stack.id): unknown instance \(member)") }
        }
        for situation in situations ?? [] {
            try seconds(situation.from, "a situation's from")
            try seconds(situation.to, "a situation's to")
        }
        var activityIDs = Set<String>()
        for activity in activities ?? [] {
            guard activityIDs.insert(activity.id).inserted else { throw refuse("activity id \(activity.id) is used twice") }
            try seconds(activity.start, "activity \(activity.id): start")
            try seconds(activity.end, "activity \(activity.id): end")
            try seconds(activity.staleAfter, "activity \(activity.id): staleAfter")
            for push in activity.pushes ?? [] {
                try seconds(push.from, "activity \(activity.id): pushes from")
                try seconds(push.to, "activity \(activity.id): pushes to")
                guard push.every.isFinite, push.every >= 1, push.every <= Self.longestSpan else {
                    throw refuse("activity \(activity.id): pushes every must be at least 1 second (got \(push.every))")
                }
                guard push.priority == nil || push.priority == 5 || push.priority == 10 else {
                    throw refuse("activity \(activity.id): a push's priority is 5 or 10 (got \(push.priority ?? 0))")
                }
            }
        }
        if let reason = liveActivities?.rules.validated() { throw refuse("liveActivities: \(reason)") }
    }
}

/// Windows repeated daily (or once), as absolute intervals over `days` from `start`.
func windows(from: Double, to: Double, daily: Bool?, start: Date, days: Int) -> [DateInterval] {
    let repeats = daily == true ? days : 1
    return (0..<repeats).compactMap { day in
        let offset = Double(day) * 86_400
        let begin = start.addingTimeInterval(offset + from), end = start.addingTimeInterval(offset + to)
        return end > begin ? DateInterval(start: begin, end: end) : nil
    }
}
