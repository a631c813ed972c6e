import Foundation
import WidgetArchive

/// `WidgetPushHandler` (iOS 26): told when the extension's push token first exists, when it changes,
/// and when the set of configured widgets that take pushes changes.
///
/// Apple documentation: "Updating widgets with WidgetKit push notifications".
public protocol WidgetPushHandler {
    init()
    func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo])
}

/// `WidgetPushInfo`: the token a server sends `content-changed` pushes to.
public struct WidgetPushInfo: Sendable, Hashable {
    public let token: Data
    public init(token: Data) { self.token = token }
}

/// `ControlPushHandler` (iOS 18): told of every push-enabled control and its token whenever any
/// token changes.
///
/// Apple documentation: "Updating controls locally and remotely".
public protocol ControlPushHandler {
    init()
    func pushTokensDidChange(controls: [ControlInfo])
}

/// `ControlPushInfo`: one control's push token.
public struct ControlPushInfo: Sendable, Hashable {
    public let token: Data
    public init(token: Data) { self.token = token }
}

/// Which handler a configuration named with `.pushHandler(_:)`.
package enum _PushHandlerType {
    case widget(any WidgetPushHandler.Type)
    case control(any ControlPushHandler.Type)
}

extension WidgetConfiguration {
    /// Opts the widget into push updates: the host issues a token and tells `pushHandlerType` of it;
    /// a push then reloads the widget like `reloadAllTimelines()`, within its budget.
    public func pushHandler(_ pushHandlerType: any WidgetPushHandler.Type) -> some WidgetConfiguration {
        modified { $0.pushHandler = .widget(pushHandlerType) }
    }
}

extension WidgetCenter {
    /// The extension's widget push token and the widgets it reaches; `nil` until the host has issued one.
    public var currentPushInfo: WidgetPushInfo? {
        get async { PushTokens.shared.widgetToken }
    }
}

/// The push tokens the host has told this extension of.
// `@unchecked Sendable`: every field is only touched with `lock` held.
package final class PushTokens: @unchecked Sendable {
    package static let shared = PushTokens()
    private let lock = NSLock()
    private var _widgetToken: WidgetPushInfo?
    private var _controls: [ControlInfo] = []

    var widgetToken: WidgetPushInfo? { lock.withLock { _widgetToken } }
    var controls: [ControlInfo] { lock.withLock { _controls } }

    func update(widgetToken: WidgetPushInfo?, controls: [ControlInfo]) {
        lock.withLock {
            _widgetToken = widgetToken
            _controls = controls
        }
    }
}
