import Foundation
import OSLog
import XCTest

/// Log lines as the unified log shows them on a device: level, subsystem and category, private
/// values redacted unless marked public.
final class OSLogTests: XCTestCase {
    private func lines(_ body: () -> Void) -> [String] {
        var captured: [String] = []
        LogSink.capturing({ captured.append($0) }, body)
        return captured
    }

    func testLoggerLevelsPlacesAndPrivacy() {
        let log = Logger(subsystem: "com.example.trips", category: "widget")
        let name = "Oslo", token = "secret"
        let captured = lines {
            log.info("\(3) trips, next \(name, privacy: .public)")
            log.error("token \(token)")
            log.debug("ratio \(0.456, format: .fixed(precision: 2)) ok \(true)")
            log.notice("hashed \(token, privacy: .private(mask: .hash))")
        }
        XCTAssertEqual(captured[0], "info [com.example.trips:widget] 3 trips, next Oslo")
        XCTAssertEqual(captured[1], "error [com.example.trips:widget] token <private>")
        XCTAssertEqual(captured[2], "debug [com.example.trips:widget] ratio 0.46 ok true")
        XCTAssertTrue(captured[3].hasPrefix("default [com.example.trips:widget] hashed <mask.hash: '"), captured[3])
        XCTAssertFalse(captured[3].contains("secret"))
    }

    func testOSLogFormats() {
        let log = OSLog(subsystem: "s", category: "c")
        let captured = lines {
            os_log("%{public}@ has %d legs, %@ is hidden, 100%%", log: log, type: .error, "Oslo", 3, "token")
        }
        XCTAssertEqual(captured, ["error [s:c] Oslo has 3 legs, <private> is hidden, 100%"])
    }
}
