import Foundation

/// Where the scheduler's decisions go, one at a time, as they are made: a long simulation never
/// holds its log in memory.
public protocol ScheduleLog: AnyObject {
    func record(_ event: ScheduleEvent)
}

/// Keeps every decision: for tests, and for runs short enough to look at whole.
public final class ScheduleRecorder: ScheduleLog {
    public private(set) var events: [ScheduleEvent] = []
    public init() {}
    public func record(_ event: ScheduleEvent) { events.append(event) }
}

/// Counts decisions and forwards them to another log, if any.
public final class ScheduleCounter: ScheduleLog {
    public private(set) var count = 0
    private let next: ScheduleLog?
    public init(forwardingTo next: ScheduleLog? = nil) { self.next = next }
    public func record(_ event: ScheduleEvent) {
        count += 1
        next?.record(event)
    }
}
