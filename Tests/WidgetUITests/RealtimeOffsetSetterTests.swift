import SystemCalls
import WidgetExtensionKit
import XCTest

/// An extension whose clock shim refuses the host's clock keeps the real one and says so once. (The
/// shim's refusal itself is tested in a process of its own: VirtualClockTests.)
final class RealtimeOffsetSetterTests: XCTestCase {
    func testARefusedOffsetIsReportedOnceAndTheClockStaysReal() {
        var offsets: [Int64] = []
        var reports: [String] = []
        var setter = RealtimeOffsetSetter(
            extensionID: "Example",
            set: { offset in
                offsets.append(offset)
                return .notSupported
            },
            report: { reports.append($0) })
        XCTAssertFalse(setter.apply(1_000))
        XCTAssertFalse(setter.apply(2_000))
        XCTAssertEqual(offsets, [1_000, 2_000], "every request tries again")
        XCTAssertEqual(reports.count, 1, "reported once: \(reports)")
        XCTAssertTrue(reports.first?.hasPrefix("Example: the host's clock cannot be followed") == true, "\(reports)")
        XCTAssertTrue(reports.first?.contains(Errno.notSupported.description) == true, "\(reports)")
    }

    func testAnAcceptedOffsetIsNotReported() {
        var reports: [String] = []
        var setter = RealtimeOffsetSetter(extensionID: "Example", set: { _ in nil }, report: { reports.append($0) })
        XCTAssertTrue(setter.apply(1_000))
        XCTAssertEqual(reports, [])
    }
}
