/// Appends little-endian numbers, LEB128 varints, doubles and length-prefixed strings to a byte
/// buffer: the primitives of the archive, the IPC messages and the `.timeline` files.
public struct ByteWriter {
    @usableFromInline package var bytes: [UInt8] = []

    @inlinable
    public init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    @inlinable
    public mutating func u8(_ value: UInt8) { bytes.append(value) }

    @inlinable
    public mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    @inlinable
    public mutating func u16(_ value: UInt16) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    }

    /// Whole numbers go in with one append of their little-endian bytes: a byte at a time, each
    /// append checked the buffer's uniqueness and capacity again.
    @inlinable
    public mutating func u32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    @inlinable
    public mutating func u64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Overwrites four bytes already written at `offset` (a length or checksum known only at the end).
    @inlinable
    public mutating func setU32(_ value: UInt32, at offset: Int) {
        for i in 0..<4 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> UInt32(i * 8)) }
    }

    /// Unsigned LEB128.
    @inlinable
    public mutating func varint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    @inlinable
    public mutating func varint(_ value: Int) { varint(UInt64(max(0, value))) }

    /// IEEE 754 binary64, little-endian.
    @inlinable
    public mutating func f64(_ value: Double) {
        u64(value.bitPattern)
    }

    @inlinable
    public mutating func raw(_ other: [UInt8]) { bytes.append(contentsOf: other) }

    /// A length-prefixed UTF-8 string.
    @inlinable
    public mutating func inlineString(_ string: String) {
        let utf8 = Array(string.utf8)
        varint(utf8.count)
        raw(utf8)
    }
}
