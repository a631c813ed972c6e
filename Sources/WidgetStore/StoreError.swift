import SystemCalls

/// Why the store could not keep or give back a file: each case names the file, and carries the cause
/// as a value (the failed call's `Errno`, the `.timeline` format's own error), not as words.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A system call on the file or its folder failed: a full disk (`ENOSPC`), no permission, an I/O error.
    case io(path: String, Errno)
    /// The `.timeline` file is there but is not a timeline: its checksum or its decoding failed.
    case corrupt(path: String, TimelineFileError)
    /// An activity's record could not be written as JSON (a value JSON cannot hold).
    case unencodableActivity(path: String)
    /// The file is larger than such a file may be; it was not read.
    case fileTooLarge(path: String, size: Int, limit: Int)

    /// The file concerned.
    public var path: String {
        switch self {
        case .io(let path, _), .corrupt(let path, _), .unencodableActivity(let path), .fileTooLarge(let path, _, _): path
        }
    }

    public var description: String {
        switch self {
        case .io(let path, let code): "store file \(path): \(code)"
        case .corrupt(let path, let error): "store file \(path) is corrupt: \(error)"
        case .unencodableActivity(let path): "store file \(path) is corrupt: the activity could not be encoded"
        case .fileTooLarge(let path, let size, let limit): "\(path) is \(size) bytes, more than the \(limit) such a file may have: refused unread"
        }
    }
}
