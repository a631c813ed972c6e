import SystemCalls

/// Why an extension process could not be started: the failed step and its `errno`, so that a caller
/// can tell a missing executable from a kernel that refuses a namespace.
public enum LaunchError: Error, Hashable, Sendable {
    case extensionNotExecutable(path: String, errno: Errno)
    case spawnFailed(path: String, errno: Errno)
    /// A sandboxed launch failed at `step` (or, for `path` "(probe)", the level is not available here).
    case sandboxFailed(path: String, level: String, step: LaunchStep, errno: Errno)
    /// One path of the full sandbox's root could not be bound.
    case grantFailed(path: String, granted: String, errno: Errno)
    /// A configured read path the host will not grant.
    case readPathRefused(path: String, granted: String, reason: String)
    /// A call made before the child existed (its socket pair, its status pipe).
    case system(call: String, errno: Errno)
}

extension LaunchError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .extensionNotExecutable(let path, let e): "extension \(path) is not an executable file: \(Self.text(e))"
        case .spawnFailed(let path, let e): "could not start \(path): \(Self.text(e))"
        case .sandboxFailed(let path, let level, let step, let e): "\(level) sandbox for \(path): \(step) failed: \(Self.text(e))"
        case .grantFailed(let path, let granted, let e): "full sandbox for \(path): binding \(granted) into its root failed: \(Self.text(e))"
        case .readPathRefused(let path, let granted, let reason): "full sandbox for \(path): read path \(granted) refused: \(reason)"
        case .system(let call, let e): "\(call) failed: \(Self.text(e))"
        }
    }

    private static func text(_ errno: Errno) -> String { errno.description }
}
