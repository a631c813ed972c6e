import Foundation

/// Messages about what this Security did instead of what Apple's would, on standard error, each said
/// once: a widget that reads a missing or refused item on every timeline does not flood its log.
enum SecurityDiagnostics {
    private static let lock = NSLock()
    // `nonisolated(unsafe)`: only touched with `lock` held.
    nonisolated(unsafe) private static var said: Set<String> = []

    static func report(_ message: String) {
        let first = lock.withLock { said.count < 1000 && said.insert(message).inserted }
        guard first else { return }
        FileHandle.standardError.write(Data("Security: \(message)\n".utf8))
    }
}
