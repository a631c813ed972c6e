import Foundation
import WidgetControl
import WidgetLayout
import WidgetRender

/// Draws each changed Live Activity in every place it can be shown, to
/// `OUT/activities/<id>/<placement>.png` with its render tree beside it (`.json`): what `run` shows.
public struct ActivityPublisher: Sendable {
    let center: ActivityCenter
    let outputDirectory: URL
    private let painter = PNGRenderer()

    public init(center: ActivityCenter, outputDirectory: URL) {
        self.center = center
        self.outputDirectory = outputDirectory
    }

    public func publish(_ statuses: [ActivityStatus]) {
        for status in statuses where status.activityState != "dismissed" {
            let folder = outputDirectory.appendingPathComponent("activities").appendingPathComponent(ArchiveStore.safeComponent(status.id))
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for placement in Placement.activityPlacements {
                guard let tree = center.render(status.id, placement: placement) else { continue }
                let base = folder.appendingPathComponent(placement.id)
                try? Data(painter.png(tree)).write(to: base.appendingPathExtension("png"), options: .atomic)
                try? Data(tree.json().utf8).write(to: base.appendingPathExtension("json"), options: .atomic)
            }
        }
    }
}
