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
