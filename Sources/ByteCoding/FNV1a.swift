/// 64-bit FNV-1a: the digest the archive format names for the value an `.animation(_:value:)` watches,
/// and a cheap hash that is the same in every process (Swift's `Hasher` is seeded per process).
public struct FNV1a {
    @usableFromInline package internal(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    @inlinable
    public init() {}

    /// Folds in one byte, or (for hashes that need not match the format) one 64-bit word.
    @inlinable
    public mutating func combine(_ word: UInt64) { value = (value ^ word) &* 0x0000_0100_0000_01B3 }

    /// The digest of a text's UTF-8 bytes.
    @inlinable
    public static func hash(_ text: String) -> UInt64 { continuing(FNV1a().value, text) }

    /// The digest of a text that begins with one whose digest is `digest` and goes on with `rest`.
    @inlinable
    public static func continuing(_ digest: UInt64, _ rest: String) -> UInt64 {
        var h = FNV1a()
        h.value = digest
        var rest = rest
        // Through the bytes' storage: iterating `utf8` decodes its way along, several times slower.
        rest.withUTF8 { bytes in
            for byte in bytes { h.combine(UInt64(byte)) }
        }
        return h.value
    }
}
