import Foundation
import SystemCalls

/// What a full-sandbox extension tried to open that its root does not hold, as its namespace's init
/// reports it (a line per path, each once): kept when the host has such a file, so that an author
/// learns what their widget expected to read and can grant it (`readPaths`). Paths that exist nowhere
/// (a library search's misses, a cache not yet written) and those in places the extension writes are
/// not news, and are dropped.
///
/// `@unchecked Sendable`: `pending` and `found` are only touched with `lock` held.
package final class RefusedReads: @unchecked Sendable {
    private let pipe: Int32
    private let writable: [String]
    private let lock = NSLock()
    private var pending: [UInt8] = []
    private var found: [String] = []
    /// At most this many are kept.
    static let limit = 200

    /// `pipe`: the non-blocking read end; `writable`: folders the extension writes (its data folder).
    init(pipe: Int32, writable: [String]) {
        self.pipe = pipe
        self.writable = writable + ["/proc", "/dev", "/sys"]
    }

    deinit { FileDescriptor(rawValue: pipe).close() }

    /// Every path reported so far, oldest first.
    package var paths: [String] {
        lock.withLock {
            drain()
            return found
        }
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let n = buffer.withUnsafeMutableBytes { try? FileDescriptor(rawValue: pipe).read(into: $0) }
            guard let n, n > 0 else { break }
            pending += buffer[0..<n]
        }
        while let end = pending.firstIndex(of: 0x0A) {
            let path = String(decoding: pending[..<end], as: UTF8.self)
            pending.removeSubrange(...end)
            if found.count < Self.limit, !found.contains(path), !writable.contains(where: { path == $0 || path.hasPrefix($0 + "/") }),
               FileSystem.exists(path) {
                found.append(path)
            }
        }
    }
}
