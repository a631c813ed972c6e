import Foundation
import SystemCalls

/// An extension's processes as the kernel lists them in /proc: who descends from whom, when each
/// started (so a recorded id is never mistaken for a later process that reused it), and how much
/// memory they hold between them.
package enum ProcessTree {
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
        names(in: "/proc/\(pid)/task").flatMap { task -> [pid_t] in
            guard let bytes = contents(of: "/proc/\(pid)/task/\(task)/children") else { return [] }
            return bytes.split(whereSeparator: { $0 == 0x20 || $0 == 0x0A }).compactMap { pid_t(String(decoding: $0, as: UTF8.self)) }
        }
    }

    /// Field 22 of /proc/PID/stat, in clock ticks since boot; nil once the process is gone.
    static func startTime(of pid: pid_t) -> UInt64? {
        let fields = statFields(of: pid)
        return fields.count > 19 ? UInt64(fields[19]) : nil
    }

    /// Field 4 of /proc/PID/stat.
    package static func parent(of pid: pid_t) -> pid_t? {
        let fields = statFields(of: pid)
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }

    /// Whether `member` is still that process (and not a zombie).
    static func isAlive(_ member: Member) -> Bool {
        let fields = statFields(of: member.pid)
        return fields.count > 19 && fields[0] != "Z" && UInt64(fields[19]) == member.startTime
    }

    /// The fields of /proc/PID/stat after the parenthesised name (the state is the first); none once
    /// the process is gone.
    private static func statFields(of pid: pid_t) -> [String] {
        guard let bytes = contents(of: "/proc/\(pid)/stat"), let close = bytes.lastIndex(of: UInt8(ascii: ")")) else { return [] }
        return bytes[(close + 1)...].split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A small file of /proc, read with the system calls alone: the watch reads several every tenth
    /// of a second for as long as the host runs, and Foundation's file reading kept a little memory
    /// each time (a soak's host grew by megabytes a minute).
    static func contents(of path: String, limit: Int = 64 << 10) -> [UInt8]? {
        guard let fd = try? FileDescriptor.open(path, .readOnly) else { return nil }
        defer { fd.close() }
        var bytes = [UInt8](repeating: 0, count: 4096)
        var filled = 0
        while filled < limit {
            if filled == bytes.count { bytes += [UInt8](repeating: 0, count: min(bytes.count, limit - filled)) }
            let done = filled
            let n = bytes.withUnsafeMutableBytes { try? fd.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[done...])) }
            guard let n, n > 0 else { break }
            filled += n
        }
        return Array(bytes.prefix(filled))
    }

    /// Its threads (a process is one task, each further thread another); 0 once it is gone.
    static func taskCount(of pid: pid_t) -> Int {
        names(in: "/proc/\(pid)/task").count
    }

    /// The descriptors it holds; 0 once it is gone.
    static func descriptorCount(of pid: pid_t) -> Int {
        names(in: "/proc/\(pid)/fd").count
    }

    /// The names in a folder, without `.` and `..`.
    private static func names(in path: String) -> [String] {
        (try? FileSystem.entries(inDirectory: path)) ?? []
    }

    /// Memory a process holds as jetsam counts an app's footprint: its anonymous and shared-memory
    /// pages (a `MAP_SHARED` anonymous mapping included), shared ones divided among the processes
    /// that map them, and what of it is swapped out; not the clean pages of mapped files.
    static func footprint(of pid: pid_t) -> Int {
        guard let bytes = contents(of: "/proc/\(pid)/smaps_rollup") else { return 0 }
        var kilobytes: [String: Int] = [:]
        for line in bytes.split(separator: 0x0A) {
            let parts = line.split(separator: 0x20)
            guard parts.count >= 2, let value = Int(String(decoding: parts[1], as: UTF8.self)) else { continue }
            kilobytes[String(decoding: parts[0], as: UTF8.self)] = value
        }
        let counted = kilobytes["Pss_Anon:"].map { $0 + (kilobytes["Pss_Shmem:"] ?? 0) } ?? (kilobytes["Pss:"] ?? 0)
        return (counted + (kilobytes["SwapPss:"] ?? 0)) * 1024
    }
}
