import Foundation
import WidgetProtocol

/// A timeline as the scheduler needs it: when entries become current, and what the policy asks.
public struct ScheduledTimeline: Hashable, Sendable {
    public var entryDates: [Date]
    public var policy: ReloadPolicy

    public init(entryDates: [Date], policy: ReloadPolicy) {
        self.entryDates = entryDates
        self.policy = policy
    }

    /// The least time between two consecutive entries; nil with fewer than two.
    public var closestEntrySpacing: TimeInterval? {
        guard entryDates.count > 1 else { return nil }
        var least = TimeInterval.infinity
        for k in 1..<entryDates.count { least = min(least, abs(entryDates[k].timeIntervalSince(entryDates[k - 1]))) }
        return least
    }

    /// Whether two consecutive entries are less than `spacing` seconds apart.
    public func hasEntries(closerThan spacing: TimeInterval) -> Bool { (closestEntrySpacing ?? .infinity) < spacing }
}
