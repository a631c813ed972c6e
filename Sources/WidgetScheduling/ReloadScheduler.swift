import Foundation
import WidgetProtocol

/// The system's reload decisions, for `run` and `simulate` alike: each request is granted (spending
/// the instance's budget), exempt, or deferred until both the budget and the minimum interval allow
/// it, then resumed (never dropped); a request that comes while one waits joins it; an exempt reload
/// satisfies a waiting one. After each reload the timeline's policy says when the next is due.
///
/// The scheduler owns no clock and no queue: it answers at the date it is given, and hands back
/// `Wake`s for its owner to deliver when their date comes (a live host on the real clock, a
/// simulator on a virtual one). A wake that a later decision made obsolete is ignored.
public struct ReloadScheduler {
    /// A date the scheduler wants to be woken at, for one instance.
    public struct Wake: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            /// The timeline's policy asks for a reload: it is requested then, as a counted reload.
            case policyDue
            /// A deferred request's time has come.
            case resume
        }
        public let kind: Kind
        public let instance: Int
        public let date: Date
        let generation: Int
    }

    /// What to do with a request.
    public enum Decision: Hashable, Sendable {
        /// Reload now. `outcome` is `granted` (counted), `exempt` or `resumed` (counted, was deferred).
        case reload(ScheduleEvent.Outcome)
        /// Not now: deliver `wake` at its date.
        case deferred(Wake)
        /// A request is already waiting; this one is satisfied with it.
        case joined(until: Date)
    }

    struct InstanceState {
        var id: String
        var budget: ReloadBudget
        var lastCounted: Date?
        var policyGeneration = 0
        var deferredUntil: Date?
        var deferredGeneration = 0
    }

    /// Times in the log are seconds from here.
    public let start: Date
    /// The least time between two counted reloads of one instance.
    public let minimumInterval: TimeInterval
    /// The documented budget rules this scheduler follows.
    public let rules: BudgetRules
    private var instances: [InstanceState] = []
    private let log: ScheduleLog
    /// How many decisions have gone to the log.
    public private(set) var decisionsLogged = 0
    /// Whether the last deferral `request` made was coalescing (not budget or minimum interval).
    public private(set) var lastDeferralWasCoalesced = false

    public init(start: Date, minimumInterval: TimeInterval = 5 * 60, rules: BudgetRules = BudgetRules(), log: ScheduleLog) {
        self.start = start
        // Developer mode waits for nothing.
        self.minimumInterval = rules.developerMode ? 0 : minimumInterval
        self.rules = rules
        self.log = log
    }

    /// Adds an instance; returns its number, which every other call takes. During a learning period
    /// the budget is the daily one times the rules' factor.
    public mutating func addInstance(id: String, dailyBudget: Int) -> Int {
        instances.append(freshState(id: id, dailyBudget: dailyBudget))
        return instances.count - 1
    }

    private func freshState(id: String, dailyBudget: Int) -> InstanceState {
        let learningEnds = rules.learningDays > 0 ? start.addingTimeInterval(Double(rules.learningDays) * 86_400) : nil
        let learningLimit = Int((Double(dailyBudget) * rules.learningBudgetFactor).rounded(.down))
        return InstanceState(id: id, budget: ReloadBudget(dailyLimit: dailyBudget, learningUntil: learningEnds, learningLimit: learningLimit))
    }

    /// Puts a new instance in place of instance `i` (one a reconfigured host stopped showing), with a
    /// fresh budget. Wakes made for the one it replaces are no longer current.
    public mutating func replaceInstance(_ i: Int, id: String, dailyBudget: Int) {
        let replaced = instances[i]
        var fresh = freshState(id: id, dailyBudget: dailyBudget)
        fresh.policyGeneration = replaced.policyGeneration + 1
        fresh.deferredGeneration = replaced.deferredGeneration + 1
        instances[i] = fresh
    }

    public var instanceCount: Int { instances.count }
    public func id(of instance: Int) -> String { instances[instance].id }

    public mutating func budgetLeft(_ instance: Int, at date: Date) -> Int { instances[instance].budget.remaining(at: date) }

    /// When a waiting request will run, if one waits.
    public func deferredUntil(_ instance: Int) -> Date? { instances[instance].deferredUntil }

    /// Decides a request made at `now`. Deferrals are logged here; reloads once they have run
    /// (`reloaded`).
    public mutating func request(_ i: Int, cause: ReloadCause, at now: Date) -> Decision {
        guard rules.counts(cause) else {
            // An exempt reload also satisfies a request that was waiting for budget.
            if instances[i].deferredUntil != nil {
                instances[i].deferredUntil = nil
                instances[i].deferredGeneration += 1
            }
            return .reload(.exempt)
        }
        if let waiting = instances[i].deferredUntil {
            record(i, now, cause, .deferred, until: waiting, detail: .joinsWaitingRequest)
            return .joined(until: waiting)
        }
        var allowed = instances[i].budget.nextAvailable(at: now)
        if let last = instances[i].lastCounted { allowed = max(allowed, last.addingTimeInterval(minimumInterval)) }
        var detail: ScheduleEvent.Detail = instances[i].budget.remaining(at: now) == 0 ? .budgetSpent : .tooSoon
        lastDeferralWasCoalesced = false
        if allowed <= now {
            guard let window = coalescingWindowEnd(after: now) else {
                spend(i, at: now)
                return .reload(.granted)
            }
            // Every widget's counted reloads in this window run together at its end.
            allowed = window
            detail = .coalesced
            lastDeferralWasCoalesced = true
        }
        instances[i].deferredUntil = allowed
        instances[i].deferredGeneration += 1
        record(i, now, cause, .deferred, until: allowed, detail: detail)
        return .deferred(Wake(kind: .resume, instance: i, date: allowed, generation: instances[i].deferredGeneration))
    }

    /// The end of the coalescing window `now` falls in, when coalescing is on and `now` is not the
    /// end itself.
    private func coalescingWindowEnd(after now: Date) -> Date? {
        guard rules.coalescingWindow > 0 else { return nil }
        let elapsed = now.timeIntervalSince(start)
        let end = (elapsed / rules.coalescingWindow).rounded(.up) * rules.coalescingWindow
        return end > elapsed ? start.addingTimeInterval(end) : nil
    }

    /// Whether `wake` still stands (no later decision made it obsolete).
    public func isCurrent(_ wake: Wake) -> Bool {
        switch wake.kind {
        case .policyDue: wake.generation == instances[wake.instance].policyGeneration
        case .resume: wake.generation == instances[wake.instance].deferredGeneration && instances[wake.instance].deferredUntil != nil
        }
    }

    /// A due reload of a widget on a rarely viewed page waits until the page is viewed: logged, and
    /// the policy wake is spent (the owner asks again when the page is viewed).
    public mutating func postponeUntilVisible(_ wake: Wake, at now: Date) {
        instances[wake.instance].policyGeneration += 1
        record(wake.instance, now, .policy, .deferred, detail: .notVisible)
    }

    /// A wake has come (at `now`, its own date unless delivered late). Returns the request it stands
    /// for and its decision, or nil if a later decision made it obsolete. A resumed request is logged
    /// with the cause `policy`.
    public mutating func wake(_ wake: Wake, at now: Date? = nil) -> (cause: ReloadCause, decision: Decision)? {
        let i = wake.instance, now = now ?? wake.date
        switch wake.kind {
        case .policyDue:
            guard wake.generation == instances[i].policyGeneration else { return nil }
            return (.policy, request(i, cause: .policy, at: now))
        case .resume:
            guard wake.generation == instances[i].deferredGeneration, instances[i].deferredUntil != nil else { return nil }
            instances[i].deferredUntil = nil
            spend(i, at: now)
            return (.policy, .reload(.resumed))
        }
    }

    /// Records a reload that a decision allowed, and returns when its timeline's policy asks for the
    /// next one. A failed reload keeps the last good timeline; it is tried again, as a policy reload,
    /// after the minimum interval.
    public mutating func reloaded(_ i: Int, cause: ReloadCause, outcome: ScheduleEvent.Outcome, at now: Date,
                                  result: Result<ScheduledTimeline, any Error>) -> Wake? {
        switch result {
        case .failure(let error):
            record(i, now, cause, .failed, detail: .failure("\(error)"))
            instances[i].policyGeneration += 1
            return Wake(kind: .policyDue, instance: i, date: now.addingTimeInterval(minimumInterval), generation: instances[i].policyGeneration)
        case .success(let timeline):
            record(i, now, cause, outcome, detail: .timeline(entries: timeline.entryDates.count, policy: summary(timeline.policy)))
            if let gap = timeline.closestEntrySpacing, gap < rules.closeEntrySpacing {
                record(i, now, nil, .flagged, detail: .closeEntries(seconds: Int(gap.rounded())))
            }
            instances[i].policyGeneration += 1
            let due = timeline.policy.nextReload(entryDates: timeline.entryDates, fetchedAt: now, notBefore: now.addingTimeInterval(1))
            return due.map { Wake(kind: .policyDue, instance: i, date: $0, generation: instances[i].policyGeneration) }
        }
    }

    /// Whether the instance has spent more of its window than the daily budget allows: a reload the
    /// learning period gave.
    public mutating func isBeyondDailyBudget(_ i: Int, at date: Date) -> Bool {
        instances[i].budget.spentCount(at: date) > instances[i].budget.dailyLimit
    }

    private mutating func spend(_ i: Int, at now: Date) {
        instances[i].budget.spend(at: now)
        instances[i].lastCounted = now
    }

    private mutating func record(_ i: Int, _ date: Date, _ cause: ReloadCause?, _ outcome: ScheduleEvent.Outcome,
                                 until: Date? = nil, detail: ScheduleEvent.Detail? = nil) {
        decisionsLogged += 1
        log.record(ScheduleEvent(
            time: date.timeIntervalSince(start), instance: instances[i].id, cause: cause, outcome: outcome,
            until: until.map { $0.timeIntervalSince(start) }, budgetLeft: instances[i].budget.remaining(at: date), detail: detail))
    }

    private func summary(_ p: ReloadPolicy) -> ScheduleEvent.PolicySummary {
        switch p {
        case .atEnd: .atEnd
        case .never: .never
        case .after(let d): .after(seconds: Int(d.timeIntervalSince(start)))
        }
    }
}
