import Foundation
import WidgetArchive
import WidgetUI

/// `TimelineEntry`: one moment of a widget's content.
public protocol TimelineEntry {
    var date: Date { get }
    var relevance: TimelineEntryRelevance? { get }
}

extension TimelineEntry {
    public var relevance: TimelineEntryRelevance? { nil }
}

/// `TimelineEntryRelevance`: how relevant an entry is (Smart Stack ordering).
public struct TimelineEntryRelevance: Hashable, Sendable {
    public var score: Float
    public var duration: TimeInterval
    public init(score: Float, duration: TimeInterval = 0) {
        self.score = score
        self.duration = duration
    }
}

/// `TimelineReloadPolicy`: the earliest time the host should ask for the next timeline.
public struct TimelineReloadPolicy: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case atEnd
        case after(Date)
        case never
    }
    let kind: Kind
    public static let atEnd = TimelineReloadPolicy(kind: .atEnd)
    public static let never = TimelineReloadPolicy(kind: .never)
    public static func after(_ date: Date) -> TimelineReloadPolicy { TimelineReloadPolicy(kind: .after(date)) }
}

/// `Timeline`.
public struct Timeline<EntryType: TimelineEntry> {
    public let entries: [EntryType]
    public let policy: TimelineReloadPolicy
    public init(entries: [EntryType], policy: TimelineReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }
}

/// `TimelineProviderContext`: what the host tells the provider about the request.
public struct TimelineProviderContext: Sendable {
    public let family: WidgetFamily
    public let isPreview: Bool
    public let displaySize: CGSize
    public let environmentVariants: EnvironmentVariants

    /// `EnvironmentVariants`: the environments each entry will be archived for. Any other environment
    /// value (`context.environmentVariants.displayScale`) has the one value every entry is archived
    /// with.
    @dynamicMemberLookup
    public struct EnvironmentVariants: Sendable {
        public let colorScheme: [ColorScheme]?
        public let widgetRenderingMode: [WidgetRenderingMode]?

        package init(colorScheme: [ColorScheme]?, widgetRenderingMode: [WidgetRenderingMode]?) {
            self.colorScheme = colorScheme
            self.widgetRenderingMode = widgetRenderingMode
        }

        public subscript<T>(dynamicMember keyPath: WritableKeyPath<EnvironmentValues, T>) -> [T]? {
            [EnvironmentValues()[keyPath: keyPath]]
        }
    }

    public init(family: WidgetFamily, isPreview: Bool, displaySize: CGSize, environmentVariants: EnvironmentVariants) {
        self.family = family
        self.isPreview = isPreview
        self.displaySize = displaySize
        self.environmentVariants = environmentVariants
    }
}

/// `TimelineProvider`: Apple's completion-handler API.
public protocol TimelineProvider {
    associatedtype Entry: TimelineEntry
    typealias Context = TimelineProviderContext
    func placeholder(in context: Context) -> Entry
    func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void)
    func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void)
    /// `relevance()` (iOS 18, watchOS 11): when the widget is worth showing in a Smart Stack.
    func relevance() async -> WidgetRelevance<Void>
}

extension TimelineProvider {
    public func relevance() async -> WidgetRelevance<Void> { WidgetRelevance([]) }
}
