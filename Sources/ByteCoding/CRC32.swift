import CCarrylessCRC32

/// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320), as zlib and PNG compute it.
/// Where the processor multiplies without carries (x86-64's PCLMULQDQ), runs of 64 bytes and more are
/// folded 64 bytes a step (`CCarrylessCRC32`), about a tenth of a cycle per byte; the rest, and every
/// other processor, go slicing-by-8: eight bytes per step through eight derived tables (8 KiB).
public enum CRC32 {
    /// Whether runs of 64 bytes and more are folded with the carry-less multiply: asked of the
    /// processor once.
    public static let foldsWithCarrylessMultiply = widgethost_crc32_carryless_available() != 0

    /// `tables[k * 256 + n]`: the CRC of byte `n` followed by `k` zero bytes.
    private static let tables: [UInt32] = {
        var t = [UInt32](repeating: 0, count: 8 * 256)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            t[n] = c
        }
        for n in 0..<256 {
            for k in 1..<8 { t[k * 256 + n] = t[(k - 1) * 256 + n] >> 8 ^ t[Int(t[(k - 1) * 256 + n] & 0xFF)] }
        }
        return t
    }()

    /// Continues a running CRC over `bytes`. Start with `0`. (`@inlinable`: specialized where it is
    /// called, a slice or an array reaches the loop below without a copy.)
    @inlinable
    public static func update<C: Collection>(_ crc: UInt32, _ bytes: C) -> UInt32 where C.Element == UInt8 {
        if let fast = bytes.withContiguousStorageIfAvailable({ update(crc, $0) }) { return fast }
        return update(crc, Array(bytes))
    }

    public static func update(_ crc: UInt32, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        guard foldsWithCarrylessMultiply, bytes.count >= 64, let base = bytes.baseAddress else { return bySlices(~crc, bytes) }
        let folded = bytes.count & ~15
        let state = widgethost_crc32_carryless_fold(~crc, base, folded)
        return bySlices(state, UnsafeBufferPointer(rebasing: bytes[folded...]))
    }

    /// Slicing-by-8 from the register `state` (complemented, as the loop keeps it) over `bytes`; returns
    /// the finished CRC.
    static func bySlices(_ state: UInt32, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        tables.withUnsafeBufferPointer { t in
            var c = state
            var i = 0
            let n = bytes.count
            while i + 8 <= n {
                let lo = c ^ (UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24)
                c = t[7 * 256 + Int(lo & 0xFF)] ^ t[6 * 256 + Int((lo >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((lo >> 16) & 0xFF)] ^ t[4 * 256 + Int(lo >> 24)]
                    ^ t[3 * 256 + Int(bytes[i + 4])] ^ t[2 * 256 + Int(bytes[i + 5])]
                    ^ t[1 * 256 + Int(bytes[i + 6])] ^ t[Int(bytes[i + 7])]
                i += 8
            }
            while i < n {
                c = t[Int((c ^ UInt32(bytes[i])) & 0xFF)] ^ (c >> 8)
                i += 1
            }
            return ~c
        }
    }

    @inlinable
    public static func checksum<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 { update(0, bytes) }
}
