import Foundation
import SystemCalls

/// How much an extension's data folder holds, against its quota. The kernel bounds each file it
/// writes (`RLIMIT_FSIZE`); the host adds the folder up after each request and before each launch.
enum DataQuota {
    /// The bytes of the regular files under `path` (symbolic links not followed), adding up no
    /// further once past `limit`, and looking at no more than `maximumEntries` entries (a folder of
    /// more is counted as over: a widget has no use for so many files).
    static func size(of path: String, stoppingAbove limit: Int, maximumEntries: Int = 100_000) -> Int {
        var total = 0
        var seen = 0
        var folders = [path]
        while let folder = folders.popLast(), total <= limit {
            try? FileSystem.forEachEntry(inDirectory: folder) { name, status in
                seen += 1
                if seen > maximumEntries { return false }
                switch status?.kind {
                case .directory: folders.append(folder + "/" + name)
                case .regular: total += Int(status?.size ?? 0)
                default: break
                }
                return total <= limit
            }
            if seen > maximumEntries { return Int.max }
        }
        return total
    }

    /// A log larger than this is moved aside (to `extension.log.1`, replacing the one before) when its
    /// extension next launches: its log is a file it writes, bounded by the quota like the others.
    static let logRotationSize = 1 << 20

    static func rotateLog(_ log: URL) {
        guard let status = try? FileSystem.status(log.path, followingLinks: true), Int(status.size) > logRotationSize else { return }
        try? FileSystem.rename(log.path, to: log.path + ".1")
    }
}
