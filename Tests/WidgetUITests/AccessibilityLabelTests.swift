import Foundation
import SwiftUI
import WidgetArchive
import WidgetLayout
import WidgetUI
import XCTest

/// `.accessibilityLabel(_:)` is archived, survives the format, and reaches the render tree on the view
/// it labels, where tests find views by it.
final class AccessibilityLabelTests: XCTestCase {
    private let t0 = Date(timeIntervalSince1970: 1_763_712_000)

    func testEachFormOfTheLabelIsArchivedAndReachesTheNodeItLabels() throws {
        let view = VStack {
            Image(systemName: "figure.walk").accessibilityLabel("Steps today")
            Text("4200").accessibilityLabel(Text("Four thousand two hundred"))
            Text("Goal").accessibilityLabel(LocalizedStringKey("Daily goal"))
            Text("No label")
        }
        let (node, _) = ViewArchiver.archive(view, environment: EnvironmentValues(), locate: nil)
        var labels: [String] = []
        node.forEachNode { if case .modified(_, .accessibilityLabel(let label)) = $0 { labels.append(label) } }
        XCTAssertEqual(labels, ["Steps today", "Four thousand two hundred", "Daily goal"])

        // Through the archive format and back.
        let archive = WidgetArchiveValue(kind: "Steps", family: .systemSmall, entryDate: t0, root: node)
        let decoded = try ArchiveDecoder().decode(ArchiveEncoder.encode(archive))
        XCTAssertEqual(decoded, archive)

        // Laid out: the label sits on the node it wraps, not on a wrapper of its own.
        let tree = WidgetRenderer.render(decoded, context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0))
        let labelled = tree.root.allNodes().filter { $0.accessibilityLabel != nil }
        XCTAssertEqual(labelled.map(\.accessibilityLabel), ["Steps today", "Four thousand two hundred", "Daily goal"])
        XCTAssertEqual(labelled.map(\.role), [.image, .text, .text])
        XCTAssertEqual(labelled[1].text, "4200")
        XCTAssertTrue(tree.json().contains("\"accessibilityLabel\" : \"Steps today\""), "the render tree's JSON carries it")
    }
}
