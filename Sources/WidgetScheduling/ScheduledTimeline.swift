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
}
