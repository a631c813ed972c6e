import Foundation
import LiveActivities
import SmartStack
import WidgetHostCore
import WidgetProtocol

/// A scenario's Smart Stacks played over its days: every minute, each stack's choice (`SmartStack`)
/// from its members' entry relevance and `relevance()` clues, the scripted situation, and the Live
/// Activities running; reported as the spans each member spent on top, with why.
public struct StackSimulation {
    /// One span of one stack: who was on top from `start` to `end`, and why (the reason at the start).
    public struct Span: Hashable, Sendable, Codable {
        public var start: Date
        public var end: Date
        public var top: String
        public var reason: String
    }

    public struct Result: Sendable {
        /// By stack id, in time order.
        public var spans: [String: [Span]]
    }

    /// Where a member's relevance comes from: the scenario's script, or a real extension's timelines and
    /// `relevance()` (asked afresh at the start of each day).
    public typealias MemberSource = (_ instance: Scenario.Instance, _ dayStart: Date) -> SmartStack.Member

    public static let step: TimeInterval = 60

    public static func run(_ scenario: Scenario, start: Date, days: Int, activities: ActivityBoard?,
                           activityNames: [String: String] = [:], source: MemberSource? = nil) -> Result {
        let situations = (scenario.situations ?? []).flatMap { spec in
            windows(from: spec.from, to: spec.to, daily: spec.daily, start: start, days: days).map { ($0, spec) }
        }
        var spans: [String: [Span]] = [:]
        for spec in scenario.stacks ?? [] {
            let instances = spec.members.compactMap { id in scenario.instances.first { $0.id == id } }
            var stack = SmartStack(platform: spec.platform ?? .iOS, members: [])
            var list: [Span] = []
            for day in 0..<days {
                let dayStart = start.addingTimeInterval(Double(day) * 86_400)
                stack.members = instances.map { source?($0, dayStart) ?? scripted($0, start: start, days: days) }
                var now = dayStart
                while now < dayStart.addingTimeInterval(86_400) {
                    let running = activities.map { board in
                        board.records.filter { $0.isRunning(at: now) }.map { activityNames[$0.id] ?? $0.id }
                    } ?? []
                    let choice = stack.choose(at: now, situation: situation(at: now, situations), liveActivities: running)
                    if let last = list.last, last.top == choice.top, last.end == now {
                        list[list.count - 1].end = now.addingTimeInterval(step)
                    } else {
                        list.append(Span(start: now, end: now.addingTimeInterval(step), top: choice.top, reason: choice.reason))
                    }
                    now = now.addingTimeInterval(step)
                }
            }
            spans[spec.id] = list
        }
        return Result(spans: spans)
    }

    /// A scripted instance's relevance: its windows as entries (each followed by a zero-score entry at
    /// its end), its clues with their windows.
    static func scripted(_ instance: Scenario.Instance, start: Date, days: Int) -> SmartStack.Member {
        var entries: [(date: Date, score: Double, duration: Double)] = []
        for window in instance.relevance ?? [] {
            for interval in windows(from: window.from, to: window.to, daily: window.daily, start: start, days: days) {
                entries.append((interval.start, window.score, window.duration ?? interval.duration))
                entries.append((interval.end, 0, 0))
            }
        }
        entries.sort { $0.date < $1.date }
        var clues: [RelevanceClue] = []
        for spec in instance.clues ?? [] {
            switch spec.context {
            case "date":
                let kind: UInt8 = spec.kind == "scheduled" ? 2 : spec.kind == "informational" ? 1 : 0
                for interval in windows(from: spec.from ?? 0, to: spec.to ?? 0, daily: spec.daily, start: start, days: days) {
                    clues.append(RelevanceClue(context: .date(start: interval.start, end: interval.end, kind: kind), group: spec.group))
                }
            case "location": clues.append(RelevanceClue(context: .location(spec.place ?? ""), group: spec.group))
            case "fitness": clues.append(RelevanceClue(context: .fitness(spec.condition ?? ""), group: spec.group))
            case "sleep": clues.append(RelevanceClue(context: .sleep(spec.condition ?? ""), group: spec.group))
            default: clues.append(RelevanceClue(context: .headphones, group: spec.group))
            }
        }
        return SmartStack.Member(id: instance.id, entries: entries, clues: clues, relevanceOnly: instance.relevanceOnly ?? false)
    }

    static func situation(at now: Date, _ situations: [(DateInterval, Scenario.SituationSpec)]) -> Situation {
        var situation = Situation()
        for (interval, spec) in situations where interval.start <= now && now < interval.end {
            if let location = spec.location { situation.location = location }
            situation.fitness += spec.fitness ?? []
            if let sleep = spec.sleep { situation.sleep = sleep }
            if spec.headphones == true { situation.headphones = true }
        }
        return situation
    }

    /// The report's section: each stack's spans, times as offsets from the start.
    public static func text(_ result: Result, scenario: Scenario, start: Date) -> String {
        var out = ""
        for spec in scenario.stacks ?? [] {
            let spans = result.spans[spec.id] ?? []
            out += "\nSmart Stack \(spec.id) (\((spec.platform ?? .iOS).rawValue)): which widget was on top, when, and why\n"
            var totals: [String: TimeInterval] = [:]
            for span in spans { totals[span.top, default: 0] += span.end.timeIntervalSince(span.start) }
            for member in totals.keys.sorted(by: { totals[$0]! > totals[$1]! }) {
                out += "  \(member): \(hours(totals[member]!)) on top\n"
            }
            for span in spans.prefix(200) {
                out += "  \(clock(span.start, from: start))–\(clock(span.end, from: start))  \(span.top): \(span.reason)\n"
            }
            if spans.count > 200 { out += "  … \(spans.count - 200) more spans (in stacks.json)\n" }
        }
        return out
    }

    static func clock(_ date: Date, from start: Date) -> String {
        let seconds = Int(date.timeIntervalSince(start))
        let day = seconds / 86_400, rest = seconds % 86_400
        return String(format: "d%d %02d:%02d", day + 1, rest / 3600, rest % 3600 / 60)
    }

    static func hours(_ seconds: TimeInterval) -> String { String(format: "%.1f h", seconds / 3600) }
}
