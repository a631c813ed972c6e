import Dispatch
import Foundation
import Synchronization
import SystemCalls
import WidgetScheduling

/// Why a log file could not be written.
public struct ScheduleLogFileError: Error, CustomStringConvertible, Sendable {
    public var path: String
    /// What failed: `open`, `write` or `rename`.
    public var operation: String
    public var errno: Errno
    public var description: String { "cannot write \(path): \(operation) failed: \(errno)" }
}

/// Streams decisions to a JSON-lines file as they are made, in chunks, so memory stays flat however
/// long the run. A simulation's decisions go to a temporary file beside the target, formatted and
/// written on a thread of their own while the simulation goes on (formatting is a third of the work,
/// so it runs on the second core), and `finish()` renames the file into place: an
/// interrupted run never leaves half a log under the final name (an earlier log stays). A live host
/// writes in place instead, each line before `record` returns, so the log can be followed as it grows.
public final class ScheduleLogFile: ScheduleLog {
    public let path: String
    private let temporaryPath: String
    private let inPlace: Bool
    private let output: ChunkWriter
    /// In place: the line being written.
    private var buffer: [UInt8] = []
    /// Otherwise: decisions not yet handed to the writing thread.
    private var pending: [ScheduleEvent] = []
    private let chunk: Int
    /// In place, lines may come from several threads (`recordLine`); each is written whole.
    private let inPlaceLock = NSLock()
    private var finished = false

    /// `chunkSize`: decisions gathered before each hand-over (the default keeps a chunk small enough
    /// for the allocator to reuse its memory rather than map fresh pages). `inPlace`: write the final
    /// file directly, at once.
    public init(path: String, chunkSize: Int = 1 << 13, inPlace: Bool = false) throws(ScheduleLogFileError) {
        self.path = path
        self.inPlace = inPlace
        let url = URL(fileURLWithPath: path)
        temporaryPath = inPlace ? path : url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(CurrentProcess.id).partial").path
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(temporaryPath, [.writeOnly, .create, .truncate], permissions: 0o644)
        } catch {
            throw ScheduleLogFileError(path: path, operation: "open", errno: error)
        }
        output = ChunkWriter(fd: fd, path: path)
        chunk = inPlace ? 1 : max(1, chunkSize)
        pending.reserveCapacity(chunk)
    }

    deinit {
        guard !finished else { return }
        if inPlace { flush() }
        output.close()
        if !inPlace { try? FileSystem.remove(temporaryPath) }
    }

    public func record(_ event: ScheduleEvent) {
        guard !inPlace else {
            return inPlaceLock.withLock {
                ScheduleEventLine.append(event, to: &buffer)
                flush()
            }
        }
        pending.append(event)
        if pending.count >= chunk { flush() }
    }

    /// In place: appends a line of another kind (a host's network request, say) at once, whole, from
    /// any thread, between decisions. `line` is one JSON object without its newline.
    public func recordLine(_ line: String) {
        guard inPlace else { return }
        inPlaceLock.withLock {
            buffer.append(contentsOf: line.utf8)
            buffer.append(0x0A)
            flush()
        }
    }

    /// Hands over what is gathered so far: written at once in place, on the writing thread otherwise.
    public func flush() {
        guard !finished else { return }
        if inPlace {
            guard !buffer.isEmpty else { return }
            output.write(buffer)
            buffer.removeAll(keepingCapacity: true)
        } else {
            guard !pending.isEmpty else { return }
            // The full chunk moves to the writer, and a written one comes back to be filled again.
            output.enqueue(&pending)
            pending = output.emptiedChunk() ?? []
            pending.reserveCapacity(chunk)
        }
    }

    /// Writes the rest and puts the file in place. Throws the first failure of the whole run.
    public func finish() throws(ScheduleLogFileError) {
        guard !finished else { return }
        inPlaceLock.withLock {
            flush()
            finished = true
        }
        let failure = output.close()
        if let failure {
            if !inPlace { try? FileSystem.remove(temporaryPath) }
            throw failure
        }
        guard !inPlace else { return }
        do {
            try FileSystem.rename(temporaryPath, to: path)
        } catch {
            let error = ScheduleLogFileError(path: path, operation: "rename", errno: error)
            try? FileSystem.remove(temporaryPath)
            throw error
        }
    }
}

/// Writes chunks to a descriptor, in order, on a serial queue of its own.
///
/// `@unchecked Sendable`: `fd`, `failure` and `lines` are touched only on `queue` (`write` is called
/// either only from the owner's thread with nothing enqueued, or on `queue`); `chunks` is behind its
/// mutex; at most `inFlight` chunks wait.
private final class ChunkWriter: @unchecked Sendable {
    private let fd: FileDescriptor
    private let path: String
    private var failure: ScheduleLogFileError?
    private let queue = DispatchQueue(label: "schedule-log-writer")
    private let inFlight = DispatchSemaphore(value: 4)
    private var closed = false
    /// The formatted lines of one chunk, reused from chunk to chunk.
    private var lines: [UInt8] = []
    /// Chunks waiting to be written, in order, and written chunks' storage for the owner to reuse.
    /// Held here rather than captured by the blocks, so that each has one owner at a time and its
    /// storage is kept, not copied.
    private let chunks = Mutex<(full: [[ScheduleEvent]], emptied: [[ScheduleEvent]])>(([], []))

    init(fd: FileDescriptor, path: String) {
        self.fd = fd
        self.path = path
    }

    /// Takes `events` (leaving it empty) to format and write later, in order; blocks while four
    /// chunks already wait.
    func enqueue(_ events: inout [ScheduleEvent]) {
        inFlight.wait()
        chunks.withLock { state in
            state.full.append([])
            swap(&state.full[state.full.count - 1], &events)
        }
        queue.async {
            guard var events = self.chunks.withLock({ $0.full.isEmpty ? nil : $0.full.removeFirst() }) else { return }
            self.lines.removeAll(keepingCapacity: true)
            for event in events { ScheduleEventLine.append(event, to: &self.lines) }
            self.write(self.lines)
            events.removeAll(keepingCapacity: true)
            self.chunks.withLock { $0.emptied.append(events) }
            self.inFlight.signal()
        }
    }

    /// A chunk's storage that has been written, to fill again: a month's log reuses a few chunks'
    /// memory rather than touching fresh pages for each.
    func emptiedChunk() -> [ScheduleEvent]? {
        chunks.withLock { $0.emptied.popLast() }
    }

    /// Writes `bytes` now. After a failure, nothing more is written.
    func write(_ bytes: [UInt8]) {
        guard failure == nil else { return }
        do {
            try fd.writeAll(bytes)
        } catch {
            failure = ScheduleLogFileError(path: path, operation: "write", errno: error)
        }
    }

    /// Waits for every chunk, closes the descriptor, and returns the first failure.
    @discardableResult
    func close() -> ScheduleLogFileError? {
        queue.sync {
            if !closed {
                fd.close()
                closed = true
            }
            return failure
        }
    }
}
