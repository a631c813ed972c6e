import Foundation
import SystemCalls
import WidgetControl

/// The connections that asked to watch Live Activities (`watchActivities`): each gets one JSON line per
/// change of its app's activities (or everyone's, when it named no extension). A watcher that does not
/// read, so that its socket's buffer fills, or that has gone away, is dropped: nobody can hold up the
/// host by watching.
///
/// `@unchecked Sendable`: the table is guarded by `lock`.
final class ActivityWatchers: @unchecked Sendable {
    private let lock = NSLock()
    private var watchers: [Int32: String?] = [:]
    /// Watchers at once; beyond it the oldest is dropped.
    static let maximum = 256

    /// Adds a connection; it is closed when dropped.
    func add(_ fd: Int32, extensionID: String?) {
        try? FileDescriptor(rawValue: fd).setNonBlocking()
        lock.withLock {
            if watchers.count >= Self.maximum, let oldest = watchers.keys.min() {
                watchers[oldest] = nil
                FileDescriptor(rawValue: oldest).close()
            }
            watchers[fd] = extensionID
        }
    }

    var count: Int { lock.withLock { watchers.count } }

    /// Tells every watcher of its app's activities among `statuses`.
    func tell(_ statuses: [ActivityStatus]) {
        lock.withLock {
            for (fd, filter) in watchers {
                for status in statuses where filter == nil || filter == status.extensionID {
                    guard let line = try? JSONEncoder().encode(ActivityWatchEvent(activity: status)), write(line, to: fd) else {
                        watchers[fd] = nil
                        FileDescriptor(rawValue: fd).close()
                        break
                    }
                }
            }
        }
    }

    /// One whole line, or false (the watcher is gone or not reading).
    private func write(_ line: Data, to fd: Int32) -> Bool {
        var bytes = [UInt8](line)
        bytes.append(0x0A)
        // Non-blocking: a watcher whose buffer is full gets part of the line, or `.wouldBlock`.
        let sent = bytes.withUnsafeBytes { try? FileDescriptor(rawValue: fd).send($0) }
        return sent == bytes.count
    }

    func closeAll() {
        lock.withLock {
            for fd in watchers.keys { FileDescriptor(rawValue: fd).close() }
            watchers = [:]
        }
    }
}
