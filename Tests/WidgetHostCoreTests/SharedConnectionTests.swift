import Foundation
import HostTestSupport
import WidgetArchive
import WidgetHostCore
import WidgetProcess
import WidgetProtocol
import WidgetStore
import XCTest

/// A host and its connections shared by threads, with a real extension process: one process per
/// executable however many threads ask at once, and every request gets its own reply.
final class SharedConnectionTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_763_712_000)

    func testThreadsAskingAtOnceShareOneLaunchedProcess() throws {
        let exe = try BuiltProducts.executable("CaffeineTracker")
        let host = WidgetHost(store: ArchiveStore(root: try temporaryDirectory(self)), clock: VirtualClock(start: t0))
        defer { host.shutdown() }
        let pids = LockedList<Int32>()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            if let connection = try? host.connection(to: exe) { pids.append(connection.process.pid) }
        }
        XCTAssertEqual(pids.values.count, 8)
        XCTAssertEqual(Set(pids.values).count, 1, "one process, not one per thread (the others would be orphaned)")
        XCTAssertEqual(host.events.filter { $0.kind == .launched }.count, 1)
    }

    func testRequestsFromSeveralThreadsEachGetTheirOwnReply() throws {
        let exe = try BuiltProducts.executable("CaffeineTracker")
        let host = WidgetHost(store: ArchiveStore(root: try temporaryDirectory(self)), clock: VirtualClock(start: t0))
        defer { host.shutdown() }
        let connection = try host.connection(to: exe)
        let families: [WidgetFamily] = [.systemSmall, .systemMedium, .accessoryInline, .accessoryCircular]
        let failures = LockedList<String>()
        let now = t0
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            let family = families[worker]
            for round in 0..<15 {
                do {
                    let reply = try connection.timeline(kind: "CaffeineTracker", family: family, variants: [.standard], now: now, timeout: 20)
                    let archive = try ArchiveDecoder().decode(reply.entries[0].archives[0])
                    if archive.family != family { failures.append("worker \(worker) round \(round) got \(archive.family)") }
                } catch {
                    failures.append("worker \(worker) round \(round): \(error)")
                }
            }
        }
        XCTAssertEqual(failures.values, [])
    }
}
