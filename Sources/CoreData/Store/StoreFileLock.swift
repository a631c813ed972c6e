import Foundation
import SystemCalls

/// An exclusive lock on a store across processes (the app's and the widget's), held while a save
/// reads the file again, applies its changes and writes it: `flock` on `<store>.lock` beside it.
/// Where the lock file cannot be made (a read-only folder), the save goes ahead unlocked, since the
/// write itself would then fail with its own error.
enum StoreFileLock {
    static func withLock<T, Failure: Error>(_ url: URL, _ body: () throws(Failure) -> T) throws(Failure) -> T {
        let path = url.path + ".lock"
        guard let descriptor = try? FileDescriptor.open(path, [.readWrite, .create], permissions: 0o644) else { return try body() }
        defer { descriptor.close() }
        // A file system without locks leaves the save unlocked rather than failing it.
        try? descriptor.lock()
        defer { descriptor.unlock() }
        return try body()
    }
}
