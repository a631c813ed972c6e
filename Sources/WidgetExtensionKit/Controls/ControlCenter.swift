import Foundation
import WidgetArchive
import WidgetIntents

/// `ControlCenter`: asking the system to reload controls. Inside an extension the request is recorded
/// and goes no further, as with `WidgetCenter`: the host reloads a control after every action it
/// performed, and on `widget-host reload --kind` or a push.
public final class ControlCenter: Sendable {
    public static let shared = ControlCenter()
    private let requests = ReloadRequests()

    /// The kinds asked for, oldest first (`"*"` for all).
    package var requestedReloads: [String] { requests.kinds }

    public func reloadControls(ofKind kind: String) { requests.append(kind) }
    public func reloadAllControls() { requests.append("*") }

    /// The controls configured on the device, with their push tokens: those the host has told this
    /// extension of (`ControlPushHandler`).
    public func currentControls() async throws -> [ControlInfo] { PushTokens.shared.controls }
}

/// `ControlInfo`: one configured control.
public struct ControlInfo: Identifiable, Hashable, Sendable {
    public let kind: String
    public var pushInfo: ControlPushInfo?
    /// The encoded configuration the host sent.
    let configuration: [UInt8]
    /// The configuration intent rebuilt from it, for an intent-configured control.
    let intent: (any ControlConfigurationIntent)?

    public var id: String { kind + ":" + configuration.map { String($0, radix: 16).leftPadded(2) }.joined() }

    init(kind: String, pushInfo: ControlPushInfo?, configuration: [UInt8], intent: (any ControlConfigurationIntent)?) {
        self.kind = kind
        self.pushInfo = pushInfo
        self.configuration = configuration
        self.intent = intent
    }

    /// The control's configuration intent, if it has one of that type.
    public func configurationIntent<Intent: ControlConfigurationIntent>(of intentType: Intent.Type = Intent.self) -> Intent? {
        intent as? Intent
    }

    public static func == (a: ControlInfo, b: ControlInfo) -> Bool {
        a.kind == b.kind && a.pushInfo == b.pushInfo && a.configuration == b.configuration
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(pushInfo)
        hasher.combine(configuration)
    }
}
