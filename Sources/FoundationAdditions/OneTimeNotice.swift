import Foundation

/// A line said on standard error the first time it is asked for, and never again in the process: why
/// a framework does nothing here (no network, no media, no window), told to the widget's author
/// without flooding the log of a widget that meets it on every timeline reload.
// `@unchecked Sendable`: `said` is only touched with `lock` held.
package final class OneTimeNotice: @unchecked Sendable {
    private let message: String
    private let lock = NSLock()
    private var said = false

    package init(_ message: String) {
        self.message = message
    }

    /// Says the message if it has not been said yet.
    package func sayOnce() {
        let first = lock.withLock { () -> Bool in
            defer { said = true }
            return !said
        }
        guard first else { return }
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
