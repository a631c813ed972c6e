#if canImport(Glibc)
import Glibc
#endif
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
/// long the run. A simulation's lines go to a temporary file beside the target and `finish()` renames
/// it into place, so an interrupted run never leaves half a log under the final name (an earlier log
/// stays). A live host writes in place instead, so the log can be followed while it grows.
public final class ScheduleLogFile: ScheduleLog {
    public let path: String
    private let temporaryPath: String
    private let inPlace: Bool
    private var fd: Int32
    private var buffer: [UInt8] = []
    private let chunk: Int
    /// The first failure; later lines are dropped and `finish()` reports it.
    private var failure: ScheduleLogFileError?

    /// `chunkSize`: bytes gathered before each write. `inPlace`: write the final file directly (for a log
    /// followed live; call `flush` after each step).
    public init(path: String, chunkSize: Int = 1 << 20, inPlace: Bool = false) throws(ScheduleLogFileError) {
        self.path = path
        self.inPlace = inPlace
        let url = URL(fileURLWithPath: path)
        temporaryPath = inPlace ? path : url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).partial").path
        fd = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ScheduleLogFileError(path: path, operation: "open", errno: Glibc.errno) }
        chunk = max(1, chunkSize)
        buffer.reserveCapacity(chunk + 512)
    }

    deinit {
        guard fd >= 0 else { return }
        if inPlace { flush() }
        close(fd)
        if !inPlace { unlink(temporaryPath) }
    }

    public func record(_ event: ScheduleEvent) {
        ScheduleEventLine.append(event, to: &buffer)
        if buffer.count >= chunk { flush() }
    }

    /// Writes what is gathered so far.
    public func flush() {
        guard failure == nil, fd >= 0, !buffer.isEmpty else {
            buffer.removeAll(keepingCapacity: true)
            return
        }
        var written = 0
        while written < buffer.count {
            let n = buffer.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 {
                if Glibc.errno == EINTR { continue }
                failure = ScheduleLogFileError(path: path, operation: "write", errno: Glibc.errno)
                break
            }
            written += n
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes the rest and puts the file in place. Throws the first failure of the whole run.
    public func finish() throws(ScheduleLogFileError) {
        flush()
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
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
