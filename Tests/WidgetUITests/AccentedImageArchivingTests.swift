import Foundation
import SwiftUI
import WidgetArchive
import WidgetKit
import WidgetUI
import XCTest

/// `Image.widgetAccentedRenderingMode(_:)` is archived around the image and survives the format.
final class AccentedImageArchivingTests: XCTestCase {
    func testEachModeIsArchivedAndNilLeavesTheImageAlone() throws {
        let view = VStack {
            Image("cat").widgetAccentedRenderingMode(.fullColor)
            Image("dog").widgetAccentedRenderingMode(.accentedDesaturated)
            Image(systemName: "star").widgetAccentedRenderingMode(.accented)
            Image("bird").widgetAccentedRenderingMode(.desaturated)
            Image("fish").widgetAccentedRenderingMode(nil)
        }
        let (node, _) = ViewArchiver.archive(view, environment: EnvironmentValues(), locate: nil)
        var modes: [AccentedImageMode] = []
        node.forEachNode { if case .modified(.image, .accentedImageMode(let mode)) = $0 { modes.append(mode) } }
        XCTAssertEqual(modes, [.fullColor, .accentedDesaturated, .accented, .desaturated])
        let archive = WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: Date(timeIntervalSince1970: 0), root: node)
        XCTAssertEqual(try ArchiveDecoder().decode(ArchiveEncoder.encode(archive)), archive)
        XCTAssertTrue(ArchiveTextDump.dump(archive).contains(".widgetAccentedRenderingMode(.accentedDesaturated)"))
    }
}
