import WidgetArchive

/// The bytes with the payload's length and checksum recomputed (`ArchiveHeader.reseal`), so a test's
/// edit reaches the decoder instead of failing the container's checks.
func resealed(_ bytes: [UInt8]) -> [UInt8] {
    var out = bytes
    ArchiveHeader.reseal(&out)
    return out
}
