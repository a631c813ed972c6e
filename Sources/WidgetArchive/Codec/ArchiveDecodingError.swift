import ByteCoding

/// Why bytes are not a valid archive. Every case carries the byte offset (from the start of the file)
/// where decoding stopped, so a user can look at the exact spot with a hex viewer.
public enum ArchiveDecodingError: Error, Hashable, Sendable {
    /// The input ended at `offset` while `needed` more bytes were required.
    case truncated(offset: Int, needed: Int)
    /// The first four bytes are not `WGAR`.
    case badMagic(found: [UInt8])
    /// The header names a format version this decoder does not read.
    case unsupportedVersion(found: UInt16, supported: ClosedRange<UInt16>)
    /// Header flag bits that are reserved in this version are set.
    case unsupportedFlags(found: UInt16)
    /// The header's payload length disagrees with the bytes present.
    case payloadLengthMismatch(declared: UInt32, actual: Int)
    /// The payload's CRC-32 differs from the header's.
    case checksumMismatch(expected: UInt32, actual: UInt32)
    /// A varint longer than 10 bytes, or overflowing 64 bits.
    case malformedVarint(offset: Int)
    /// A string-table entry is not valid UTF-8.
    case invalidUTF8(offset: Int)
    /// An unknown node, modifier or sub-record tag.
    case invalidTag(offset: Int, tag: UInt8, context: String)
    /// A field holds a value outside its domain (an enum code, a bool, a NaN).
    case invalidValue(offset: Int, field: String, value: UInt64)
    /// A string reference points past the string table.
    case stringIndexOutOfRange(offset: Int, index: UInt64, count: Int)
    /// A decoding limit from `ArchiveDecodingOptions` was exceeded.
    case limitExceeded(ArchiveLimit, offset: Int)
    /// Bytes remain after the root node, inside the payload.
    case trailingBytes(offset: Int, count: Int)

    /// Where in the input decoding stopped.
    public var offset: Int {
        switch self {
        case .truncated(let offset, _), .malformedVarint(let offset), .invalidUTF8(let offset),
            .invalidTag(let offset, _, _), .invalidValue(let offset, _, _),
            .stringIndexOutOfRange(let offset, _, _), .limitExceeded(_, let offset), .trailingBytes(let offset, _):
            return offset
        case .badMagic: return 0
        case .unsupportedVersion: return 4
        case .unsupportedFlags: return 6
        case .payloadLengthMismatch: return 8
        case .checksumMismatch: return 12
        }
    }
}

/// The archive's reads of its primitives: failures are `ArchiveDecodingError`s.
package typealias ArchiveByteReader = ByteReader<ArchiveDecodingError>

extension ArchiveDecodingError: ByteReadFailure {
    /// A string longer than allowed is the string-length limit, at the length's offset.
    public static func stringTooLong(offset: Int) -> ArchiveDecodingError { .limitExceeded(.stringLength, offset: offset) }
}

/// The error type of a format read with the archive's primitives (`ArchiveByteReader`: varints, numbers,
/// strings). The IPC messages and the `.timeline` files are such formats; each says in its own type
/// what a primitive read reported, at the same offset.
package protocol PrimitiveReadFailure: Error {
    static func truncated(offset: Int, needed: Int) -> Self
    static func malformedVarint(offset: Int) -> Self
    static func invalidUTF8(offset: Int) -> Self
    static func invalidTag(offset: Int, tag: UInt8, context: String) -> Self
    static func invalidValue(offset: Int, field: String, value: UInt64) -> Self
    static func tooLong(offset: Int, limit: ArchiveLimit) -> Self
    static func trailingBytes(offset: Int, count: Int) -> Self
}

extension PrimitiveReadFailure {
    /// What a primitive read threw, in this format's terms. The container failures belong to whole
    /// archives and do not arise from primitive reads; should one appear, it is a value failure.
    package init(primitive error: ArchiveDecodingError) {
        switch error {
        case .truncated(let offset, let needed): self = .truncated(offset: offset, needed: needed)
        case .malformedVarint(let offset): self = .malformedVarint(offset: offset)
        case .invalidUTF8(let offset): self = .invalidUTF8(offset: offset)
        case .invalidTag(let offset, let tag, let context): self = .invalidTag(offset: offset, tag: tag, context: context)
        case .invalidValue(let offset, let field, let value): self = .invalidValue(offset: offset, field: field, value: value)
        case .limitExceeded(let limit, let offset): self = .tooLong(offset: offset, limit: limit)
        case .trailingBytes(let offset, let count): self = .trailingBytes(offset: offset, count: count)
        case .stringIndexOutOfRange(let offset, let index, _): self = .invalidValue(offset: offset, field: "string reference", value: index)
        case .badMagic, .unsupportedVersion, .unsupportedFlags, .payloadLengthMismatch, .checksumMismatch:
            self = .invalidValue(offset: error.offset, field: "\(error)", value: 0)
        }
    }
}

/// The limits `ArchiveDecodingOptions` enforces, named in errors.
public enum ArchiveLimit: String, Hashable, Sendable, CaseIterable {
    case archiveSize = "maximum archive size"
    case depth = "maximum nesting depth"
    case nodeCount = "maximum node count"
    case stringLength = "maximum string length"
    case stringCount = "maximum string count"
    case childCount = "maximum children per node"
    case intentParameters = "maximum intent parameter bytes"
    case timelineEntries = "maximum entries per timeline"
    case timelineNodeCount = "maximum nodes decoded across a timeline"
}

extension ArchiveDecodingError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .truncated(let offset, let needed):
            return "truncated archive: needed \(needed) more byte(s) at offset \(offset)"
        case .badMagic(let found):
            let hex = found.map { byte in String(byte, radix: 16).leftPadded(2) }.joined(separator: " ")
            return "not a widget archive: magic bytes are [\(hex)], expected [57 47 41 52] (\"WGAR\") at offset 0"
        case .unsupportedVersion(let found, let supported):
            return "unsupported archive format version \(found) at offset 4 (this decoder reads \(supported.lowerBound)...\(supported.upperBound))"
        case .unsupportedFlags(let found):
            return "reserved header flags set at offset 6: 0x\(String(found, radix: 16))"
        case .payloadLengthMismatch(let declared, let actual):
            return "payload length at offset 8 says \(declared) bytes but \(actual) follow the header"
        case .checksumMismatch(let expected, let actual):
            return "checksum mismatch at offset 12: header says 0x\(String(expected, radix: 16)), payload hashes to 0x\(String(actual, radix: 16))"
        case .malformedVarint(let offset):
            return "malformed varint at offset \(offset)"
        case .invalidUTF8(let offset):
            return "string at offset \(offset) is not valid UTF-8"
        case .invalidTag(let offset, let tag, let context):
            return "unknown \(context) tag 0x\(String(tag, radix: 16)) at offset \(offset)"
        case .invalidValue(let offset, let field, let value):
            return "invalid value \(value) for \(field) at offset \(offset)"
        case .stringIndexOutOfRange(let offset, let index, let count):
            return "string reference \(index) at offset \(offset) is outside the table of \(count) strings"
        case .limitExceeded(let limit, let offset):
            return "\(limit.rawValue) exceeded at offset \(offset)"
        case .trailingBytes(let offset, let count):
            return "\(count) unexpected trailing byte(s) at offset \(offset)"
        }
    }
}

extension String {
    /// Pads on the left to `width` characters (hex bytes, two-digit times).
    package func leftPadded(_ width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
