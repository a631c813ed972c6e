#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// An exclusive lock on a store across processes (the app's and the widget's), held while a save
/// reads the file again, applies its changes and writes it: `flock` on `<store>.lock` beside it.
/// Where the lock file cannot be made (a read-only folder), the save goes ahead unlocked, since the
/// write itself would then fail with its own error.
enum StoreFileLock {
    static func withLock<T, Failure: Error>(_ url: URL, _ body: () throws(Failure) -> T) throws(Failure) -> T {
        let path = url.path + ".lock"
        let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
