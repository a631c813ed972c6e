import Foundation
import SwiftData
import XCTest

@Model
final class Trip {
    @Attribute(.unique) var name: String
    var start: Date
    var legs: Int = 1
    var note: String?
    @Relationship(deleteRule: .cascade) var stops: [Stop] = []
    @Transient var scratch = 0
    var summary: String { "\(name), \(legs) legs" }

    init(name: String, start: Date, legs: Int, note: String? = nil) {
        self.name = name
        self.start = start
        self.legs = legs
        self.note = note
    }
}

@Model
final class Stop {
    var city: String
    init(city: String) { self.city = city }
}

/// SwiftData as a widget uses it: models stored in a file in the extension's data folder, read back
/// by a second container as a second launch would, fetched with predicates and sort descriptors.
final class SwiftDataTests: XCTestCase {
    private func storeURL() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftdata-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder.appendingPathComponent("trips.store")
    }

    private func container(_ url: URL) throws -> ModelContainer {
        try ModelContainer(for: Trip.self, Stop.self, configurations: ModelConfiguration(url: url))
    }

    func testModelsPersistAcrossContainersWithTheirRelationships() throws {
        let url = try storeURL()
        let first = ModelContext(try container(url))
        let oslo = Trip(name: "Oslo", start: Date(timeIntervalSince1970: 1_800_000_000), legs: 3, note: "fjords")
        oslo.stops = [Stop(city: "Bergen"), Stop(city: "Flåm")]
        oslo.scratch = 99
        first.insert(oslo)
        for stop in oslo.stops { first.insert(stop) }
        first.insert(Trip(name: "Kyoto", start: Date(timeIntervalSince1970: 1_900_000_000), legs: 1))
        try first.save()

        let second = ModelContext(try container(url))
        let trips = try second.fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.start)]))
        XCTAssertEqual(trips.map(\.name), ["Oslo", "Kyoto"])
        XCTAssertEqual(trips[0].legs, 3)
        XCTAssertEqual(trips[0].note, "fjords")
        XCTAssertNil(trips[1].note)
        XCTAssertEqual(trips[0].start, Date(timeIntervalSince1970: 1_800_000_000))
        XCTAssertEqual(trips[0].stops.map(\.city), ["Bergen", "Flåm"], (try? String(contentsOf: url, encoding: .utf8)) ?? "")
        XCTAssertEqual(trips[0].scratch, 0, "a transient property is not stored")
        XCTAssertFalse(try String(contentsOf: url, encoding: .utf8).contains("scratch"))
        XCTAssertEqual(Trip._persistedPropertyNames, ["name", "start", "legs", "note", "stops"], "not the computed or transient ones")
        XCTAssertEqual(trips[0].persistentModelID, oslo.persistentModelID, "identity survives")
        XCTAssertFalse(trips[0] === oslo)
    }

    func testPredicatesSortsLimitsAndDeletes() throws {
        let context = ModelContext(try container(try storeURL()))
        for (i, name) in ["Lima", "Oslo", "Rome", "Kyiv"].enumerated() {
            context.insert(Trip(name: name, start: Date(timeIntervalSince1970: Double(i) * 1000), legs: i + 1))
        }
        let long = try context.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.legs >= 2 }, sortBy: [SortDescriptor(\.name, order: .reverse)]))
        XCTAssertEqual(long.map(\.name), ["Rome", "Oslo", "Kyiv"])
        var limited = FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.legs)])
        limited.fetchLimit = 2
        limited.fetchOffset = 1
        XCTAssertEqual(try context.fetch(limited).map(\.name), ["Oslo", "Rome"])
        XCTAssertEqual(try context.fetchCount(FetchDescriptor<Trip>()), 4)
        try context.delete(model: Trip.self, where: #Predicate { $0.name == "Lima" })
        XCTAssertEqual(try context.fetchCount(FetchDescriptor<Trip>()), 3)
    }

    func testInMemoryStoresWriteNothing() throws {
        let url = try storeURL()
        let container = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        context.insert(Trip(name: "Oslo", start: Date(), legs: 1))
        try context.save()
        XCTAssertEqual(try context.fetchCount(FetchDescriptor<Trip>()), 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
    }

    /// A store written by hand (a test's or a preview's seed) is read, and a corrupt one is a typed
    /// error naming the file.
    func testSeedFilesAndCorruptStores() throws {
        let url = try storeURL()
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("""
            {"format": 1, "models": {"Trip": [
              {"id": "seed-1", "values": {"name": "Lisbon", "start": 1800000000, "legs": 2}},
              {"id": "seed-2", "values": {"name": "Broken", "start": "not a date", "legs": 2}}
            ]}}
            """.utf8).write(to: url)
        let trips = try ModelContext(try container(url)).fetch(FetchDescriptor<Trip>())
        XCTAssertEqual(trips.map(\.name), ["Lisbon"], "a model whose values do not decode is left out, not a crash")
        XCTAssertEqual(trips.first?.legs, 2)
        XCTAssertEqual(trips.first?.stops, [])

        try Data("{ not json".utf8).write(to: url)
        XCTAssertThrowsError(try container(url)) { error in
            guard case .unreadableStore(let path, _)? = error as? SwiftDataError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, url.path)
        }
    }
}
