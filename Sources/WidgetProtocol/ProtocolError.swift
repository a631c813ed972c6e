import SystemCalls
import WidgetArchive

/// Why a frame or message from the other side was refused, or the channel failed.
public enum ProtocolError: Error, Hashable, Sendable {
    /// The length prefix announces more than `ProtocolLimits.maxFrameSize`.
    case frameTooLarge(declared: UInt64, limit: Int)
    /// A frame whose body is empty (no message type).
    case emptyFrame
    /// An unknown message type byte.
    case unknownMessageType(UInt8)
    /// The message body does not decode; `offset` is within the frame body.
    case malformedMessage(type: UInt8, MessageDecodingError)
    /// A count in the message exceeds a `ProtocolLimits` bound.
    case limitExceeded(field: String, count: UInt64, limit: Int)
    /// The peer closed the connection (possibly mid-frame).
    case closed(midFrame: Bool)
    /// No complete frame arrived before the deadline.
    case timedOut
    /// A system call failed.
    case system(call: String, Errno)
}

extension ProtocolError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .frameTooLarge(let declared, let limit): "frame of \(declared) bytes exceeds the \(limit)-byte limit"
        case .emptyFrame: "empty frame"
        case .unknownMessageType(let type): "unknown message type \(type)"
        case .malformedMessage(let type, let error): "malformed message of type \(type): \(error)"
        case .limitExceeded(let field, let count, let limit): "\(field) count \(count) exceeds the limit of \(limit)"
        case .closed(let midFrame): midFrame ? "connection closed in the middle of a frame" : "connection closed"
        case .timedOut: "timed out waiting for a frame"
        case .system(let call, let errno): "\(call) failed: \(errno)"
        }
    }
}
