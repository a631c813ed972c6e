import Foundation

/// `AppIntent`: an action the extension performs when a control is tapped. Only `@Parameter`
/// properties are persisted in the archive; the extension rebuilds the intent from them with `init()`.
public protocol AppIntent: Sendable {
    associatedtype PerformResult: IntentResult
    static var title: LocalizedStringResource { get }
    static var description: IntentDescription { get }
    init()
    func perform() async throws -> PerformResult
}

extension AppIntent {
    public static var description: IntentDescription { IntentDescription(title) }

    /// The identifier archived with a control: the module-qualified type name.
    public static var typeIdentifier: String { String(reflecting: Self.self) }
}

/// `IntentResult`: what `perform()` returns.
public protocol IntentResult: Sendable {}

/// The plain result `.result()` returns.
public struct IntentResultContainer: IntentResult {
    public init() {}
}

extension IntentResult where Self == IntentResultContainer {
    /// `.result()`: the intent finished with nothing to report.
    public static func result() -> IntentResultContainer { IntentResultContainer() }
}

/// `WidgetConfigurationIntent`: the intent that configures a widget (`AppIntentConfiguration`).
public protocol WidgetConfigurationIntent: AppIntent {}

extension WidgetConfigurationIntent {
    public func perform() async throws -> IntentResultContainer { .result() }
}
