import Foundation

/// A command for a running host, sent as one JSON line over its control socket.
public struct ControlRequest: Codable, Hashable, Sendable {
    public enum Command: String, Codable, Sendable {
        case tap, reload, status, push, rotatePushTokens
        /// Live Activities, as an app (or `widget-host activity`) starts, updates, ends and lists them.
        case activityStart, activityUpdate, activityEnd, activities
        /// The person removes an activity from the Lock Screen.
        case activityDismiss
        /// Whether the app may start activities, and its push-to-start tokens.
        case activityAuthorization
        /// Keeps the connection open and writes an `ActivityWatchEvent` line whenever an activity changes.
        case watchActivities
    }
    public var command: Command
    /// `tap`: the instance id.
    public var instance: String?
    /// `tap`: the element id, or a point in widget coordinates.
    public var element: String?
    /// `tap` on a Live Activity (whose id is `instance`): the place it is tapped in (`island-expanded`,
    /// `iphone-lock-activity`…).
    public var placement: String?
    public var x: Double?
    public var y: Double?
    /// `reload`: the widget kind (`WidgetCenter.shared.reloadTimelines(ofKind:)` from an app).
    public var kind: String?
    /// `reload`: the app is in the foreground (exempt from the budget).
    public var foreground: Bool?
    /// `push`: the token a `content-changed` push is sent to, in hex (a widget's, an activity's, or a
    /// push-to-start token); or, with `channel`, nil.
    public var token: String?
    /// `rotatePushTokens`: the extension whose tokens are replaced. Live Activities: the extension that
    /// draws them, where more than one could.
    public var extensionID: String?
    /// The fields of the Live Activity commands (`ActivityFields`).
    public var activity: ActivityFields?
    /// `push` to an activity's token, a push-to-start token or a broadcast channel: the ActivityKit
    /// payload (`{"aps": {"event": "update", "content-state": {…}, …}}`).
    public var payload: JSONValue?
    /// `push`: `apns-priority`, 10 (the default, counted against the budget) or 5.
    public var priority: Int?
    /// `push`: a broadcast channel's id (`PushType.channel`), instead of a token.
    public var channel: String?

    public init(command: Command, instance: String? = nil, element: String? = nil, x: Double? = nil, y: Double? = nil, kind: String? = nil,
                token: String? = nil, extensionID: String? = nil) {
        self.token = token
        self.extensionID = extensionID
        self.command = command
        self.instance = instance
        self.element = element
        self.x = x
        self.y = y
        self.kind = kind
    }
}

/// The host's answer, one JSON line.
public struct ControlResponse: Codable, Hashable, Sendable {
    public var ok: Bool
    public var message: String
    /// Per-instance state for `status`; the new texts after a `tap`.
    public var instances: [InstanceStatus]?
    /// Live Activities: those a command changed or listed.
    public var activities: [ActivityStatus]?
    /// Why an activity was not started: an `ActivityAuthorizationError` case's name (`targetMaximumExceeded`).
    public var refusal: String?
    /// `activityAuthorization`: whether activities and frequent pushes are enabled, and the push-to-start
    /// tokens issued, by attributes type (hex).
    public var activitiesEnabled: Bool?
    public var frequentPushesEnabled: Bool?
    public var pushToStartTokens: [String: String]?
    /// `status`: each configured Smart Stack's top, and why.
    public var stacks: [StackStatus]?

    public init(ok: Bool, message: String, instances: [InstanceStatus]? = nil) {
        self.ok = ok
        self.message = message
        self.instances = instances
    }
}

public struct InstanceStatus: Codable, Hashable, Sendable {
    public var id: String
    public var kind: String
    public var family: String
    public var placement: String
    public var extensionPID: Int32?
    public var entries: Int
    public var currentEntry: String?
    public var nextReload: String?
    public var texts: [String]
    public var lastError: String?
    /// Counted reloads left in the rolling 24-hour window.
    public var budgetLeft: Int?
    /// The push token that reaches this instance (hex), when it takes pushes.
    public var pushToken: String?

    public init(id: String, kind: String, family: String, placement: String, extensionPID: Int32? = nil, entries: Int = 0,
                currentEntry: String? = nil, nextReload: String? = nil, texts: [String] = [], lastError: String? = nil,
                budgetLeft: Int? = nil, pushToken: String? = nil) {
        self.id = id
        self.kind = kind
        self.family = family
        self.placement = placement
        self.extensionPID = extensionPID
        self.entries = entries
        self.currentEntry = currentEntry
        self.nextReload = nextReload
        self.texts = texts
        self.lastError = lastError
        self.budgetLeft = budgetLeft
        self.pushToken = pushToken
    }
}

/// A Smart Stack as `status` shows it: the instance (or Live Activity) on top, and why.
public struct StackStatus: Codable, Hashable, Sendable {
    public var id: String
    public var top: String
    public var reason: String
    public init(id: String, top: String, reason: String) {
        self.id = id
        self.top = top
        self.reason = reason
    }
}
