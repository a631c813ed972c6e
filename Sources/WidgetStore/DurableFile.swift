import Foundation
import SystemCalls

/// Crash-safe file replacement: write a temporary file beside the target, fsync it, rename it over the
/// target, fsync the directory. After `write` returns, the new contents survive a crash; before, the
/// old contents do. EINTR is retried.
public enum DurableFile {
    public static let temporarySuffix = ".tmp"

    public static func write(_ bytes: [UInt8], to path: String, fileSystem: any StoreFileSystem = PosixStoreFileSystem()) throws(StoreError) {
        try replace(path, with: bytes, synced: true, fileSystem: fileSystem)
    }

    /// Replaces the file atomically (readers see the old file or the whole new one, never part of it)
    /// without waiting for the disk: for outputs that can be made again, such as rendered images,
    /// where an fsync per file would cost more than the render.
    public static func replace(_ path: String, with bytes: [UInt8], fileSystem: any StoreFileSystem = PosixStoreFileSystem()) throws(StoreError) {
        try replace(path, with: bytes, synced: false, fileSystem: fileSystem)
    }

    /// On any failure the temporary file is removed and the target left as it was: a full disk or a
    /// failing one costs the new contents, never the old.
    private static func replace(_ path: String, with bytes: [UInt8], synced: Bool, fileSystem fs: any StoreFileSystem) throws(StoreError) {
        let directory = (path as NSString).deletingLastPathComponent
        let temp = path + ".\(CurrentProcess.id).\(UInt32.random(in: 0...UInt32.max))" + temporarySuffix
        let fd: Int32
        do {
            fd = try fs.create(temp, mode: synced ? 0o600 : 0o644)
        } catch {
            throw .io(path: temp, error)
        }
        do {
            var written = 0
            while written < bytes.count {
                let done = written
                written += try bytes.withUnsafeBytes { raw in
                    Result { () throws(Errno) in try fs.write(fd, UnsafeRawBufferPointer(rebasing: raw[done...])) }
                }.get()
            }
            if synced { try fs.sync(fd) }
        } catch {
            fs.close(fd)
            fs.remove(temp)
            throw .io(path: temp, error)
        }
        fs.close(fd)
        do {
            try fs.rename(temp, to: path)
        } catch {
            fs.remove(temp)
            throw .io(path: path, error)
        }
        if synced { try syncDirectory(directory, fileSystem: fs) }
    }

    public static func syncDirectory(_ directory: String, fileSystem: any StoreFileSystem = PosixStoreFileSystem()) throws(StoreError) {
        do {
            try fileSystem.syncDirectory(directory)
        } catch {
            throw .io(path: directory, error)
        }
    }

    /// The largest `.timeline` file read: a thousand entries of archives within their limits fit
    /// many times over.
    public static let largestTimelineFile = 32 << 20

    /// Reads a whole regular file of at most `limit` bytes; a larger one is refused from its size
    /// before a byte of it is read.
    public static func read(_ path: String, limit: Int = largestTimelineFile,
                            fileSystem fs: any StoreFileSystem = PosixStoreFileSystem()) throws(StoreError) -> [UInt8] {
        let fd: Int32
        do {
            fd = try fs.openForReading(path)
        } catch {
            throw .io(path: path, error)
        }
        defer { fs.close(fd) }
        let status: FileStatus
        do { status = try FileDescriptor(rawValue: fd).status() } catch { throw .io(path: path, error) }
        guard status.kind == .regular else { throw .io(path: path, status.kind == .directory ? Errno.isADirectory : Errno.invalidArgument) }
        guard Int(status.size) <= limit else { throw .fileTooLarge(path: path, size: Int(status.size), limit: limit) }
        var bytes = [UInt8](repeating: 0, count: Int(status.size))
        var filled = 0
        while filled < bytes.count {
            let n: Int
            do {
                let done = filled
                n = try bytes.withUnsafeMutableBytes { raw in
                    Result { () throws(Errno) in try fs.read(fd, into: UnsafeMutableRawBufferPointer(rebasing: raw[done...])) }
                }.get()
            } catch {
                throw .io(path: path, error)
            }
            if n == 0 { break }  // shrank while being read
            filled += n
        }
        return Array(bytes.prefix(filled))
    }
}
