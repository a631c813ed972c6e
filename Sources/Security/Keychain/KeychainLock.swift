import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One Keychain call at a time, across threads and processes (an extension and a preview of it may
/// share a data folder): each call reads, changes and writes the whole file under the lock.
enum KeychainLock {
    private static let threads = NSLock()

    static func holding<T>(folder: URL, _ body: () throws(KeychainFailure) -> T) throws(KeychainFailure) -> T {
        threads.lock()
        defer { threads.unlock() }
        let descriptor = open(folder.appendingPathComponent(".lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .unavailable("cannot open the keychain lock in \(folder.path)") }
        defer { close(descriptor) }
        // A file system without locks leaves the thread lock alone to order calls.
        while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
