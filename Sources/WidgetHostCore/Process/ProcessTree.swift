#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// An extension's processes as the kernel lists them in /proc: who descends from whom, when each
/// started (so a recorded id is never mistaken for a later process that reused it), and how much
/// memory they hold between them.
enum ProcessTree {
    /// A process, told apart from any later one with the same id by its start time.
    struct Member: Hashable, Sendable {
        var pid: pid_t
        var startTime: UInt64
    }

    /// Every process below `pid` (not `pid` itself), breadth first. Orphans of a subreaper and every
    /// process of a PID namespace stay below its first process, so this finds what a double fork hid.
    static func descendants(of pid: pid_t, limit: Int = 4_096) -> [Member] {
        var found: [Member] = []
        var queue = [pid]
        var index = 0
        while index < queue.count, found.count < limit {
            let parent = queue[index]
            index += 1
            for child in children(of: parent) where !queue.contains(child) {
                queue.append(child)
                if let start = startTime(of: child) { found.append(Member(pid: child, startTime: start)) }
            }
        }
        return found
    }

    static func children(of pid: pid_t) -> [pid_t] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task -> [pid_t] in
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8) else { return [] }
            return text.split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
    }

    /// Field 22 of /proc/PID/stat, in clock ticks since boot; nil once the process is gone.
    static func startTime(of pid: pid_t) -> UInt64? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // After the parenthesised name: state is field 3, start time field 22.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 19 ? UInt64(fields[19]) : nil
    }

    /// Field 4 of /proc/PID/stat.
    static func parent(of pid: pid_t) -> pid_t? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }

    /// Whether `member` is still that process (and not a zombie).
    static func isAlive(_ member: Member) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(member.pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 19 && fields[0] != "Z" && UInt64(fields[19]) == member.startTime
    }

    /// Its threads (a process is one task, each further thread another); 0 once it is gone.
    static func taskCount(of pid: pid_t) -> Int {
        entries(in: "/proc/\(pid)/task")
    }

    /// The descriptors it holds; 0 once it is gone.
    static func descriptorCount(of pid: pid_t) -> Int {
        entries(in: "/proc/\(pid)/fd")
    }

    /// The entries of a folder (without `.` and `..`), counted without building their names.
    private static func entries(in path: String) -> Int {
        guard let dir = opendir(path) else { return 0 }
        defer { closedir(dir) }
        var count = 0
        while let entry = readdir(dir) {
            let name = entry.pointee.d_name
            let dot = withUnsafeBytes(of: name) { $0[0] == 0x2E && ($0[1] == 0 || ($0[1] == 0x2E && $0[2] == 0)) }
            if !dot { count += 1 }
        }
        return count
    }

    /// Memory a process holds as jetsam counts an app's footprint: its anonymous and shared-memory
    /// pages (a `MAP_SHARED` anonymous mapping included), shared ones divided among the processes
    /// that map them, and what of it is swapped out; not the clean pages of mapped files.
    static func footprint(of pid: pid_t) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/smaps_rollup", encoding: .utf8) else { return 0 }
        var kilobytes: [Substring: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count >= 2, let value = Int(parts[1]) else { continue }
            kilobytes[parts[0]] = value
        }
        let counted = kilobytes["Pss_Anon:"].map { $0 + (kilobytes["Pss_Shmem:"] ?? 0) } ?? (kilobytes["Pss:"] ?? 0)
        return (counted + (kilobytes["SwapPss:"] ?? 0)) * 1024
    }
}
