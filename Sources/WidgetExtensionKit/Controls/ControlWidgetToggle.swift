import Foundation
import FoundationAdditions
import WidgetArchive
import WidgetIntents
import WidgetUI

/// `ControlWidgetToggle`: a control with an off and an on state. Both faces are archived, so the host
/// flips the control at once when tapped; the action is a `SetValueIntent` archived with `value`
/// already set to the state the tap asks for.
public struct ControlWidgetToggle<Label: View, ValueLabel: View, Action>: ControlWidgetTemplate {
    let isOn: Bool
    let label: () -> Label
    let valueLabel: ((Bool) -> ValueLabel)?
    let makeAction: (inout _ControlTemplateBuilder) -> ControlAction

    public var body: Never { preconditionFailure("ControlWidgetToggle is primitive") }

    public func _makeTemplate(into builder: inout _ControlTemplateBuilder) {
        let title = builder.read(label())
        builder.template.style = .toggle
        builder.template.isOn = isOn
        builder.template.title = title.texts.first ?? ""
        for state in [true, false] {
            let value = valueLabel.map { builder.read($0(state)) }
            let face = _ControlTemplateBuilder.face(value, title: title, defaultValue: state ? "On" : "Off")
            if state { builder.template.onFace = face } else { builder.template.offFace = face }
        }
        builder.template.action = makeAction(&builder)
    }
}

extension ControlWidgetToggle where Action: SetValueIntent, Action.ValueType == Bool {
    public init(isOn: Bool, action: Action, @ViewBuilder label: @escaping () -> Label, @ViewBuilder valueLabel: @escaping (Bool) -> ValueLabel) {
        self.isOn = isOn
        self.label = label
        self.valueLabel = valueLabel
        self.makeAction = Self.flipping(action, isOn: isOn)
    }

    /// Archives the intent with `value` set to the state a tap asks for: the opposite of `isOn`.
    static func flipping(_ action: Action, isOn: Bool) -> (inout _ControlTemplateBuilder) -> ControlAction {
        { builder in
            var flipped = action
            flipped.value = !isOn
            return builder.action(flipped)
        }
    }
}

extension ControlWidgetToggle where ValueLabel == ControlWidgetToggleDefaultLabel, Action: SetValueIntent, Action.ValueType == Bool {
    /// The value reads "On" or "Off".
    public init(isOn: Bool, action: Action, @ViewBuilder label: @escaping () -> Label) {
        self.isOn = isOn
        self.label = label
        self.valueLabel = nil
        self.makeAction = Self.flipping(action, isOn: isOn)
    }
}

extension ControlWidgetToggle where Label == Text, Action: SetValueIntent, Action.ValueType == Bool {
    public init(_ titleKey: LocalizedStringKey, isOn: Bool, action: Action, @ViewBuilder valueLabel: @escaping (Bool) -> ValueLabel) {
        self.init(isOn: isOn, action: action, label: { Text(titleKey) }, valueLabel: valueLabel)
    }
    @_disfavoredOverload
    public init(_ titleResource: LocalizedStringResource, isOn: Bool, action: Action, @ViewBuilder valueLabel: @escaping (Bool) -> ValueLabel) {
        self.init(isOn: isOn, action: action, label: { Text(titleResource) }, valueLabel: valueLabel)
    }
    @_disfavoredOverload
    public init(_ title: some StringProtocol, isOn: Bool, action: Action, @ViewBuilder valueLabel: @escaping (Bool) -> ValueLabel) {
        let title = String(title)
        self.init(isOn: isOn, action: action, label: { Text(verbatim: title) }, valueLabel: valueLabel)
    }
}

/// The value label of a toggle without one: "On" or "Off".
public nonisolated struct ControlWidgetToggleDefaultLabel: View {
    public var body: some View { EmptyView() }
}

/// A template with a modifier applied.
package struct _ModifiedControlTemplate<Content: ControlWidgetTemplate>: ControlWidgetTemplate {
    let content: Content
    let apply: (inout _ControlTemplateBuilder) -> Void
    public var body: Never { preconditionFailure("modified templates are primitive") }
    public func _makeTemplate(into builder: inout _ControlTemplateBuilder) {
        content._makeTemplate(into: &builder)
        apply(&builder)
    }
}

extension ControlWidgetTemplate {
    /// The colour of the symbol while a toggle is on, and of the Action button's symbol and value.
    /// Controls ignore `.tint` on their labels; only this one counts.
    public func tint(_ tint: Color?) -> some ControlWidgetTemplate {
        _ModifiedControlTemplate(content: self) { $0.template.tint = tint?._colorValue }
    }

    /// While the device is locked the system redacts the title and value, and shows the off state.
    public func privacySensitive(_ sensitive: Bool = true) -> some ControlWidgetTemplate {
        _ModifiedControlTemplate(content: self) { $0.template.isPrivacySensitive = sensitive }
    }

    /// A disabled control is archived without its action: pressing it does nothing.
    public func disabled(_ disabled: Bool) -> some ControlWidgetTemplate {
        _ModifiedControlTemplate(content: self) { $0.isDisabled = disabled }
    }
}
