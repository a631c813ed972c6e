import ActivityKit
import Foundation
import WidgetArchive
import WidgetLayout
import WidgetProtocol
import WidgetUI

/// A Live Activity configuration as the runtime serves it: which attributes type it draws, and how to
/// archive its presentations for one content.
package struct _ResolvedActivity {
    /// `String(describing:)` of the attributes type: what requests name.
    public let attributesType: String
    let archive: (ActivityRequest) throws -> ArchivedActivity
}

/// An activity's presentations, archived, with how they are placed.
struct ArchivedActivity {
    var presentations: [ActivityReply.Presentation]
    var layout: ActivityLayoutOptions
    var diagnostics: [String]
}

/// Why an activity's presentations could not be archived.
enum ActivityArchiveError: Error, CustomStringConvertible {
    /// The attributes or state JSON does not decode as the configuration's types.
    case undecodable(type: String, part: String, reason: String)

    var description: String {
        switch self {
        case .undecodable(let type, let part, let reason): "the \(part) do not decode as \(type)'s: \(reason)"
        }
    }
}

/// Evaluates a Live Activity's views for one content, presentation by presentation, and archives them.
enum ActivityArchiver {
    static func resolved<A: ActivityAttributes>(_ configuration: ActivityConfiguration<A>) -> _ResolvedWidget {
        // `String(describing: A.self)`'s text, without its conformance look-ups (see `IntentTypeNames`).
        let type = _typeName(A.self, qualified: false)
        let activity = _ResolvedActivity(attributesType: type) { request in try archive(request, configuration) }
        return _ResolvedWidget(
            kind: type, displayName: type, description: "Live Activity", families: [._activityMedium] + islandFamilies, flags: [],
            timeline: { _, kind, _ in throw ActivityArchiveError.undecodable(type: kind, part: "timeline", reason: "a Live Activity has none") },
            archiveEntries: { _, _, kind, _ in
                throw ActivityArchiveError.undecodable(type: kind, part: "entries", reason: "a Live Activity has none")
            }, activity: activity)
    }

    /// The island's presentations, which every configuration has.
    static let islandFamilies: [WidgetFamily] = [
        ._islandCompactLeading, ._islandCompactTrailing, ._islandMinimal, ._islandExpandedLeading, ._islandExpandedTrailing,
        ._islandExpandedCenter, ._islandExpandedBottom,
    ]

    static func archive<A: ActivityAttributes>(_ request: ActivityRequest, _ configuration: ActivityConfiguration<A>) throws -> ArchivedActivity {
        let type = _typeName(A.self, qualified: false)
        let attributes: A
        let state: A.ContentState
        do {
            attributes = try JSONDecoder().decode(A.self, from: Data(request.attributes))
        } catch {
            throw ActivityArchiveError.undecodable(type: type, part: "attributes", reason: "\(error)")
        }
        do {
            state = try JSONDecoder().decode(A.ContentState.self, from: Data(request.state))
        } catch {
            throw ActivityArchiveError.undecodable(type: type, part: "content state", reason: "\(error)")
        }
        let context = ActivityViewContext(attributes: attributes, state: state, isStale: request.isStale, activityID: request.activityID)
        let wantsIsland = request.presentations.contains { islandFamilies.contains($0.family) }
        let island = wantsIsland ? configuration.island(context) : nil
        let regions = island?.expanded() ?? []
        var presentations: [ActivityReply.Presentation] = []
        var diagnostics: Set<String> = []
        for wanted in request.presentations {
            let view: AnyView?
            switch wanted.family {
            case ._activityMedium, ._activitySmall: view = configuration.content(context)
            case ._islandCompactLeading: view = island?.compactLeading()
            case ._islandCompactTrailing: view = island?.compactTrailing()
            case ._islandMinimal: view = island?.minimal()
            default: view = regions.first { $0.family == wanted.family }?.view
            }
            guard let view else { continue }
            let archives = wanted.variants.map { variant in
                var environment = EnvironmentValues.widget(family: wanted.family, variant: variant)
                environment.activityFamily = wanted.family == ._activitySmall ? .small : .medium
                environment.isActivityFullscreen = false
                let (root, warnings) = ViewArchiver.archive(view, environment: environment)
                diagnostics.formUnion(warnings)
                return ArchiveEncoder.encode(WidgetArchiveValue(
                    kind: type, family: wanted.family, entryDate: request.now, variant: variant, flags: [], root: root))
            }
            presentations.append(ActivityReply.Presentation(family: wanted.family, archives: archives))
        }
        return ArchivedActivity(presentations: presentations, layout: layout(island, regions: regions), diagnostics: diagnostics.sorted())
    }

    /// What the island's configuration says about placing its presentations.
    static func layout(_ island: DynamicIsland?, regions: [DynamicIslandRegionSlot]) -> ActivityLayoutOptions {
        var options = ActivityLayoutOptions()
        guard let island else { return options }
        for (mode, margins) in island.margins {
            for family in mode.families { options.margins[family] = margins }
        }
        for region in regions {
            if !region.margins.isEmpty { options.margins[region.family] = region.margins.over(options.margins[region.family] ?? EdgeMargins()) }
            if region.priority != 0 { options.priorities[region.family] = region.priority }
            if region.belowIfTooWide { options.belowIfTooWide.insert(region.family) }
        }
        options.keylineTint = island.keyline.map { keylineValue($0._colorValue) }
        options.widgetURL = island.url?.absoluteString
        return options
    }

    /// A colour as the island draws it: an asset colour's dark appearance, as components.
    static func keylineValue(_ color: ColorValue) -> ColorValue {
        guard case .asset(let asset) = color else { return color }
        guard let c = asset.components(dark: true, highContrast: false) else { return .system(.clear, opacity: 1) }
        return .rgba(red: c.red, green: c.green, blue: c.blue, opacity: c.alpha * asset.opacity)
    }
}
