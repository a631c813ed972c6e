import Foundation
import HostTestSupport
import WidgetArchive
import WidgetHostCore
import WidgetLayout
import WidgetProtocol
import WidgetRender
import WidgetStore
import XCTest

/// Real processes: the bundled caffeine tracker is launched, handshakes, archives, performs an intent.
final class ExtensionProcessTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_763_712_000)  // 2025-11-21T08:00:00Z

    private func makeHost() throws -> (WidgetHost, VirtualClock, String) {
        let exe = try BuiltProducts.executable("CaffeineTracker")
        let clock = VirtualClock(start: t0)
        let host = WidgetHost(store: ArchiveStore(root: try temporaryDirectory(self)), clock: clock)
        addTeardownBlock { host.shutdown() }
        return (host, clock, exe)
    }

    func testHandshakeDescribesTheWidgets() throws {
        let (host, _, exe) = try makeHost()
        let connection = try host.connection(to: exe)
        XCTAssertNotEqual(connection.process.pid, getpid())
        XCTAssertEqual(connection.hello.protocolVersion, widgetProtocolVersion)
        let widget = try XCTUnwrap(connection.descriptor(kind: "CaffeineTracker"))
        XCTAssertEqual(widget.displayName, "Caffeine")
        XCTAssertTrue(widget.families.contains(.systemSmall))
        XCTAssertTrue(widget.families.contains(.accessoryInline))
    }

    func testTimelineIsArchivedStoredAndRenderedAtTwoInstants() throws {
        let (host, clock, exe) = try makeHost()
        // Log a drink at t0 so the widget shows a relative date.
        let first = try host.reload(executable: exe, kind: "CaffeineTracker", family: .systemSmall)
        let tree0 = try host.render(first, at: t0, context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0)).0
        let button = try XCTUnwrap(tree0.root.allNodes().first { $0.id == "log-espresso" }?.action)
        try host.connection(to: exe).performIntent(XCTUnwrap(button.intent), kind: "CaffeineTracker", now: t0)
        let timeline = try host.reload(executable: exe, kind: "CaffeineTracker", family: .systemSmall)
        XCTAssertEqual(timeline.entries.count, 10)
        XCTAssertEqual(timeline.policy, .atEnd)
        XCTAssertEqual(timeline.entries.first!.date.timeIntervalSince(t0), 0, accuracy: 1, "the extension saw the host's clock")

        // The stored file decodes to the same timeline.
        let stored = try XCTUnwrap(try host.store.load(extensionID: "CaffeineTracker", kind: "CaffeineTracker", family: .systemSmall))
        XCTAssertEqual(stored, timeline)

        // One archive, two instants: the relative text changes with no extension involved.
        let archive = try ArchiveDecoder().decode(try XCTUnwrap(stored.archive(entry: 0)))
        func texts(at date: Date) -> [String] {
            WidgetRenderer.render(archive, context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: date)).texts
        }
        clock.advance(by: 3600)
        // The drink was logged at t0 plus the milliseconds the extension took; sample mid-minute.
        let early = texts(at: t0.addingTimeInterval(90))
        let late = texts(at: t0.addingTimeInterval(2 * 3600 + 5 * 60 + 30))
        XCTAssertTrue(early.contains { $0.hasPrefix("1 minute, ") }, "\(early)")
        XCTAssertTrue(late.contains("2 hours, 5 minutes"), "\(late)")
        XCTAssertTrue(early.contains("64 mg"), "\(early)")
    }

    func testUnknownWidgetIsRefusedBeforeAsking() throws {
        let (host, _, exe) = try makeHost()
        XCTAssertThrowsError(try host.reload(executable: exe, kind: "NoSuchKind", family: .systemSmall)) { error in
            XCTAssertEqual(error as? HostError, .unknownWidget(extensionID: "CaffeineTracker", kind: "NoSuchKind", family: "systemSmall"))
        }
        XCTAssertThrowsError(try host.reload(executable: exe, kind: "CaffeineTracker", family: .systemLarge))
    }

    func testGarbageFromAnExtensionIsATypedErrorAndNothingIsStored() throws {
        let exe = try scriptExtension(self, "printf '\\377\\377\\377\\177garbage' >&3; sleep 5")
        let store = ArchiveStore(root: try temporaryDirectory(self))
        let host = WidgetHost(store: store, clock: VirtualClock(start: t0))
        host.readPaths["script-extension"] = ["/bin/sleep"]
        host.handshakeTimeout = 3
        defer { host.shutdown() }
        XCTAssertThrowsError(try host.reload(executable: exe, kind: "K", family: .systemSmall)) { error in
            guard case .handshakeFailed(_, .connection(let cause)) = error as? HostError else { return XCTFail("\(error)") }
            XCTAssertTrue("\(cause)".contains("exceeds"), "the frame decoder's own error, as a value: \(cause)")
        }
        XCTAssertNil(try store.load(extensionID: "script-extension", kind: "K", family: .systemSmall))
    }

    func testSilentExtensionTimesOutAtTheHandshake() throws {
        let exe = try scriptExtension(self, "sleep 10")
        let host = WidgetHost(store: ArchiveStore(root: try temporaryDirectory(self)), clock: VirtualClock(start: t0))
        host.readPaths["script-extension"] = ["/bin/sleep"]
        host.handshakeTimeout = 0.3
        defer { host.shutdown() }
        // `.noHello` comes only from the deadline (an extension that ended, after its 10 s, would be
        // `.connection(.closed)`), so the cause alone shows the host did not wait for it.
        XCTAssertThrowsError(try host.connection(to: exe)) { error in
            guard case .handshakeFailed(_, .noHello(let seconds)) = error as? HostError else { return XCTFail("\(error)") }
            XCTAssertEqual(seconds, 0.3)
        }
    }

    func testADateBeyondWhatAClockCanCountIsHeldAtTheEdgeNotACrash() throws {
        // Nanoseconds in 64 bits end in 2262: the extension holds its clock at its edge instead of trapping.
        let exe = try BuiltProducts.executable("CaffeineTracker")
        let host = WidgetHost(store: ArchiveStore(root: try temporaryDirectory(self)),
                              clock: VirtualClock(start: Date(timeIntervalSince1970: 1e11)))
        defer { host.shutdown() }
        let timeline = try host.reload(executable: exe, kind: "CaffeineTracker", family: .systemSmall)
        XCTAssertEqual(timeline.entries.count, 10)
        XCTAssertLessThanOrEqual(timeline.entries[0].date.timeIntervalSince1970, 7.3e9 + 60)
        XCTAssertFalse(host.events.contains { $0.kind == .crashed })
    }

    func testMissingExecutableIsAClearError() throws {
        let host = WidgetHost(store: ArchiveStore(root: try temporaryDirectory(self)), clock: VirtualClock(start: t0))
        XCTAssertThrowsError(try host.connection(to: "/nonexistent/ext")) { error in
            guard case .launch(.extensionNotExecutable(let path, _)) = error as? HostError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, "/nonexistent/ext")
        }
    }
}
