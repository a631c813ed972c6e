import Glibc

/// An open file or socket: the descriptor number with the calls made on it. It does not close itself
/// (a value, copied freely, as swift-system's is); whoever opened it calls `close`.
public struct FileDescriptor: Hashable, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let standardInput = FileDescriptor(rawValue: 0)
    public static let standardOutput = FileDescriptor(rawValue: 1)
    public static let standardError = FileDescriptor(rawValue: 2)

    /// How a file is opened; every descriptor this project opens is close-on-exec, so none leaks
    /// into an extension the host launches.
    public struct OpenOptions: OptionSet, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }
        public static let readOnly = OpenOptions([])
        public static let writeOnly = OpenOptions(rawValue: O_WRONLY)
        public static let readWrite = OpenOptions(rawValue: O_RDWR)
        public static let create = OpenOptions(rawValue: O_CREAT)
        /// With `create`: fails with `.fileExists` rather than open a file that is there.
        public static let exclusive = OpenOptions(rawValue: O_EXCL)
        public static let truncate = OpenOptions(rawValue: O_TRUNC)
        public static let append = OpenOptions(rawValue: O_APPEND)
        /// Opening a FIFO does not wait for a writer.
        public static let nonBlocking = OpenOptions(rawValue: O_NONBLOCK)
        public static let directory = OpenOptions(rawValue: O_DIRECTORY)
        public static let noFollow = OpenOptions(rawValue: O_NOFOLLOW)
    }

    /// Opens `path` (close-on-exec); `permissions` for a file `create` makes.
    public static func open(_ path: String, _ options: OpenOptions, permissions: mode_t = 0o644) throws(Errno) -> FileDescriptor {
        let fd = try Errno.retryingInterrupts { Glibc.open(path, options.rawValue | O_CLOEXEC, permissions) }
        return FileDescriptor(rawValue: fd)
    }

    /// Reads some bytes into `buffer`; 0 at the end. `EINTR` is retried.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try Errno.retryingInterrupts { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// Reads some bytes from `offset` without moving the file position (`pread`); 0 at the end.
    public func read(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try Errno.retryingInterrupts { pread(rawValue, buffer.baseAddress, buffer.count, off_t(offset)) }
    }

    /// Writes some of `bytes`; returns how many. `EINTR` is retried.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
        try Errno.retryingInterrupts { Glibc.write(rawValue, bytes.baseAddress, bytes.count) }
    }

    /// Writes every byte, in as many calls as it takes.
    public func writeAll(_ bytes: some Sequence<UInt8>) throws(Errno) {
        try Self.all(bytes) { (rest) throws(Errno) in try write(rest) }
    }

    /// Hands what is left of `bytes` to `step` (a write or a send, which may take part of it) until
    /// every byte is taken.
    static func all(_ bytes: some Sequence<UInt8>, _ step: (UnsafeRawBufferPointer) throws(Errno) -> Int) throws(Errno) {
        let array = Array(bytes)
        try array.withUnsafeBytes { raw in
            Result { () throws(Errno) in
                var offset = 0
                while offset < raw.count { offset += try step(UnsafeRawBufferPointer(rebasing: raw[offset...])) }
            }
        }.get()
    }

    /// Reads to the end (at most `limit` bytes; more is `nil`).
    public func readToEnd(limit: Int = .max) throws(Errno) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = try chunk.withUnsafeMutableBytes { raw in Result { () throws(Errno) in try read(into: raw) } }.get()
            if n == 0 { return bytes }
            bytes += chunk[0..<n]
            if bytes.count > limit { return nil }
        }
    }

    /// Closes the descriptor. Its errors are not reported: after `close` the number is gone
    /// whatever it says (Linux's rule), and a retry could close someone else's.
    public func close() { _ = Glibc.close(rawValue) }

    /// Flushes the file's data and metadata to the disk.
    public func sync() throws(Errno) {
        _ = try Errno.retryingInterrupts { fsync(rawValue) }
    }

    public func status() throws(Errno) -> FileStatus {
        var st = stat()
        guard fstat(rawValue, &st) == 0 else { throw .current }
        return FileStatus(st)
    }

    /// Takes an advisory lock on the whole file (`flock`), waiting for it; `EINTR` is retried.
    public func lock(exclusive: Bool = true) throws(Errno) {
        _ = try Errno.retryingInterrupts { flock(rawValue, exclusive ? LOCK_EX : LOCK_SH) }
    }

    public func unlock() { _ = flock(rawValue, LOCK_UN) }

    /// Makes reads and writes return `.wouldBlock` rather than wait.
    public func setNonBlocking(_ on: Bool = true) throws(Errno) {
        let flags = fcntl(rawValue, F_GETFL)
        guard flags >= 0 else { throw .current }
        guard fcntl(rawValue, F_SETFL, on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK) == 0 else { throw .current }
    }

    /// Whether a program this process starts inherits the descriptor (`on`: it does not). Every
    /// descriptor opened here starts close-on-exec; turning it off is for tests of what a leak would do.
    public func setCloseOnExec(_ on: Bool = true) throws(Errno) {
        guard fcntl(rawValue, F_SETFD, on ? FD_CLOEXEC : 0) == 0 else { throw .current }
    }

    /// Whether the descriptor is a terminal (progress lines are drawn only on one).
    public var isTerminal: Bool { isatty(rawValue) == 1 }

    /// A pipe: (read end, write end), both close-on-exec.
    public static func pipe(nonBlocking: Bool = false) throws(Errno) -> (read: FileDescriptor, write: FileDescriptor) {
        var ends: [Int32] = [0, 0]
        guard Glibc.pipe(&ends) == 0 else { throw .current }
        let pair = (read: FileDescriptor(rawValue: ends[0]), write: FileDescriptor(rawValue: ends[1]))
        do {
            for end in [pair.read, pair.write] {
                try end.setCloseOnExec()
                if nonBlocking { try end.setNonBlocking() }
            }
        } catch {
            pair.read.close()
            pair.write.close()
            throw error
        }
        return pair
    }
}
