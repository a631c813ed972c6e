import ByteCoding
import WidgetArchive

/// The bytes with the payload checksum recomputed, so a test's edit reaches the decoder instead of
/// failing the checksum.
func resealed(_ bytes: [UInt8]) -> [UInt8] {
    var out = bytes
    let crc = CRC32.checksum(bytes[ArchiveHeader.size...])
    for i in 0..<4 { out[12 + i] = UInt8(truncatingIfNeeded: crc >> (8 * UInt32(i))) }
    return out
}
