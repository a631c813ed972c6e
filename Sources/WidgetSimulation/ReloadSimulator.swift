import Foundation
import WidgetArchive
import WidgetHostCore
import WidgetProtocol
import WidgetRandom
import WidgetScheduling

/// Plays a scenario on a virtual clock: every reload request is decided against the instance's
/// budget (granted, exempt, or deferred until budget is available — never dropped), timelines are
/// fetched from the source, and staleness is measured against how often the data changes. Events are
/// processed in time order (ties in insertion order), so a run is reproducible from its seed.
///
/// A value, run once (`run` consumes it): its state is local to the run, so the millions of updates
/// a month of a thousand widgets makes need no run-time exclusivity checks.
public struct ReloadSimulator {
    public struct Options: Sendable {
        public var days: Int = 7
        public var seed: UInt64 = 1
        /// Overrides every instance's daily budget.
        public var budget: Int?
        /// The least time between two counted reloads of one instance.
        public var minimumInterval: TimeInterval = 5 * 60
        /// The documented budget rules followed.
        public var rules = BudgetRules()
        public init() {}
    }

    enum Action {
        case initial(Int)
        case request(Int, ReloadCause)
        case wake(ReloadScheduler.Wake)
        /// StandBy's free refresh of an instance shown there.
        case standByRefresh(Int)
        /// The user views the instance's page.
        case pageViewed(Int)
    }

    struct InstanceState {
        var spec: Scenario.Instance
        var lastFetch: Date?
        var foregroundWindows: [(Date, Date)] = []
        var dataPhase: Double
        /// A due reload waits for the page to be viewed.
        var waitsForView = false
        /// On a rarely viewed page, and the rule that postpones its reloads is on.
        var postponesUntilViewed = false
    }

    public struct DayStats: Hashable, Sendable, Codable {
        /// `resumed`: deferred requests that ran later that day, counted against the budget like the granted ones.
        public var requested = 0, granted = 0, exempt = 0, deferred = 0, resumed = 0, failed = 0
        public var staleSeconds = 0.0, maxStaleness = 0.0
        public var budgetLeftAtEnd = 0
        /// What each budget rule did (`BudgetRules`): free reloads after an intent or an animation,
        /// StandBy refreshes, counted reloads beyond the daily budget during the learning period,
        /// requests coalesced across widgets, due reloads postponed on a rarely viewed page and those
        /// run when it was viewed, and timelines flagged for entries under about 5 minutes apart.
        public var freeAfterIntentOrAnimation = 0, standByRefreshes = 0, learningExtra = 0, coalesced = 0
        public var postponedNotVisible = 0, reloadedWhenVisible = 0, closeEntryTimelines = 0
    }

    public struct Result: Sendable {
        public var start: Date
        public var days: Int
        public var instanceIDs: [String]
        /// How many decisions went to the log.
        public var decisions: Int
        /// stats[instance][day]
        public var stats: [[DayStats]]
        /// Hourly samples of the instances the chart draws (the first `chartedInstances`): hours since
        /// the start, budget left per instance, staleness per instance in minutes.
        public var samples: [(Double, [Int], [Double])]
        /// The highest budget left and staleness (minutes) sampled across all instances: the chart's scales.
        public var peakBudgetLeft: Int
        public var peakStaleness: Double
        /// The budget rules the run followed.
        public var rules = BudgetRules()
    }

    /// How many instances are sampled for the chart: more lines could not be told apart, and keeping
    /// them all would make memory grow with instances × days.
    public static let chartedInstances = 12

    let scenario: Scenario
    let options: Options
    let source: TimelineSource
    let start: Date
    private var queue = TimeOrderedQueue<Action>()
    private var wakesQueued = 0
    private var peakBudgetLeft = 0
    private var peakStaleness = 0.0
    private var states: [InstanceState] = []
    /// Each instance's days, one after another (instance × days + day): one array, not one per instance.
    private var dayStats: [DayStats] = []
    private var scheduler: ReloadScheduler
    private var rng: SeededRandom

    /// `log` receives every decision as it is made (a file, for `simulate`; a recorder, for tests).
    public init(scenario: Scenario, options: Options, source: TimelineSource, start: Date, log: ScheduleLog) {
        self.scenario = scenario
        self.options = options
        self.source = source
        self.start = start
        scheduler = ReloadScheduler(start: start, minimumInterval: options.minimumInterval, rules: options.rules, log: log)
        rng = SeededRandom(seed: options.seed)
    }

    /// Runs the whole scenario. `progress` is called with the fraction done, about once per simulated hour.
    public consuming func run(progress: (Double) -> Void = { _ in }) -> Result {
        let end = start.addingTimeInterval(Double(options.days) * 86_400)
        dayStats = Array(repeating: DayStats(), count: scenario.instances.count * options.days)
        for spec in scenario.instances {
            let limit = options.budget ?? spec.budget ?? (spec.views ?? .high).dailyBudget
            let phase = Double(rng.next() % 1000) / 1000
            _ = scheduler.addInstance(id: spec.id, dailyBudget: limit)
            states.append(InstanceState(spec: spec, dataPhase: phase,
                                        postponesUntilViewed: options.rules.postponesRarelyViewed && spec.rarelyViewed == true))
        }
        for i in states.indices { queue.insert(.initial(i), at: start, order: i) }
        if let every = options.rules.standByRefreshInterval {
            for i in states.indices where states[i].spec.standBy == true {
                queue.insert(.standByRefresh(i), at: start.addingTimeInterval(every), order: 1 << 61 + i)
            }
        }
        recordForegroundWindows()
        var appEvents = AppEventStream(scenario: scenario, instanceIDs: states.map(\.spec.id), start: start, days: options.days,
                                       seed: options.seed, drawsBefore: UInt64(states.count))

        var samples: [(Double, [Int], [Double])] = []
        var nextSample = start
        while true {
            // The app's next request, or the next wake, whichever comes first (ties in their places).
            appEvents.prepare(before: queue.nextDate)
            let date: Date, action: Action
            if let o = appEvents.next, queue.nextKey.map({ o.date < $0.date || (o.date == $0.date && o.order < $0.order) }) ?? true {
                appEvents.removeNext()
                switch o.happening {
                case .request(let cause): (date, action) = (o.date, .request(o.instance, cause))
                case .pageViewed: (date, action) = (o.date, .pageViewed(o.instance))
                }
            } else if let (d, a) = queue.removeFirst() {
                (date, action) = (d, a)
            } else {
                break
            }
            guard date < end else { break }
            while nextSample <= date {
                samples.append(sample(at: nextSample))
                progress(nextSample.timeIntervalSince(start) / end.timeIntervalSince(start))
                nextSample = nextSample.addingTimeInterval(3600)
            }
            handle(action, at: date)
        }
        while nextSample < end {
            samples.append(sample(at: nextSample))
            nextSample = nextSample.addingTimeInterval(3600)
        }
        // Close the staleness accounting at the end, and each day's remaining budget.
        for i in states.indices {
            accrueStaleness(i, until: end)
            for d in 0..<options.days {
                dayStats[i * options.days + d].budgetLeftAtEnd = scheduler.budgetLeft(i, at: start.addingTimeInterval(Double(d + 1) * 86_400))
            }
        }
        progress(1)
        return Result(start: start, days: options.days, instanceIDs: states.map(\.spec.id), decisions: scheduler.decisionsLogged,
                      stats: states.indices.map { Array(dayStats[$0 * options.days..<($0 + 1) * options.days]) },
                      samples: samples, peakBudgetLeft: peakBudgetLeft, peakStaleness: peakStaleness, rules: options.rules)
    }

    /// The scenario's foreground windows, per instance (its requests come from `AppEventStream`).
    private mutating func recordForegroundWindows() {
        for event in scenario.events ?? [] where event.type == .foreground {
            guard let from = event.from, let to = event.to else { continue }
            let targets = event.instance == "*" ? Array(states.indices) : states.indices.filter { states[$0].spec.id == event.instance }
            for day in event.daily == true ? Array(0..<options.days) : [0] {
                let base = start.addingTimeInterval(Double(day) * 86_400)
                for t in targets { states[t].foregroundWindows.append((base.addingTimeInterval(from), base.addingTimeInterval(to))) }
            }
        }
    }

    /// Wakes the scheduler asks for come after everything the scenario holds for the same date.
    private mutating func insert(_ wake: ReloadScheduler.Wake) {
        wakesQueued += 1
        queue.insert(.wake(wake), at: wake.date, order: 1 << 62 + wakesQueued)
    }

    /// Where instance `i`'s figures for the day of `date` are kept.
    private func slot(_ i: Int, _ date: Date) -> Int { i * options.days + day(date) }

    private func day(_ date: Date) -> Int { min(options.days - 1, max(0, Int(date.timeIntervalSince(start) / 86_400))) }

    private func isForeground(_ i: Int, _ date: Date) -> Bool {
        states[i].foregroundWindows.contains { date >= $0.0 && date < $0.1 }
    }

    private mutating func handle(_ action: Action, at now: Date) {
        switch action {
        case .initial(let i):
            dayStats[slot(i, now)].requested += 1
            reload(i, at: now, cause: .initial, outcome: .exempt)
        case .request(let i, var cause):
            if cause == .appBackground && isForeground(i, now) { cause = .appForeground }
            dayStats[slot(i, now)].requested += 1
            carryOut(scheduler.request(i, cause: cause, at: now), instance: i, cause: cause, at: now)
        case .wake(let wake):
            if states[wake.instance].postponesUntilViewed, wake.kind == .policyDue, scheduler.isCurrent(wake) {
                // Not now: when the page is next viewed.
                scheduler.postponeUntilVisible(wake, at: now)
                states[wake.instance].waitsForView = true
                dayStats[slot(wake.instance, now)].postponedNotVisible += 1
                return
            }
            guard let (cause, decision) = scheduler.wake(wake) else { return }
            if decision != .reload(.resumed) { dayStats[slot(wake.instance, now)].requested += 1 }
            carryOut(decision, instance: wake.instance, cause: cause, at: now)
        case .standByRefresh(let i):
            dayStats[slot(i, now)].standByRefreshes += 1
            handle(.request(i, .standBy), at: now)
            if let every = options.rules.standByRefreshInterval {
                queue.insert(.standByRefresh(i), at: now.addingTimeInterval(every), order: 1 << 61 + i)
            }
        case .pageViewed(let i):
            guard states[i].waitsForView else { return }
            states[i].waitsForView = false
            dayStats[slot(i, now)].reloadedWhenVisible += 1
            handle(.request(i, .policy), at: now)
        }
    }

    private mutating func carryOut(_ decision: ReloadScheduler.Decision, instance i: Int, cause: ReloadCause, at now: Date) {
        switch decision {
        case .reload(let outcome):
            switch outcome {
            case .granted: dayStats[slot(i, now)].granted += 1
            case .exempt: dayStats[slot(i, now)].exempt += 1
            case .resumed: dayStats[slot(i, now)].resumed += 1
            default: break
            }
            if outcome == .exempt && (cause == .interaction || cause == .animation) { dayStats[slot(i, now)].freeAfterIntentOrAnimation += 1 }
            if options.rules.learningDays > 0, outcome == .granted || outcome == .resumed, scheduler.isBeyondDailyBudget(i, at: now) {
                dayStats[slot(i, now)].learningExtra += 1
            }
            reload(i, at: now, cause: cause, outcome: outcome)
        case .deferred(let wake):
            dayStats[slot(i, now)].deferred += 1
            if scheduler.lastDeferralWasCoalesced { dayStats[slot(i, now)].coalesced += 1 }
            insert(wake)
        case .joined:
            dayStats[slot(i, now)].deferred += 1
        }
    }

    private mutating func reload(_ i: Int, at now: Date, cause: ReloadCause, outcome: ScheduleEvent.Outcome) {
        let result: Swift.Result<ScheduledTimeline, any Error>
        do {
            let timeline = try source.timeline(for: states[i].spec, at: now)
            if timeline.hasEntries(closerThan: options.rules.closeEntrySpacing) { dayStats[slot(i, now)].closeEntryTimelines += 1 }
            result = .success(timeline)
            accrueStaleness(i, until: now)
            states[i].lastFetch = now
        } catch {
            dayStats[slot(i, now)].failed += 1
            result = .failure(error)
        }
        if let next = scheduler.reloaded(i, cause: cause, outcome: outcome, at: now, result: result) { insert(next) }
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
    private mutating func accrueStaleness(_ i: Int, until: Date) {
        guard let fetch = states[i].lastFetch else { return }
        let change = nextChange(i, after: fetch)
        guard change < until else { return }
        // Split across days for the per-day figures.
        var from = change
        while from < until {
            let d = day(from)
            let dayEnd = min(until, start.addingTimeInterval(Double(d + 1) * 86_400))
            let a = from.timeIntervalSince(change), b = dayEnd.timeIntervalSince(change)
            dayStats[i * options.days + d].staleSeconds += (b * b - a * a) / 2
            dayStats[i * options.days + d].maxStaleness = max(dayStats[i * options.days + d].maxStaleness, b)
            from = dayEnd
        }
    }

    private mutating func sample(at date: Date) -> (Double, [Int], [Double]) {
        var budgets: [Int] = [], stale: [Double] = []
        for i in states.indices {
            let budget = scheduler.budgetLeft(i, at: date)
            var staleness = 0.0
            if let fetch = states[i].lastFetch {
                let change = nextChange(i, after: fetch)
                staleness = change < date ? date.timeIntervalSince(change) / 60 : 0
            }
            peakBudgetLeft = max(peakBudgetLeft, budget)
            peakStaleness = max(peakStaleness, staleness)
            if i < Self.chartedInstances {
                budgets.append(budget)
                stale.append(staleness)
            }
        }
        return (date.timeIntervalSince(start) / 3600, budgets, stale)
    }
}
