import Foundation
// TipKit re-exports SwiftUI, as on Apple's platforms (a tip file names `Text` and `Image`).
@_exported import SwiftUI
import WidgetUI

/// TipKit compiles here and shows nothing: tips are an app's onboarding, which widgets do not
/// display. `TipView` and `.popoverTip` draw nothing and say so once.
public protocol Tip: Identifiable, Sendable {
    var title: Text { get }
    var message: Text? { get }
    var image: Image? { get }
    var actions: [Tips.Action] { get }
    var rules: [Tips.Rule] { get }
    var options: [any TipOption] { get }
}

extension Tip {
    public var id: String { String(describing: Self.self) }
    public var message: Text? { nil }
    public var image: Image? { nil }
    public var actions: [Tips.Action] { [] }
    public var rules: [Tips.Rule] { [] }
    public var options: [any TipOption] { [] }
    public var shouldDisplay: Bool { false }
    public var status: Tips.Status { .pending }
    public func invalidate(reason: Tips.InvalidationReason) {}
}

public protocol TipOption: Sendable {}

/// The names a tip uses unqualified (`Event`, `Rule`, `[Tip.MaxDisplayCount(2)]`), as TipKit's `Tip`
/// declares them.
extension Tip {
    public typealias Event = Tips.Event
    public typealias Rule = Tips.Rule
    public typealias Action = Tips.Action
    public typealias Parameter = Tips.Parameter
    public typealias Option = TipOption
    public typealias MaxDisplayCount = Tips.MaxDisplayCount
    public typealias IgnoresDisplayFrequency = Tips.IgnoresDisplayFrequency
}

/// `#Rule(event) { $0.donations.count >= 3 }` and `#Rule(Self.$parameter) { $0 }`: a tip's display
/// rule, built as `Tips.Rule` with the same arguments (tips are never shown here, so the predicate
/// is kept, not evaluated).
@freestanding(expression)
public macro Rule(_ event: Tips.Event, _ predicate: @escaping @Sendable (Tips.Event) -> Bool) -> Tips.Rule
    = #externalMacro(module: "WidgetMacros", type: "TipRuleMacro")

@freestanding(expression)
public macro Rule<Value>(_ parameter: Tips.Parameter<Value>, _ predicate: @escaping @Sendable (Value) -> Bool) -> Tips.Rule
    = #externalMacro(module: "WidgetMacros", type: "TipRuleMacro")

/// `Tips`: configuration, rules, events and parameters.
public enum Tips {
    public static func configure(_ configuration: [ConfigurationOption] = []) throws {}
    public static func resetDatastore() throws {}
    public static func showAllTipsForTesting() {}
    public static func hideAllTipsForTesting() {}
    public static func showTipsForTesting(_ tips: [any Tip.Type]) {}

    public struct ConfigurationOption: Sendable {
        public static func displayFrequency(_ frequency: DisplayFrequency) -> ConfigurationOption { ConfigurationOption() }
        public static func datastoreLocation(_ location: DatastoreLocation) -> ConfigurationOption { ConfigurationOption() }
        public enum DisplayFrequency: Sendable { case immediate, hourly, daily, weekly, monthly }
        public enum DatastoreLocation: Sendable {
            case applicationDefault
            case groupContainer(identifier: String)
            case url(URL)
        }
    }

    public struct Action: Identifiable, Sendable {
        public let id: String
        public init(id: String? = nil, title: String, perform: @escaping @Sendable () -> Void = {}) { self.id = id ?? title }
        public init(id: String? = nil, perform: @escaping @Sendable () -> Void = {}, _ label: () -> Text) { self.id = id ?? "action" }
    }

    public struct Rule: Sendable {
        public init<P>(_ parameter: Parameter<P>, _ predicate: @escaping @Sendable (P) -> Bool) {}
        public init(_ event: Event, _ predicate: @escaping @Sendable (Event) -> Bool) {}
    }

    public struct Event: Sendable {
        public let id: String
        public init(id: String) { self.id = id }
        public func donate() {}
        public func donate() async {}
        public var donations: Donations { Donations() }
        public struct Donations: Sendable {
            public var count: Int { 0 }
            public func donatedWithin(_ window: DonationTimeRange) -> Donations { self }
        }
        public struct DonationTimeRange: Sendable {
            public static let today = DonationTimeRange()
            public static let week = DonationTimeRange()
            public static func days(_ n: Int) -> DonationTimeRange { DonationTimeRange() }
        }
    }

    @propertyWrapper
    public struct Parameter<Value>: @unchecked Sendable {
        private var value: Value
        public init(wrappedValue: Value) { value = wrappedValue }
        public init(_ type: Any.Type, _ id: String, _ defaultValue: Value) { value = defaultValue }
        public var wrappedValue: Value {
            get { value }
            set { value = newValue }
        }
        public var projectedValue: Parameter<Value> { self }
    }

    public enum Status: Sendable { case pending, available, invalidated(InvalidationReason) }
    public enum InvalidationReason: Sendable { case actionPerformed, displayCountExceeded, tipClosed }
    public struct MaxDisplayCount: TipOption {
        public init(_ count: Int) {}
    }
    public struct IgnoresDisplayFrequency: TipOption {
        public init(_ ignores: Bool) {}
    }
}

/// `TipView`: draws nothing here, and says so once.
public nonisolated struct TipView<Content: Tip>: View {
    public init(_ tip: Content, arrowEdge: Edge? = nil, action: @escaping (Tips.Action) -> Void = { _ in }) {}
    public var body: some View { EmptyView().reporting(TipNotice.message) }
}

/// `.popoverTip(_:)`.
nonisolated extension View {
    public func popoverTip<T: Tip>(_ tip: T, arrowEdge: Edge? = nil, action: @escaping (Tips.Action) -> Void = { _ in }) -> some View {
        reporting(TipNotice.message)
    }
}

enum TipNotice {
    static let message = "TipKit tips are not shown in widgets: TipView and popoverTip draw nothing"
}
