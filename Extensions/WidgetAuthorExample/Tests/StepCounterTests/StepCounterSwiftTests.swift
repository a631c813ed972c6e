import Foundation
import Testing
import WidgetTesting

/// The same widget from Swift Testing: snapshot failures are recorded as issues of the running test.
@Suite struct StepCounterSwiftTests {
    @Test func theLockScreenWidgetIsOneLine() throws {
        let host = try WidgetTestHost(product: "StepCounter", start: Date(timeIntervalSince1970: 1_763_712_000))
        defer { host.shutdown() }
        let widget = try host.instance(kind: "StepCounter", family: .accessoryRectangular)
        #expect(try widget.render().node(id: "steps")?.text == "4200 steps")
        assertSnapshot(of: widget, as: .png)
    }
}
