import ActivityKit
import Foundation
import WidgetArchive
import WidgetUI

/// `ActivityViewContext`: what a Live Activity's views are made from.
public struct ActivityViewContext<Attributes: ActivityAttributes> {
    public let attributes: Attributes
    public let state: Attributes.ContentState
    public let isStale: Bool
    public let activityID: String
}

/// `ActivityConfiguration`: a Live Activity's Lock Screen view and Dynamic Island. Live Activities are
/// started by an app, and there is none here, so it offers the host no widget; its Lock Screen view is
/// shown by the previews that declare it (`#Preview(as: .content, using: attributes) { … }
/// contentStates: { … }`).
public struct ActivityConfiguration<Attributes: ActivityAttributes>: WidgetConfiguration {
    public typealias Body = Never
    let content: (ActivityViewContext<Attributes>) -> AnyView

    public init<Content: View>(
        for attributesType: Attributes.Type, @ViewBuilder content: @escaping (ActivityViewContext<Attributes>) -> Content,
        dynamicIsland: @escaping (ActivityViewContext<Attributes>) -> DynamicIsland
    ) {
        self.content = { AnyView(content($0)) }
    }

    public var body: Never { preconditionFailure("ActivityConfiguration is primitive") }
    public func _resolve() -> [_ResolvedWidget] { [] }

    public func _activityContent() -> Any? { content }
}

/// `ActivityPreviewViewKind`: which presentation of a Live Activity a preview shows. The host draws the
/// Lock Screen one (`.content`); the Dynamic Island is not drawn.
public enum ActivityPreviewViewKind: Hashable, Sendable {
    case content
    case dynamicIsland(DynamicIslandPreviewViewState)

    /// `ActivityPreviewViewKind.DynamicIslandPreviewViewState`.
    public enum DynamicIslandPreviewViewState: Hashable, Sendable { case compact, minimal, expanded }
}

/// `ActivityContentStateBuilder`.
@resultBuilder
public enum ActivityContentStateBuilder<State> {
    public static func buildExpression(_ state: State) -> [State] { [state] }
    public static func buildPartialBlock(first: [State]) -> [State] { first }
    public static func buildPartialBlock(accumulated: [State], next: [State]) -> [State] { accumulated + next }
    public static func buildArray(_ components: [[State]]) -> [State] { components.flatMap { $0 } }
    public static func buildBlock() -> [State] { [] }
}

extension _WidgetPreview {
    /// `#Preview(_:as:using:widget:contentStates:)`: a Live Activity's Lock Screen view, once per content
    /// state, shown at a medium widget's size (the Lock Screen presentation's width, about).
    public init<A: ActivityAttributes, W: Widget>(
        _ name: String? = nil, as kind: ActivityPreviewViewKind, using attributes: A, widget: @escaping () -> W,
        @ActivityContentStateBuilder<A.ContentState> contentStates: @escaping () -> [A.ContentState]
    ) {
        self.init(name: name ?? "Live Activity", family: .systemMedium, widget: {
            guard kind == .content, let content = widget().body._activityContent() as? (ActivityViewContext<A>) -> AnyView else { return [] }
            let states = contentStates()
            return [ActivityPreviewWidget.resolved(content: content, attributes: attributes, states: states)]
        }, entries: { _ in
            contentStates().indices.map { ActivityPreviewWidget.Entry(date: Date(), index: $0) }
        })
    }
}

/// A Live Activity's Lock Screen view as a widget whose entries are its content states.
enum ActivityPreviewWidget {
    struct Entry: TimelineEntry {
        let date: Date
        let index: Int
    }

    static func resolved<A: ActivityAttributes>(
        content: @escaping (ActivityViewContext<A>) -> AnyView, attributes: A, states: [A.ContentState]
    ) -> _ResolvedWidget {
        let view = { (entry: Entry) -> AnyView in
            guard states.indices.contains(entry.index) else { return AnyView(EmptyView()) }
            return content(ActivityViewContext(attributes: attributes, state: states[entry.index], isStale: false, activityID: "preview"))
        }
        return _ResolvedWidget(
            kind: "\(A.self)", displayName: "\(A.self)", description: "Live Activity", families: [.systemMedium], flags: [],
            timeline: { _, _, _ in ArchivedTimeline(entries: [], policy: .never, diagnostics: []) },
            archiveEntries: EntryArchiver.previewArchiver(content: view))
    }
}

/// `#Preview("Name", as: .content, using: attributes) { MyLiveActivity() } contentStates: { state; … }`.
@freestanding(declaration)
public macro Preview<A: ActivityAttributes, W: Widget>(
    _ name: String? = nil, as kind: ActivityPreviewViewKind, using attributes: A, widget: @escaping () -> W,
    @ActivityContentStateBuilder<A.ContentState> contentStates: @escaping () -> [A.ContentState]
) = #externalMacro(module: "WidgetMacros", type: "WidgetPreviewMacro")

/// `DynamicIsland`: the expanded, compact and minimal presentations. The host has no Dynamic Island;
/// the presentations compile and are not evaluated.
public struct DynamicIsland {
    public init<Expanded: View, CompactLeading: View, CompactTrailing: View, Minimal: View>(
        @DynamicIslandExpandedContentBuilder expanded: @escaping () -> DynamicIslandExpandedContent<Expanded>,
        @ViewBuilder compactLeading: @escaping () -> CompactLeading, @ViewBuilder compactTrailing: @escaping () -> CompactTrailing,
        @ViewBuilder minimal: @escaping () -> Minimal
    ) {}

    public func keylineTint(_ color: Color?) -> DynamicIsland { self }
    public func widgetURL(_ url: URL?) -> DynamicIsland { self }
    public func contentMargins(_ edges: Edge.Set = .all, _ length: CGFloat?, for mode: DynamicIslandMode) -> DynamicIsland { self }
}

/// `DynamicIslandMode`: a presentation whose content margins `contentMargins(_:_:for:)` sets.
public struct DynamicIslandMode: Hashable, Sendable {
    let name: String
    public static let compactLeading = DynamicIslandMode(name: "compactLeading")
    public static let compactTrailing = DynamicIslandMode(name: "compactTrailing")
    public static let expanded = DynamicIslandMode(name: "expanded")
    public static let minimal = DynamicIslandMode(name: "minimal")
}

/// `DynamicIslandExpandedContent`: the regions of the expanded presentation, as the expanded-content
/// builder makes them (code may name it: `-> DynamicIslandExpandedContent<some View>`).
public struct DynamicIslandExpandedContent<Content: View> {
    let content: Content
}

/// `DynamicIslandExpandedRegion`.
public struct DynamicIslandExpandedRegion<Content: View> {
    let content: Content
    public init(_ position: DynamicIslandExpandedRegionPosition, priority: Double = 0, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
    public func contentMargins(_ edges: Edge.Set = .all, _ length: CGFloat?) -> DynamicIslandExpandedRegion { self }
}

/// `DynamicIslandExpandedRegionPosition`.
public struct DynamicIslandExpandedRegionPosition: Hashable, Sendable {
    let name: String
    public static let leading = DynamicIslandExpandedRegionPosition(name: "leading")
    public static let trailing = DynamicIslandExpandedRegionPosition(name: "trailing")
    public static let center = DynamicIslandExpandedRegionPosition(name: "center")
    public static let bottom = DynamicIslandExpandedRegionPosition(name: "bottom")
}

/// `DynamicIslandExpandedContentBuilder`: regions, one after another, `if`/`else` and optional ones.
@resultBuilder
public enum DynamicIslandExpandedContentBuilder {
    public static func buildExpression<C: View>(_ region: DynamicIslandExpandedRegion<C>) -> DynamicIslandExpandedContent<C> {
        DynamicIslandExpandedContent(content: region.content)
    }
    public static func buildExpression<C: View>(_ content: DynamicIslandExpandedContent<C>) -> DynamicIslandExpandedContent<C> { content }
    public static func buildBlock() -> DynamicIslandExpandedContent<EmptyView> { DynamicIslandExpandedContent(content: EmptyView()) }
    public static func buildPartialBlock<C: View>(first: DynamicIslandExpandedContent<C>) -> DynamicIslandExpandedContent<C> { first }
    public static func buildPartialBlock<C0: View, C1: View>(
        accumulated: DynamicIslandExpandedContent<C0>, next: DynamicIslandExpandedContent<C1>
    ) -> DynamicIslandExpandedContent<TupleView<C0, C1>> {
        DynamicIslandExpandedContent(content: TupleView(accumulated.content, next.content))
    }
    public static func buildOptional<C: View>(_ content: DynamicIslandExpandedContent<C>?) -> DynamicIslandExpandedContent<C?> {
        DynamicIslandExpandedContent(content: content?.content)
    }
    public static func buildEither<T: View, F: View>(first: DynamicIslandExpandedContent<T>) -> DynamicIslandExpandedContent<_ConditionalContent<T, F>> {
        DynamicIslandExpandedContent(content: ViewBuilder.buildEither(first: first.content))
    }
    public static func buildEither<T: View, F: View>(second: DynamicIslandExpandedContent<F>) -> DynamicIslandExpandedContent<_ConditionalContent<T, F>> {
        DynamicIslandExpandedContent(content: ViewBuilder.buildEither(second: second.content))
    }
    public static func buildLimitedAvailability<C: View>(_ content: DynamicIslandExpandedContent<C>) -> DynamicIslandExpandedContent<AnyView> {
        DynamicIslandExpandedContent(content: AnyView(content.content))
    }
}

nonisolated extension View {
    /// `.activityBackgroundTint(_:)`, `.activitySystemActionForegroundColor(_:)`: Live Activity styling.
    /// The Lock Screen view's background: drawn as its container background.
    public func activityBackgroundTint(_ color: Color?) -> some View { containerBackground(color ?? .clear, for: .widget) }
    public func activitySystemActionForegroundColor(_ color: Color?) -> some View { self }
    /// `.dynamicIsland(verticalPlacement:)`.
    public func dynamicIsland(verticalPlacement: DynamicIslandExpandedRegionVerticalPlacement) -> some View { self }
}

/// `DynamicIslandExpandedRegionVerticalPlacement`.
public struct DynamicIslandExpandedRegionVerticalPlacement: Hashable, Sendable {
    public static let belowIfTooWide = DynamicIslandExpandedRegionVerticalPlacement()
}
