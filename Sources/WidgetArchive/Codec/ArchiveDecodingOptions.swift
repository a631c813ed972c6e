/// Bounds on what the decoder accepts. Archives come from untrusted extension processes and from disk,
/// so every dimension that could make decoding slow or large has a limit, checked before allocating.
///
/// The defaults are generous for real widgets (the bundled examples use under 200 nodes and a depth
/// under 30) and small enough that a hostile archive costs at most a few megabytes to reject.
public struct ArchiveDecodingOptions: Hashable, Sendable {
    /// Largest whole archive file, header included. Default 1 MiB (Android's RemoteViews transaction cap).
    public var maxArchiveSize: Int = 1 << 20
    /// Deepest nesting of nodes, modifier wrappers included. Default 128 (swift-protobuf uses 100 for
    /// messages; SwiftUI modifier chains add a level each).
    public var maxDepth: Int = 128
    /// Most nodes in one archive. Default 20,000.
    public var maxNodeCount: Int = 20_000
    /// Longest single string, in UTF-8 bytes. Default 16 KiB.
    public var maxStringLength: Int = 16 * 1024
    /// Most entries in the string table. Default 20,000.
    public var maxStringCount: Int = 20_000
    /// Most children of one stack, `ViewThatFits` or text. Default 4,096.
    public var maxChildren: Int = 4_096
    /// Largest encoded intent parameter blob. Default 16 KiB.
    public var maxIntentParameterBytes: Int = 16 * 1024
    /// Most entries in one stored timeline. Default 1,000, what the host accepts from an extension.
    public var maxTimelineEntries: Int = 1_000
    /// Most nodes decoded across one timeline's entries. A stored timeline keeps each distinct archive
    /// once and its entries refer to them, so a small file can name one large archive many times;
    /// what decoding them all costs is bounded apart from the file's size. Default 1,000,000.
    public var maxTimelineNodeCount: Int = 1_000_000

    public init() {}

    public static let `default` = ArchiveDecodingOptions()
}
