import WidgetArchive

/// Why bytes are not a valid `.timeline` file. Every case carries the byte offset from the start of
/// the file; an archive inside that fails is named by its index and offset, with its own error.
public enum TimelineFileError: Error, Hashable, Sendable, PrimitiveReadFailure {
    case truncated(offset: Int, needed: Int)
    /// The first four bytes are not `WGTL`.
    case badMagic(found: [UInt8])
    case unsupportedVersion(found: UInt16, supported: ClosedRange<UInt16>)
    case unsupportedFlags(found: UInt16)
    case payloadLengthMismatch(declared: UInt32, actual: Int)
    case checksumMismatch(expected: UInt32, actual: UInt32)
    case malformedVarint(offset: Int)
    case invalidUTF8(offset: Int)
    case invalidTag(offset: Int, tag: UInt8, context: String)
    case invalidValue(offset: Int, field: String, value: UInt64)
    /// A string or embedded archive longer than the decoding limits allow.
    case tooLong(offset: Int, limit: ArchiveLimit)
    /// The archive stored at `offset` (the `index`th distinct one) is not a valid archive.
    case embeddedArchive(index: Int, offset: Int, ArchiveDecodingError)
    case trailingBytes(offset: Int, count: Int)

    /// Where in the file decoding stopped.
    public var offset: Int {
        switch self {
        case .truncated(let offset, _), .malformedVarint(let offset), .invalidUTF8(let offset), .invalidTag(let offset, _, _),
            .invalidValue(let offset, _, _), .tooLong(let offset, _), .embeddedArchive(_, let offset, _), .trailingBytes(let offset, _):
            offset
        case .badMagic: 0
        case .unsupportedVersion: 4
        case .unsupportedFlags: 6
        case .payloadLengthMismatch: 8
        case .checksumMismatch: 12
        }
    }
}

extension TimelineFileError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .truncated(let offset, let needed): "truncated timeline file: needed \(needed) more byte(s) at offset \(offset)"
        case .badMagic(let found):
            "not a timeline file: magic bytes are [\(found.map { String($0, radix: 16).leftPadded(2) }.joined(separator: " "))], expected [57 47 54 4c] (\"WGTL\") at offset 0"
        case .unsupportedVersion(let found, let supported):
            "unsupported timeline file version \(found) at offset 4 (this decoder reads \(supported.lowerBound)...\(supported.upperBound))"
        case .unsupportedFlags(let found): "reserved header flags set at offset 6: 0x\(String(found, radix: 16))"
        case .payloadLengthMismatch(let declared, let actual): "payload length at offset 8 says \(declared) bytes but \(actual) follow the header"
        case .checksumMismatch(let expected, let actual):
            "checksum mismatch at offset 12: header says 0x\(String(expected, radix: 16)), payload hashes to 0x\(String(actual, radix: 16))"
        case .malformedVarint(let offset): "malformed varint at offset \(offset)"
        case .invalidUTF8(let offset): "string at offset \(offset) is not valid UTF-8"
        case .invalidTag(let offset, let tag, let context): "unknown \(context) tag 0x\(String(tag, radix: 16)) at offset \(offset)"
        case .invalidValue(let offset, let field, let value): "invalid value \(value) for \(field) at offset \(offset)"
        case .tooLong(let offset, let limit): "\(limit.rawValue) exceeded at offset \(offset)"
        case .embeddedArchive(let index, let offset, let error): "archive \(index) at offset \(offset) is not valid: \(error)"
        case .trailingBytes(let offset, let count): "\(count) unexpected trailing byte(s) at offset \(offset)"
        }
    }
}
