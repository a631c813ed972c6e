import ActivityKit
import Foundation
import SwiftUI
import WidgetArchive
import WidgetKit
import XCTest

/// How a Live Activity's views archive: the forms its presentations use.
final class ActivityViewArchivingTests: XCTestCase {
    func testATimerTextInterpolatedInALiteralStaysATimer() {
        let start = Date(timeIntervalSince1970: 1_000), end = Date(timeIntervalSince1970: 4_600)
        let view = Text("Calm in \(Text(timerInterval: start...end))")
        let (node, _) = ViewArchiver.archive(view, environment: EnvironmentValues(), locate: nil)
        guard case .text(let text) = node else { return XCTFail("\(node)") }
        XCTAssertEqual(text.runs.count, 2)
        XCTAssertEqual(text.runs.last?.content, .timerInterval(start: start, end: end, countsDown: true))
    }
}
