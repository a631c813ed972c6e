import Foundation
import HostTestSupport
import WidgetArchive
import WidgetHostCore
import WidgetProtocol
import WidgetRender
import WidgetStore
import XCTest

/// Every misbehaviour of the Misbehaving extension against a host that also serves a healthy
/// extension: the host stays responsive, the healthy widget keeps updating, the faulty widget keeps
/// its last good entry, the right events are recorded, and restarts back off.
final class ChaosTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_763_712_000)

    private func makeHost() throws -> (WidgetHost, VirtualClock, String, String) {
        let clock = VirtualClock(start: t0)
        let host = WidgetHost(store: ArchiveStore(root: try temporaryDirectory(self)), clock: clock)
        host.requestTimeout = 1
        host.handshakeTimeout = 3
        addTeardownBlock { host.shutdown() }
        return (host, clock, try BuiltProducts.executable("Misbehaving"), try BuiltProducts.executable("CaffeineTracker"))
    }

    func testEveryMisbehaviourIsContainedAndTheHealthyWidgetKeepsUpdating() throws {
        let (host, clock, bad, good) = try makeHost()
        let healthy = WidgetSession(host: host, instance: WidgetInstance(id: "good", extensionPath: good, kind: "CaffeineTracker", family: .systemSmall))
        try healthy.reload()
        let expected: [(String, Set<SupervisionEvent.Kind>)] = [
            ("crash", [.crashed]), ("exitMidReply", [.exited]), ("hang", [.timedOut]), ("slow", [.timedOut]),
            ("garbage", [.protocolViolation]), ("lyingFrame", [.timedOut]), ("oversized", [.protocolViolation]),
            ("memoryHog", [.crashed, .exited]), ("flood", [.protocolViolation]),
        ]
        for (behaviour, kinds) in expected {
            clock.advance(by: 120)  // past any back-off from the previous case
            let faulty = WidgetSession(host: host, instance: WidgetInstance(id: behaviour, extensionPath: bad, kind: behaviour, family: .systemSmall))
            try faulty.reload()
            XCTAssertEqual(try faulty.render().texts, ["\(behaviour) ok 1"], behaviour)
            let before = host.events.count
            XCTAssertThrowsError(try faulty.reload(), behaviour)
            let new = host.events.dropFirst(before)
            XCTAssertTrue(new.contains { kinds.contains($0.kind) && $0.extensionID == "Misbehaving" }, "\(behaviour): \(new.map { "\($0.kind): \($0.detail)" })")
            // The faulty widget keeps its last good entry; the healthy one still updates.
            XCTAssertEqual(try faulty.render().texts, ["\(behaviour) ok 1"], behaviour)
            clock.advance(by: 60)
            XCTAssertEqual(try healthy.reload().entries.count, 10, behaviour)
        }
        XCTAssertFalse(host.events.contains { $0.extensionID == "CaffeineTracker" && $0.kind != .launched })
    }

    func testRestartsBackOffExponentially() throws {
        let (host, clock, bad, _) = try makeHost()
        let faulty = WidgetSession(host: host, instance: WidgetInstance(id: "c", extensionPath: bad, kind: "crash", family: .systemSmall))
        try faulty.reload()
        XCTAssertThrowsError(try faulty.reload())  // crashes: relaunched at once on the next request…
        XCTAssertThrowsError(try faulty.reload()) { error in  // …which crashes again
            if case .backingOff = error as? HostError { XCTFail("the first restart should not wait") }
        }
        var delays: [TimeInterval] = []
        for _ in 0..<3 {
            do {
                _ = try faulty.reload()
                XCTFail("relaunched without backing off")
            } catch HostError.backingOff(_, let until) {
                delays.append(until.timeIntervalSince(clock.now))
                clock.advance(to: until)
            }
            XCTAssertThrowsError(try faulty.reload())  // relaunched, crashes again
        }
        XCTAssertEqual(delays, [1, 2, 4])
        XCTAssertEqual(host.events.filter { $0.kind == .crashed }.count, 5)
    }

    func testWrongProtocolVersionIsRefusedAtTheHandshake() throws {
        let (host, _, bad, _) = try makeHost()
        let dir = try temporaryDirectory(self)
        let renamed = dir.appendingPathComponent("Misbehaving-wrongversion").path
        try FileManager.default.createSymbolicLink(atPath: renamed, withDestinationPath: bad)
        XCTAssertThrowsError(try host.connection(to: renamed)) { error in
            guard case .protocolVersionMismatch(_, let found, _) = error as? HostError else { return XCTFail("\(error)") }
            XCTAssertEqual(found, 99)
        }
        XCTAssertTrue(host.events.contains { $0.kind == .handshakeFailed })
    }

    func testAnExtensionCannotTakeAnotherOnesNameOrStore() throws {
        let (host, _, bad, good) = try makeHost()
        let genuine = try host.reload(executable: good, kind: "CaffeineTracker", family: .systemSmall)
        let file = host.store.timelineFile(extensionID: "CaffeineTracker", kind: "CaffeineTracker", family: .systemSmall)
        let stored = try Data(contentsOf: file)
        let dir = try temporaryDirectory(self)
        let spoof = dir.appendingPathComponent("Misbehaving-spoof").path
        try FileManager.default.createSymbolicLink(atPath: spoof, withDestinationPath: bad)
        XCTAssertThrowsError(try host.connection(to: spoof)) { error in
            XCTAssertEqual(error as? HostError, .identityMismatch(extensionID: "Misbehaving-spoof", declared: "CaffeineTracker"))
        }
        XCTAssertTrue(host.events.contains { $0.kind == .handshakeFailed && $0.extensionID == "Misbehaving-spoof" })
        XCTAssertEqual(try Data(contentsOf: file), stored, "the other extension's timeline is untouched")
        XCTAssertEqual(try host.store.load(extensionID: "CaffeineTracker", kind: "CaffeineTracker", family: .systemSmall), genuine)
    }

    func testIdleExtensionsStopAndRelaunchOnDemand() throws {
        let (host, clock, _, good) = try makeHost()
        let session = WidgetSession(host: host, instance: WidgetInstance(id: "good", extensionPath: good, kind: "CaffeineTracker", family: .systemSmall))
        try session.reload()
        let firstPID = try host.connection(to: good).process.pid
        clock.advance(by: host.supervision.idleTimeout + 1)
        host.terminateIdle()
        XCTAssertTrue(host.events.contains { $0.kind == .idleTerminated && $0.extensionID == "CaffeineTracker" })
        XCTAssertEqual(try session.reload().entries.count, 10)
        XCTAssertNotEqual(try host.connection(to: good).process.pid, firstPID)
        XCTAssertEqual(host.events.filter { $0.kind == .launched }.count, 2)
    }
}
