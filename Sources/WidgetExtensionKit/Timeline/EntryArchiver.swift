import Foundation
import WidgetArchive
import WidgetLayout
import WidgetUI

/// Evaluates each entry's view once per requested variant and encodes the archives.
enum EntryArchiver {
    static func archive<Entry: TimelineEntry, Content: View>(
        entries: [Entry], policy: TimelineReloadPolicy, request: TimelineArchiveRequest, kind: String,
        flags: ConfigurationFlags, content: (Entry) -> Content
    ) -> ArchivedTimeline {
        var diagnostics: Set<String> = []
        // Only a tree with a GeometryReader or a custom shape is laid out here; work the placement out once.
        let placement = LazyPlacement(request)
        let archived = entries.map { entry in
            let archives = request.variants.map { variant in
                var environment = EnvironmentValues.widget(family: request.family, variant: variant)
                environment.timelineEntryDate = entry.date
                let view = content(entry)
                var (root, warnings) = ViewArchiver.archive(view, environment: environment) { tree in
                    GeometryLocator(kind: kind, family: request.family, placement: placement.value, variant: variant, flags: flags,
                                    date: entry.date).frames(in: tree)
                }
                if variant.redactionReasons.contains(.placeholder) { root = root.modified(.redacted(.placeholder)) }
                diagnostics.formUnion(warnings)
                return ArchiveEncoder.encode(WidgetArchiveValue(
                    kind: kind, family: request.family, entryDate: entry.date, variant: variant, flags: flags, root: root))
            }
            return ArchivedTimeline.Entry(date: entry.date, relevance: entry.relevance.map { Double($0.score) },
                                          relevanceDuration: entry.relevance.map { max(0, $0.duration.isFinite ? $0.duration : 0) } ?? 0,
                                          archives: archives)
        }
        return ArchivedTimeline(entries: archived, policy: policy, diagnostics: diagnostics.sorted())
    }
}

extension EntryArchiver {
    /// Archives entries of any type for a widget whose content takes `Entry`: what a preview's
    /// timeline gives. An entry of another type is an error naming both types.
    static func previewArchiver<Entry: TimelineEntry, Content: View>(
        content: @escaping (Entry) -> Content
    ) -> ([any TimelineEntry], TimelineArchiveRequest, String, ConfigurationFlags) throws -> ArchivedTimeline {
        { entries, request, kind, flags in
            let typed = try entries.map { entry in
                guard let typed = entry as? Entry else { throw PreviewError.entryType(found: "\(type(of: entry))", expected: "\(Entry.self)") }
                return typed
            }
            return archive(entries: typed, policy: .never, request: request, kind: kind, flags: flags, content: content)
        }
    }
}

extension EnvironmentValues {
    /// The environment a widget body is evaluated in for one family and variant.
    static func widget(family: WidgetFamily, variant: EnvironmentVariant) -> EnvironmentValues {
        var env = EnvironmentValues()
        env.widgetFamily = family
        env.widgetRenderingMode = variant.renderingMode
        env.colorScheme = variant.colorScheme
        env.showsWidgetContainerBackground = variant.showsContainerBackground
        env.isLuminanceReduced = variant.isLuminanceReduced
        env.levelOfDetail = variant.isSimplified ? .simplified : .default
        env.redactionReasons = variant.redactionReasons
        env.widgetContentMargins = defaultContentMargins(family)
        env.apply(variant.device)
        return env
    }

    /// iOS's default content margins: 16 pt around home-screen widgets, none around accessories.
    static func defaultContentMargins(_ family: WidgetFamily) -> EdgeInsets {
        switch family {
        case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge, .systemExtraLargePortrait:
            EdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16)
        case .accessoryCircular, .accessoryRectangular, .accessoryInline, .accessoryCorner, ._control:
            EdgeInsets()
        case ._activityMedium, ._activitySmall, ._islandCompactLeading, ._islandCompactTrailing, ._islandMinimal, ._islandExpandedLeading,
             ._islandExpandedTrailing, ._islandExpandedCenter, ._islandExpandedBottom:
            EdgeInsets()
        }
    }
}

/// The placement of a request, worked out on first use.
final class LazyPlacement {
    private let request: TimelineArchiveRequest
    private var placement: Placement?
    init(_ request: TimelineArchiveRequest) { self.request = request }
    var value: Placement {
        if let placement { return placement }
        let found = request.layoutPlacement
        placement = found
        return found
    }
}
