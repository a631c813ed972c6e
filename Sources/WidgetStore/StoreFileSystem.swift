#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A failed system call's error number, typed (as swift-system's `Errno`), so the store's callers
/// see which call failed on which path and why.
public struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: Int32
    public init(_ code: Int32) { self.code = code }
    /// The calling thread's `errno`, just after a call failed.
    public static var current: Errno { Errno(errno) }
    public var description: String { String(cString: strerror(code)) }
}

/// The system calls the store makes to write and read its files: a seam, so that tests and the
/// chaos soak can put faults (a full disk, I/O errors, a read-only store) between the store and the
/// disk (`FaultInjectingFileSystem`).
public protocol StoreFileSystem: Sendable {
    /// Creates a new file for writing (`O_EXCL`: never one that exists).
    func create(_ path: String, mode: mode_t) throws(Errno) -> Int32
    /// Writes some of `bytes`; returns how many. EINTR is retried inside.
    func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int
    func sync(_ fd: Int32) throws(Errno)
    func close(_ fd: Int32)
    func rename(_ from: String, to: String) throws(Errno)
    func remove(_ path: String)
    func syncDirectory(_ path: String) throws(Errno)
    /// Opens a file for reading (non-blocking, so a FIFO cannot stall the open).
    func openForReading(_ path: String) throws(Errno) -> Int32
    /// Reads some bytes into `buffer`; 0 at the end. EINTR is retried inside.
    func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int
}

/// The store's system calls, made as they are.
public struct PosixStoreFileSystem: StoreFileSystem {
    public init() {}

    public func create(_ path: String, mode: mode_t) throws(Errno) -> Int32 {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw .current }
        return fd
    }

    public func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
        while true {
            let n = Glibc.write(fd, bytes.baseAddress, bytes.count)
            if n >= 0 { return n }
            if errno != EINTR { throw .current }
        }
    }

    public func sync(_ fd: Int32) throws(Errno) {
        guard fsync(fd) == 0 else { throw .current }
    }

    public func close(_ fd: Int32) { _ = Glibc.close(fd) }

    public func rename(_ from: String, to: String) throws(Errno) {
        guard Glibc.rename(from, to) == 0 else { throw .current }
    }

    public func remove(_ path: String) { unlink(path) }

    public func syncDirectory(_ path: String) throws(Errno) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .current }
        defer { Glibc.close(fd) }
        guard fsync(fd) == 0 else { throw .current }
    }

    public func openForReading(_ path: String) throws(Errno) -> Int32 {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw .current }
        return fd
    }

    public func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        while true {
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if n >= 0 { return n }
            if errno != EINTR { throw .current }
        }
    }
}
