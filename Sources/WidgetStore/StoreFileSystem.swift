import Foundation
import SystemCalls

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
        try FileDescriptor.open(path, [.writeOnly, .create, .exclusive], permissions: mode).rawValue
    }

    public func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
        try FileDescriptor(rawValue: fd).write(bytes)
    }

    public func sync(_ fd: Int32) throws(Errno) { try FileDescriptor(rawValue: fd).sync() }

    public func close(_ fd: Int32) { FileDescriptor(rawValue: fd).close() }

    public func rename(_ from: String, to: String) throws(Errno) { try FileSystem.rename(from, to: to) }

    public func remove(_ path: String) { try? FileSystem.remove(path) }

    public func syncDirectory(_ path: String) throws(Errno) { try FileSystem.syncDirectory(path) }

    public func openForReading(_ path: String) throws(Errno) -> Int32 {
        try FileDescriptor.open(path, [.readOnly, .nonBlocking]).rawValue
    }

    public func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try FileDescriptor(rawValue: fd).read(into: buffer)
    }
}
