import Foundation
import FoundationAdditions
import WidgetArchive
import WidgetIntents
import WidgetUI

/// `ControlWidgetButton`: a control that performs its action when pressed. It has no state. The label
/// gives the symbol and title; the action label, what the control says while the action runs (kept as
/// the control's status when the label sets none).
public struct ControlWidgetButton<Label: View, ActionLabel: View, Action>: ControlWidgetTemplate {
    let label: () -> Label
    let actionLabel: ((Bool) -> ActionLabel)?
    let makeAction: (inout _ControlTemplateBuilder) -> ControlAction

    public var body: Never { preconditionFailure("ControlWidgetButton is primitive") }

    public func _makeTemplate(into builder: inout _ControlTemplateBuilder) {
        let reading = builder.read(label())
        builder.template.style = .button
        builder.template.title = reading.texts.first ?? ""
        var face = _ControlTemplateBuilder.face(nil, title: reading, defaultValue: reading.texts.dropFirst().first)
        if let actionLabel, face.status == nil {
            face.status = builder.read(actionLabel(true)).texts.last
        }
        builder.template.onFace = face
        builder.template.offFace = face
        builder.template.action = makeAction(&builder)
    }
}

extension ControlWidgetButton where Action: AppIntent {
    public init(action: Action, @ViewBuilder label: @escaping () -> Label, @ViewBuilder actionLabel: @escaping (Bool) -> ActionLabel) {
        self.label = label
        self.actionLabel = actionLabel
        self.makeAction = { $0.action(action) }
    }
}

extension ControlWidgetButton where ActionLabel == ControlWidgetButtonDefaultActionLabel, Action: AppIntent {
    public init(action: Action, @ViewBuilder label: @escaping () -> Label) {
        self.label = label
        self.actionLabel = nil
        self.makeAction = { $0.action(action) }
    }
}

extension ControlWidgetButton where Label == Text, Action: AppIntent {
    public init(_ titleKey: LocalizedStringKey, action: Action, @ViewBuilder actionLabel: @escaping (Bool) -> ActionLabel) {
        self.init(action: action, label: { Text(titleKey) }, actionLabel: actionLabel)
    }
    @_disfavoredOverload
    public init(_ titleResource: LocalizedStringResource, action: Action, @ViewBuilder actionLabel: @escaping (Bool) -> ActionLabel) {
        self.init(action: action, label: { Text(titleResource) }, actionLabel: actionLabel)
    }
    @_disfavoredOverload
    public init(_ title: some StringProtocol, action: Action, @ViewBuilder actionLabel: @escaping (Bool) -> ActionLabel) {
        let title = String(title)
        self.init(action: action, label: { Text(verbatim: title) }, actionLabel: actionLabel)
    }
}

/// The action label a button without one shows: none of its own.
public nonisolated struct ControlWidgetButtonDefaultActionLabel: View {
    public var body: some View { EmptyView() }
}
