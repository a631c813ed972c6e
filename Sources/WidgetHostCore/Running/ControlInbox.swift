import Foundation
import WidgetControl

/// Control commands on their way from the control server's thread to the run loop's, and a count of
/// connections the server dealt with itself, so the run loop can wait for either.
///
/// `@unchecked Sendable`: everything is guarded by `condition`.
final class ControlInbox: @unchecked Sendable {
    private let condition = NSCondition()
    private var waiting: [(ControlRequest, ControlReply)] = []
    private var endedElsewhere = 0

    func post(_ request: ControlRequest, _ reply: ControlReply) {
        condition.withLock {
            waiting.append((request, reply))
            condition.broadcast()
        }
    }

    func connectionEnded() {
        condition.withLock {
            endedElsewhere += 1
            condition.broadcast()
        }
    }

    var endedCount: Int { condition.withLock { endedElsewhere } }

    /// What has been posted, waiting until `deadline` for something if nothing has; returns early
    /// (with nothing) when the server ends a connection itself and `endedBefore` is no longer current.
    func take(until deadline: Date, endedBefore: Int? = nil) -> [(ControlRequest, ControlReply)] {
        condition.withLock {
            while waiting.isEmpty, endedBefore.map({ $0 == endedElsewhere }) ?? true {
                if !condition.wait(until: deadline) { break }
            }
            defer { waiting = [] }
            return waiting
        }
    }
}
