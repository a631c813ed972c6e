import Foundation
import FoundationAdditions

/// `AppIntent`: an action the extension performs when a control is tapped. Only `@Parameter`
/// properties are persisted in the archive; the extension rebuilds the intent from them with `init()`.
public protocol AppIntent: Sendable {
    associatedtype PerformResult: IntentResult
    static var title: LocalizedStringResource { get }
    static var description: IntentDescription { get }
    init()
    func perform() async throws -> PerformResult

    /// How the configuration UI sums the parameters up. The builder makes `Summary` know its intent, so
    /// `\.$parameter` key paths need no root.
    associatedtype SummaryContent: ParameterSummary = EmptySummary
    @ParameterSummaryBuilder<Self> static var parameterSummary: SummaryContent { get }
}

extension AppIntent {
    public static var description: IntentDescription { IntentDescription(title) }

    /// The identifier archived with a control: the module-qualified type name. Spelling a type's name
    /// demangles it, so each type's identifier is worked out once (every archived button asks).
    public static var typeIdentifier: String { IntentTypeNames.shared.name(of: Self.self) }
}

/// Module-qualified intent type names, by type.
// `@unchecked Sendable`: `names` is only touched with `lock` held.
final class IntentTypeNames: @unchecked Sendable {
    static let shared = IntentTypeNames()
    private let lock = NSLock()
    private var names: [ObjectIdentifier: String] = [:]

    func name(of type: Any.Type) -> String {
        let key = ObjectIdentifier(type)
        if let known = lock.withLock({ names[key] }) { return known }
        // What `String(reflecting:)` gives a type, without its look-ups of `CustomDebugStringConvertible`
        // and the others (each a scan of every conformance record the first time, in a new process).
        let name = _typeName(type, qualified: true)
        lock.withLock { names[key] = name }
        return name
    }
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

/// `LiveActivityIntent`: an intent that starts, updates or ends a Live Activity, run in the app's
/// process on Apple's platforms. Here it is performed like any intent (a button's tap), in the extension.
public protocol LiveActivityIntent: AppIntent {}

extension AppIntent where SummaryContent == EmptySummary {
    public static var parameterSummary: EmptySummary { EmptySummary() }
}
