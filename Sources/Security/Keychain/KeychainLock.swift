import Foundation
import SystemCalls

/// One Keychain call at a time, across threads and processes (an extension and a preview of it may
/// share a data folder): each call reads, changes and writes the whole file under the lock.
enum KeychainLock {
    private static let threads = NSLock()

    static func holding<T>(folder: URL, _ body: () throws(KeychainFailure) -> T) throws(KeychainFailure) -> T {
        threads.lock()
        defer { threads.unlock() }
        guard let descriptor = try? FileDescriptor.open(folder.appendingPathComponent(".lock").path, [.readWrite, .create], permissions: 0o600) else {
            throw .unavailable("cannot open the keychain lock in \(folder.path)")
        }
        defer { descriptor.close() }
        // A file system without locks leaves the thread lock alone to order calls.
        try? descriptor.lock()
        defer { descriptor.unlock() }
        return try body()
    }
}
