import ByteCoding

/// The fixed 16-byte header that starts every archive file. See `Archives/FORMAT.md`.
public enum ArchiveHeader {
    /// `WGAR`.
    public static let magic: [UInt8] = [0x57, 0x47, 0x41, 0x52]
    /// The version this code writes.
    public static let currentVersion: UInt16 = 1
    /// The versions this code reads.
    public static let supportedVersions: ClosedRange<UInt16> = 1...1
    public static let size = 16
}

extension ArchiveHeader {
    /// Sets the header's payload length and checksum from the bytes after it, so that a payload
    /// changed in place is what a decoder then reads (a fuzzer's mutation reaches the tree, not the
    /// checksum check). A file shorter than the header is left as it is.
    public static func reseal(_ file: inout [UInt8]) {
        guard file.count >= size else { return }
        let length = UInt32(truncatingIfNeeded: file.count - size)
        let crc = CRC32.checksum(file[size...])
        for i in 0..<4 {
            file[8 + i] = UInt8(truncatingIfNeeded: length >> UInt32(8 * i))
            file[12 + i] = UInt8(truncatingIfNeeded: crc >> UInt32(8 * i))
        }
    }
}
