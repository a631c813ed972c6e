import Foundation
import WidgetArchive
import WidgetHostCore
import WidgetLayout
import XCTest

/// The matrix a widget is previewed and snapshotted in.
final class RenderMatrixTests: XCTestCase {
    func testEachFamilyInEachPlacementShowingItInItsSchemes() {
        let cells = RenderMatrix.cells(families: [.systemSmall, .accessoryCircular])
        for cell in cells {
            XCTAssertNotNil(cell.placement.size(for: cell.family), cell.name)
            XCTAssertEqual(cell.renderingMode, cell.placement.renderingMode)
            XCTAssertEqual(cell.context(at: Date(timeIntervalSince1970: 0)).colorScheme, cell.colorScheme)
        }
        // Where the widget's background shows, both schemes; where it is removed, the placement's own.
        let home = cells.filter { $0.family == .systemSmall && $0.placement.id == "iphone-home" }
        XCTAssertEqual(home.map(\.colorScheme), [.light, .dark])
        XCTAssertEqual(home.map(\.name), ["systemSmall-iphone-home-fullColor-light", "systemSmall-iphone-home-fullColor-dark"])
        let lock = cells.filter { $0.family == .accessoryCircular && $0.placement.id == "iphone-lock" }
        XCTAssertEqual(lock.map(\.colorScheme), [.dark])
        XCTAssertFalse(lock[0].variant.showsContainerBackground)
        XCTAssertTrue(RenderMatrix.cells(families: [.accessoryCircular], backgroundNotRemovable: true)[0].variant.showsContainerBackground)
        // Every placement that shows a family appears for it, and nothing else.
        let expected = Placement.all.filter { $0.size(for: .systemSmall) != nil }.map(\.id)
        var shown: [String] = []
        for cell in cells where cell.family == .systemSmall && shown.last != cell.placement.id { shown.append(cell.placement.id) }
        XCTAssertEqual(shown, expected)
        XCTAssertEqual(Set(cells.map(\.name)).count, cells.count, "names are unique")
    }
}
