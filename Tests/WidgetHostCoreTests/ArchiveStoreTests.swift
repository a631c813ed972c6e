import Foundation
import HostTestSupport
import WidgetArchive
import WidgetArchiveGenerator
import WidgetHostCore
import WidgetProtocol
import WidgetStore
import XCTest

final class ArchiveStoreTests: XCTestCase {
    private func sampleTimeline(entries: Int = 3) -> StoredTimeline {
        var generator = ArchiveGenerator(seed: 1)
        let archive = ArchiveEncoder.encode(generator.archive())
        return StoredTimeline(
            extensionID: "Ext", kind: "Kind", family: .systemSmall, fetchedAt: Date(timeIntervalSince1970: 100), policy: .after(Date(timeIntervalSince1970: 500)),
            variants: [.standard, EnvironmentVariant(colorScheme: .dark)],
            entries: (0..<entries).map { StoredTimeline.Entry(date: Date(timeIntervalSince1970: Double($0) * 60), relevance: $0 == 1 ? 0.5 : nil, archives: [archive, archive]) })
    }

    func testSaveAndLoadRoundTripWithDeduplicatedArchives() throws {
        let store = ArchiveStore(root: try temporaryDirectory(self))
        let timeline = sampleTimeline()
        let file = try store.save(timeline)
        XCTAssertEqual(try store.load(extensionID: "Ext", kind: "Kind", family: .systemSmall), timeline)
        // Six identical archives are stored once.
        let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as! Int
        XCTAssertLessThan(size, timeline.entries[0].archives[0].count * 2)
        // No temporary files are left behind.
        let siblings = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        XCTAssertEqual(siblings, [file.lastPathComponent])
    }

    func testCorruptFileIsReportedWithItsPath() throws {
        let store = ArchiveStore(root: try temporaryDirectory(self))
        let file = try store.save(sampleTimeline())
        var bytes = [UInt8](try Data(contentsOf: file))
        bytes[bytes.count / 2] ^= 0x40
        try Data(bytes).write(to: file)
        XCTAssertThrowsError(try store.load(extensionID: "Ext", kind: "Kind", family: .systemSmall)) { error in
            guard case .corrupt(let path, let cause) = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, file.path)
            guard case .checksumMismatch = cause else { return XCTFail("the file's own error, as a value: \(cause)") }
        }
    }

    func testEntryAtADate() {
        let timeline = sampleTimeline()
        XCTAssertEqual(timeline.entryIndex(at: Date(timeIntervalSince1970: -10)), 0)
        XCTAssertEqual(timeline.entryIndex(at: Date(timeIntervalSince1970: 60)), 1)
        XCTAssertEqual(timeline.entryIndex(at: Date(timeIntervalSince1970: 1e6)), 2)
    }

    func testNamesCannotEscapeTheStore() {
        XCTAssertEqual(ArchiveStore.safeComponent("../etc"), "%2E.%2Fetc")
        XCTAssertEqual(ArchiveStore.safeComponent(".."), "%2E.")
        XCTAssertEqual(ArchiveStore.safeComponent("a/b"), "a%2Fb")
        XCTAssertEqual(ArchiveStore.safeComponent("Caffeine.Tracker-1"), "Caffeine.Tracker-1")
        XCTAssertEqual(ArchiveStore.safeComponent(""), "%00")
    }
}

/// A corrupt file in the store is quarantined and the timeline asked for again, once.
final class QuarantineTests: XCTestCase {
    func testCorruptStoredTimelineIsQuarantinedAndReRequested() throws {
        let exe = try BuiltProducts.executable("ToDoList")
        let root = try temporaryDirectory(self)
        let clock = VirtualClock(start: Date(timeIntervalSince1970: 1_763_712_000))
        let instance = WidgetInstance(id: "todo", extensionPath: exe, kind: "ToDoList", family: .systemSmall)
        do {
            let host = WidgetHost(store: ArchiveStore(root: root), clock: clock)
            defer { host.shutdown() }
            _ = try WidgetSession(host: host, instance: instance).render()
        }
        let store = ArchiveStore(root: root)
        let file = store.timelineFile(extensionID: "ToDoList", kind: "ToDoList", family: .systemSmall)
        var bytes = [UInt8](try Data(contentsOf: file))
        bytes[bytes.count - 5] ^= 0x55
        try Data(bytes).write(to: file)

        let host = WidgetHost(store: store, clock: clock)
        defer { host.shutdown() }
        var logged: [String] = []
        let lines = LockedList<String>()
        host.log = { lines.append($0) }
        let session = WidgetSession(host: host, instance: instance)
        XCTAssertFalse(session.restoreStoredTimeline())
        let quarantined = try FileManager.default.contentsOfDirectory(atPath: store.quarantineDirectory("ToDoList").path)
        XCTAssertEqual(quarantined.count, 1)
        XCTAssertTrue(quarantined[0].hasPrefix(file.lastPathComponent))
        logged = lines.values
        XCTAssertTrue(logged.contains { $0.contains("checksum mismatch") && $0.contains("ToDoList") }, "\(logged)")
        // Asked again: the widget shows, and the store holds a good file again.
        XCTAssertTrue(try session.render().texts.contains("To Do"))
        XCTAssertNotNil(try store.load(extensionID: "ToDoList", kind: "ToDoList", family: .systemSmall))
        // An intact file is shown without asking the extension.
        let again = WidgetSession(host: host, instance: instance)
        XCTAssertTrue(again.restoreStoredTimeline())
    }
}
