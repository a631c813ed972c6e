import Foundation
import WidgetIntents

// An intent's result with a snippet view: Siri and Shortcuts show the view beside the dialog. There is
// neither here; the view is not evaluated, and the result is the one without it.

extension IntentResult where Self == IntentResultContainer {
    /// `.result(view:)`.
    public static func result<Content: View>(view: Content) -> IntentResultContainer { IntentResultContainer() }
    /// `.result(dialog:view:)`.
    public static func result<Content: View>(dialog: IntentDialog, view: Content) -> IntentResultContainer { IntentResultContainer() }
    /// `.result(content:)`.
    public static func result<Content: View>(@ViewBuilder content: () -> Content) -> IntentResultContainer { IntentResultContainer() }
    /// `.result(dialog:content:)`.
    public static func result<Content: View>(dialog: IntentDialog, @ViewBuilder content: () -> Content) -> IntentResultContainer {
        IntentResultContainer()
    }
}

extension IntentResult {
    /// `.result(value:view:)`.
    public static func result<V, Content: View>(value: V, view: Content) -> IntentValueResult<V> where Self == IntentValueResult<V> {
        .result(value: value)
    }
    /// `.result(value:dialog:view:)`.
    public static func result<V, Content: View>(value: V, dialog: IntentDialog, view: Content) -> IntentValueResult<V>
    where Self == IntentValueResult<V> {
        .result(value: value)
    }
    /// `.result(value:dialog:content:)`.
    public static func result<V, Content: View>(value: V, dialog: IntentDialog, @ViewBuilder content: () -> Content) -> IntentValueResult<V>
    where Self == IntentValueResult<V> {
        .result(value: value)
    }
}
