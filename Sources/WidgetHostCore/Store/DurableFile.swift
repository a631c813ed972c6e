#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Crash-safe file replacement: write a temporary file beside the target, fsync it, rename it over the
/// target, fsync the directory. After `write` returns, the new contents survive a crash; before, the
/// old contents do. EINTR is retried.
public enum DurableFile {
    public static let temporarySuffix = ".tmp"

    public static func write(_ bytes: [UInt8], to path: String) throws(HostError) {
        try replace(path, with: bytes, synced: true)
    }

    /// Replaces the file atomically (readers see the old file or the whole new one, never part of it)
    /// without waiting for the disk: for outputs that can be made again, such as rendered images,
    /// where an fsync per file would cost more than the render.
    public static func replace(_ path: String, with bytes: [UInt8]) throws(HostError) {
        try replace(path, with: bytes, synced: false)
    }

    private static func replace(_ path: String, with bytes: [UInt8], synced: Bool) throws(HostError) {
        let directory = (path as NSString).deletingLastPathComponent
        let temp = path + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max))" + temporarySuffix
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, synced ? 0o600 : 0o644)
        guard fd >= 0 else { throw .storeIO(path: temp, errno: errno) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                let e = errno
                close(fd)
                unlink(temp)
                throw .storeIO(path: temp, errno: e)
            }
            written += n
        }
        guard !synced || fsync(fd) == 0 else {
            let e = errno
            close(fd)
            unlink(temp)
            throw .storeIO(path: temp, errno: e)
        }
        close(fd)
        guard rename(temp, path) == 0 else {
            let e = errno
            unlink(temp)
            throw .storeIO(path: path, errno: e)
        }
        if synced { try syncDirectory(directory) }
    }

    public static func syncDirectory(_ directory: String) throws(HostError) {
        let dfd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dfd >= 0 else { throw .storeIO(path: directory, errno: errno) }
        defer { close(dfd) }
        guard fsync(dfd) == 0 else { throw .storeIO(path: directory, errno: errno) }
    }

    /// The largest `.timeline` file read: a thousand entries of archives within their limits fit
    /// many times over.
    public static let largestTimelineFile = 32 << 20

    /// Reads a whole regular file of at most `limit` bytes; a larger one is refused from its size
    /// before a byte of it is read.
    public static func read(_ path: String, limit: Int = largestTimelineFile) throws(HostError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)  // a FIFO must not block the open
        guard fd >= 0 else { throw .storeIO(path: path, errno: errno) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw .storeIO(path: path, errno: errno) }
        guard st.st_mode & S_IFMT == S_IFREG else { throw .storeIO(path: path, errno: st.st_mode & S_IFMT == S_IFDIR ? EISDIR : EINVAL) }
        guard Int(st.st_size) <= limit else { throw .fileTooLarge(path: path, size: Int(st.st_size), limit: limit) }
        var bytes = [UInt8](repeating: 0, count: Int(st.st_size))
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .storeIO(path: path, errno: errno)
            }
            if n == 0 { break }  // shrank while being read
            filled += n
        }
        return Array(bytes.prefix(filled))
    }
}
