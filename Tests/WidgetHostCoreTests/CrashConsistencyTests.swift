import Foundation
import HostTestSupport
import SystemCalls
import WidgetArchive
import WidgetArchiveGenerator
import WidgetControl
import WidgetHostCore
import WidgetRandom
import WidgetStore
import XCTest

/// Kills a running host with SIGKILL at many points while it stores reloads (kill points drawn from a
/// seed), then checks that recovery finds every stored timeline intact and that no reload the host had
/// acknowledged was lost.
final class CrashConsistencyTests: XCTestCase {
    func testSIGKILLDuringReloadsLosesNothingAcknowledged() throws {
        let dir = try temporaryDirectory(self)
        let store = dir.appendingPathComponent("store")
        let socket = dir.appendingPathComponent("c.sock").path
        let config = dir.appendingPathComponent("host.json")
        try Data("""
        {"instances": [{"id": "h", "extension": "\(try BuiltProducts.executable("Misbehaving"))", "kind": "healthy", "family": "systemSmall"}]}
        """.utf8).write(to: config)
        var rng = SeededRandom(seed: 20_261_122)
        var acknowledged = 0
        for round in 0..<8 {
            let (process, _) = try launchRun(config: config, store: store, dir: dir, socket: socket)
            // A few acknowledged reloads, then one in flight when the kill lands.
            var request = ControlRequest(command: .reload, kind: "healthy")
            request.foreground = true
            func acknowledge(_ response: ControlResponse) {
                if let text = response.instances?.first?.texts.first, let n = Int(text.split(separator: " ").last ?? "") {
                    acknowledged = max(acknowledged, n)
                }
            }
            for _ in 0..<Int(rng.next() % 4) { acknowledge(try ControlSocket.send(request, to: socket)) }
            // The kill lands at a random instant of the reload in flight: its answer is awaited for a
            // random 0 to 3 ms, and one that comes first is acknowledged, so it must survive the kill too.
            let inFlight = try ControlClient.connect(path: socket)
            try ControlClient.writeLine(inFlight, try JSONEncoder().encode(request))
            if let line = ControlClient.readLine(inFlight, limit: 1 << 20, timeout: Double(rng.next() % 4) / 1000),
               let response = try? JSONDecoder().decode(ControlResponse.self, from: line) {
                acknowledge(response)
            }
            try Signal.kill.send(to: process.processIdentifier)
            process.waitUntilExit()
            FileDescriptor(rawValue: inFlight).close()

            // Recovery, then every stored timeline must decode and hold at least the acknowledged reload.
            let archive = ArchiveStore(root: store)
            let report = archive.recover(now: Date())
            XCTAssertTrue(report.quarantined.isEmpty, "round \(round): \(report.quarantined)")
            let timeline = try XCTUnwrap(try archive.load(extensionID: "Misbehaving", kind: "healthy", family: .systemSmall), "round \(round)")
            let value = try ArchiveDecoder().decode(try XCTUnwrap(timeline.archive(entry: 0)))
            guard case .text(let text) = value.root, case .literal(let s) = text.runs.first?.content,
                  let stored = Int(s.split(separator: " ").last ?? "") else { return XCTFail("round \(round): unexpected tree") }
            XCTAssertGreaterThanOrEqual(stored, acknowledged, "round \(round): an acknowledged reload was lost")
            // The host's extension sees its connection close and exits by itself.
            try? FileManager.default.removeItem(atPath: socket)
        }
        XCTAssertGreaterThan(acknowledged, 0)
    }

    func testRecoveryRemovesIncompleteWritesAndQuarantinesCorruptFiles() throws {
        let root = try temporaryDirectory(self)
        let store = ArchiveStore(root: root)
        var generator = ArchiveGenerator(seed: 9)
        let good = StoredTimeline(extensionID: "E", kind: "K", family: .systemSmall, fetchedAt: Date(timeIntervalSince1970: 1), policy: .never,
                                  variants: [.standard], entries: [.init(date: Date(timeIntervalSince1970: 1), relevance: nil, archives: [ArchiveEncoder.encode(generator.archive())])])
        let file = try store.save(good)
        let timelines = file.deletingLastPathComponent()
        try Data([1, 2, 3]).write(to: timelines.appendingPathComponent("K@systemSmall.timeline.123.456.tmp"))
        try Data("WGTL garbage".utf8).write(to: timelines.appendingPathComponent("Other@systemSmall.timeline"))
        let report = store.recover(now: Date(timeIntervalSince1970: 100))
        XCTAssertEqual(report.removedTemporaries.count, 1)
        XCTAssertEqual(report.quarantined.count, 1)
        XCTAssertEqual(report.intact, 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: timelines.path), [file.lastPathComponent])
        XCTAssertEqual(try store.load(extensionID: "E", kind: "K", family: .systemSmall), good)
    }
}
