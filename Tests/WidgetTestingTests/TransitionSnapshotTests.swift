import Foundation
import WidgetArchive
import WidgetLayout
import WidgetRender
import WidgetTesting
import XCTest

/// A transition snapshotted as its frames side by side.
final class TransitionSnapshotTests: XCTestCase {
    private func total(_ value: Int) -> RenderTree {
        let root = ViewNode.stack(StackNode(axis: .vertical, children: [
            .modified(.modified(.text(TextNode("\(value) mg")), .contentTransition(.numericText)), .identity("total")),
        ]))
        return WidgetRenderer.render(WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: SnapshotFixtures.t0, root: root),
                                     context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: SnapshotFixtures.t0))
    }

    func testFramesSideBySideAreComparedAsOneImage() throws {
        let folder = try SnapshotFixtures.folder()
        let transition = WidgetTransition(from: total(240), to: total(320))
        XCTAssertNotNil(verifySnapshot(of: transition, as: .frames(at: [0, 0.2, 1]), named: "roll", snapshotDirectory: folder))
        let strip = try XCTUnwrap(FileManager.default.contents(atPath: "\(folder)/testFramesSideBySideAreComparedAsOneImage.roll.png"))
        let image = try PNGDecoder.decode([UInt8](strip))
        // Three 158-point frames at 3×, 8 pixels apart.
        XCTAssertEqual(image.width, 3 * 474 + 2 * 8)
        XCTAssertEqual(image.height, 474)
        XCTAssertNil(verifySnapshot(of: transition, as: .frames(at: [0, 0.2, 1]), named: "roll", snapshotDirectory: folder))
        // The same ends, another moment in between: the middle frame differs.
        let other = try XCTUnwrap(verifySnapshot(of: transition, as: .frames(at: [0, 0.05, 1]), named: "roll", snapshotDirectory: folder))
        XCTAssertTrue(other.contains("pixels differ"), other)
    }
}
