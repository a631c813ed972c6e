import Foundation
import FoundationAdditions

/// `SetValueIntent`: the action of a toggle control (`ControlWidgetToggle`). The system sets `value` to
/// the state the tap asks for before `perform()`; here the extension archives the intent with `value`
/// already set to the flipped state, so the host performs exactly what the tap means.
public protocol SetValueIntent: AppIntent {
    associatedtype ValueType
    var value: ValueType { get set }
}

/// `ControlConfigurationIntent`: the intent that configures a control (`AppIntentControlConfiguration`).
public protocol ControlConfigurationIntent: AppIntent {}

extension ControlConfigurationIntent {
    public func perform() async throws -> IntentResultContainer { .result() }
}

/// `OpenURLIntent` (iOS 18): a control's button that opens a URL. The host records the URL it would
/// open; there is no app to open it in.
public struct OpenURLIntent: AppIntent {
    public static var title: LocalizedStringResource { "Open URL" }
    @Parameter(title: "URL") public var url: URL?

    public init() {}
    public init(_ url: URL) { self.url = url }

    public func perform() async throws -> IntentResultContainer { .result() }
}
