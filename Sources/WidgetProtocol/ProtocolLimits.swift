import WidgetArchive

/// Bounds on what one side accepts from the other. A frame longer than `maxFrameSize` is rejected from
/// its length prefix, before any of it is buffered.
public struct ProtocolLimits: Hashable, Sendable {
    /// Largest frame body. Default 8 MiB: a timeline of many entries × variants, each archive ≤ 1 MiB.
    public var maxFrameSize: Int = 8 << 20
    /// Most entries in one timeline. Default 1,000.
    public var maxEntries: Int = 1_000
    /// Most variants per request or entry. Default 16.
    public var maxVariants: Int = 16
    /// Most widgets one extension may declare. Default 256.
    public var maxWidgets: Int = 256
    /// Most previews one extension may declare. Default 1,024.
    public var maxPreviews: Int = 1_024
    /// Longest string field (kind, names, messages). Default 4 KiB.
    public var maxStringLength: Int = 4 * 1024
    /// Limits applied to every archive inside a message.
    public var archive: ArchiveDecodingOptions = .default

    public init() {}
    public static let `default` = ProtocolLimits()
}
