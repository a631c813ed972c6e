/// Reads little-endian numbers, LEB128 varints, doubles and length-prefixed strings from a byte array
/// with a checked index. Every read checks the bytes left first and throws `truncated` with the
/// offset; nothing traps on any input. Failures are `Failure`, the format's own error type.
///
/// `@inlinable`: the decoders' inner loops are made of these reads, and inlined into them they cost
/// what a read written in place would. They are `public` rather than `package` for the same reason:
/// Swift 6.3 neither inlines nor specializes a `package` type's `@inlinable` members in another
/// module, and every read was an unspecialized generic call (the codec benchmark's profile showed it).
public struct ByteReader<Failure: ByteReadFailure> {
    @usableFromInline package let bytes: [UInt8]
    @usableFromInline package internal(set) var offset: Int
    @usableFromInline package let end: Int

    @inlinable
    public init(_ bytes: [UInt8], from start: Int = 0, end: Int? = nil) {
        self.bytes = bytes
        self.offset = start
        self.end = min(end ?? bytes.count, bytes.count)
    }

    @inlinable
    public var remaining: Int { end - offset }
    @inlinable
    public var isAtEnd: Bool { offset >= end }

    @inlinable
    public mutating func u8() throws(Failure) -> UInt8 {
        guard offset < end else { throw .truncated(offset: offset, needed: 1) }
        let value = bytes[offset]
        offset += 1
        return value
    }

    @inlinable
    public mutating func bool() throws(Failure) -> Bool {
        let start = offset
        switch try u8() {
        case 0: return false
        case 1: return true
        case let other: throw .invalidValue(offset: start, field: "bool", value: UInt64(other))
        }
    }

    @inlinable
    public mutating func u16() throws(Failure) -> UInt16 {
        guard remaining >= 2 else { throw .truncated(offset: offset, needed: 2) }
        let value = UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
        offset += 2
        return value
    }

    @inlinable
    public mutating func u32() throws(Failure) -> UInt32 {
        guard remaining >= 4 else { throw .truncated(offset: offset, needed: 4) }
        var value: UInt32 = 0
        for i in 0..<4 { value |= UInt32(bytes[offset + i]) << UInt32(8 * i) }
        offset += 4
        return value
    }

    @inlinable
    public mutating func u64() throws(Failure) -> UInt64 {
        guard remaining >= 8 else { throw .truncated(offset: offset, needed: 8) }
        var value: UInt64 = 0
        for i in 0..<8 { value |= UInt64(bytes[offset + i]) << UInt64(8 * i) }
        offset += 8
        return value
    }

    /// Unsigned LEB128, at most 10 bytes; the tenth may only carry the top bit of a 64-bit value.
    @inlinable
    public mutating func varint() throws(Failure) -> UInt64 {
        let start = offset
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < end else { throw .truncated(offset: offset, needed: 1) }
            let byte = bytes[offset]
            offset += 1
            if shift == 63 && byte > 1 { throw .malformedVarint(offset: start) }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
            if shift > 63 { throw .malformedVarint(offset: start) }
        }
    }

    /// A varint used as a count or length: must not exceed `limit`.
    @inlinable
    public mutating func count(limit: Int, field: String) throws(Failure) -> Int {
        let start = offset
        let value = try varint()
        guard value <= UInt64(limit) else {
            throw .invalidValue(offset: start, field: field, value: value)
        }
        return Int(value)
    }

    /// IEEE 754 binary64, little-endian. NaN is never valid in an archive.
    @inlinable
    public mutating func f64(_ field: String) throws(Failure) -> Double {
        guard remaining >= 8 else { throw .truncated(offset: offset, needed: 8) }
        var bits: UInt64 = 0
        for i in 0..<8 { bits |= UInt64(bytes[offset + i]) << UInt64(8 * i) }
        let value = Double(bitPattern: bits)
        guard !value.isNaN else { throw .invalidValue(offset: offset, field: field, value: bits) }
        offset += 8
        return value
    }

    /// `count` raw bytes; the length is checked against the bytes left before anything is allocated.
    @inlinable
    public mutating func bytes(_ count: Int) throws(Failure) -> ArraySlice<UInt8> {
        guard count <= remaining else { throw .truncated(offset: offset, needed: count) }
        let slice = bytes[offset..<(offset + count)]
        offset += count
        return slice
    }

    /// `count` bytes that must be UTF-8, as a string. ASCII, which most strings are, is checked with
    /// one pass and made without the standard library's generic validation (whose metadata look-ups
    /// were a twentieth of the archive decoder's time).
    @inlinable
    public mutating func utf8String(_ count: Int) throws(Failure) -> String {
        let start = offset
        guard count <= remaining else { throw .truncated(offset: offset, needed: count) }
        let string: String? = bytes.withUnsafeBufferPointer { all in
            let buffer = UnsafeBufferPointer(rebasing: all[start..<(start + count)])
            var highBits: UInt8 = 0
            for byte in buffer { highBits |= byte }
            return highBits < 0x80 ? String(decoding: buffer, as: UTF8.self) : String(validating: buffer, as: UTF8.self)
        }
        guard let string else { throw .invalidUTF8(offset: start) }
        offset += count
        return string
    }

    /// A small enum stored as a byte: rejects values outside `0..<cases`.
    @inlinable
    public mutating func enumCode(_ field: String, cases: Int) throws(Failure) -> UInt8 {
        let start = offset
        let code = try u8()
        guard Int(code) < cases else { throw .invalidValue(offset: start, field: field, value: UInt64(code)) }
        return code
    }

    /// A length-prefixed UTF-8 string (the IPC protocol's inline strings).
    @inlinable
    public mutating func inlineString(maxLength: Int) throws(Failure) -> String {
        let lengthOffset = offset
        let length = try varint()
        guard length <= UInt64(maxLength) else { throw .stringTooLong(offset: lengthOffset) }
        return try utf8String(Int(length))
    }
}
