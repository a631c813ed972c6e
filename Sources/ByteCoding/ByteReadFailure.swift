/// What a format read with `ByteReader` reports when a primitive read fails, in that format's own
/// error type: each format (the archive, the IPC messages, the `.timeline` files) says it with its
/// own cases, at the offset where the read stopped. An enum whose cases have these shapes conforms
/// as it is.
public protocol ByteReadFailure: Error {
    /// The input ended at `offset` while `needed` more bytes were required.
    static func truncated(offset: Int, needed: Int) -> Self
    /// A varint longer than 10 bytes, or overflowing 64 bits.
    static func malformedVarint(offset: Int) -> Self
    /// Bytes that should be UTF-8 and are not.
    static func invalidUTF8(offset: Int) -> Self
    /// A field holds a value outside its domain.
    static func invalidValue(offset: Int, field: String, value: UInt64) -> Self
    /// A length-prefixed string longer than the caller allows.
    static func stringTooLong(offset: Int) -> Self
}
