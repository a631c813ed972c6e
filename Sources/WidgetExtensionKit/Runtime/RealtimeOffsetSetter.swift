import CVirtualClock
import Foundation
import SystemCalls

/// Moves this process's realtime clock to the host's (see CVirtualClock). The clock shim refuses a
/// non-zero offset when it cannot translate the deadlines of waits on a shifted clock; the extension
/// then keeps the real clock, and says so once on standard error rather than with every request.
package struct RealtimeOffsetSetter {
    private let extensionID: String
    /// Moves the clock; the shim's refusal, if it refused.
    private let set: (Int64) -> Errno?
    private let report: (String) -> Void
    private var refusalReported = false

    package init(
        extensionID: String,
        set: @escaping (Int64) -> Errno? = { widgethost_set_realtime_offset($0) == 0 ? nil : .current },
        report: @escaping (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
    ) {
        self.extensionID = extensionID
        self.set = set
        self.report = report
    }

    /// Whether the clock now runs `offset` nanoseconds from the real one.
    @discardableResult
    package mutating func apply(_ offset: Int64) -> Bool {
        guard let refusal = set(offset) else { return true }
        let reason = refusal.description
        if !refusalReported {
            refusalReported = true
            report("\(extensionID): the host's clock cannot be followed (\(reason)): the C library's timed waits were not found, "
                + "so shifting the clock would break them; Date() shows the real time\n")
        }
        return false
    }
}
