import Foundation
import WidgetArchive
import WidgetLayout

/// Small widgets rendered in process (no extension needed) and a fresh folder for references.
enum SnapshotFixtures {
    static let t0 = Date(timeIntervalSince1970: 1_763_712_000)

    static func tree(total: String = "240 mg", color: SystemColor = .brown) -> RenderTree {
        let root = ViewNode.stack(StackNode(axis: .vertical, children: [
            .text(TextNode("Caffeine")), .text(TextNode(total)), .color(.system(color, opacity: 1)),
        ]))
        return WidgetRenderer.render(WidgetArchiveValue(kind: "Caffeine", family: .systemSmall, entryDate: t0, root: root),
                                     context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0))
    }

    static func folder() throws -> String {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("snapshots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    static func files(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }
}
