/// What a Live Activity's configuration says about placing its presentations, beside their archives:
/// the host lays the Dynamic Island out from these, as the system does, rather than the extension.
///
/// Plain data, carried in the `activity` reply (`Archives/FORMAT.md`, "IPC frames") and kept with the
/// archives in the store.
public struct ActivityLayoutOptions: Hashable, Sendable {
    /// Content margins a presentation set (`DynamicIsland.contentMargins(_:_:for:)`, a region's
    /// `contentMargins(_:_:)`), by presentation; an edge left `nil` keeps the system's margin.
    public var margins: [WidgetFamily: EdgeMargins]
    /// `DynamicIslandExpandedRegion(_:priority:)` of each expanded region that set one.
    public var priorities: [WidgetFamily: Double]
    /// Expanded regions whose content asked to go below the camera when too wide
    /// (`.dynamicIsland(verticalPlacement: .belowIfTooWide)`).
    public var belowIfTooWide: Set<WidgetFamily>
    /// `DynamicIsland.keylineTint(_:)`: the tint of the island's edge.
    public var keylineTint: ColorValue?
    /// `DynamicIsland.widgetURL(_:)`: where a tap on the island opens the app.
    public var widgetURL: String?

    public init(
        margins: [WidgetFamily: EdgeMargins] = [:], priorities: [WidgetFamily: Double] = [:], belowIfTooWide: Set<WidgetFamily> = [],
        keylineTint: ColorValue? = nil, widgetURL: String? = nil
    ) {
        self.margins = margins
        self.priorities = priorities
        self.belowIfTooWide = belowIfTooWide
        self.keylineTint = keylineTint
        self.widgetURL = widgetURL
    }

    /// A region's priority (0 when it set none, as `DynamicIslandExpandedRegion`'s default).
    public func priority(of family: WidgetFamily) -> Double { priorities[family] ?? 0 }
}

/// Margins per edge, each optional: `nil` is "the system's".
public struct EdgeMargins: Hashable, Sendable {
    public var top: Double?
    public var leading: Double?
    public var bottom: Double?
    public var trailing: Double?

    public init(top: Double? = nil, leading: Double? = nil, bottom: Double? = nil, trailing: Double? = nil) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// These margins over `other`: each edge this one sets wins (the innermost call of several).
    public func over(_ other: EdgeMargins) -> EdgeMargins {
        EdgeMargins(top: top ?? other.top, leading: leading ?? other.leading, bottom: bottom ?? other.bottom,
                    trailing: trailing ?? other.trailing)
    }

    public var isEmpty: Bool { top == nil && leading == nil && bottom == nil && trailing == nil }
}
