import ActivityKit
import Foundation
import WidgetArchive
import WidgetProtocol
import WidgetUI

/// `ActivityViewContext`: what a Live Activity's views are made from.
public struct ActivityViewContext<Attributes: ActivityAttributes> {
    public let attributes: Attributes
    public let state: Attributes.ContentState
    public let isStale: Bool
    public let activityID: String
}

/// `ActivityConfiguration`: a Live Activity's Lock Screen view and Dynamic Island. The host asks the
/// extension to archive each presentation when an activity starts or its content changes
/// (`ActivityArchiver`), matching the request to the configuration by the attributes type's name.
public struct ActivityConfiguration<Attributes: ActivityAttributes>: WidgetConfiguration {
    public typealias Body = Never
    let content: (ActivityViewContext<Attributes>) -> AnyView
    let island: (ActivityViewContext<Attributes>) -> DynamicIsland

    public init<Content: View>(
        for attributesType: Attributes.Type, @ViewBuilder content: @escaping (ActivityViewContext<Attributes>) -> Content,
        dynamicIsland: @escaping (ActivityViewContext<Attributes>) -> DynamicIsland
    ) {
        self.content = { AnyView(content($0)) }
        self.island = dynamicIsland
    }

    public var body: Never { preconditionFailure("ActivityConfiguration is primitive") }
    public func _resolve() -> [_ResolvedWidget] { [ActivityArchiver.resolved(self)] }

    public func _activityContent() -> Any? { content }
}

/// `ActivityPreviewViewKind`: which presentation of a Live Activity a preview shows.
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
        activitySample = {
            let encoder = JSONEncoder()
            guard let encoded = try? encoder.encode(attributes) else { return nil }
            return ActivitySample(attributesType: String(describing: A.self), attributes: [UInt8](encoded),
                                  states: contentStates().compactMap { try? encoder.encode($0) }.map { [UInt8]($0) })
        }
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
