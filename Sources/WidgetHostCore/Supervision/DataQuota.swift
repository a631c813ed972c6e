#if canImport(Glibc)
import Glibc
#endif
import Foundation

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
            guard let dir = opendir(folder) else { continue }
            defer { closedir(dir) }
            let dfd = dirfd(dir)
            while let entry = readdir(dir), total <= limit {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
                guard name != ".", name != ".." else { continue }
                seen += 1
                if seen > maximumEntries { return Int.max }
                var st = stat()
                guard fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                switch st.st_mode & S_IFMT {
                case S_IFDIR: folders.append(folder + "/" + name)
                case S_IFREG: total += Int(st.st_size)
                default: break
                }
            }
        }
        return total
    }

    /// A log larger than this is moved aside (to `extension.log.1`, replacing the one before) when its
    /// extension next launches: its log is a file it writes, bounded by the quota like the others.
    static let logRotationSize = 1 << 20

    static func rotateLog(_ log: URL) {
        var st = stat()
        guard stat(log.path, &st) == 0, Int(st.st_size) > logRotationSize else { return }
        _ = rename(log.path, log.path + ".1")
    }
}
