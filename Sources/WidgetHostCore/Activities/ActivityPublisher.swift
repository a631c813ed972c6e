import Foundation
import WidgetControl
import WidgetLayout
import WidgetRender
import WidgetStore

/// Draws each changed Live Activity in every place it can be shown, to
/// `OUT/activities/<id>/<placement>.png` with its render tree beside it (`.json`): what `run` shows.
/// Asset images are drawn from the resources of the extension that archived the activity.
///
/// `@unchecked Sendable`: the painters are made once per extension under `lock`; each is used by one
/// caller at a time (publishing runs on the thread that changed the activity).
public final class ActivityPublisher: @unchecked Sendable {
    let center: ActivityCenter
    let outputDirectory: URL
    private let lock = NSLock()
    private var painters: [String: PNGRenderer] = [:]

    public init(center: ActivityCenter, outputDirectory: URL) {
        self.center = center
        self.outputDirectory = outputDirectory
    }

    /// The painter for an extension's activities: its asset catalogs' images.
    private func painter(for extensionID: String) -> PNGRenderer {
        lock.withLock {
            if let made = painters[extensionID] { return made }
            var painter = PNGRenderer()
            if let path = center.extensionPaths.first(where: { URL(fileURLWithPath: $0).lastPathComponent == extensionID }) {
                painter.assets = AssetImageLoader(resources: ExtensionResources(executable: path)).image
            }
            painters[extensionID] = painter
            return painter
        }
    }

    public func publish(_ statuses: [ActivityStatus]) {
        for status in statuses where status.activityState != "dismissed" {
            let folder = outputDirectory.appendingPathComponent("activities").appendingPathComponent(ArchiveStore.safeComponent(status.id))
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let painter = painter(for: status.extensionID)
            for placement in Placement.activityPlacements {
                guard let tree = center.render(status.id, placement: placement) else { continue }
                let base = folder.appendingPathComponent(placement.id)
                try? Data(painter.png(tree)).write(to: base.appendingPathExtension("png"), options: .atomic)
                try? Data(tree.json().utf8).write(to: base.appendingPathExtension("json"), options: .atomic)
            }
        }
    }
}
