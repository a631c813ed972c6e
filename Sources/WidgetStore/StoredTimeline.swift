import Foundation
import WidgetArchive
import WidgetProtocol

/// One widget's timeline as stored: every entry's archives per variant, the reload policy, and when
/// it was fetched. On disk it is one `.timeline` file (see `Archives/FORMAT.md`), so storing a reload
/// is one durable write.
public struct StoredTimeline: Hashable, Sendable {
    public var extensionID: String
    public var kind: String
    public var family: WidgetFamily
    public var fetchedAt: Date
    public var policy: ReloadPolicy
    public var variants: [EnvironmentVariant]
    public var entries: [Entry]
    /// The configuration intent's parameters this timeline was made for (empty for static widgets).
    public var configuration: [UInt8] = []

    public struct Entry: Hashable, Sendable {
        public var date: Date
        public var relevance: Double?
        /// How long after `date` the relevance holds (0: while the entry is current).
        public var relevanceDuration: Double = 0
        /// One archive file per variant, in `variants` order.
        public var archives: [[UInt8]]
        public init(date: Date, relevance: Double?, relevanceDuration: Double = 0, archives: [[UInt8]]) {
            self.relevanceDuration = relevanceDuration
            self.date = date
            self.relevance = relevance
            self.archives = archives
        }
    }

    public init(extensionID: String, kind: String, family: WidgetFamily, fetchedAt: Date, policy: ReloadPolicy,
                variants: [EnvironmentVariant], entries: [Entry]) {
        self.extensionID = extensionID
        self.kind = kind
        self.family = family
        self.fetchedAt = fetchedAt
        self.policy = policy
        self.variants = variants
        self.entries = entries
    }

    /// The entry shown at `date`: the latest whose date has arrived, else the first.
    public func entryIndex(at date: Date) -> Int? {
        guard !entries.isEmpty else { return nil }
        var chosen = 0
        for (i, entry) in entries.enumerated() where entry.date <= date { chosen = i }
        return chosen
    }

    /// The archive for `variant` (or the first variant) of entry `index`.
    public func archive(entry index: Int, variant: EnvironmentVariant? = nil) -> [UInt8]? {
        guard entries.indices.contains(index) else { return nil }
        let v = variant.flatMap { variants.firstIndex(of: $0) } ?? 0
        return entries[index].archives.indices.contains(v) ? entries[index].archives[v] : nil
    }
}
