import Foundation
import WidgetProtocol

/// One Live Activity as the system keeps it: who started it, its content, and the dates its life turns
/// on. Its state at an instant follows from these (`state(at:)`), so nothing needs a timer to stay true.
public struct ActivityRecord: Hashable, Sendable, Codable {
    public var id: String
    /// The app's widget extension, which draws it (the app here is known by its extension).
    public var extensionID: String
    public var attributesType: String
    public var attributes: [UInt8]
    public var content: ActivityContentValue
    public var requestedAt: Date
    /// When it starts: at the request, or a scheduled start (iOS 26).
    public var startsAt: Date
    /// When it ended (by the app, a push, or the 8-hour limit), and how it leaves the Lock Screen.
    public var endedAt: Date?
    public var dismissal: ActivityDismissal?
    /// When it leaves the Lock Screen (set when it ends).
    public var removedAt: Date?
    public var pushType: ActivityPushType?
    /// Its own push token (`pushType: .token`), empty otherwise.
    public var pushToken: [UInt8]
    public var isTransient: Bool
    /// The newest `timestamp` an update or push gave: older ones are ignored.
    public var newestTimestamp: Date?
    /// The last alerting update, and when it came.
    public var alert: ActivityAlert?
    public var alertedAt: Date?
    /// When the content last changed.
    public var updatedAt: Date
    /// How many times the content changed: what says presentations archived for it are out of date,
    /// even when two changes come at one instant.
    public var revision: Int = 0

    public init(id: String, extensionID: String, start: ActivityStart, at now: Date, pushToken: [UInt8]) {
        self.id = id
        self.extensionID = extensionID
        attributesType = start.attributesType
        attributes = start.attributes
        content = start.content
        requestedAt = now
        startsAt = max(now, start.start ?? now)
        pushType = start.pushType
        self.pushToken = pushToken
        isTransient = start.isTransient
        alert = start.alert
        alertedAt = start.alert == nil ? nil : now
        updatedAt = now
    }

    /// `ActivityState` at `now`: pending before its start; dismissed once removed; ended between; stale
    /// past its content's stale date; active otherwise.
    public func state(at now: Date) -> ActivityStateValue {
        if let removedAt, now >= removedAt { return .dismissed }
        if let endedAt, now >= endedAt { return .ended }
        if now < startsAt { return .pending }
        if let stale = content.staleDate, now >= stale { return .stale }
        return .active
    }

    /// Whether it still takes updates: started, not ended.
    public func isRunning(at now: Date) -> Bool {
        let state = state(at: now)
        return state == .active || state == .stale
    }

    /// Whether it still counts toward the limits: not dismissed (scheduled ones count, as Apple says).
    public func counts(at now: Date) -> Bool { state(at: now) != .dismissed }

    /// When the system ends it for running too long.
    public func lifetimeEnd(_ rules: ActivityRules) -> Date { startsAt.addingTimeInterval(rules.maximumActiveDuration) }

    /// What ActivityKit's objects are made from.
    public func snapshot(at now: Date) -> ActivitySnapshot {
        ActivitySnapshot(id: id, attributesType: attributesType, attributes: attributes, content: content, state: state(at: now),
                         pushToken: pushToken)
    }

    /// When an activity ended at `end` with `policy` leaves the Lock Screen: at once, at the date given
    /// (at once if it has passed), or after the linger; never later than the linger.
    static func removal(endedAt end: Date, _ policy: ActivityDismissal, _ rules: ActivityRules) -> Date {
        let latest = end.addingTimeInterval(rules.lockScreenLinger)
        switch policy {
        case .standard: return latest
        case .immediate: return end
        case .after(let date): return min(latest, max(end, date))
        }
    }
}
