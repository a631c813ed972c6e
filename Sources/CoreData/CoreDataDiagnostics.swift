import Foundation

/// Messages about what the framework did instead of what Apple's would (raise, trap), on stderr,
/// each said once: a widget that reads a missing value on every render does not flood its log.
enum CoreDataDiagnostics {
    private static let lock = NSLock()
    // `nonisolated(unsafe)`: only touched with `lock` held.
    nonisolated(unsafe) private static var said: Set<String> = []

    static func report(_ message: String) {
        let first = lock.withLock { said.count < 1000 && said.insert(message).inserted }
        guard first else { return }
        FileHandle.standardError.write(Data("CoreData: \(message)\n".utf8))
    }
}
