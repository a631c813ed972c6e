import Foundation
import WidgetArchive
import WidgetRandom
import WidgetScheduling

/// The scenario's app events (reload requests, taps, configuration and system changes), made a
/// simulated day at a time rather than all up front, so memory stays flat however many days a
/// simulation covers. The result is the same as making them all at the start: each occurrence keeps
/// the place it would have had in that order (`order`), and its jitter is the same draw of the
/// seeded generator (SplitMix64 can jump to any draw).
struct AppEventStream {
    /// What an event does to an instance: asks for a reload, or shows its page.
    enum Happening: Hashable {
        case request(ReloadCause)
        /// The user views the page the widget is on (`view` events).
        case pageViewed
    }

    /// One app request for one instance.
    struct Occurrence {
        var date: Date
        /// Its place among all occurrences made up front: ties at one date are taken in this order.
        var order: Int
        var instance: Int
        var happening: Happening
    }

    /// What one scenario event makes, worked out once.
    private struct Plan {
        var targets: [Int]
        var happening: Happening
        var at: Double?
        var daily: Bool
        var every: Double
        var jitterFraction: Double
        /// A daily event's repeats in one day, before jitter.
        var dayRepeats: [Double]
        /// Another event's repeats: where making them has got to (time before jitter, and count).
        var nextRepeat: Double
        var repeatsMade = 0
        var stop: Double
        /// The generator's draws made before this event's first.
        var firstDraw: UInt64
        /// The first `order` of this event.
        var firstOrder: Int
    }

    /// A day of a daily event, or 24 hours of repeats of another.
    private struct Batch {
        var plan: Int
        var index: Int
    }

    private let start: Date
    private let end: Date
    private let days: Int
    private let seed: UInt64
    private var plans: [Plan] = []
    /// Batches not made yet, by the earliest date any of their occurrences can have.
    private var batches = TimeOrderedQueue<Batch>()

    /// `drawsBefore`: draws the simulation makes from `seed` before the first event's jitter.
    init(scenario: Scenario, instanceIDs: [String], start: Date, days: Int, seed: UInt64, drawsBefore: UInt64) {
        self.start = start
        end = start.addingTimeInterval(Double(days) * 86_400)
        self.days = days
        self.seed = seed
        var draws = drawsBefore
        for (e, event) in (scenario.events ?? []).enumerated() where !(event.type == .foreground && event.from != nil && event.to != nil) {
            let targets = event.instance == "*" ? Array(instanceIDs.indices) : instanceIDs.indices.filter { instanceIDs[$0] == event.instance }
            let daily = event.daily == true
            let every = event.every ?? 0
            let from = event.from ?? 0
            let stop = every > 0 ? event.to ?? (daily ? 86_400 : end.timeIntervalSince(start)) : -.infinity
            // Counted as made, by the same additions, so that every later event's draws line up.
            var repeats: [Double] = []
            var count = 0
            var t = from
            while t < stop {
                if daily { repeats.append(t) }
                count += 1
                t += every
            }
            let fraction = min(1, max(0, event.jitter ?? 0))
            plans.append(Plan(targets: targets, happening: Self.happening(of: event), at: event.at, daily: daily, every: every,
                              jitterFraction: fraction, dayRepeats: repeats, nextRepeat: from, stop: stop, firstDraw: draws,
                              firstOrder: (e + 1) << 40))
            if fraction > 0 { draws += UInt64(count * (daily ? days : 1)) }
            if !daily || days > 0 { batches.insert(Batch(plan: plans.count - 1, index: 0), at: start) }
        }
    }

    /// What a scenario event does: a page viewed, or a reload asked for, for its cause.
    private static func happening(of event: Scenario.Event) -> Happening {
        switch event.type {
        case .view: .pageViewed
        case .tap: .request(.interaction)
        case .animation: .request(.animation)
        case .configurationChange: .request(.configurationChange)
        case .systemChange: .request(.systemChange)
        case .push: .request(.push)
        case .reloadTimelines, .foreground: .request(event.foreground == true ? .appForeground : .appBackground)
        }
    }

    /// Made and not yet taken, earliest first from `cursor` on.
    private var pending: [Occurrence] = []
    private var cursor = 0

    /// The next occurrence, once `prepare(before:)` has made what could come before it.
    var next: Occurrence? { cursor < pending.count ? pending[cursor] : nil }

    mutating func removeNext() { cursor += 1 }

    /// How many occurrences are held: about a day's.
    var madeAndNotTaken: Int { pending.count - cursor }

    /// Makes every batch that could hold an occurrence due no later than both `limit` (the owner's
    /// next thing to do) and the next occurrence already made: after this, `next` is truly the next.
    mutating func prepare(before limit: Date?) {
        while let possible = batches.nextDate {
            let made = next?.date
            let horizon = limit.map { l in made.map { min(l, $0) } ?? l } ?? made
            if let horizon, possible > horizon { return }
            var batch: [Occurrence] = []
            while let (_, due) = batches.removeFirst(dueBy: horizon ?? possible) { make(due, into: &batch) }
            pending.removeFirst(cursor)
            cursor = 0
            pending.append(contentsOf: batch)
            pending.sort { $0.date < $1.date || ($0.date == $1.date && $0.order < $1.order) }
        }
    }

    private mutating func make(_ batch: Batch, into made: inout [Occurrence]) {
        let plan = plans[batch.plan]
        var times: [Double] = []
        if batch.index == 0 || plan.daily, let at = plan.at { times.append(at) }
        if plan.daily {
            let base = start.addingTimeInterval(Double(batch.index) * 86_400)
            var rng = SeededRandom(seed: seed, skipping: plan.firstDraw + UInt64(batch.index * plan.dayRepeats.count))
            for t in plan.dayRepeats { times.append(jittered(t, plan, &rng)) }
            emit(times, plan, base: base, position: batch.index * ((plan.at == nil ? 0 : 1) + plan.dayRepeats.count), into: &made)
            if batch.index + 1 < days {
                batches.insert(Batch(plan: batch.plan, index: batch.index + 1), at: base.addingTimeInterval(86_400))
            }
        } else {
            // The repeats whose time before jitter falls in the 24 hours of the next one.
            let position = (batch.index == 0 ? 0 : (plan.at == nil ? 0 : 1)) + plan.repeatsMade
            var rng = SeededRandom(seed: seed, skipping: plan.firstDraw + UInt64(plan.repeatsMade))
            var t = plan.nextRepeat, count = plan.repeatsMade
            let limit = ((t / 86_400).rounded(.down) + 1) * 86_400
            while t < plan.stop && t < limit {
                times.append(jittered(t, plan, &rng))
                count += 1
                t += plan.every
            }
            plans[batch.plan].nextRepeat = t
            plans[batch.plan].repeatsMade = count
            emit(times, plan, base: start, position: position, into: &made)
            if t < plan.stop {
                batches.insert(Batch(plan: batch.plan, index: batch.index + 1),
                               at: start.addingTimeInterval(max(0, t - plan.every * plan.jitterFraction)))
            }
        }
    }

    /// Seeded jitter, as an app's timers have, when the scenario asks for it.
    private func jittered(_ t: Double, _ plan: Plan, _ rng: inout SeededRandom) -> Double {
        let jitter = plan.jitterFraction > 0 ? (Double(rng.next() % 1000) / 1000 - 0.5) * 2 * plan.every * plan.jitterFraction : 0
        return max(0, t + jitter)
    }

    /// `position`: the place of the first of `times` among all the event's times, `at` first.
    private func emit(_ times: [Double], _ plan: Plan, base: Date, position: Int, into made: inout [Occurrence]) {
        for (n, time) in times.enumerated() {
            let date = base.addingTimeInterval(time)
            guard date < end else { continue }
            for (t, instance) in plan.targets.enumerated() {
                made.append(Occurrence(date: date, order: plan.firstOrder + (position + n) * plan.targets.count + t,
                                       instance: instance, happening: plan.happening))
            }
        }
    }
}
