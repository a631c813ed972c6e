import Foundation
import FoundationAdditions

/// `AppEnum`: a parameter whose value is one of a fixed set of cases, persisted by its raw value.
public protocol AppEnum: CaseIterable, RawRepresentable, Hashable, Sendable {
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    static var caseDisplayRepresentations: [Self: DisplayRepresentation] { get }
}

extension AppEnum {
    /// The raw value as it is archived.
    var archivedRawValue: String { "\(rawValue)" }

    /// The case whose archived raw value is `text`.
    static func archivedCase(_ text: String) -> Self? { allCases.first { $0.archivedRawValue == text } }
    /// The first case, type-erased for a parameter that has no value yet.
    static var _firstCase: Any? { allCases.first }
}

/// `DynamicOptionsProvider`: the choices a parameter offers in the configuration UI (there is none
/// here; the provider compiles and is not asked).
public protocol DynamicOptionsProvider: Sendable {
    associatedtype Result
    associatedtype DefaultValue = Never
    init()
    func results() async throws -> Result
    func defaultResult() async -> DefaultValue?
}

extension DynamicOptionsProvider {
    public func defaultResult() async -> DefaultValue? { nil }
}

/// `ItemCollection`: options grouped into sections.
public struct ItemCollection<Value>: Sendable {
    public var sections: [ItemSection<Value>]
    public init(sections: [ItemSection<Value>]) { self.sections = sections }
    public init(@ItemCollectionBuilder<Value> content: () -> [ItemSection<Value>]) { sections = content() }
}

// `@unchecked Sendable`: as Apple declares it: the items are the app's entities, made for one answer and handed over.
public struct ItemSection<Value>: @unchecked Sendable {
    public var title: LocalizedStringResource?
    public var items: [Value]
    public init(_ title: LocalizedStringResource? = nil, items: [Value]) {
        self.title = title
        self.items = items
    }
}

@resultBuilder
public enum ItemCollectionBuilder<Value> {
    public static func buildBlock(_ sections: ItemSection<Value>...) -> [ItemSection<Value>] { sections }
}

/// `IntentDialog`: what an intent says when it finishes.
public struct IntentDialog: Hashable, Sendable, ExpressibleByStringInterpolation {
    public var text: LocalizedStringResource
    public init(_ text: LocalizedStringResource) { self.text = text }
    public init(stringLiteral value: String) { text = LocalizedStringResource(value) }
    public init(stringInterpolation: DefaultStringInterpolation) { text = LocalizedStringResource(String(stringInterpolation: stringInterpolation)) }
}

/// `ProvidesDialog`, `ReturnsValue`, `OpensIntent`, `ShowsSnippetView`: result types an intent's
/// `perform()` declares. Their content is not shown here.
public protocol ProvidesDialog: IntentResult {}
public protocol ReturnsValue<Value>: IntentResult {
    associatedtype Value
}
public protocol OpensIntent: IntentResult {}
public protocol ShowsSnippetView: IntentResult {}

extension IntentResultContainer: ProvidesDialog, OpensIntent, ShowsSnippetView {}

/// The result of `.result(value:)`, `.result(value:dialog:)` and their forms with a snippet view.
// `@unchecked Sendable`: as Apple declares it: the value is made by `perform()` and handed over with the result.
public struct IntentValueResult<Value>: ReturnsValue, ProvidesDialog, ShowsSnippetView, @unchecked Sendable {
    public let value: Value
}

extension IntentResult where Self == IntentResultContainer {
    public static func result(dialog: IntentDialog) -> IntentResultContainer { IntentResultContainer() }
}

extension IntentResult {
    public static func result<V>(value: V) -> IntentValueResult<V> where Self == IntentValueResult<V> { IntentValueResult(value: value) }
    public static func result<V>(value: V, dialog: IntentDialog) -> IntentValueResult<V> where Self == IntentValueResult<V> {
        IntentValueResult(value: value)
    }
}

/// `AppIntentError`.
public enum AppIntentError: Error, Sendable {
    case restartPerform
    case userActionRequired
    case unknown
}

/// `ParameterSummary`: how the configuration UI sums up an intent's parameters ("Show \(\.$city)").
/// There is no configuration UI here; summaries compile and are not shown.
public protocol ParameterSummary {}

/// `Summary`.
public struct Summary<Intent>: ParameterSummary {
    public init(_ text: ParameterSummaryString<Intent>) {}
    public init(_ text: ParameterSummaryString<Intent>, @ParameterSummaryBuilder<Intent> table: () -> some ParameterSummary) {}
    /// `Summary { \.$a; \.$b }`: the parameters as a table, with no sentence.
    public init(@ParameterSummaryBuilder<Intent> table: () -> some ParameterSummary) {}
}

/// `When` and `Switch` choose a summary by a parameter's value.
public struct When<Intent>: ParameterSummary {
    public init<V>(_ keyPath: KeyPath<Intent, V>, _ comparison: ParameterSummaryComparison, _ value: Any,
                   @ParameterSummaryBuilder<Intent> _ then: () -> some ParameterSummary,
                   @ParameterSummaryBuilder<Intent> otherwise: () -> some ParameterSummary) {}
    public init<V>(_ keyPath: KeyPath<Intent, V>, _ comparison: ParameterSummaryComparison, _ value: Any,
                   @ParameterSummaryBuilder<Intent> _ then: () -> some ParameterSummary) {}
}

public enum ParameterSummaryComparison: Sendable { case equalTo, notEqualTo, greaterThan, lessThan, hasAnyValue, hasNoValue }

/// The text of a summary, with parameters interpolated by key path.
public struct ParameterSummaryString<Intent>: ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) {}
    public init(stringInterpolation: StringInterpolation) {}
    public struct StringInterpolation: StringInterpolationProtocol {
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) {}
        public mutating func appendInterpolation<V>(_ keyPath: KeyPath<Intent, V>) {}
    }
}

@resultBuilder
public enum ParameterSummaryBuilder<Intent> {
    public static func buildBlock() -> EmptySummary { EmptySummary() }
    public static func buildBlock<S: ParameterSummary>(_ summary: S) -> S { summary }
    public static func buildBlock<each S: ParameterSummary>(_ summaries: repeat each S) -> EmptySummary { EmptySummary() }
    public static func buildExpression<V>(_ keyPath: KeyPath<Intent, V>) -> EmptySummary { EmptySummary() }
    public static func buildExpression(_ summary: Summary<Intent>) -> Summary<Intent> { summary }
    public static func buildExpression(_ summary: When<Intent>) -> When<Intent> { summary }
    public static func buildExpression<S: ParameterSummary>(_ summary: S) -> S { summary }
}

/// A summary that says nothing (the default, and a table's rows).
public struct EmptySummary: ParameterSummary {
    public init() {}
}

/// `IntentAuthenticationPolicy`: whether an intent runs on a locked device (it always runs here).
public enum IntentAuthenticationPolicy: Sendable { case alwaysAllowed, requiresAuthentication, requiresLocalDeviceAuthentication }

/// `EntityStringQuery`: finds entities by a search string as well as by identifier.
public protocol EntityStringQuery: EntityQuery {
    func entities(matching string: String) async throws -> [Entity]
}

/// `CustomIntentMigratedAppIntent`: an App Intent that replaced a SiriKit intent of this class name.
public protocol CustomIntentMigratedAppIntent: AppIntent {
    static var intentClassName: String { get }
}
