import Foundation
import WidgetArchive
import WidgetLayout
import WidgetProtocol

extension ActivityCenter {
    /// A tap on an activity where it is shown: on an element (by id, or the first element whose text
    /// contains `label`) or at a point. A button or toggle backed by an App Intent performs it in the
    /// extension (a `LiveActivityIntent` changes the app's activities through the outcome, and the
    /// activity is archived again); a widget URL opens the app if its scheme is declared. CarPlay keeps
    /// interactive elements inactive. Returns the outcome and the activity as drawn after it.
    public func tap(_ id: String, placement: Placement, element: String? = nil, label: String? = nil, at point: Point? = nil)
        throws(HostError) -> (outcome: TapResult.Outcome, final: RenderTree) {
        guard let record = record(id), let tree = render(id, placement: placement) else {
            throw .noSuchElement(instance: id, element: "(no presentations of this activity)")
        }
        let nodes = tree.root.allNodes()
        let hit: RenderNode? = if let element {
            nodes.first { $0.id == element && $0.action != nil } ?? nodes.first { $0.id == element }.flatMap { $0.allNodes().first { $0.action != nil } }
        } else if let label {
            nodes.first { $0.action != nil && $0.allText.contains { $0.contains(label) } }
        } else if let point {
            tree.hitTest(point)
        } else {
            nil
        }
        guard let node = hit, let action = node.action else {
            throw .noSuchElement(instance: id, element: element ?? label ?? point.map { "\($0.x),\($0.y)" } ?? "(none)")
        }
        guard let path = extensionPaths.first(where: { URL(fileURLWithPath: $0).lastPathComponent == record.extensionID }) else {
            throw .noSuchElement(instance: id, element: "(its extension is not configured)")
        }
        switch action.kind {
        case .inert:
            return (.inert, tree)
        case .url:
            let url = action.target ?? ""
            let scheme = url.split(separator: ":", maxSplits: 1).first.map { $0.lowercased() } ?? ""
            let declared = try host.connection(to: path).hello.urlSchemes.map { $0.lowercased() }
            guard url.contains(":"), ["http", "https"].contains(scheme) || declared.contains(scheme) else {
                host.log("activity \(id): refused to open \(url): scheme \(scheme) is not declared by the extension")
                return (.refused(url: url), tree)
            }
            host.log("activity \(id): tap opens the app at \(url)")
            return (.openedApp(url: url), tree)
        case .intent:
            // "Displaying live data with Live Activities": buttons and toggles do nothing in CarPlay.
            if placement.location == .carPlay { return (.disabled(reason: "interactive elements are inactive in CarPlay"), tree) }
            guard let intent = action.intent else {
                throw .noSuchElement(instance: id, element: node.id ?? "?")
            }
            let type = intent.typeIdentifier
            do {
                try host.performIntent(executable: path, intent, kind: record.attributesType)
            } catch {
                host.log("activity \(id): intent \(type) failed: \(error)")
                return (.failed("\(error)"), render(id, placement: placement) ?? tree)
            }
            return (.performed(intent: type), render(id, placement: placement) ?? tree)
        }
    }
}
