import Foundation
import RelevanceKit
import WidgetArchive
import WidgetIntents
import WidgetProtocol
import WidgetUI

/// `RelevanceEntry` (watchOS 26): what a relevance widget shows for one matching clue.
public protocol RelevanceEntry: Sendable {}

/// `RelevanceEntriesProviderContext`.
public struct RelevanceEntriesProviderContext: Sendable {
    public let displaySize: CGSize
    public let isPreview: Bool
}

/// `RelevanceEntriesProvider` (watchOS 26): the clues, and an entry for a clue's configuration.
public protocol RelevanceEntriesProvider {
    associatedtype Configuration: WidgetConfigurationIntent
    associatedtype Entry: RelevanceEntry
    typealias Context = RelevanceEntriesProviderContext
    func relevance() async -> WidgetRelevance<Configuration>
    func entry(configuration: Configuration, context: Context) async throws -> Entry
    func placeholder(context: Context) -> Entry
}

/// `RelevanceConfiguration` (watchOS 26): a widget shown only in the Smart Stack, one card for each of
/// its clues that matches, never added by the person. The host asks for its clues (`getRelevance`),
/// and, for a clue that matches, a timeline of one entry for that clue's configuration.
public struct RelevanceConfiguration<Content: View>: WidgetConfiguration {
    public typealias Body = Never
    let kind: String
    let makeTimeline: (TimelineArchiveRequest, String, ConfigurationFlags) throws -> ArchivedTimeline
    let archiveEntries: ([any TimelineEntry], TimelineArchiveRequest, String, ConfigurationFlags) throws -> ArchivedTimeline
    let relevance: () throws -> [RelevanceClue]

    public init<Provider: RelevanceEntriesProvider>(kind: String, provider: Provider, @ViewBuilder content: @escaping (Provider.Entry) -> Content) {
        self.kind = kind
        let box = ProviderBox(provider)
        let view = { (entry: RelevanceTimelineEntry<Provider.Entry>) in content(entry.entry) }
        self.makeTimeline = { request, kind, flags in
            let bytes = request.configuration
            let context = RelevanceEntriesProviderContext(displaySize: request.context.displaySize, isPreview: request.context.isPreview)
            let entry = try CompletionWaiter<Result<Provider.Entry, any Error>>.run {
                let configuration = bytes.isEmpty ? Provider.Configuration() : try await IntentParameterCodec.decode(Provider.Configuration.self, from: bytes)
                await IntentParameterCodec.takeSystemDefaults(configuration)
                return try await box.provider.entry(configuration: configuration, context: context)
            }
            return EntryArchiver.archive(entries: [RelevanceTimelineEntry(date: Date(), entry: entry)], policy: .never, request: request,
                                         kind: kind, flags: flags.union(.intentConfigurable), content: view)
        }
        self.archiveEntries = EntryArchiver.previewArchiver(content: view)
        self.relevance = {
            let relevance = try CompletionWaiter<Result<WidgetRelevance<Provider.Configuration>, any Error>>.run { await box.provider.relevance() }
            return try relevance.clues { intent in try intent.map { try IntentParameterCodec.encode($0) } ?? [] }
        }
    }

    public var body: Never { preconditionFailure("RelevanceConfiguration is primitive") }

    public func _resolve() -> [_ResolvedWidget] {
        var widget = _ResolvedWidget(kind: kind, displayName: kind, description: "", families: [.accessoryRectangular], flags: [.intentConfigurable],
                                     timeline: makeTimeline, archiveEntries: archiveEntries)
        widget.relevance = relevance
        widget.relevanceOnly = true
        return [widget]
    }
}

extension WidgetConfiguration {
    /// `.associatedKind(_:)` (watchOS 26): the timeline widget a relevance widget stands in for; the
    /// Smart Stack shows one of the two at a time. Kept for the configuration; the host's Smart Stack
    /// treats them as one group.
    public func associatedKind(_ kind: String) -> some WidgetConfiguration { modified { _ in } }
}

/// A relevance entry dated when it is made, for the archiver.
struct RelevanceTimelineEntry<Entry>: TimelineEntry {
    let date: Date
    let entry: Entry
}
