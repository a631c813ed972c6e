import Foundation

/// The host's only source of time. Real time for `run`; a virtual clock that jumps from event to event
/// for `demo`, `simulate` and tests, so a day passes in milliseconds.
public protocol HostClock: AnyObject, Sendable {
    var now: Date { get }
}

/// Wall-clock time.
public final class RealClock: HostClock {
    public init() {}
    public var now: Date { Date() }
}

/// Time that moves only when told to.
// `@unchecked Sendable`: `current` is only touched with `lock` held.
public final class VirtualClock: HostClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    public init(start: Date) { current = start }

    public var now: Date { lock.withLock { current } }

    /// Moves to `date` (never backwards).
    public func advance(to date: Date) {
        lock.withLock { if date > current { current = date } }
    }

    public func advance(by seconds: TimeInterval) {
        lock.withLock { current = current.addingTimeInterval(max(0, seconds)) }
    }
}
