import Foundation

/// A command for a running host, sent as one JSON line over its control socket.
public struct ControlRequest: Codable, Hashable, Sendable {
    public enum Command: String, Codable, Sendable { case tap, reload, status, push, rotatePushTokens }
    public var command: Command
    /// `tap`: the instance id.
    public var instance: String?
    /// `tap`: the element id, or a point in widget coordinates.
    public var element: String?
    public var x: Double?
    public var y: Double?
    /// `reload`: the widget kind (`WidgetCenter.shared.reloadTimelines(ofKind:)` from an app).
    public var kind: String?
    /// `reload`: the app is in the foreground (exempt from the budget).
    public var foreground: Bool?
    /// `push`: the token a `content-changed` push is sent to, in hex.
    public var token: String?
    /// `rotatePushTokens`: the extension whose tokens are replaced.
    public var extensionID: String?

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
}
