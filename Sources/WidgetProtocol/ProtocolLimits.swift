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
    /// Most Live Activities one message may list or change. Default 64.
    public var maxActivities: Int = 64
    /// Largest JSON of a Live Activity's attributes or content state. Default 64 KiB: the system's own
    /// bound is 4 KB, which the host applies to what apps send (`ActivityRules`); this one only keeps a
    /// hostile peer from making the host hold more.
    public var maxActivityData: Int = 64 << 10
    /// Largest body of a request or response on the network route. Default 4 MiB: a widget's data
    /// (the host's own bound on what it fetches, `NetworkLimits`, is at most this).
    public var maxNetworkBody: Int = 4 << 20
    /// Most headers of one request or response on the network route. Default 128.
    public var maxNetworkHeaders: Int = 128
    /// Longest string field (kind, names, messages). Default 4 KiB.
    public var maxStringLength: Int = 4 * 1024
    /// Limits applied to every archive inside a message.
    public var archive: ArchiveDecodingOptions = .default

    public init() {}
    public static let `default` = ProtocolLimits()
}
