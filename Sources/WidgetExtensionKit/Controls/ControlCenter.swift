import Foundation
import WidgetArchive
import WidgetIntents

/// `ControlCenter`: asking the system to reload controls. Inside an extension the request is recorded
/// and goes no further, as with `WidgetCenter`: the host reloads a control after every action it
/// performed, and on `widget-host reload --kind` or a push.
// `@unchecked Sendable`: `requested` is only touched with `lock` held.
public final class ControlCenter: @unchecked Sendable {
    public static let shared = ControlCenter()
    private let lock = NSLock()
    private var requested: [String] = []

    /// The kinds asked for, oldest first (`"*"` for all).
    package var requestedReloads: [String] { lock.withLock { requested } }

    public func reloadControls(ofKind kind: String) { lock.withLock { requested.append(kind) } }
    public func reloadAllControls() { lock.withLock { requested.append("*") } }

    /// The controls configured on the device, with their push tokens: those the host has told this
    /// extension of (`ControlPushHandler`).
    public func currentControls() async throws -> [ControlInfo] { PushTokens.shared.controls }
}

/// `ControlInfo`: one configured control.
public struct ControlInfo: Identifiable, Hashable, Sendable {
    public let kind: String
    public var pushInfo: ControlPushInfo?
    let configuration: [UInt8]

    public var id: String { kind + ":" + configuration.map { String($0, radix: 16) }.joined() }

    public init(kind: String, pushInfo: ControlPushInfo? = nil, configuration: [UInt8] = []) {
        self.kind = kind
        self.pushInfo = pushInfo
        self.configuration = configuration
    }

    /// The control's configuration intent, if it has one of that type.
    public func configurationIntent<Intent: ControlConfigurationIntent>(of intentType: Intent.Type = Intent.self) -> Intent? {
        nil
    }
}
