import Foundation
import WidgetArchive
import WidgetUI

/// `DynamicIsland`: the expanded, compact and minimal presentations of a Live Activity. Each is archived
/// as a presentation of its own (`WidgetFamily._island…`); the host composes them around the camera, as
/// the system does, using the margins, priorities, keyline tint and URL kept here.
public struct DynamicIsland {
    let expanded: () -> [DynamicIslandRegionSlot]
    let compactLeading: () -> AnyView
    let compactTrailing: () -> AnyView
    let minimal: () -> AnyView
    var keyline: Color?
    var url: URL?
    /// `contentMargins(_:_:for:)`, by presentation; the innermost call wins per edge.
    var margins: [DynamicIslandMode: EdgeMargins] = [:]

    public init<Expanded: View, CompactLeading: View, CompactTrailing: View, Minimal: View>(
        @DynamicIslandExpandedContentBuilder expanded: @escaping () -> DynamicIslandExpandedContent<Expanded>,
        @ViewBuilder compactLeading: @escaping () -> CompactLeading, @ViewBuilder compactTrailing: @escaping () -> CompactTrailing,
        @ViewBuilder minimal: @escaping () -> Minimal
    ) {
        self.expanded = { expanded().regions }
        self.compactLeading = { AnyView(compactLeading()) }
        self.compactTrailing = { AnyView(compactTrailing()) }
        self.minimal = { AnyView(minimal()) }
    }

    /// `keylineTint(_:)`: a subtle tint of the island's edge.
    public func keylineTint(_ color: Color?) -> DynamicIsland {
        var copy = self
        copy.keyline = color
        return copy
    }

    /// `widgetURL(_:)`: what a tap on the island opens.
    public func widgetURL(_ url: URL?) -> DynamicIsland {
        var copy = self
        copy.url = url
        return copy
    }

    /// `contentMargins(_:_:for:)`: the margins of one presentation's content, on the edges given.
    public func contentMargins(_ edges: Edge.Set = .all, _ length: CGFloat?, for mode: DynamicIslandMode) -> DynamicIsland {
        var copy = self
        copy.margins[mode] = (copy.margins[mode] ?? EdgeMargins()).over(EdgeMargins(edges, length))
        return copy
    }
}

extension EdgeMargins {
    /// `length` on `edges`, nothing on the others (a nil length: the system's).
    init(_ edges: Edge.Set, _ length: CGFloat?) {
        let value = length.map { Double($0) }
        self.init(top: edges.contains(.top) ? value : nil, leading: edges.contains(.leading) ? value : nil,
                  bottom: edges.contains(.bottom) ? value : nil, trailing: edges.contains(.trailing) ? value : nil)
    }
}

/// `DynamicIslandMode`: a presentation whose content margins `contentMargins(_:_:for:)` sets.
public struct DynamicIslandMode: Hashable, Sendable {
    let families: [WidgetFamily]
    public static let compactLeading = DynamicIslandMode(families: [._islandCompactLeading])
    public static let compactTrailing = DynamicIslandMode(families: [._islandCompactTrailing])
    public static let expanded = DynamicIslandMode(families: [
        ._islandExpandedLeading, ._islandExpandedTrailing, ._islandExpandedCenter, ._islandExpandedBottom,
    ])
    public static let minimal = DynamicIslandMode(families: [._islandMinimal])
}

/// One expanded region as the builder collected it: where it goes, its priority and margins, and its view.
struct DynamicIslandRegionSlot {
    var family: WidgetFamily
    var priority: Double
    var margins: EdgeMargins
    var belowIfTooWide: Bool
    var view: AnyView
}

/// `DynamicIslandExpandedContent`: the regions of the expanded presentation, as the expanded-content
/// builder makes them (code may name it: `-> DynamicIslandExpandedContent<some View>`).
public struct DynamicIslandExpandedContent<Content: View> {
    let regions: [DynamicIslandRegionSlot]
}

/// `DynamicIslandExpandedRegion`: one region of the expanded presentation.
public struct DynamicIslandExpandedRegion<Content: View> {
    var slot: DynamicIslandRegionSlot

    public init(_ position: DynamicIslandExpandedRegionPosition, priority: Double = 0, @ViewBuilder content: () -> Content) {
        let view = content()
        slot = DynamicIslandRegionSlot(family: position.family, priority: priority, margins: EdgeMargins(),
                                       belowIfTooWide: (view as? _DynamicIslandPlaced)?.placement == .belowIfTooWide,
                                       view: AnyView(view))
    }

    /// `contentMargins(_:_:)`: the region's own margins, on the edges given.
    public func contentMargins(_ edges: Edge.Set = .all, _ length: CGFloat?) -> DynamicIslandExpandedRegion {
        var copy = self
        copy.slot.margins = copy.slot.margins.over(EdgeMargins(edges, length))
        return copy
    }
}

/// `DynamicIslandExpandedRegionPosition`.
public struct DynamicIslandExpandedRegionPosition: Hashable, Sendable {
    let family: WidgetFamily
    public static let leading = DynamicIslandExpandedRegionPosition(family: ._islandExpandedLeading)
    public static let trailing = DynamicIslandExpandedRegionPosition(family: ._islandExpandedTrailing)
    public static let center = DynamicIslandExpandedRegionPosition(family: ._islandExpandedCenter)
    public static let bottom = DynamicIslandExpandedRegionPosition(family: ._islandExpandedBottom)
}

/// `DynamicIslandExpandedContentBuilder`: regions, one after another, `if`/`else` and optional ones.
@resultBuilder
public enum DynamicIslandExpandedContentBuilder {
    public static func buildExpression<C: View>(_ region: DynamicIslandExpandedRegion<C>) -> DynamicIslandExpandedContent<C> {
        DynamicIslandExpandedContent(regions: [region.slot])
    }
    public static func buildExpression<C: View>(_ content: DynamicIslandExpandedContent<C>) -> DynamicIslandExpandedContent<C> { content }
    public static func buildBlock() -> DynamicIslandExpandedContent<EmptyView> { DynamicIslandExpandedContent(regions: []) }
    public static func buildPartialBlock<C: View>(first: DynamicIslandExpandedContent<C>) -> DynamicIslandExpandedContent<C> { first }
    public static func buildPartialBlock<C0: View, C1: View>(
        accumulated: DynamicIslandExpandedContent<C0>, next: DynamicIslandExpandedContent<C1>
    ) -> DynamicIslandExpandedContent<TupleView<C0, C1>> {
        DynamicIslandExpandedContent(regions: accumulated.regions + next.regions)
    }
    public static func buildOptional<C: View>(_ content: DynamicIslandExpandedContent<C>?) -> DynamicIslandExpandedContent<C?> {
        DynamicIslandExpandedContent(regions: content?.regions ?? [])
    }
    public static func buildEither<T: View, F: View>(first: DynamicIslandExpandedContent<T>) -> DynamicIslandExpandedContent<_ConditionalContent<T, F>> {
        DynamicIslandExpandedContent(regions: first.regions)
    }
    public static func buildEither<T: View, F: View>(second: DynamicIslandExpandedContent<F>) -> DynamicIslandExpandedContent<_ConditionalContent<T, F>> {
        DynamicIslandExpandedContent(regions: second.regions)
    }
    public static func buildLimitedAvailability<C: View>(_ content: DynamicIslandExpandedContent<C>) -> DynamicIslandExpandedContent<AnyView> {
        DynamicIslandExpandedContent(regions: content.regions)
    }
}

/// `DynamicIslandExpandedRegionVerticalPlacement`.
public struct DynamicIslandExpandedRegionVerticalPlacement: Hashable, Sendable {
    let name: String
    /// Below the camera's row when the content is too wide to sit beside it.
    public static let belowIfTooWide = DynamicIslandExpandedRegionVerticalPlacement(name: "belowIfTooWide")
}

/// A region's content that asked for a vertical placement (`.dynamicIsland(verticalPlacement:)`).
protocol _DynamicIslandPlaced {
    var placement: DynamicIslandExpandedRegionVerticalPlacement { get }
}

/// The view `.dynamicIsland(verticalPlacement:)` returns: its content, and the placement the region reads.
public nonisolated struct _DynamicIslandPlacedView<Content: View>: View, _DynamicIslandPlaced {
    let content: Content
    let placement: DynamicIslandExpandedRegionVerticalPlacement
    public var body: Content { content }
}

nonisolated extension View {
    /// `.activityBackgroundTint(_:)`: the Lock Screen presentation's background, drawn as its container
    /// background; nil is the system's.
    @ViewBuilder public func activityBackgroundTint(_ color: Color?) -> some View {
        if let color { containerBackground(color, for: .widget) } else { self }
    }
    /// `.activitySystemActionForegroundColor(_:)`: the colour of the system's button beside the Lock
    /// Screen presentation, which the host does not draw.
    public func activitySystemActionForegroundColor(_ color: Color?) -> some View { self }
    /// `.dynamicIsland(verticalPlacement:)`: where an expanded region's content goes when too wide.
    public func dynamicIsland(verticalPlacement: DynamicIslandExpandedRegionVerticalPlacement) -> _DynamicIslandPlacedView<Self> {
        _DynamicIslandPlacedView(content: self, placement: verticalPlacement)
    }
}
