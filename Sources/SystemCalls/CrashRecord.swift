import Glibc

/// On a crash (a fatal signal), writes the bytes last handed to `remember` into a file, then lets the
/// signal end the process as it would have: a fuzzer leaves behind the input that crashed it. The
/// handler only calls `write`, `close`, `signal` and `raise`, which are safe in a signal handler.
public enum CrashRecord {
    nonisolated(unsafe) static var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    nonisolated(unsafe) static var length = 0
    nonisolated(unsafe) static var fd: Int32 = -1
    nonisolated(unsafe) static var path: String?
    static let signals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE]
    /// The most bytes kept: a longer input is recorded cut to this.
    public static let capacity = 1 << 20

    /// Opens (and empties) `path` and installs the handlers.
    public static func install(path: String) {
        self.path = path
        fd = (try? FileDescriptor.open(path, [.writeOnly, .create, .truncate], permissions: 0o644).rawValue) ?? -1
        for s in signals {
            signal(s) { sig in
                if CrashRecord.fd >= 0 {
                    _ = write(CrashRecord.fd, CrashRecord.buffer, CrashRecord.length)
                    close(CrashRecord.fd)
                }
                signal(sig, SIG_DFL)
                raise(sig)
            }
        }
    }

    /// Removes the handlers and the file: no crash happened, so there is nothing to keep.
    public static func uninstall() {
        for s in signals { signal(s, SIG_DFL) }
        if fd >= 0 { close(fd) }
        fd = -1
        if let path { unlink(path) }
        path = nil
    }

    /// The bytes to write if a crash comes before the next call.
    public static func remember(_ input: [UInt8]) {
        let n = min(input.count, capacity)
        input.withUnsafeBufferPointer { source in
            if let base = source.baseAddress, n > 0 { buffer.update(from: base, count: n) }
        }
        length = n
    }
}
