import Foundation
import WidgetArchive
import WidgetIntents
import WidgetProtocol
import WidgetUI

/// The type `#Preview(as:widget:…)` expands to a conformance of; the extension finds these at run time.
public protocol _WidgetPreviewDeclaration {
    static var _preview: _WidgetPreview { get }
}

/// A widget preview as `#Preview` declares it: a widget, a family, and where its entries come from.
public struct _WidgetPreview {
    package let name: String?
    package let family: WidgetFamily
    let widget: () -> [_ResolvedWidget]
    /// The entries to show, in order; their dates are ignored (a preview steps through them).
    let entries: (TimelineProviderContext) async throws -> [any TimelineEntry]
    /// A Live Activity preview's attributes and content states, as JSON.
    var activitySample: (() -> ActivitySample?)? = nil

    init(name: String?, family: WidgetFamily, widget: @escaping () -> [_ResolvedWidget],
         entries: @escaping (TimelineProviderContext) async throws -> [any TimelineEntry]) {
        self.name = name
        self.family = family
        self.widget = widget
        self.entries = entries
    }

    /// `#Preview(_:as:widget:timeline:)`.
    public init<W: Widget>(
        _ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> W,
        @PreviewTimelineBuilder timeline: @escaping () async -> [any TimelineEntry]
    ) {
        self.name = name
        self.family = family
        self.widget = { widget()._widgets() }
        self.entries = { _ in await timeline() }
    }

    /// `#Preview(_:as:widget:timelineProvider:)`: the provider's timeline, as a preview context asks for it.
    public init<W: Widget, P: TimelineProvider>(
        _ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> W, timelineProvider: @escaping () -> P
    ) {
        self.name = name
        self.family = family
        self.widget = { widget()._widgets() }
        self.entries = { context in
            let provider = timelineProvider()
            let timeline = CompletionWaiter<Timeline<P.Entry>>.wait { provider.getTimeline(in: context, completion: $0) }
            return timeline.entries
        }
    }

    /// `#Preview(_:as:using:widget:timelineProvider:)` for an App Intent configuration.
    public init<W: Widget, P: AppIntentTimelineProvider>(
        _ name: String? = nil, as family: WidgetFamily, using intent: P.Intent, widget: @escaping () -> W,
        timelineProvider: @escaping () -> P
    ) {
        self.name = name
        self.family = family
        self.widget = { widget()._widgets() }
        let box = ProviderBox(intent)
        self.entries = { context in await timelineProvider().timeline(for: box.provider, in: context).entries }
    }
}

/// `PreviewTimelineBuilder`: the entries of a `#Preview` timeline, one per statement (and per loop
/// iteration).
@resultBuilder
public struct PreviewTimelineBuilder {
    public static func buildExpression(_ entry: some TimelineEntry) -> [any TimelineEntry] { [entry] }
    public static func buildPartialBlock(first: [any TimelineEntry]) -> [any TimelineEntry] { first }
    public static func buildPartialBlock(accumulated: [any TimelineEntry], next: [any TimelineEntry]) -> [any TimelineEntry] {
        accumulated + next
    }
    public static func buildArray(_ components: [[any TimelineEntry]]) -> [any TimelineEntry] { components.flatMap { $0 } }
    public static func buildOptional(_ component: [any TimelineEntry]?) -> [any TimelineEntry] { component ?? [] }
    public static func buildEither(first: [any TimelineEntry]) -> [any TimelineEntry] { first }
    public static func buildEither(second: [any TimelineEntry]) -> [any TimelineEntry] { second }
    public static func buildBlock() -> [any TimelineEntry] { [] }
}

/// `WidgetPreviewContext(family:)`: shows a preview provider's view as a widget of `family`.
public struct WidgetPreviewContext: PreviewContext {
    public let family: WidgetFamily
    public init(family: WidgetFamily) { self.family = family }
    public var _widgetFamily: WidgetFamily? { family }
}

/// `#Preview(as: .systemSmall) { MyWidget() } timeline: { Entry(…); Entry(…) }`.
@freestanding(declaration)
public macro Preview<W: Widget>(
    _ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> W,
    @PreviewTimelineBuilder timeline: @escaping @MainActor () async -> [any TimelineEntry]
) = #externalMacro(module: "WidgetMacros", type: "WidgetPreviewMacro")

/// `#Preview(as: .systemSmall, widget: { MyWidget() }, timelineProvider: { Provider() })`.
@freestanding(declaration)
public macro Preview<W: Widget, P: TimelineProvider>(
    _ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> W, timelineProvider: @escaping () -> P
) = #externalMacro(module: "WidgetMacros", type: "WidgetPreviewMacro")

/// `#Preview(as: .systemSmall, using: Intent.sample, widget: { MyWidget() }, timelineProvider: { Provider() })`.
@freestanding(declaration)
public macro Preview<W: Widget, P: AppIntentTimelineProvider>(
    _ name: String? = nil, as family: WidgetFamily, using intent: P.Intent, widget: @escaping () -> W,
    timelineProvider: @escaping () -> P
) = #externalMacro(module: "WidgetMacros", type: "WidgetPreviewMacro")

/// A preview's entries could not be archived.
enum PreviewError: Error, CustomStringConvertible {
    case entryType(found: String, expected: String)
    case noWidget(preview: String)
    case noSuchPreview(index: Int, count: Int)
    /// `#Preview(as:)` names a control: controls have no timeline entries to preview.
    case control(kind: String)

    var description: String {
        switch self {
        case .entryType(let found, let expected): "a preview entry is a \(found), but the widget's entries are \(expected)"
        case .noWidget(let preview): "preview \(preview) names no widget"
        case .noSuchPreview(let index, let count): "no preview \(index): the extension declares \(count)"
        case .control(let kind): "\(kind) is a control: preview it with widget-host preview, which draws every control"
        }
    }
}
