#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation

/// Why a log file could not be written.
public struct ScheduleLogFileError: Error, CustomStringConvertible, Sendable {
    public var path: String
    /// What failed: `open`, `write` or `rename`.
    public var operation: String
    public var errno: Int32
    public var description: String { "cannot write \(path): \(operation) failed: \(String(cString: strerror(errno)))" }
}

/// Streams decisions to a JSON-lines file as they are made, in chunks, so memory stays flat however
/// long the run. A simulation's lines go to a temporary file beside the target, written on a thread
/// of their own while the simulation goes on, and `finish()` renames the file into place: an
/// interrupted run never leaves half a log under the final name (an earlier log stays). A live host
/// writes in place instead, each line before `record` returns, so the log can be followed as it grows.
public final class ScheduleLogFile: ScheduleLog {
    public let path: String
    private let temporaryPath: String
    private let inPlace: Bool
    private let output: ChunkWriter
    private var buffer: [UInt8] = []
    private let chunk: Int
    private var finished = false

    /// `chunkSize`: bytes gathered before each write. `inPlace`: write the final file directly, at once.
    public init(path: String, chunkSize: Int = 1 << 20, inPlace: Bool = false) throws(ScheduleLogFileError) {
        self.path = path
        self.inPlace = inPlace
        let url = URL(fileURLWithPath: path)
        temporaryPath = inPlace ? path : url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).partial").path
        let fd = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ScheduleLogFileError(path: path, operation: "open", errno: Glibc.errno) }
        output = ChunkWriter(fd: fd, path: path)
        chunk = inPlace ? 1 : max(1, chunkSize)
        buffer.reserveCapacity(chunk + 512)
    }

    deinit {
        guard !finished else { return }
        if inPlace { flush() }
        output.close()
        if !inPlace { unlink(temporaryPath) }
    }

    public func record(_ event: ScheduleEvent) {
        ScheduleEventLine.append(event, to: &buffer)
        if buffer.count >= chunk { flush() }
    }

    /// Hands over what is gathered so far: written at once in place, on the writing thread otherwise.
    public func flush() {
        guard !buffer.isEmpty, !finished else { return }
        if inPlace {
            output.write(buffer)
            buffer.removeAll(keepingCapacity: true)
        } else {
            output.enqueue(buffer)
            buffer = []
            buffer.reserveCapacity(chunk + 512)
        }
    }

    /// Writes the rest and puts the file in place. Throws the first failure of the whole run.
    public func finish() throws(ScheduleLogFileError) {
        guard !finished else { return }
        flush()
        finished = true
        let failure = output.close()
        if let failure {
            if !inPlace { unlink(temporaryPath) }
            throw failure
        }
        guard !inPlace else { return }
        guard rename(temporaryPath, path) == 0 else {
            let error = ScheduleLogFileError(path: path, operation: "rename", errno: Glibc.errno)
            unlink(temporaryPath)
            throw error
        }
    }
}

/// Writes chunks to a descriptor, in order, on a serial queue of its own.
///
/// `@unchecked Sendable`: `fd` and `failure` are touched only on `queue` (`write` is called either
/// only from the owner's thread with nothing enqueued, or on `queue`); at most `inFlight` chunks wait.
private final class ChunkWriter: @unchecked Sendable {
    private let fd: Int32
    private let path: String
    private var failure: ScheduleLogFileError?
    private let queue = DispatchQueue(label: "schedule-log-writer")
    private let inFlight = DispatchSemaphore(value: 4)
    private var closed = false

    init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
    }

    /// Writes `bytes` later, in order; blocks while four chunks already wait.
    func enqueue(_ bytes: [UInt8]) {
        inFlight.wait()
        queue.async {
            self.write(bytes)
            self.inFlight.signal()
        }
    }

    /// Writes `bytes` now. After a failure, nothing more is written.
    func write(_ bytes: [UInt8]) {
        guard failure == nil else { return }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress.map { $0 + written }, $0.count - written) }
            if n < 0 {
                if Glibc.errno == EINTR { continue }
                failure = ScheduleLogFileError(path: path, operation: "write", errno: Glibc.errno)
                return
            }
            written += n
        }
    }

    /// Waits for every chunk, closes the descriptor, and returns the first failure.
    @discardableResult
    func close() -> ScheduleLogFileError? {
        queue.sync {
            if !closed {
                Glibc.close(fd)
                closed = true
            }
            return failure
        }
    }
}
