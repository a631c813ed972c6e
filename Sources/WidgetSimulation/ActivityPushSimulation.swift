import Foundation
import LiveActivities
import WidgetHostCore
import WidgetProtocol

/// A scenario's Live Activities played under the system's rules (`ActivityBoard`) on a virtual clock:
/// each app starts its activity, its server pushes updates on schedule at priority 10 or 5, and the
/// board delivers, throttles or holds each, ends activities past eight hours and removes them. What
/// became of every push is counted, per activity and per hour.
public struct ActivityPushSimulation {
    public struct Totals: Hashable, Sendable, Codable {
        public var pushes = 0
        /// Priority 10 within the hour's budget: delivered at once.
        public var delivered = 0
        /// Priority 10 beyond the budget: delivered as priority 5, with the next burst.
        public var throttled = 0
        /// Sent at priority 5: delivered with the next burst.
        public var lowPriority = 0
        /// Delivered after the activity ended, or refused.
        public var ignored = 0
        /// When the activity ended, and why (`ended` by the app, `lifetimeLimit`).
        public var endedAt: Date?
        public var endedBy: String?
    }

    public struct Result: Sendable {
        public var totals: [String: Totals]
        /// Every decision, oldest first.
        public var log: [ActivityLogEntry]
        /// The board as the simulation left it: which activities ran when.
        public var board: ActivityBoard
        public var ids: [String: String]
    }

    public static func run(_ scenario: Scenario, start: Date, days: Int) -> Result {
        var board = ActivityBoard(rules: scenario.liveActivities?.rules ?? ActivityRules())
        board.frequentUpdates = Set((scenario.activities ?? []).filter { $0.frequentUpdates == true }.map { $0.app ?? $0.id })
        var actions: [(date: Date, order: Int, act: (inout ActivityBoard) -> ActivityPushOutcome?)] = []
        var ids: [String: String] = [:]
        for (n, spec) in (scenario.activities ?? []).enumerated() {
            let id = String(format: "00000000-0000-4000-8000-%012d", n + 1)
            ids[spec.id] = id
            let app = spec.app ?? spec.id
            let begin = start.addingTimeInterval(spec.start)
            let content = { (date: Date) in
                ActivityContentValue(state: Array(#"{"at":\#(Int(date.timeIntervalSince(start)))}"#.utf8),
                                     staleDate: spec.staleAfter.map { date.addingTimeInterval($0) }, relevanceScore: spec.relevance ?? 0)
            }
            let request = ActivityStart(id: id, attributesType: spec.id, attributes: Array("{}".utf8), content: content(begin), pushType: .token)
            actions.append((begin, 0, { board in
                _ = try? board.request(request, extensionID: app, at: begin)
                return nil
            }))
            for push in spec.pushes ?? [] {
                for window in windows(from: push.from, to: push.to, daily: push.daily, start: start, days: days) {
                    var date = window.start
                    while date < window.end {
                        let at = date
                        let message = ActivityPush(target: .activity(id), event: .update, content: content(at), priority: push.priority ?? 10,
                                                   payloadSize: 200)
                        actions.append((at, 1, { board in board.push(message, at: at) }))
                        date = date.addingTimeInterval(push.every)
                    }
                }
            }
            if let end = spec.end {
                let at = start.addingTimeInterval(end)
                actions.append((at, 2, { board in
                    board.apply(.end(id: id, content: nil, dismissal: .standard, timestamp: nil), at: at)
                    return nil
                }))
            }
        }
        actions.sort { ($0.date, $0.order) < ($1.date, $1.order) }
        var log: [ActivityLogEntry] = []
        for action in actions {
            _ = action.act(&board)
            log += board.takeLog()
        }
        board.advance(to: start.addingTimeInterval(Double(days) * 86_400))
        log += board.takeLog()
        return Result(totals: totals(log, ids: ids), log: log, board: board, ids: ids)
    }

    private static func totals(_ log: [ActivityLogEntry], ids: [String: String]) -> [String: Totals] {
        var totals: [String: Totals] = [:]
        let names = Dictionary(uniqueKeysWithValues: ids.map { ($0.value, $0.key) })
        for entry in log {
            guard let name = names[entry.activityID] else { continue }
            var t = totals[name] ?? Totals()
            switch entry.rule {
            case .pushDelivered: t.pushes += 1; t.delivered += 1
            case .pushThrottled: t.pushes += 1; t.throttled += 1
            case .pushHeld: t.pushes += 1; t.lowPriority += 1
            case .notRunning, .tooLarge, .olderTimestamp: t.ignored += 1
            case .ended, .lifetimeLimit:
                if t.endedAt == nil {
                    t.endedAt = entry.date
                    t.endedBy = entry.rule.rawValue
                }
            default: break
            }
            totals[name] = t
        }
        return totals
    }

    /// The report's section: each activity's pushes and how they went, and when it ended.
    public static func text(_ result: Result, scenario: Scenario, start: Date) -> String {
        var out = "\nLive Activities (pushes under the budget: \(scenario.liveActivities?.rules.pushBudgetPerHour ?? ActivityRules().pushBudgetPerHour) priority-10 an hour)\n"
        for spec in scenario.activities ?? [] {
            let t = result.totals[spec.id] ?? Totals()
            var line = "  \(spec.id): \(t.pushes) pushes: \(t.delivered) delivered at once, \(t.throttled) throttled to priority 5, "
                + "\(t.lowPriority) sent at priority 5 (delivered in bursts), \(t.ignored) ignored"
            if let ended = t.endedAt { line += "; ended at +\(Int(ended.timeIntervalSince(start))) s (\(t.endedBy ?? ""))" }
            out += line + "\n"
        }
        return out
    }
}
