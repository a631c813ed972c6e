import Glibc

/// The calls on paths (as opposed to open descriptors): renaming, removing, making folders, asking
/// what is at a path.
public enum FileSystem {
    /// What is at `path`; a link itself rather than what it points to unless `followingLinks`.
    public static func status(_ path: String, followingLinks: Bool = false) throws(Errno) -> FileStatus {
        var st = stat()
        guard (followingLinks ? stat(path, &st) : lstat(path, &st)) == 0 else { throw .current }
        return FileStatus(st)
    }

    /// Whether anything is at `path` (a dangling link counts only when not followed).
    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// What a symbolic link points to, as written in it (not resolved).
    public static func linkTarget(_ path: String) throws(Errno) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n >= 0 else { throw .current }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether this process may run the file at `path` (`access(X_OK)`).
    public static func isExecutable(_ path: String) -> Bool { access(path, X_OK) == 0 }

    /// Atomically replaces `to` with `from` (on one file system).
    public static func rename(_ from: String, to: String) throws(Errno) {
        guard Glibc.rename(from, to) == 0 else { throw .current }
    }

    /// Removes a file (not a folder).
    public static func remove(_ path: String) throws(Errno) {
        guard unlink(path) == 0 else { throw .current }
    }

    public static func makeDirectory(_ path: String, permissions: mode_t = 0o755) throws(Errno) {
        guard mkdir(path, permissions) == 0 else { throw .current }
    }

    /// Makes a FIFO (a named pipe): tests and the soak hold a writer or a reader back with one.
    public static func makeFIFO(_ path: String, permissions: mode_t = 0o600) throws(Errno) {
        guard mkfifo(path, permissions) == 0 else { throw .current }
    }

    public static func setPermissions(_ path: String, _ permissions: mode_t) throws(Errno) {
        guard chmod(path, permissions) == 0 else { throw .current }
    }

    /// Runs `body` with the process's file creation mask set to `mask`, then puts the old one back.
    /// (The mask is per process: callers make sure nothing else creates files meanwhile.)
    public static func withCreationMask<R, E: Error>(_ mask: mode_t, _ body: () throws(E) -> R) throws(E) -> R {
        let old = umask(mask)
        defer { umask(old) }
        return try body()
    }

    /// The path with every link and `.`/`..` resolved.
    public static func resolvedPath(_ path: String) throws(Errno) -> String {
        guard let resolved = realpath(path, nil) else { throw .current }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The names in a folder, without `.` and `..`, in the order the file system gives them.
    public static func entries(inDirectory path: String) throws(Errno) -> [String] {
        var names: [String] = []
        try eachName(inDirectory: path) { _, name in
            names.append(name)
            return true
        }
        return names
    }

    /// Visits a folder's entries (not `.` and `..`) one at a time with what each is, links not
    /// followed (`nil` if it vanished meanwhile), until `body` returns false: a folder of a million
    /// entries is never held in memory.
    public static func forEachEntry(inDirectory path: String, _ body: (_ name: String, _ status: FileStatus?) -> Bool) throws(Errno) {
        try eachName(inDirectory: path) { folder, name in
            var st = stat()
            return body(name, fstatat(folder, name, &st, AT_SYMLINK_NOFOLLOW) == 0 ? FileStatus(st) : nil)
        }
    }

    /// The one `readdir` loop: each name with the open folder's descriptor, until `body` returns false.
    private static func eachName(inDirectory path: String, _ body: (_ folder: Int32, _ name: String) -> Bool) throws(Errno) {
        guard let dir = opendir(path) else { throw .current }
        defer { closedir(dir) }
        let folder = dirfd(dir)
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            if !body(folder, name) { return }
        }
    }

    /// Flushes a folder's entries to the disk (after a rename into it, so the rename survives a crash).
    public static func syncDirectory(_ path: String) throws(Errno) {
        let fd = try FileDescriptor.open(path, [.readOnly, .directory])
        defer { fd.close() }
        try fd.sync()
    }
}
