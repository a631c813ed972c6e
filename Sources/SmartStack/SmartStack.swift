import Foundation
import WidgetProtocol

/// What the device is doing at a moment, as a scripted day says: where it is, and what the person is
/// doing. What relevance clues about places and activities are matched against.
public struct Situation: Hashable, Sendable, Codable {
    /// `home`, `work`, `school`, `commute`, or `region:LAT,LON,RADIUS`-style and `category:NAME` places.
    public var location: String?
    /// `workoutActive`, `activityRingsIncomplete`.
    public var fitness: [String]
    /// `bedtime`, `wakeup`.
    public var sleep: String?
    public var headphones: Bool

    public init(location: String? = nil, fitness: [String] = [], sleep: String? = nil, headphones: Bool = false) {
        self.location = location
        self.fitness = fitness
        self.sleep = sleep
        self.headphones = headphones
    }
}

/// A Smart Stack: widgets in the person's order, and the system's choice of which to show on top, with
/// why. The rules, from WidgetKit's "Widget suggestions in Smart Stacks" and `TimelineEntryRelevance`:
/// - on watchOS a running Live Activity is on top;
/// - on iOS and iPadOS a widget's current timeline entry counts, by its relevance score relative to the
///   highest score its timeline gives (only relative values matter: a widget whose entries all say the
///   same is never rotated up by them, and a score of 0 or less never is), for the entry's `duration`
///   after its date (0: while it is current);
/// - on watchOS the widget's `relevance()` clues count (and a `RelevanceConfiguration` widget shows only
///   while one of its clues matches): a date clue while its interval lasts (scheduled 1.0, default 0.9,
///   informational 0.8), a place, workout, sleep or headphones clue while the situation says so (0.9);
///   of a group (`WidgetRelevanceGroup.named`), only the most relevant member is a candidate;
/// - the most relevant candidate goes on top (ties: the person's order); with none, the person's top;
/// - the system limits how often it rotates: a widget rotated up stays at least `holdTime` (15 minutes,
///   representative: Apple gives no figure) unless its relevance ends or a Live Activity comes.
/// Pure: the caller gives each instant and what is current then.
public struct SmartStack: Sendable {
    public enum Platform: String, Hashable, Sendable, Codable { case iOS, watchOS }

    /// One widget in the stack and what makes it relevant.
    public struct Member: Hashable, Sendable {
        public var id: String
        /// Timeline entries' relevance: (date, score, duration).
        public var entries: [(date: Date, score: Double, duration: Double)]
        public var clues: [RelevanceClue]
        /// A `RelevanceConfiguration` widget: never shown but for a matching clue.
        public var relevanceOnly: Bool

        public init(id: String, entries: [(date: Date, score: Double, duration: Double)] = [], clues: [RelevanceClue] = [],
                    relevanceOnly: Bool = false) {
            self.id = id
            self.entries = entries
            self.clues = clues
            self.relevanceOnly = relevanceOnly
        }

        public static func == (a: Member, b: Member) -> Bool {
            a.id == b.id && a.clues == b.clues && a.relevanceOnly == b.relevanceOnly
                && a.entries.map { "\($0.date.timeIntervalSince1970) \($0.score) \($0.duration)" }
                == b.entries.map { "\($0.date.timeIntervalSince1970) \($0.score) \($0.duration)" }
        }

        public func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }

    /// What the stack shows, and why.
    public struct Choice: Hashable, Sendable, Codable {
        public var top: String
        public var reason: String
    }

    public var platform: Platform
    public var members: [Member]
    public var holdTime: TimeInterval = 15 * 60
    private var current: (choice: Choice, since: Date, weight: Double)?

    public init(platform: Platform, members: [Member]) {
        self.platform = platform
        self.members = members
    }

    /// The top at `now`, given the situation and the running Live Activities (by name).
    public mutating func choose(at now: Date, situation: Situation, liveActivities: [String] = []) -> Choice {
        lastSituation = situation
        if platform == .watchOS, let activity = liveActivities.first {
            return settle(Choice(top: activity, reason: "Live Activity \(activity) is running: activities top the watch's Smart Stack"),
                          weight: .infinity, at: now)
        }
        let candidates = members.compactMap { member in relevance(of: member, at: now, situation: situation).map { (member, $0) } }
        let grouped = bestOfEachGroup(candidates)
        guard let best = grouped.max(by: { $0.1.weight < $1.1.weight || ($0.1.weight == $1.1.weight && order($0.0) > order($1.0)) }) else {
            let fallback = members.first { !$0.relevanceOnly }?.id ?? "(empty)"
            return settle(Choice(top: fallback, reason: "nothing is relevant: the person's top"), weight: 0, at: now)
        }
        return settle(Choice(top: best.0.id, reason: best.1.reason), weight: best.1.weight, at: now)
    }

    /// Keeps a widget rotated up for the hold time, unless its relevance ended or something must go on top.
    private mutating func settle(_ choice: Choice, weight: Double, at now: Date) -> Choice {
        if let held = current, held.choice.top != choice.top, weight != .infinity, now.timeIntervalSince(held.since) < holdTime,
           held.weight > 0, held.weight != .infinity, stillRelevant(held.choice.top, at: now) {
            return Choice(top: held.choice.top, reason: held.choice.reason + " (held: the stack rotates at most every \(Int(holdTime / 60)) min)")
        }
        if current?.choice.top != choice.top { current = (choice, now, weight) }
        return choice
    }

    /// The situation of the latest choice: whether a held widget is still relevant is judged in it.
    private var lastSituation = Situation()

    private func stillRelevant(_ id: String, at now: Date) -> Bool {
        guard let member = members.first(where: { $0.id == id }) else { return false }
        return relevance(of: member, at: now, situation: lastSituation) != nil
    }

    private func order(_ member: Member) -> Int { members.firstIndex { $0.id == member.id } ?? members.count }

    private func bestOfEachGroup(_ candidates: [(Member, (weight: Double, reason: String, group: String?))]) -> [(Member, (weight: Double, reason: String, group: String?))] {
        var best: [String: (Member, (weight: Double, reason: String, group: String?))] = [:]
        var loose: [(Member, (weight: Double, reason: String, group: String?))] = []
        for candidate in candidates {
            guard let group = candidate.1.group, !group.isEmpty else { loose.append(candidate); continue }
            if let existing = best[group], existing.1.weight >= candidate.1.weight { continue }
            best[group] = candidate
        }
        return loose + best.values
    }

    /// How relevant a member is now (0…1), why, and its group; nil when it is not.
    func relevance(of member: Member, at now: Date, situation: Situation) -> (weight: Double, reason: String, group: String?)? {
        if platform == .iOS, !member.relevanceOnly {
            guard let entry = member.entries.last(where: { $0.date <= now }), entry.score > 0 else { return nil }
            let next = member.entries.first { $0.date > now }?.date
            let until = entry.duration > 0 ? entry.date.addingTimeInterval(entry.duration) : (next ?? .distantFuture)
            guard now < until else { return nil }
            // Scores are the widget's own scale: one that always says the same has nothing to stand out with.
            let scores = member.entries.map(\.score)
            guard let highest = scores.max(), let lowest = scores.min(), highest > lowest else { return nil }
            let weight = entry.score / highest
            return (weight, "\(member.id): its entry's relevance \(Self.number(entry.score)) (\(Int((weight * 100).rounded())) % of its highest)"
                    + (entry.duration > 0 ? ", for \(Int(entry.duration)) s" : ""), nil)
        }
        var best: (weight: Double, reason: String, group: String?)?
        for clue in member.clues {
            guard let context = clue.context, let (weight, why) = Self.matches(context, at: now, situation: situation) else { continue }
            if weight > (best?.weight ?? 0) { best = (weight, "\(member.id): \(why)", clue.group) }
        }
        return best
    }

    static func matches(_ context: RelevanceContextValue, at now: Date, situation: Situation) -> (Double, String)? {
        switch context {
        case .date(let start, let end, let kind):
            guard now >= start && now < end else { return nil }
            let (weight, name) = kind == 2 ? (1.0, "scheduled") : kind == 1 ? (0.8, "informational") : (0.9, "default")
            return (weight, "date relevance (\(name)) \(iso(start))–\(iso(end))")
        case .location(let place):
            return situation.location == place ? (0.9, "at \(place)") : nil
        case .fitness(let condition):
            return situation.fitness.contains(condition) ? (0.9, "fitness: \(condition)") : nil
        case .sleep(let condition):
            return situation.sleep == condition ? (0.9, "sleep: \(condition)") : nil
        case .headphones:
            return situation.headphones ? (0.9, "headphones connected") : nil
        }
    }

    static func iso(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: date)
    }

    static func number(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : String(format: "%.2f", x) }
}
