import Foundation
import WidgetArchive
import WidgetProtocol

/// Plays a scenario on a virtual clock: every reload request is decided against the instance's
/// budget (granted, exempt, or deferred until budget is available — never dropped), timelines are
/// fetched from the source, and staleness is measured against how often the data changes. Events are
/// processed in time order (ties in insertion order), so a run is reproducible from its seed.
public final class ReloadSimulator {
    public struct Options: Sendable {
        public var days: Int = 7
        public var seed: UInt64 = 1
        /// Overrides every instance's daily budget.
        public var budget: Int?
        /// The least time between two counted reloads of one instance.
        public var minimumInterval: TimeInterval = 5 * 60
        public init() {}
    }

    enum Action {
        case initial
        case policyDue(generation: Int)
        case request(ReloadCause)
        case deferredRetry(generation: Int)
    }

    struct Queued: Comparable {
        var date: Date
        var sequence: Int
        var instance: Int
        var action: Action
        static func < (a: Queued, b: Queued) -> Bool { (a.date, a.sequence) < (b.date, b.sequence) }
        static func == (a: Queued, b: Queued) -> Bool { a.date == b.date && a.sequence == b.sequence }
    }

    struct InstanceState {
        var spec: Scenario.Instance
        var budget: ReloadBudget
        var lastCounted: Date?
        var lastFetch: Date?
        var policyGeneration = 0
        var deferredUntil: Date?
        var deferredGeneration = 0
        var foregroundWindows: [(Date, Date)] = []
        var dataPhase: Double
        var stats: [DayStats]
        var staleIntegral: Double = 0
    }

    public struct DayStats: Hashable, Sendable, Codable {
        public var requested = 0, granted = 0, exempt = 0, deferred = 0, failed = 0
        public var staleSeconds = 0.0, maxStaleness = 0.0
        public var budgetLeftAtEnd = 0
    }

    public struct Result: Sendable {
        public var start: Date
        public var days: Int
        public var instanceIDs: [String]
        public var events: [ScheduleEvent]
        /// stats[instance][day]
        public var stats: [[DayStats]]
        /// Hourly samples: (hours since start, budget left per instance, staleness per instance in minutes).
        public var samples: [(Double, [Int], [Double])]
    }

    let scenario: Scenario
    let options: Options
    let source: TimelineSource
    let start: Date
    private var queue: [Queued] = []
    private var sequence = 0
    private var states: [InstanceState] = []
    private var events: [ScheduleEvent] = []
    private var rng: SeededRandom

    public init(scenario: Scenario, options: Options, source: TimelineSource, start: Date) {
        self.scenario = scenario
        self.options = options
        self.source = source
        self.start = start
        rng = SeededRandom(seed: options.seed)
    }

    private func push(_ date: Date, _ instance: Int, _ action: Action) {
        sequence += 1
        queue.append(Queued(date: date, sequence: sequence, instance: instance, action: action))
        var i = queue.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard queue[i] < queue[parent] else { break }
            queue.swapAt(i, parent)
            i = parent
        }
    }

    private func pop() -> Queued? {
        guard let first = queue.first else { return nil }
        let last = queue.removeLast()
        if !queue.isEmpty {
            queue[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < queue.count && queue[l] < queue[m] { m = l }
                if r < queue.count && queue[r] < queue[m] { m = r }
                if m == i { break }
                queue.swapAt(i, m)
                i = m
            }
        }
        return first
    }

    /// Runs the whole scenario. `progress` is called with the fraction done, about once per simulated hour.
    public func run(progress: (Double) -> Void = { _ in }) -> Result {
        let end = start.addingTimeInterval(Double(options.days) * 86_400)
        for spec in scenario.instances {
            let limit = options.budget ?? spec.budget ?? (spec.views ?? .high).dailyBudget
            let phase = Double(rng.next() % 1000) / 1000
            states.append(InstanceState(spec: spec, budget: ReloadBudget(dailyLimit: limit), dataPhase: phase,
                                        stats: Array(repeating: DayStats(), count: options.days)))
        }
        for i in states.indices { push(start, i, .initial) }
        scheduleAppEvents(end: end)

        var samples: [(Double, [Int], [Double])] = []
        var nextSample = start
        while let item = pop(), item.date < end {
            while nextSample <= item.date {
                samples.append(sample(at: nextSample))
                progress(nextSample.timeIntervalSince(start) / end.timeIntervalSince(start))
                nextSample = nextSample.addingTimeInterval(3600)
            }
            handle(item)
        }
        while nextSample < end {
            samples.append(sample(at: nextSample))
            nextSample = nextSample.addingTimeInterval(3600)
        }
        // Close the staleness accounting at the end, and each day's remaining budget.
        for i in states.indices {
            accrueStaleness(i, until: end)
            for d in 0..<options.days {
                states[i].stats[d].budgetLeftAtEnd = states[i].budget.remaining(at: start.addingTimeInterval(Double(d + 1) * 86_400))
            }
        }
        progress(1)
        return Result(start: start, days: options.days, instanceIDs: states.map(\.spec.id), events: events,
                      stats: states.map(\.stats), samples: samples)
    }

    private func scheduleAppEvents(end: Date) {
        for event in scenario.events ?? [] {
            let targets = event.instance == "*" ? Array(states.indices) : states.indices.filter { states[$0].spec.id == event.instance }
            let days = event.daily == true ? Array(0..<options.days) : [0]
            for day in days {
                let base = start.addingTimeInterval(Double(day) * 86_400)
                if event.type == .foreground, let from = event.from, let to = event.to {
                    for t in targets { states[t].foregroundWindows.append((base.addingTimeInterval(from), base.addingTimeInterval(to))) }
                    continue
                }
                var times: [Double] = []
                if let at = event.at { times.append(at) }
                if let every = event.every, every > 0 {
                    var t = event.from ?? 0
                    let stop = event.to ?? (event.daily == true ? 86_400 : end.timeIntervalSince(start))
                    while t < stop {
                        // Seeded jitter, as an app's timers have, when the scenario asks for it.
                        let fraction = min(1, max(0, event.jitter ?? 0))
                        let jitter = fraction > 0 ? (Double(rng.next() % 1000) / 1000 - 0.5) * 2 * every * fraction : 0
                        times.append(max(0, t + jitter))
                        t += every
                    }
                }
                for time in times {
                    let date = base.addingTimeInterval(time)
                    guard date < end else { continue }
                    for t in targets {
                        let cause: ReloadCause = switch event.type {
                        case .tap: .interaction
                        case .configurationChange: .configurationChange
                        case .systemChange: .systemChange
                        case .reloadTimelines, .foreground: event.foreground == true ? .appForeground : .appBackground
                        }
                        push(date, t, .request(cause))
                    }
                }
            }
        }
    }

    private func day(_ date: Date) -> Int { min(options.days - 1, max(0, Int(date.timeIntervalSince(start) / 86_400))) }

    private func log(_ i: Int, _ date: Date, _ cause: ReloadCause?, _ outcome: ScheduleEvent.Outcome, until: Date? = nil, detail: String? = nil) {
        events.append(ScheduleEvent(
            time: date.timeIntervalSince(start), instance: states[i].spec.id, cause: cause, outcome: outcome,
            until: until.map { $0.timeIntervalSince(start) }, budgetLeft: states[i].budget.remaining(at: date), detail: detail))
    }

    private func isForeground(_ i: Int, _ date: Date) -> Bool {
        states[i].foregroundWindows.contains { date >= $0.0 && date < $0.1 }
    }

    private func handle(_ item: Queued) {
        let i = item.instance, now = item.date
        switch item.action {
        case .initial:
            states[i].stats[day(now)].requested += 1
            reload(i, at: now, cause: .initial, outcome: .exempt)
        case .policyDue(let generation):
            guard generation == states[i].policyGeneration else { return }
            request(i, at: now, cause: .policy)
        case .request(var cause):
            if cause == .appBackground && isForeground(i, now) { cause = .appForeground }
            request(i, at: now, cause: cause)
        case .deferredRetry(let generation):
            guard generation == states[i].deferredGeneration, states[i].deferredUntil != nil else { return }
            states[i].deferredUntil = nil
            states[i].budget.spend(at: now)
            states[i].lastCounted = now
            reload(i, at: now, cause: .policy, outcome: .resumed)
        }
    }

    private func request(_ i: Int, at now: Date, cause: ReloadCause) {
        states[i].stats[day(now)].requested += 1
        guard cause.isCounted else {
            // Exempt reloads also satisfy a request that was waiting for budget.
            if states[i].deferredUntil != nil {
                states[i].deferredUntil = nil
                states[i].deferredGeneration += 1
            }
            states[i].stats[day(now)].exempt += 1
            reload(i, at: now, cause: cause, outcome: .exempt)
            return
        }
        if let waiting = states[i].deferredUntil {
            states[i].stats[day(now)].deferred += 1
            log(i, now, cause, .deferred, until: waiting, detail: "joins the request already waiting")
            return
        }
        var allowed = states[i].budget.nextAvailable(at: now)
        if let last = states[i].lastCounted { allowed = max(allowed, last.addingTimeInterval(options.minimumInterval)) }
        if allowed <= now {
            states[i].budget.spend(at: now)
            states[i].lastCounted = now
            states[i].stats[day(now)].granted += 1
            reload(i, at: now, cause: cause, outcome: .granted)
        } else {
            states[i].deferredUntil = allowed
            states[i].deferredGeneration += 1
            states[i].stats[day(now)].deferred += 1
            log(i, now, cause, .deferred, until: allowed,
                detail: states[i].budget.remaining(at: now) == 0 ? "daily budget spent" : "too soon after the last reload")
            push(allowed, i, .deferredRetry(generation: states[i].deferredGeneration))
        }
    }

    private func reload(_ i: Int, at now: Date, cause: ReloadCause, outcome: ScheduleEvent.Outcome) {
        let timeline: ScheduledTimeline
        do {
            timeline = try source.timeline(for: states[i].spec, at: now)
        } catch {
            states[i].stats[day(now)].failed += 1
            log(i, now, cause, .failed, detail: "\(error)")
            return
        }
        accrueStaleness(i, until: now)
        states[i].lastFetch = now
        log(i, now, cause, outcome, detail: "\(timeline.entryDates.count) entries, policy \(policyText(timeline.policy))")
        states[i].policyGeneration += 1
        let due = timeline.policy.nextReload(entryDates: timeline.entryDates, fetchedAt: now, notBefore: now.addingTimeInterval(1))
        if let due { push(due, i, .policyDue(generation: states[i].policyGeneration)) }
    }

    private func policyText(_ p: ReloadPolicy) -> String {
        switch p {
        case .atEnd: "atEnd"
        case .never: "never"
        case .after(let d): "after +\(Int(d.timeIntervalSince(start)))s"
        }
    }

    private func changeInterval(_ i: Int) -> Double { max(1, states[i].spec.dataChangeEvery ?? 900) }

    /// The first data change strictly after `date`.
    private func nextChange(_ i: Int, after date: Date) -> Date {
        let every = changeInterval(i)
        let offset = states[i].dataPhase * every
        let k = ((date.timeIntervalSince(start) - offset) / every).rounded(.down) + 1
        return start.addingTimeInterval(offset + k * every)
    }

    /// Staleness between the last fetch and `until`: from the first data change after the fetch, the
    /// widget lags behind, linearly growing until the next reload.
    private func accrueStaleness(_ i: Int, until: Date) {
        guard let fetch = states[i].lastFetch else { return }
        let change = nextChange(i, after: fetch)
        guard change < until else { return }
        // Split across days for the per-day figures.
        var from = change
        while from < until {
            let d = day(from)
            let dayEnd = min(until, start.addingTimeInterval(Double(d + 1) * 86_400))
            let a = from.timeIntervalSince(change), b = dayEnd.timeIntervalSince(change)
            states[i].stats[d].staleSeconds += (b * b - a * a) / 2
            states[i].stats[d].maxStaleness = max(states[i].stats[d].maxStaleness, b)
            from = dayEnd
        }
    }

    private func sample(at date: Date) -> (Double, [Int], [Double]) {
        var budgets: [Int] = [], stale: [Double] = []
        for i in states.indices {
            budgets.append(states[i].budget.remaining(at: date))
            if let fetch = states[i].lastFetch {
                let change = nextChange(i, after: fetch)
                stale.append(change < date ? date.timeIntervalSince(change) / 60 : 0)
            } else {
                stale.append(0)
            }
        }
        return (date.timeIntervalSince(start) / 3600, budgets, stale)
    }
}
