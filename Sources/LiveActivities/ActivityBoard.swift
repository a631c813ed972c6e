import Foundation
import WidgetProtocol

/// Every Live Activity the system keeps, and its rules applied to them: starts within the limits,
/// updates in timestamp order within the size bound, the 8-hour limit, dismissal policies, staleness,
/// and pushes within the hour's budget (throttled to priority 5 beyond it, delivered in bursts). Pure:
/// it holds no clock and starts no process, so `run` drives it on the real clock, `simulate` on a
/// virtual one, and tests directly. Each decision is logged with its rule (`takeLog`).
public struct ActivityBoard: Sendable {
    public var rules: ActivityRules
    /// Apps (by extension) whose activities take frequent pushes (`NSSupportsLiveActivitiesFrequentUpdates`).
    public var frequentUpdates: Set<String> = []
    /// Apps whose Live Activities the person turned off: their starts are `denied`.
    public var disabled: Set<String> = []
    /// In the order they were requested.
    public private(set) var records: [ActivityRecord]
    /// Each app's priority 10 deliveries in the last hour.
    private var deliveries: [String: [Date]] = [:]
    /// Pushes waiting for their burst, in arrival order.
    private var held: [(due: Date, push: ActivityPush)] = []
    private var log: [ActivityLogEntry] = []
    /// The state each activity was last seen in, to log what changed.
    private var seen: [String: ActivityStateValue] = [:]

    public init(rules: ActivityRules = ActivityRules(), records: [ActivityRecord] = [], at now: Date? = nil) {
        self.rules = rules
        self.records = records
        for record in records { seen[record.id] = record.state(at: now ?? record.updatedAt) }
    }

    /// The decisions made since the last call, oldest first.
    public mutating func takeLog() -> [ActivityLogEntry] {
        defer { log = [] }
        return log
    }

    private mutating func note(_ date: Date, _ id: String, _ rule: ActivityLogEntry.Rule, _ detail: String) {
        log.append(ActivityLogEntry(date: date, activityID: id, rule: rule, detail: detail))
    }

    public func record(_ id: String) -> ActivityRecord? { records.first { $0.id == id } }

    private func index(_ id: String) -> Int? { records.firstIndex { $0.id == id } }

    /// How many more activities `extensionID`'s app may start now.
    public func startsLeft(for extensionID: String, at now: Date) -> Int {
        let all = records.filter { $0.counts(at: now) }
        let mine = all.filter { $0.extensionID == extensionID }.count
        return max(0, min(rules.maximumPerApp - mine, rules.maximumOnDevice - all.count))
    }

    // MARK: Starting

    /// Starts (or schedules) an activity, or says which limit forbids it.
    public mutating func request(_ start: ActivityStart, extensionID: String, at now: Date, pushToken: [UInt8] = []) throws(ActivityRefusal) -> ActivityRecord {
        advance(to: now)
        do {
            try check(start, extensionID: extensionID, at: now)
        } catch {
            note(now, start.id, .refused, "\(error.rawValue): \(error)")
            throw error
        }
        let record = ActivityRecord(id: start.id, extensionID: extensionID, start: start, at: now, pushToken: pushToken)
        records.append(record)
        seen[record.id] = record.state(at: now)
        if record.startsAt > now {
            note(now, record.id, .scheduled, "\(record.attributesType) of \(extensionID), to start at \(Self.iso(record.startsAt))")
        } else {
            note(now, record.id, .started, "\(record.attributesType) of \(extensionID); ends at the latest at \(Self.iso(record.lifetimeEnd(rules))) (8-hour limit)")
        }
        if let alert = start.alert { note(now, record.id, .alerted, "\(alert.title): \(alert.body)") }
        return record
    }

    private func check(_ start: ActivityStart, extensionID: String, at now: Date) throws(ActivityRefusal) {
        guard !disabled.contains(extensionID) else { throw .denied }
        guard UUID(uuidString: start.id) != nil, record(start.id) == nil else { throw .malformedActivityIdentifier }
        guard start.attributes.count + start.content.state.count <= rules.dataSize else { throw .attributesTooLarge }
        let running = records.filter { $0.counts(at: now) }
        guard running.filter({ $0.extensionID == extensionID }).count < rules.maximumPerApp else { throw .targetMaximumExceeded }
        guard running.count < rules.maximumOnDevice else { throw .globalMaximumExceeded }
    }

    // MARK: Changing

    /// An app's update or end. The record after it, or nil when the change was not taken (the log says
    /// why: not running, an older timestamp, too large).
    @discardableResult
    public mutating func apply(_ change: ActivityChange, at now: Date) -> ActivityRecord? {
        advance(to: now)
        switch change {
        case .request:
            return nil
        case .update(let id, let content, let alert, let timestamp):
            guard let i = takes(id, timestamp: timestamp, at: now), fits(content, id, at: now) else { return nil }
            set(i, content, timestamp: timestamp, at: now)
            note(now, id, .updated, "content replaced\(content.staleDate.map { "; stale at \(Self.iso($0))" } ?? "")")
            if let alert { alerted(i, alert, at: now) }
            return records[i]
        case .end(let id, let content, let dismissal, let timestamp):
            guard let i = takes(id, timestamp: timestamp, at: now) else { return nil }
            if let content, fits(content, id, at: now) { set(i, content, timestamp: timestamp, at: now) }
            end(i, at: now, dismissal, rule: .ended)
            return records[i]
        }
    }

    /// The person removes it from the Lock Screen: it ends (if it was running) and is dismissed.
    @discardableResult
    public mutating func dismiss(_ id: String, at now: Date) -> ActivityRecord? {
        advance(to: now)
        guard let i = index(id), records[i].state(at: now) != .dismissed else { return nil }
        if records[i].endedAt == nil { records[i].endedAt = now }
        records[i].removedAt = now
        seen[id] = .dismissed
        note(now, id, .dismissedByPerson, "removed from the Lock Screen by the person")
        return records[i]
    }

    /// The index of a running activity that takes a change with this timestamp now.
    private mutating func takes(_ id: String, timestamp: Date?, at now: Date) -> Int? {
        guard let i = index(id), records[i].isRunning(at: now) else {
            note(now, id, .notRunning, "ignored: the activity is \(record(id).map { "\($0.state(at: now))" } ?? "unknown")")
            return nil
        }
        if let timestamp, let newest = records[i].newestTimestamp, timestamp < newest {
            note(now, id, .olderTimestamp, "ignored: its timestamp \(Self.iso(timestamp)) is older than the one shown (\(Self.iso(newest)))")
            return nil
        }
        return i
    }

    private mutating func fits(_ content: ActivityContentValue, _ id: String, at now: Date) -> Bool {
        guard content.state.count <= rules.dataSize else {
            note(now, id, .tooLarge, "ignored: the content state is \(content.state.count) bytes, over \(rules.dataSize)")
            return false
        }
        return true
    }

    private mutating func set(_ i: Int, _ content: ActivityContentValue, timestamp: Date?, at now: Date) {
        records[i].content = content
        records[i].updatedAt = now
        records[i].revision += 1
        if let timestamp { records[i].newestTimestamp = max(timestamp, records[i].newestTimestamp ?? timestamp) }
        seen[records[i].id] = records[i].state(at: now)
    }

    private mutating func alerted(_ i: Int, _ alert: ActivityAlert, at now: Date) {
        records[i].alert = alert
        records[i].alertedAt = now
        note(now, records[i].id, .alerted, "\(alert.title): \(alert.body) (the screen lights; the expanded presentation shows)")
    }

    private mutating func end(_ i: Int, at date: Date, _ policy: ActivityDismissal, rule: ActivityLogEntry.Rule) {
        records[i].endedAt = date
        records[i].dismissal = policy
        let removal = ActivityRecord.removal(endedAt: date, policy, rules)
        records[i].removedAt = removal
        let why = rule == .lifetimeLimit ? "active for \(Self.hours(rules.maximumActiveDuration)): the system ended it" : "ended"
        note(date, records[i].id, rule, "\(why); leaves the Lock Screen at \(Self.iso(removal)) (\(Self.policy(policy)))")
        seen[records[i].id] = records[i].state(at: date)
    }

    // MARK: Time

    /// Carries out everything due by `now`, in date order: scheduled starts, stale dates, the 8-hour
    /// limit, removals, and bursts of held pushes. Returns the ids whose state or content changed.
    @discardableResult
    public mutating func advance(to now: Date) -> [String] {
        var changed: [String] = []
        // Each step settles what was due at its date; the bound only guards against a record whose
        // dates could never settle.
        var steps = 0
        while let date = nextDate(after: nil), date <= now, steps < 100_000 {
            changed += step(at: date)
            steps += 1
        }
        var unique: [String] = []
        for id in changed where !unique.contains(id) { unique.append(id) }
        return unique
    }

    /// The earliest thing due after `now` (any, if nil): what `run` and `simulate` wake for.
    public func nextDate(after now: Date?) -> Date? {
        var dates: [Date] = held.map(\.due)
        for record in records where seen[record.id] != .dismissed {
            if seen[record.id] == .pending { dates.append(record.startsAt) }
            if record.endedAt == nil { dates.append(record.lifetimeEnd(rules)) }
            if let stale = record.content.staleDate, seen[record.id] == .active, record.endedAt == nil { dates.append(stale) }
            if let removal = record.removedAt { dates.append(removal) }
        }
        if let now { dates = dates.filter { $0 > now } }
        return dates.min()
    }

    /// What is due at `date`: each record's state brought to it, then the held pushes due.
    private mutating func step(at date: Date) -> [String] {
        var changed: [String] = []
        for i in records.indices {
            let id = records[i].id
            if records[i].endedAt == nil, date >= records[i].lifetimeEnd(rules) {
                end(i, at: records[i].lifetimeEnd(rules), .standard, rule: .lifetimeLimit)
                changed.append(id)
            }
            let state = records[i].state(at: date)
            guard state != seen[id] else { continue }
            switch state {
            case .active where seen[id] == .pending: note(date, id, .started, "its scheduled start came")
            case .stale: note(date, id, .becameStale, "its content passed its stale date")
            case .dismissed: note(date, id, .removed, "left the Lock Screen (\(Self.policy(records[i].dismissal ?? .standard)))")
            default: break
            }
            seen[id] = state
            changed.append(id)
        }
        let due = held.filter { $0.due <= date }
        held.removeAll { $0.due <= date }
        for item in due { changed += deliver(item.push, at: item.due) }
        return changed
    }

    // MARK: Pushes

    /// A push arrives: delivered at once within the app's budget (priority 10), else held for the next
    /// low-priority burst.
    public mutating func push(_ push: ActivityPush, at now: Date) -> ActivityPushOutcome {
        advance(to: now)
        let label = Self.label(push.target)
        guard push.payloadSize <= rules.dataSize else {
            note(now, label, .tooLarge, "push refused: its payload is \(push.payloadSize) bytes, over \(rules.dataSize) (APNs: 413)")
            return .refused("the payload is \(push.payloadSize) bytes, over \(rules.dataSize)")
        }
        guard let app = app(of: push.target, at: now) else {
            note(now, label, .pushUnroutable, "push refused: nothing takes pushes to \(label)")
            return .refused("nothing takes pushes to \(label)")
        }
        if push.priority != 5 {
            let budget = frequentUpdates.contains(app) ? rules.frequentPushBudgetPerHour : rules.pushBudgetPerHour
            let recent = (deliveries[app] ?? []).filter { now.timeIntervalSince($0) < 3600 }
            if recent.count < budget {
                deliveries[app] = recent + [now]
                note(now, label, .pushDelivered, "priority 10, delivered at once (\(recent.count + 1) of \(budget) this hour)")
                let ids = deliver(push, at: now)
                return ids.isEmpty ? .refused("the push changed nothing (see the log)") : .delivered(ids)
            }
            deliveries[app] = recent
            let due = nextBurst(after: now)
            note(now, label, .pushThrottled, "priority 10 over the budget (\(budget) an hour): delivered as priority 5, at \(Self.iso(due))")
            held.append((due, push))
            return .held(until: due)
        }
        let due = nextBurst(after: now)
        note(now, label, .pushHeld, "priority 5: delivered with the next burst, at \(Self.iso(due))")
        held.append((due, push))
        return .held(until: due)
    }

    /// Priority 10 pushes `extensionID`'s app may still send this hour.
    public func pushBudgetLeft(for extensionID: String, at now: Date) -> Int {
        let budget = frequentUpdates.contains(extensionID) ? rules.frequentPushBudgetPerHour : rules.pushBudgetPerHour
        return max(0, budget - (deliveries[extensionID] ?? []).filter { now.timeIntervalSince($0) < 3600 }.count)
    }

    /// The next low-priority burst: the next multiple of the interval since 1970.
    private func nextBurst(after now: Date) -> Date {
        let interval = rules.lowPriorityInterval
        return Date(timeIntervalSince1970: ((now.timeIntervalSince1970 / interval).rounded(.down) + 1) * interval)
    }

    /// The app a push's target belongs to, if anything takes it.
    private func app(of target: ActivityPush.Target, at now: Date) -> String? {
        switch target {
        case .activity(let id): return record(id)?.extensionID
        case .channel(let name): return records.first { $0.pushType == .channel(name) && $0.isRunning(at: now) }?.extensionID
        case .pushToStart(let app, _): return app
        }
    }

    /// Applies a push's event; the ids it changed.
    private mutating func deliver(_ push: ActivityPush, at now: Date) -> [String] {
        switch push.event {
        case .start(let type, let attributes, let id, let token):
            guard case .pushToStart(let app, _) = push.target, let content = push.content else { return [] }
            let start = ActivityStart(id: id, attributesType: type, attributes: attributes, content: content,
                                      pushType: token.isEmpty ? nil : .token, alert: push.alert)
            return (try? request(start, extensionID: app, at: now, pushToken: token)).map { [$0.id] } ?? []
        case .update, .end:
            var ids: [String] = []
            for id in targets(push.target, at: now) {
                let change: ActivityChange
                if push.event == .update {
                    guard let content = push.content else { continue }
                    change = .update(id: id, content: content, alert: push.alert, timestamp: push.timestamp)
                } else {
                    change = .end(id: id, content: push.content, dismissal: push.dismissalDate.map { .after($0) } ?? .standard,
                                  timestamp: push.timestamp)
                }
                if apply(change, at: now) != nil { ids.append(id) }
            }
            return ids
        }
    }

    private func targets(_ target: ActivityPush.Target, at now: Date) -> [String] {
        switch target {
        case .activity(let id): [id]
        case .channel(let name): records.filter { $0.pushType == .channel(name) && $0.isRunning(at: now) }.map(\.id)
        case .pushToStart: []
        }
    }

    // MARK: What shows

    /// Who holds the Dynamic Island: the running activities by relevance (highest first; ties to the
    /// one started first). One shows compact; with two or more, the first two show minimal.
    public func island(at now: Date) -> IslandArrangement {
        let shown = ordered(records.filter { $0.isRunning(at: now) }).map(\.id)
        switch shown.count {
        case 0: return IslandArrangement()
        case 1: return IslandArrangement(compact: shown[0])
        default: return IslandArrangement(attached: shown[0], detached: shown[1])
        }
    }

    /// What the Lock Screen shows, top first: running and ended activities not yet removed, by relevance.
    public func lockScreen(at now: Date) -> [ActivityRecord] {
        ordered(records.filter { let s = $0.state(at: now); return s != .dismissed && s != .pending })
    }

    private func ordered(_ records: [ActivityRecord]) -> [ActivityRecord] {
        records.enumerated().sorted {
            $0.element.content.relevanceScore != $1.element.content.relevanceScore
                ? $0.element.content.relevanceScore > $1.element.content.relevanceScore
                : ($0.element.startsAt, $0.offset) < ($1.element.startsAt, $1.offset)
        }.map(\.element)
    }

    // MARK: Words

    static func iso(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: date)
    }

    static func hours(_ seconds: TimeInterval) -> String {
        seconds.truncatingRemainder(dividingBy: 3600) == 0 ? "\(Int(seconds / 3600)) hours" : "\(Int(seconds)) s"
    }

    static func policy(_ policy: ActivityDismissal) -> String {
        switch policy {
        case .standard: "default dismissal: up to 4 hours"
        case .immediate: "immediate dismissal"
        case .after(let date): "dismissal after \(iso(date)), within 4 hours"
        }
    }

    static func label(_ target: ActivityPush.Target) -> String {
        switch target {
        case .activity(let id): id
        case .channel(let name): "channel \(name)"
        case .pushToStart(_, let type): "push-to-start \(type)"
        }
    }
}

/// Who holds the Dynamic Island: one activity compact, or two minimal (attached and detached).
public struct IslandArrangement: Hashable, Sendable {
    public var compact: String?
    public var attached: String?
    public var detached: String?

    public init(compact: String? = nil, attached: String? = nil, detached: String? = nil) {
        self.compact = compact
        self.attached = attached
        self.detached = detached
    }

    /// Where `id` shows in the island now (`island-compact`, `island-minimal`), if it does.
    public func placement(of id: String) -> String? {
        if compact == id { return "island-compact" }
        if attached == id || detached == id { return "island-minimal" }
        return nil
    }
}
