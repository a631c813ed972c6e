import Glibc

/// A failed system call's error number, typed (as swift-system's `Errno`): callers match on the
/// cause (`.interrupted`, `.noSuchFile`) rather than on a raw `Int32`, and print it in words.
public struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: Int32
    public init(_ code: Int32) { self.code = code }

    /// The calling thread's `errno`, just after a call failed.
    public static var current: Errno { Errno(errno) }

    public var description: String { String(cString: strerror(code)) }

    public static let interrupted = Errno(EINTR)
    public static let wouldBlock = Errno(EAGAIN)
    public static let noSuchFile = Errno(ENOENT)
    public static let fileExists = Errno(EEXIST)
    public static let brokenPipe = Errno(EPIPE)
    public static let connectionReset = Errno(ECONNRESET)
    public static let noSpace = Errno(ENOSPC)
    public static let ioError = Errno(EIO)
    public static let readOnlyFileSystem = Errno(EROFS)
    public static let permissionDenied = Errno(EACCES)
    public static let notPermitted = Errno(EPERM)
    public static let badDescriptor = Errno(EBADF)
    public static let invalidArgument = Errno(EINVAL)
    public static let noSuchProcess = Errno(ESRCH)
    public static let fileTooLarge = Errno(EFBIG)
    public static let tooManyOpenFiles = Errno(EMFILE)
    public static let notADirectory = Errno(ENOTDIR)
    public static let isADirectory = Errno(EISDIR)
    public static let nameTooLong = Errno(ENAMETOOLONG)
    public static let quotaExceeded = Errno(EDQUOT)
    public static let notSupported = Errno(EOPNOTSUPP)

    /// Runs `call` until it returns anything but -1 with `EINTR`; -1 with any other cause throws it.
    @inlinable
    public static func retryingInterrupts<R: BinaryInteger>(_ call: () -> R) throws(Errno) -> R {
        while true {
            let result = call()
            if result != -1 { return result }
            if errno != EINTR { throw .current }
        }
    }
}
