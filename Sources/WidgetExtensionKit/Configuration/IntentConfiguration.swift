import Foundation
import Intents
import WidgetArchive
import WidgetUI

/// `IntentTimelineProvider`: the SiriKit-era provider of a widget configured by an `INIntent`.
public protocol IntentTimelineProvider {
    associatedtype Entry: TimelineEntry
    associatedtype Intent: INIntent
    typealias Context = TimelineProviderContext
    func placeholder(in context: Context) -> Entry
    func getSnapshot(for configuration: Intent, in context: Context, completion: @escaping (Entry) -> Void)
    func getTimeline(for configuration: Intent, in context: Context, completion: @escaping (Timeline<Entry>) -> Void)
    func recommendations() -> [IntentRecommendation<Intent>]
}

extension IntentTimelineProvider {
    public func recommendations() -> [IntentRecommendation<Intent>] { [] }
}

/// `IntentRecommendation`.
public struct IntentRecommendation<Intent: INIntent> {
    public let intent: Intent
    public let description: String
    public init(intent: Intent, description: String) {
        self.intent = intent
        self.description = description
    }
    public init(intent: Intent, description: LocalizedStringKey) {
        self.init(intent: intent, description: description.plainText)
    }
}

/// `IntentConfiguration`: a widget configured with an `INIntent`. There is no intent configuration UI
/// here, so every request gets the intent made with `init()`, its parameters at their defaults.
public struct IntentConfiguration<Intent: INIntent, Content: View>: WidgetConfiguration {
    public typealias Body = Never
    let kind: String
    let makeTimeline: (TimelineArchiveRequest, String, ConfigurationFlags) throws -> ArchivedTimeline
    let archiveEntries: ([any TimelineEntry], TimelineArchiveRequest, String, ConfigurationFlags) throws -> ArchivedTimeline

    public init<Provider: IntentTimelineProvider>(
        kind: String, intent: Intent.Type, provider: Provider, @ViewBuilder content: @escaping (Provider.Entry) -> Content
    ) where Provider.Intent == Intent {
        self.kind = kind
        self.makeTimeline = { request, kind, flags in
            let timeline = CompletionWaiter<Timeline<Provider.Entry>>.wait { completion in
                provider.getTimeline(for: Intent(), in: request.context, completion: completion)
            }
            return EntryArchiver.archive(
                entries: timeline.entries, policy: timeline.policy, request: request, kind: kind, flags: flags, content: content)
        }
        self.archiveEntries = EntryArchiver.previewArchiver(content: content)
    }

    public var body: Never { preconditionFailure("IntentConfiguration is primitive") }

    public func _resolve() -> [_ResolvedWidget] {
        [_ResolvedWidget(kind: kind, displayName: kind, description: "", families: defaultFamilies, flags: [], timeline: makeTimeline,
                         archiveEntries: archiveEntries)]
    }
}

extension _WidgetPreview {
    /// `#Preview(_:as:using:widget:timelineProvider:)` for an `INIntent` configuration.
    public init<W: Widget, P: IntentTimelineProvider>(
        _ name: String? = nil, as family: WidgetFamily, using intent: P.Intent, widget: @escaping () -> W,
        timelineProvider: @escaping () -> P
    ) {
        let box = ProviderBox(intent)
        self.init(name: name, family: family, widget: { widget()._widgets() }) { context in
            let provider = timelineProvider()
            return CompletionWaiter<Timeline<P.Entry>>.wait { provider.getTimeline(for: box.provider, in: context, completion: $0) }.entries
        }
    }
}

/// `#Preview(as: .systemSmall, using: intent, widget: { MyWidget() }, timelineProvider: { Provider() })`.
@freestanding(declaration)
public macro Preview<W: Widget, P: IntentTimelineProvider>(
    _ name: String? = nil, as family: WidgetFamily, using intent: P.Intent, widget: @escaping () -> W,
    timelineProvider: @escaping () -> P
) = #externalMacro(module: "WidgetMacros", type: "WidgetPreviewMacro")
