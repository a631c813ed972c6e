import FoundationAdditions
import WidgetArchive
import WidgetIntents

/// The texts a control's label views give the system beside their title and value. They are not
/// views: a widget ignores them, a control's template keeps them.
package struct ControlLabelTexts: Hashable, Sendable {
    /// `.controlWidgetStatus(_:)`: shown in Control Center when the control's state changes.
    package var status: String?
    /// `.controlWidgetActionHint(_:)`: shown beside the Action button, saying what pressing does.
    package var actionHint: String?

    package init(status: String? = nil, actionHint: String? = nil) {
        self.status = status
        self.actionHint = actionHint
    }

    /// A later (inner) modifier's text wins over none.
    mutating func adopt(_ other: ControlLabelTexts) {
        if let status = other.status { self.status = status }
        if let hint = other.actionHint { actionHint = hint }
    }
}

nonisolated extension View {
    public func controlWidgetStatus(_ status: Text) -> some View { recordingControlText(\.status, status.plainText) }
    public func controlWidgetStatus(_ statusKey: LocalizedStringKey) -> some View { recordingControlText(\.status, statusKey.plainText) }
    @_disfavoredOverload
    public func controlWidgetStatus(_ status: LocalizedStringResource) -> some View { recordingControlText(\.status, String(localized: status)) }
    @_disfavoredOverload
    public func controlWidgetStatus<S: StringProtocol>(_ status: S) -> some View { recordingControlText(\.status, String(status)) }

    public func controlWidgetActionHint(_ hint: Text) -> some View { recordingControlText(\.actionHint, hint.plainText) }
    public func controlWidgetActionHint(_ hintKey: LocalizedStringKey) -> some View { recordingControlText(\.actionHint, hintKey.plainText) }
    @_disfavoredOverload
    public func controlWidgetActionHint(_ hint: LocalizedStringResource) -> some View { recordingControlText(\.actionHint, String(localized: hint)) }
    @_disfavoredOverload
    public func controlWidgetActionHint<S: StringProtocol>(_ hint: S) -> some View { recordingControlText(\.actionHint, String(hint)) }

    private func recordingControlText(_ field: WritableKeyPath<ControlLabelTexts, String?>, _ text: String) -> some View {
        archived(node: { builder in
            builder.controlLabelTexts[keyPath: field] = text
            return nil
        })
    }
}

extension Text {
    /// The text's runs as one string, dates written as ISO dates: for texts the system shows as
    /// plain strings (a control's status), not for display in a widget.
    package var plainText: String {
        var key = LocalizedStringKey("")
        key.runs = runs
        return key.plainText
    }
}
