import Foundation
import WidgetArchive
import WidgetIntents
import WidgetProtocol

/// Tells an extension's push handlers what the host issued: each widget handler type once, with the
/// token and the configured widgets of the kinds that name it; each control handler type once, with
/// every configured control that takes pushes ("even if only some of the tokens have changed").
struct PushDelivery {
    let widgets: [_ResolvedWidget]

    /// The configuration intent of an intent-configured control, rebuilt while this thread waits; nil
    /// for a static control or parameters that no longer decode.
    private func configurationIntent(kind: String, _ bytes: [UInt8]) -> (any ControlConfigurationIntent)? {
        guard let decode = widgets.first(where: { $0.kind == kind })?.controlConfiguration else { return nil }
        return try? CompletionWaiter<Result<any ControlConfigurationIntent, any Error>>.run { try await decode(bytes) }
    }

    func deliver(_ update: PushTokenUpdate) {
        let widgetToken = update.widgetToken.isEmpty ? nil : WidgetPushInfo(token: Data(update.widgetToken))
        let controls = update.controls.map { control in
            ControlInfo(kind: control.kind, pushInfo: ControlPushInfo(token: Data(control.token)), configuration: control.configuration,
                        intent: configurationIntent(kind: control.kind, control.configuration))
        }
        PushTokens.shared.update(widgetToken: widgetToken, controls: controls)
        var toldWidgetHandlers: Set<ObjectIdentifier> = [], toldControlHandlers: Set<ObjectIdentifier> = []
        for widget in widgets {
            switch widget.pushHandler {
            case .widget(let type)?:
                guard let widgetToken, toldWidgetHandlers.insert(ObjectIdentifier(type)).inserted else { continue }
                let kinds = Set(widgets.filter { if case .widget(let t)? = $0.pushHandler { t == type } else { false } }.map(\.kind))
                let reached = update.widgets.filter { kinds.contains($0.kind) }.map { WidgetInfo(kind: $0.kind, family: $0.family) }
                type.init().pushTokenDidChange(widgetToken, widgets: reached)
            case .control(let type)?:
                guard toldControlHandlers.insert(ObjectIdentifier(type)).inserted else { continue }
                type.init().pushTokensDidChange(controls: controls)
            case nil:
                continue
            }
        }
    }
}
