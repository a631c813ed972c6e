import Foundation
import SystemCalls

/// The store's system calls with faults put in on purpose: a call on a path that a fault names fails
/// with the fault's error instead of reaching the disk. For tests and the chaos soak: a full disk
/// (`ENOSPC` on write), a failing disk (`EIO` on fsync or read), a read-only store (`EROFS` on
/// create). Everything else passes to `PosixStoreFileSystem`.
///
/// `@unchecked Sendable`: `faults`, `paths` and `seen` are guarded by `lock`.
public final class FaultInjectingFileSystem: StoreFileSystem, @unchecked Sendable {
    public enum Operation: String, Sendable, CaseIterable {
        case create, write, sync, rename, syncDirectory, read
    }

    public struct Fault: Hashable, Sendable {
        public var operation: Operation
        /// The fault applies to paths containing this (empty: every path).
        public var pathContains: String
        public var errno: Errno
        /// How many more calls it fails; nil for every one until cleared.
        public var remaining: Int?

        public init(_ operation: Operation, errno: Errno, pathContains: String = "", times: Int? = nil) {
            self.operation = operation
            self.errno = errno
            self.pathContains = pathContains
            remaining = times
        }
    }

    /// A call that was failed on purpose.
    public struct Injected: Hashable, Sendable {
        public var operation: Operation
        public var path: String
        public var errno: Errno
    }

    private let disk = PosixStoreFileSystem()
    private let lock = NSLock()
    private var faults: [Fault] = []
    /// The path behind each descriptor this created or opened.
    private var paths: [Int32: String] = [:]
    private var seen: [Injected] = []

    public init() {}

    public func inject(_ fault: Fault) { lock.withLock { faults.append(fault) } }
    public func clear() { lock.withLock { faults.removeAll() } }
    /// Every call failed on purpose so far, oldest first.
    public var injected: [Injected] { lock.withLock { seen } }

    /// Throws the first matching fault's error (and counts it down).
    private func check(_ operation: Operation, _ path: String) throws(Errno) {
        let code = lock.withLock { () -> Errno? in
            guard let i = faults.firstIndex(where: { $0.operation == operation && ($0.pathContains.isEmpty || path.contains($0.pathContains)) })
            else { return nil }
            let code = faults[i].errno
            if let left = faults[i].remaining {
                if left <= 1 { faults.remove(at: i) } else { faults[i].remaining = left - 1 }
            }
            seen.append(Injected(operation: operation, path: path, errno: code))
            return code
        }
        if let code { throw code }
    }

    private func path(of fd: Int32) -> String { lock.withLock { paths[fd] ?? "" } }

    public func create(_ path: String, mode: mode_t) throws(Errno) -> Int32 {
        try check(.create, path)
        let fd = try disk.create(path, mode: mode)
        lock.withLock { paths[fd] = path }
        return fd
    }

    public func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
        try check(.write, path(of: fd))
        return try disk.write(fd, bytes)
    }

    public func sync(_ fd: Int32) throws(Errno) {
        try check(.sync, path(of: fd))
        try disk.sync(fd)
    }

    public func close(_ fd: Int32) {
        _ = lock.withLock { paths.removeValue(forKey: fd) }
        disk.close(fd)
    }

    public func rename(_ from: String, to: String) throws(Errno) {
        try check(.rename, to)
        try disk.rename(from, to: to)
    }

    public func remove(_ path: String) { disk.remove(path) }

    public func syncDirectory(_ path: String) throws(Errno) {
        try check(.syncDirectory, path)
        try disk.syncDirectory(path)
    }

    public func openForReading(_ path: String) throws(Errno) -> Int32 {
        let fd = try disk.openForReading(path)
        lock.withLock { paths[fd] = path }
        return fd
    }

    public func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try check(.read, path(of: fd))
        return try disk.read(fd, into: buffer)
    }
}
