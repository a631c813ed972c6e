import Foundation
import WidgetProtocol
import FoundationAdditions
import WidgetArchive
import WidgetIntents
import WidgetUI

/// `AppIntentTimelineProvider`: the async provider of a widget configured by an App Intent.
public protocol AppIntentTimelineProvider {
    associatedtype Entry: TimelineEntry
    associatedtype Intent: WidgetConfigurationIntent
    typealias Context = TimelineProviderContext
    func placeholder(in context: Context) -> Entry
    func snapshot(for configuration: Intent, in context: Context) async -> Entry
    func timeline(for configuration: Intent, in context: Context) async -> Timeline<Entry>
    /// Preconfigured choices where there is no configuration UI (watchOS).
    func recommendations() -> [AppIntentRecommendation<Intent>]
    /// `relevance()` (iOS 18, watchOS 11): which configurations are worth showing in a Smart Stack, when.
    func relevance() async -> WidgetRelevance<Intent>
}

extension AppIntentTimelineProvider {
    public func recommendations() -> [AppIntentRecommendation<Intent>] { [] }
    public func relevance() async -> WidgetRelevance<Intent> { WidgetRelevance([]) }
}

/// `AppIntentRecommendation`: a configuration offered ready-made.
public struct AppIntentRecommendation<Intent: WidgetConfigurationIntent> {
    public let intent: Intent
    public let description: String
    public init(intent: Intent, description: LocalizedStringResource) {
        self.intent = intent
        self.description = String(localized: description)
    }
    public init(intent: Intent, description: String) {
        self.intent = intent
        self.description = description
    }
}

/// `AppIntentConfiguration`: a widget whose configuration is an App Intent. The host sends the
/// configuration's parameters with each request; the extension rebuilds the intent from them.
public struct AppIntentConfiguration<Intent: WidgetConfigurationIntent, Content: View>: WidgetConfiguration {
    public typealias Body = Never
    let kind: String
    let recommendations: [_ResolvedWidget.Recommendation]
    let makeTimeline: (TimelineArchiveRequest, String, ConfigurationFlags) throws -> ArchivedTimeline
    let archiveEntries: ([any TimelineEntry], TimelineArchiveRequest, String, ConfigurationFlags) throws -> ArchivedTimeline

    public init<Provider: AppIntentTimelineProvider>(
        kind: String, intent: Intent.Type = Intent.self, provider: Provider,
        @ViewBuilder content: @escaping (Provider.Entry) -> Content
    ) where Provider.Intent == Intent {
        self.kind = kind
        self.recommendations = provider.recommendations().map { r in
            _ResolvedWidget.Recommendation(description: r.description, configuration: (try? IntentParameterCodec.encode(r.intent)) ?? [])
        }
        self.makeTimeline = { request, kind, flags in
            let bytes = request.configuration
            let context = request.context
            let box = ProviderBox(provider)
            let result = CompletionWaiter<Result<Timeline<Provider.Entry>, Error>>.wait { completion in
                let send = SendableCompletion(completion)
                DetachedWork { await box.timeline(configuration: bytes, context: context, send: send) }.start()
            }
            let timeline = try result.get()
            return EntryArchiver.archive(
                entries: timeline.entries, policy: timeline.policy, request: request, kind: kind,
                flags: flags.union(.intentConfigurable), content: content)
        }
        self.archiveEntries = EntryArchiver.previewArchiver(content: content)
        let box = ProviderBox(provider)
        self.relevance = {
            let relevance = try CompletionWaiter<Result<WidgetRelevance<Intent>, any Error>>.run { await box.provider.relevance() }
            return try relevance.clues { intent in try intent.map { try IntentParameterCodec.encode($0) } ?? [] }
        }
    }

    let relevance: () throws -> [RelevanceClue]

    public var body: Never { preconditionFailure("AppIntentConfiguration is primitive") }

    public func _resolve() -> [_ResolvedWidget] {
        var widget = _ResolvedWidget(kind: kind, displayName: kind, description: "", families: defaultFamilies, flags: [.intentConfigurable],
                                     recommendations: recommendations, timeline: makeTimeline, archiveEntries: archiveEntries)
        widget.relevance = relevance
        return [widget]
    }
}

/// Carries a provider and a completion into a detached task (the serving thread waits meanwhile).
// `@unchecked Sendable`: the provider is used only by the detached task while the serving thread waits for it.
struct ProviderBox<P>: @unchecked Sendable {
    let provider: P
    init(_ provider: P) { self.provider = provider }
}

extension ProviderBox where P: AppIntentTimelineProvider {
    /// Rebuilds the configuration intent (its defaults if none was sent) and asks for a timeline.
    func timeline(configuration bytes: [UInt8], context: TimelineProviderContext,
                  send: SendableCompletion<Result<Timeline<P.Entry>, Error>>) async {
        do {
            let intent = bytes.isEmpty ? P.Intent() : try await IntentParameterCodec.decode(P.Intent.self, from: bytes)
            await IntentParameterCodec.takeSystemDefaults(intent)
            send.call(.success(await provider.timeline(for: intent, in: context)))
        } catch {
            send.call(.failure(error))
        }
    }
}

/// Async work started from generic code. The provider and its entries are used only by that work and
/// the waiting thread hands them over (it blocks until the work completes), so the work is sent as is;
/// starting it from this non-generic type keeps the task from capturing the generic metatypes.
// `@unchecked Sendable`: see above: handed over, not shared.
struct DetachedWork: @unchecked Sendable {
    let run: () async -> Void
    func start() { Task.detached { await run() } }
}

extension CompletionWaiter {
    /// Runs `work` in a detached task and blocks the serving thread (never a cooperative one) until it
    /// has finished: async provider and intent code, served from the synchronous request loop.
    static func run<Value>(_ work: @escaping () async throws -> Value) throws -> Value where T == Result<Value, any Error> {
        try wait { completion in
            let send = SendableCompletion(completion)
            DetachedWork {
                do { send.call(.success(try await work())) } catch { send.call(.failure(error)) }
            }.start()
        }.get()
    }
}

// `@unchecked Sendable`: called at most once, by the task, while the serving thread waits for it.
struct SendableCompletion<T>: @unchecked Sendable {
    let call: (T) -> Void
    init(_ call: @escaping (T) -> Void) { self.call = call }
}
