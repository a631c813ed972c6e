import WidgetArchive

/// Why a frame body is not a valid message. Offsets count from the start of the frame body (its
/// first byte is the message type).
public enum MessageDecodingError: Error, Hashable, Sendable, PrimitiveReadFailure {
    /// The body ended at `offset` while `needed` more bytes were required.
    case truncated(offset: Int, needed: Int)
    /// A varint longer than 10 bytes, or overflowing 64 bits.
    case malformedVarint(offset: Int)
    /// A string is not valid UTF-8.
    case invalidUTF8(offset: Int)
    /// An unknown tag (a reload policy's, for one).
    case invalidTag(offset: Int, tag: UInt8, context: String)
    /// A field holds a value outside its domain.
    case invalidValue(offset: Int, field: String, value: UInt64)
    /// A string or embedded blob is longer than the protocol's limits allow.
    case tooLong(offset: Int, limit: ArchiveLimit)
    /// Bytes remain after the message's last field.
    case trailingBytes(offset: Int, count: Int)

    /// Where in the frame body decoding stopped.
    public var offset: Int {
        switch self {
        case .truncated(let offset, _), .malformedVarint(let offset), .invalidUTF8(let offset), .invalidTag(let offset, _, _),
            .invalidValue(let offset, _, _), .tooLong(let offset, _), .trailingBytes(let offset, _):
            offset
        }
    }
}

extension MessageDecodingError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .truncated(let offset, let needed): "truncated message: needed \(needed) more byte(s) at offset \(offset)"
        case .malformedVarint(let offset): "malformed varint at offset \(offset)"
        case .invalidUTF8(let offset): "string at offset \(offset) is not valid UTF-8"
        case .invalidTag(let offset, let tag, let context): "unknown \(context) tag 0x\(String(tag, radix: 16)) at offset \(offset)"
        case .invalidValue(let offset, let field, let value): "invalid value \(value) for \(field) at offset \(offset)"
        case .tooLong(let offset, let limit): "\(limit.rawValue) exceeded at offset \(offset)"
        case .trailingBytes(let offset, let count): "\(count) unexpected trailing byte(s) at offset \(offset)"
        }
    }
}
