import Foundation
import LiveActivities
import WidgetArchive
import WidgetControl
import WidgetLayout
import WidgetProtocol
import WidgetRender
import WidgetStore

/// The host's Live Activities: the system's rules (`ActivityBoard`) applied to what apps, intents and
/// pushes ask; each activity's presentations archived by the extension that declares its attributes
/// type whenever its content (or staleness) changes, checked like any archive and kept in the store; and
/// drawn for each place (`ActivityRenderer`). Extensions are launched through the host, so they are
/// supervised and sandboxed as for widgets.
///
/// `@unchecked Sendable`: the board, the presentations and the tokens are guarded by `lock`; extension
/// requests are made outside it.
public final class ActivityCenter: ActivityIntentParticipant, @unchecked Sendable {
    public let host: WidgetHost
    /// The extensions whose Live Activities the host runs, by executable path.
    public var extensionPaths: [String] { lock.withLock { paths } }
    private var paths: [String]
    /// Told of every change (the watch connections, `status`).
    public var onChange: (@Sendable ([ActivityStatus]) -> Void)?
    private let lock = NSLock()
    private var board: ActivityBoard
    private var shown: [String: ActivityPresentations] = [:]
    private var replies: [String: ActivityReply] = [:]
    private var archivedStale: [String: Bool] = [:]
    /// The content (by its revision) each activity's presentations were archived for.
    private var archivedContent: [String: Int] = [:]
    /// The texts of each activity's Lock Screen banner, as drawn from its presentations (for `status`).
    private var bannerTexts: [String: [String]] = [:]
    private var notes: [String: [String]] = [:]
    private let issuer = PushTokenIssuer()

    public init(host: WidgetHost, extensions: [String], rules: ActivityRules = ActivityRules(), frequentUpdates: Set<String> = [],
                disabled: Set<String> = []) {
        self.host = host
        var unique: [String] = []
        for path in extensions where !unique.contains(path) { unique.append(path) }
        paths = unique
        board = ActivityBoard(rules: rules)
        board.frequentUpdates = frequentUpdates
        board.disabled = disabled
        host.activities = self
    }

    public var rules: ActivityRules { lock.withLock { board.rules } }

    /// Whether the app may start activities, and take frequent pushes.
    public func authorization(extensionID: String?) -> (enabled: Bool, frequentPushes: Bool) {
        lock.withLock {
            guard let extensionID else { return (true, false) }
            return (!board.disabled.contains(extensionID), board.frequentUpdates.contains(extensionID))
        }
    }

    /// Adds extensions (a new configuration's).
    public func add(extensions: [String]) {
        lock.withLock { for path in extensions where !paths.contains(path) { paths.append(path) } }
    }

    private static func id(of path: String) -> String { URL(fileURLWithPath: path).lastPathComponent }

    // MARK: What an app asks

    /// Starts an activity for the app whose extension is `extensionID` (or, without one, the extension
    /// that declares its attributes type), and has its presentations archived.
    public func start(_ start: ActivityStart, extensionID: String? = nil) -> Result<ActivityRecord, ActivityRefusal> {
        let path: String
        switch resolve(start.attributesType, named: extensionID) {
        case .failure(let refusal):
            record(log: [ActivityLogEntry(date: host.clock.now, activityID: start.id, rule: .refused, detail: "\(refusal.rawValue): \(refusal)")])
            return .failure(refusal)
        case .success(let found): path = found
        }
        let token = start.pushType == .token ? issuer.activityToken(activityID: start.id) : []
        let result = lock.withLock { () -> Result<ActivityRecord, ActivityRefusal> in
            Result { () throws(ActivityRefusal) -> ActivityRecord in
                try board.request(start, extensionID: Self.id(of: path), at: host.clock.now, pushToken: token)
            }
        }
        settle(changed: (try? result.get()).map { [$0.id] } ?? [])
        return result
    }

    /// An app's update or end; the record after, or nil when it was not taken (the log says why).
    @discardableResult
    public func change(_ change: ActivityChange) -> ActivityRecord? {
        let record = lock.withLock { board.apply(change, at: host.clock.now) }
        settle(changed: record.map { [$0.id] } ?? [])
        return record
    }

    /// The person removes an activity from the Lock Screen.
    @discardableResult
    public func dismiss(_ id: String) -> ActivityRecord? {
        let record = lock.withLock { board.dismiss(id, at: host.clock.now) }
        settle(changed: record.map { [$0.id] } ?? [])
        return record
    }

    /// A push to a token (an activity's, or an app's push-to-start token) or a channel, with its payload.
    public func push(token: [UInt8]?, channel: String?, payload: JSONValue, priority: Int) -> Result<ActivityPushOutcome, ActivityPushRefused> {
        let target: ActivityPush.Target
        if let channel {
            target = .channel(channel)
        } else if let token, let found = pushTarget(of: token) {
            target = found
        } else {
            return .failure(ActivityPushRefused(reason: "no Live Activity takes pushes to token \(token.map(PushTokenIssuer.hex) ?? "(none)")"))
        }
        let newID = UUID().uuidString
        let push: ActivityPush
        do {
            push = try ActivityPushPayload.push(payload, to: target, priority: priority, newID: newID,
                                                newToken: issuer.activityToken(activityID: newID))
        } catch {
            return .failure(ActivityPushRefused(reason: "\(error)"))
        }
        let outcome = lock.withLock { board.push(push, at: host.clock.now) }
        if case .delivered(let ids) = outcome { settle(changed: ids) } else { settle(changed: []) }
        return .success(outcome)
    }

    /// What a push token reaches: an activity's own, or an app's push-to-start token.
    private func pushTarget(of token: [UInt8]) -> ActivityPush.Target? {
        if let record = lock.withLock({ board.records.first { $0.pushToken == token && !$0.pushToken.isEmpty } }) { return .activity(record.id) }
        for (extensionID, types) in declaredTypes() {
            for type in types where issuer.pushToStartToken(extensionID: extensionID, attributesType: type) == token {
                return .pushToStart(extensionID: extensionID, attributesType: type)
            }
        }
        return nil
    }

    /// The push-to-start tokens of every attributes type the extension declares (hex, by type).
    public func pushToStartTokens(extensionID: String?) -> [String: String] {
        var tokens: [String: String] = [:]
        for (id, types) in declaredTypes() where extensionID == nil || extensionID == id {
            for type in types { tokens[type] = PushTokenIssuer.hex(issuer.pushToStartToken(extensionID: id, attributesType: type)) }
        }
        return tokens
    }

    /// Each running extension's declared attributes types (launching none).
    private func declaredTypes() -> [(String, [String])] {
        extensionPaths.compactMap { path in
            guard let connection = try? host.connection(to: path) else { return nil }
            return (connection.extensionID, connection.hello.activities.map(\.attributesType))
        }
    }

    /// Carries out what is due by the host's clock: starts, staleness, the 8-hour limit, removals,
    /// held pushes. Returns the ids that changed.
    @discardableResult
    public func advance() -> [String] {
        let changed = lock.withLock { board.advance(to: host.clock.now) }
        settle(changed: changed)
        return changed
    }

    /// When something is next due.
    public func nextDate() -> Date? { lock.withLock { board.nextDate(after: host.clock.now) } }

    // MARK: Intents in the extension

    public func context(for extensionID: String) -> ExtensionConnection.ActivityContext {
        lock.withLock {
            let now = host.clock.now
            return ExtensionConnection.ActivityContext(
                snapshots: board.records.filter { $0.extensionID == extensionID && $0.state(at: now) != .dismissed }.map { $0.snapshot(at: now) },
                startsLeft: board.startsLeft(for: extensionID, at: now))
        }
    }

    public func intentChanged(_ changes: [ActivityChange], extensionID: String) {
        for change in changes {
            if case .request(let start) = change {
                _ = self.start(start, extensionID: extensionID)
            } else {
                self.change(change)
            }
        }
    }

    // MARK: Presentations

    /// Has each changed activity's presentations archived again where its content or staleness changed,
    /// stores the changed records, forgets the removed, and tells `onChange`.
    private func settle(changed ids: [String]) {
        let log = lock.withLock { board.takeLog() }
        record(log: log)
        var statuses: [ActivityStatus] = []
        for id in ids {
            guard let record = lock.withLock({ board.record(id) }) else { continue }
            let now = host.clock.now
            let state = record.state(at: now)
            if state == .dismissed {
                host.store.removeActivity(extensionID: record.extensionID, id: id)
                _ = lock.withLock { shown.removeValue(forKey: id) }
            } else if needsArchiving(record, now: now) {
                archive(record, now: now)
            }
            if state != .dismissed { persist(id) }
            if let status = status(id) { statuses.append(status) }
        }
        if !statuses.isEmpty { onChange?(statuses) }
    }

    /// Whether the presentations shown are not those of the record's content and staleness now.
    private func needsArchiving(_ record: ActivityRecord, now: Date) -> Bool {
        lock.withLock {
            shown[record.id] == nil || archivedContent[record.id] != record.revision
                || archivedStale[record.id] != (record.state(at: now) == .stale)
        }
    }

    private func record(log: [ActivityLogEntry]) {
        for entry in log {
            host.log("activity \(entry)")
            lock.withLock {
                notes[entry.activityID, default: []].append("\(CivilDate.isoDate(entry.date)) \(entry.rule.rawValue): \(entry.detail)")
                if notes[entry.activityID]!.count > 20 { notes[entry.activityID]!.removeFirst() }
            }
        }
    }

    /// Asks the extension for every presentation it declares, for the record's content now, checks each
    /// archive, and keeps them. A failure keeps what was shown before and is logged.
    private func archive(_ record: ActivityRecord, now: Date) {
        guard let path = extensionPaths.first(where: { Self.id(of: $0) == record.extensionID }) else { return }
        let isStale = record.state(at: now) == .stale
        do {
            let (reply, decoded) = try host.activityPresentations(
                executable: path, attributesType: record.attributesType, activityID: record.id, attributes: record.attributes,
                state: record.content.state, isStale: isStale)
            let texts = Self.bannerTexts(decoded, at: now)
            lock.withLock {
                shown[record.id] = decoded
                replies[record.id] = reply
                archivedStale[record.id] = isStale
                archivedContent[record.id] = record.revision
                bannerTexts[record.id] = texts
            }
        } catch {
            host.log("activity \(record.id): its presentations were not archived: \(error)")
        }
    }

    private func persist(_ id: String) {
        guard let (record, reply, stale) = lock.withLock({ board.record(id).map { ($0, replies[id], archivedStale[id] ?? false) } }) else { return }
        do {
            try host.store.save(StoredActivity(record: record, reply: reply, archivedStale: stale))
        } catch {
            host.log("activity \(id): not stored: \(error)")
        }
    }

    /// The activities the store kept (after a restart): the board takes their records, their last
    /// presentations show again, and what fell due meanwhile is carried out.
    @discardableResult
    public func restore() -> Int {
        let (stored, quarantined) = host.store.loadActivities(now: host.clock.now)
        for path in quarantined { host.log("activity store: \(path) did not decode; quarantined") }
        lock.withLock {
            let rules = board.rules, frequent = board.frequentUpdates, disabled = board.disabled
            board = ActivityBoard(rules: rules, records: stored.map(\.record), at: host.clock.now)
            board.frequentUpdates = frequent
            board.disabled = disabled
            for item in stored where item.reply != nil {
                replies[item.record.id] = item.reply
                archivedStale[item.record.id] = item.archivedStale
                archivedContent[item.record.id] = item.record.revision
            }
        }
        for item in stored {
            guard let reply = item.reply else { continue }
            if let decoded = try? WidgetHost.validate(reply, families: reply.presentations.map(\.family), attributesType: item.record.attributesType,
                                                      extensionID: item.record.extensionID, options: host.store.options) {
                let texts = Self.bannerTexts(decoded, at: host.clock.now)
                lock.withLock {
                    shown[item.record.id] = decoded
                    bannerTexts[item.record.id] = texts
                }
            }
        }
        advance()
        return stored.count
    }

    // MARK: Looking

    /// The records, in the order they were requested.
    public var records: [ActivityRecord] { lock.withLock { board.records } }

    public func record(_ id: String) -> ActivityRecord? { lock.withLock { board.record(id) } }

    /// The presentations last archived for an activity.
    public func presentations(_ id: String) -> ActivityPresentations? { lock.withLock { shown[id] } }

    public var island: IslandArrangement { lock.withLock { board.island(at: host.clock.now) } }

    /// Every activity not dismissed (of one app, if named), as `status` shows them.
    public func statuses(extensionID: String? = nil) -> [ActivityStatus] {
        let ids = lock.withLock { board.records.filter { extensionID == nil || $0.extensionID == extensionID }.map(\.id) }
        return ids.compactMap(status).filter { $0.activityState != "dismissed" || extensionID == nil }
    }

    /// One activity as `status` shows it.
    public func status(_ id: String) -> ActivityStatus? {
        lock.withLock {
            guard let record = board.record(id) else { return nil }
            let now = host.clock.now
            var status = ActivityStatus(snapshot: record.snapshot(at: now), extensionID: record.extensionID)
            status.startedAt = CivilDate.isoDate(record.startsAt)
            status.endedAt = record.endedAt.map(CivilDate.isoDate)
            status.removalDate = CivilDate.isoDate(record.removedAt ?? record.lifetimeEnd(board.rules))
            let island = board.island(at: now)
            var places: [String] = []
            if let place = island.placement(of: id) { places.append(place) }
            if board.lockScreen(at: now).contains(where: { $0.id == id }) { places.append("lock-screen") }
            status.shownIn = places
            status.pushBudgetLeft = board.pushBudgetLeft(for: record.extensionID, at: now)
            status.notes = notes[id]
            status.texts = bannerTexts[id]
            return status
        }
    }

    /// The texts of the Lock Screen banner drawn from `presentations`.
    private static func bannerTexts(_ presentations: ActivityPresentations, at date: Date) -> [String] {
        ActivityRenderer.render(presentations, context: RenderContext(placement: .activityLockScreen, family: ._activityMedium, date: date)).texts
    }

    /// An activity drawn in a place (`Placement.activityPlacements`), at the host's clock: a shared
    /// island shows the activity that shares it with this one.
    public func render(_ id: String, placement: Placement, colorScheme: ColorScheme? = nil) -> RenderTree? {
        lock.withLock {
            guard let presentations = shown[id] else { return nil }
            let now = host.clock.now
            var second: ActivityPresentations?
            if placement.activityScene == .islandShared {
                let island = board.island(at: now)
                let other = island.attached == id ? island.detached : island.attached
                second = other.flatMap { shown[$0] }
            }
            let context = RenderContext(placement: placement, family: placement.families.first ?? ._activityMedium, date: now, colorScheme: colorScheme)
            return ActivityRenderer.render(presentations, second: second, context: context)
        }
    }

    // MARK: Finding the extension

    /// The extension that draws `attributesType`: the one named, or the only configured one declaring it.
    private func resolve(_ attributesType: String, named: String?) -> Result<String, ActivityRefusal> {
        let candidates = extensionPaths.filter { named == nil || Self.id(of: $0) == named }
        var declaring: [String] = []
        for path in candidates {
            guard let connection = try? host.connection(to: path) else { continue }
            if connection.hello.activities.contains(where: { $0.attributesType == attributesType }) { declaring.append(path) }
        }
        guard let first = declaring.first else { return .failure(.unsupportedTarget) }
        return .success(first)
    }
}

/// Why a push was not taken: no such token, or a payload that is not an ActivityKit push.
public struct ActivityPushRefused: Error, Hashable, Sendable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
}

/// What a host asks of whoever keeps its Live Activities while an intent runs in an extension.
public protocol ActivityIntentParticipant: AnyObject, Sendable {
    /// The app's activities as the intent is told of them.
    func context(for extensionID: String) -> ExtensionConnection.ActivityContext
    /// What the intent did to them.
    func intentChanged(_ changes: [ActivityChange], extensionID: String)
}
