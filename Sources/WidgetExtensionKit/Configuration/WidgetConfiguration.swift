import Foundation
import WidgetArchive
import FoundationAdditions
import WidgetIntents
import WidgetProtocol
import WidgetUI

/// `WidgetConfiguration`: what a widget offers (kind, families, provider, view).
public protocol WidgetConfiguration {
    associatedtype Body: WidgetConfiguration
    @WidgetConfigurationBuilder var body: Self.Body { get }

    /// The resolved descriptions of the widgets this configuration declares.
    func _resolve() -> [_ResolvedWidget]
    /// A Live Activity's Lock Screen content (`ActivityConfiguration`), for previews.
    func _activityContent() -> Any?
}

extension WidgetConfiguration {
    public func _resolve() -> [_ResolvedWidget] { body._resolve() }
    public func _activityContent() -> Any? { body._activityContent() }
}

extension Never: WidgetConfiguration {}

extension WidgetConfiguration where Body == Never {
    public func _activityContent() -> Any? { nil }
}

/// `@WidgetConfigurationBuilder`.
@resultBuilder
public enum WidgetConfigurationBuilder {
    public static func buildBlock<C: WidgetConfiguration>(_ content: C) -> C { content }
}

/// A widget as the runtime serves it: its description and how to archive a timeline for it.
public struct _ResolvedWidget {
    public var kind: String
    public var displayName: String
    public var description: String
    public var families: [WidgetFamily]
    public var flags: ConfigurationFlags
    /// Ready-made configurations (`AppIntentTimelineProvider.recommendations()`).
    public var recommendations: [Recommendation] = []
    public struct Recommendation {
        public var description: String
        public var configuration: [UInt8]
    }
    /// `.pushHandler(_:)`: the type told of push tokens, for a widget or control that takes pushes.
    package var pushHandler: _PushHandlerType?
    /// `.disfavoredLocations(_:for:)`, by location.
    public var disfavoredLocations: [PlacementLocation: [WidgetFamily]] = [:]
    /// Rebuilds an intent-configured control's configuration intent (for `ControlInfo`).
    var controlConfiguration: (([UInt8]) async throws -> any ControlConfigurationIntent)?
    /// Runs the provider and archives every entry for each variant, stamped with this kind and flags.
    let timeline: (TimelineArchiveRequest, _ kind: String, _ flags: ConfigurationFlags) throws -> ArchivedTimeline
    /// Archives entries made elsewhere (a preview's timeline), which must be the provider's entry type.
    let archiveEntries: ([any TimelineEntry], TimelineArchiveRequest, _ kind: String, _ flags: ConfigurationFlags) throws -> ArchivedTimeline
    /// A Live Activity configuration (`ActivityConfiguration`), which the runtime serves apart from widgets.
    package internal(set) var activity: _ResolvedActivity? = nil
    /// The provider's `relevance()`, as clues.
    var relevance: (() throws -> [RelevanceClue])? = nil
    /// A `RelevanceConfiguration`: shown only where a clue of its matches.
    var relevanceOnly = false
}

/// What the runtime asks a configuration for.
struct TimelineArchiveRequest {
    var family: WidgetFamily
    var variants: [EnvironmentVariant]
    var context: TimelineProviderContext
    var configuration: [UInt8]
    /// The id of the placement the entries will be shown in (empty: the family's natural one).
    var placement: String = ""
}

/// A provider's timeline, archived.
struct ArchivedTimeline {
    struct Entry {
        var date: Date
        var relevance: Double?
        var relevanceDuration: Double = 0
        var archives: [[UInt8]]
    }
    var entries: [Entry]
    var policy: TimelineReloadPolicy
    var diagnostics: [String]
}

/// Families a configuration supports when it does not say: the home-screen ones (as on iOS).
let defaultFamilies: [WidgetFamily] = [.systemSmall, .systemMedium, .systemLarge]

/// `StaticConfiguration`: a widget with no user configuration.
public struct StaticConfiguration<Content: View>: WidgetConfiguration {
    public typealias Body = Never
    let kind: String
    let makeTimeline: (TimelineArchiveRequest, String, ConfigurationFlags) throws -> ArchivedTimeline
    let archiveEntries: ([any TimelineEntry], TimelineArchiveRequest, String, ConfigurationFlags) throws -> ArchivedTimeline

    public init<Provider: TimelineProvider>(kind: String, provider: Provider, @ViewBuilder content: @escaping (Provider.Entry) -> Content) {
        self.kind = kind
        self.makeTimeline = { request, kind, flags in
            let timeline = CompletionWaiter<Timeline<Provider.Entry>>.wait { completion in
                provider.getTimeline(in: request.context, completion: completion)
            }
            return EntryArchiver.archive(
                entries: timeline.entries, policy: timeline.policy, request: request, kind: kind, flags: flags, content: content)
        }
        self.archiveEntries = EntryArchiver.previewArchiver(content: content)
        let box = ProviderBox(provider)
        self.relevance = {
            try CompletionWaiter<Result<WidgetRelevance<Void>, any Error>>.run { await box.provider.relevance() }.clues { _ in [] }
        }
    }

    let relevance: () throws -> [RelevanceClue]

    public var body: Never { preconditionFailure("StaticConfiguration is primitive") }

    public func _resolve() -> [_ResolvedWidget] {
        var widget = _ResolvedWidget(kind: kind, displayName: kind, description: "", families: defaultFamilies, flags: [], timeline: makeTimeline,
                                     archiveEntries: archiveEntries)
        widget.relevance = relevance
        return [widget]
    }
}

/// Blocks the serving thread until a provider calls its completion handler (from any thread, at most
/// once counted), so completion-handler providers and `Task`-based ones are served alike.
// `@unchecked Sendable`: `value` is only touched with `lock` held; `done` orders the waiter after the completion.
final class CompletionWaiter<T>: @unchecked Sendable {
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var value: T?

    static func wait(_ start: (@escaping (T) -> Void) -> Void) -> T {
        let waiter = CompletionWaiter<T>()
        start { waiter.complete($0) }
        waiter.done.wait()
        return waiter.lock.withLock { waiter.value! }
    }

    private func complete(_ value: T) {
        let first: Bool = lock.withLock {
            guard self.value == nil else { return false }
            self.value = value
            return true
        }
        if first { done.signal() }
    }
}
/// Applies configuration modifiers to the resolved description.
package struct _ModifiedConfiguration<Content: WidgetConfiguration>: WidgetConfiguration {
    public typealias Body = Never
    let content: Content
    let transform: (inout _ResolvedWidget) -> Void
    public var body: Never { preconditionFailure("modified configurations are primitive") }
    public func _activityContent() -> Any? { content._activityContent() }

    public func _resolve() -> [_ResolvedWidget] {
        content._resolve().map { widget in
            var widget = widget
            transform(&widget)
            return widget
        }
    }
}

extension WidgetConfiguration {
    func modified(_ transform: @escaping (inout _ResolvedWidget) -> Void) -> _ModifiedConfiguration<Self> {
        _ModifiedConfiguration(content: self, transform: transform)
    }

    public func configurationDisplayName(_ displayName: String) -> some WidgetConfiguration {
        modified { $0.displayName = displayName }
    }

    public func configurationDisplayName(_ displayName: LocalizedStringKey) -> some WidgetConfiguration {
        modified { $0.displayName = displayName.plainText }
    }

    public func description(_ description: String) -> some WidgetConfiguration {
        modified { $0.description = description }
    }

    public func description(_ description: LocalizedStringKey) -> some WidgetConfiguration {
        modified { $0.description = description.plainText }
    }

    /// `.configurationDisplayName(_:)` with a `Text` (`Text("key", comment:)`): its text, translated
    /// as the `Text` is.
    public func configurationDisplayName(_ displayName: Text) -> some WidgetConfiguration {
        modified { $0.displayName = displayName.plainText }
    }

    /// `.description(_:)` with a `Text`.
    public func description(_ description: Text) -> some WidgetConfiguration {
        modified { $0.description = description.plainText }
    }

    /// `.configurationDisplayName(_:)` with a `LocalizedStringResource` (iOS 16): looked up in the
    /// app's tables as `String(localized:)` does.
    public func configurationDisplayName(_ displayName: LocalizedStringResource) -> some WidgetConfiguration {
        modified { $0.displayName = String(localized: displayName) }
    }

    /// `.description(_:)` with a `LocalizedStringResource`.
    public func description(_ description: LocalizedStringResource) -> some WidgetConfiguration {
        modified { $0.description = String(localized: description) }
    }

    /// `.onBackgroundURLSessionEvents(matching:_:)`: the host runs no background URL sessions for the
    /// extension, so no event is ever delivered; the configuration is unchanged.
    public func onBackgroundURLSessionEvents(
        matching matchingBlock: ((String) -> Bool)? = nil, _ urlSessionEvent: @escaping (String, @escaping () -> Void) -> Void
    ) -> some WidgetConfiguration {
        self
    }

    /// `.onBackgroundURLSessionEvents(matching:_:)` with an identifier.
    public func onBackgroundURLSessionEvents(
        matching matchingString: String?, _ urlSessionEvent: @escaping (String, @escaping () -> Void) -> Void
    ) -> some WidgetConfiguration {
        self
    }

    public func supportedFamilies(_ families: [WidgetFamily]) -> some WidgetConfiguration {
        modified { $0.families = families }
    }

    /// `.contentMarginsDisabled()`: the body gets the whole widget; read `\.widgetContentMargins` to pad.
    public func contentMarginsDisabled() -> some WidgetConfiguration {
        modified { $0.flags.insert(.contentMarginsDisabled) }
    }

    /// `.containerBackgroundRemovable(_:)`: `false` keeps the background where placements remove it.
    public func containerBackgroundRemovable(_ isRemovable: Bool = true) -> some WidgetConfiguration {
        modified { if isRemovable { $0.flags.remove(.backgroundNotRemovable) } else { $0.flags.insert(.backgroundNotRemovable) } }
    }
}

