import CaffeineShared
import Foundation
import HostTestSupport
import LiveActivities
import WidgetArchive
import WidgetControl
import WidgetHostCore
import WidgetLayout
import WidgetProtocol
import WidgetRender
import WidgetTesting
import XCTest

/// Live Activities with real processes: the caffeine tracker's extension archives each presentation,
/// its app starts and changes sessions through ActivityKit over a control socket, and the host keeps the
/// system's rules on a virtual clock.
final class LiveActivityTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    let attributes = CaffeineSessionAttributes(startedAt: Date(timeIntervalSince1970: 1_800_000_000))

    private func testHost() throws -> WidgetTestHost {
        let host = try WidgetTestHost(extension: try BuiltProducts.executable("CaffeineTracker"), start: t0)
        addTeardownBlock { host.shutdown() }
        return host
    }

    private func state(_ drinks: [(String, Double)], at date: Date? = nil) -> CaffeineSessionAttributes.ContentState {
        var state: CaffeineSessionAttributes.ContentState?
        for (name, mg) in drinks { state = CaffeineMath.adding(name, milligrams: mg, to: state, at: date ?? t0) }
        return state!
    }

    // MARK: Presentations

    func testEachPlaceDrawsItsPresentation() throws {
        let host = try testHost()
        let session = try host.startActivity(attributes: attributes, state: state([("Espresso", 64)]))
        let lock = try session.render(.activityLockScreen)
        XCTAssertTrue(lock.texts.contains("64 mg active"), "\(lock.texts)")
        XCTAssertEqual(lock.size.width, 371)
        XCTAssertTrue((84...160).contains(lock.size.height), "the banner is as tall as its content, within 84–160: \(lock.size)")

        let compact = try session.render(.islandCompact)
        XCTAssertEqual(compact.texts, ["64"], "compact trailing; the leading view is the cup")
        XCTAssertEqual(compact.root.allNodes().filter { $0.role == .image }.map(\.imageName), ["cup.and.saucer.fill"])
        let island = try XCTUnwrap(compact.root.allNodes().first { $0.id == "island" })
        XCTAssertEqual(island.frame.width, IslandGeometry.standard.compactWidth)
        XCTAssertEqual(island.action?.target, "caffeine://session", "the island's widget URL")
        let keyline = try XCTUnwrap(compact.root.allNodes().first { $0.role == .shape && $0.strokeWidth != nil })
        XCTAssertEqual(keyline.color?.description.hasPrefix("#ff"), true, "the orange keyline tint: \(String(describing: keyline.color))")

        let minimal = try session.render(.islandMinimal)
        XCTAssertEqual(minimal.texts, ["64"])
        let expanded = try session.render(.islandExpanded)
        XCTAssertTrue(expanded.texts.contains("64 mg") && expanded.texts.contains("1 drink"), "\(expanded.texts)")
        XCTAssertTrue(expanded.texts.contains { $0.hasPrefix("Calm in ") }, "the timer runs in the centre region: \(expanded.texts)")
        XCTAssertTrue((84...160).contains(expanded.size.height - 2 * IslandGeometry.standard.top))

        let standBy = try session.render(.activityStandBy)
        XCTAssertEqual(standBy.size, Size(width: 852, height: 393))
        XCTAssertEqual(standBy.root.children.compactMap(\.transform).first?.a, 2, "the banner, twice its size")
        let watch = try session.render(.activitySmartStack)
        XCTAssertTrue(watch.texts.contains { $0.hasPrefix("calm ") }, "the .small view, not the banner: \(watch.texts)")
        XCTAssertEqual(watch.size, Size(width: 184, height: 80.5))
        XCTAssertEqual(try session.render(.activityCarPlay).size, Size(width: 240, height: 78))
        let menuBar = try session.render(.activityMenuBar)
        XCTAssertEqual(menuBar.texts, ["64"])
        XCTAssertEqual(menuBar.size.height, 37)

        // With a second, more relevant session from another start, the island is shared: both minimal.
        let second = try host.startActivity(attributes: attributes, state: state([("Espresso", 64), ("Latte", 96)]), relevanceScore: 200)
        XCTAssertEqual(host.activities.island, IslandArrangement(attached: second.id, detached: session.id))
        XCTAssertEqual(try second.render(.islandShared).texts, ["160", "64"], "the attached one's, then the detached one's")
    }

    func testTheLockScreenShowsTheDarkVariantInTheDarkAndStandByAtNightIsVibrant() throws {
        let host = try testHost()
        let session = try host.startActivity(attributes: attributes, state: state([("Espresso", 64)]))
        XCTAssertEqual(try session.render(.activityLockScreen, colorScheme: .dark).colorScheme, .dark)
        XCTAssertEqual(try session.render(.activityStandByNight).renderingMode, .vibrant)
        let archives = try XCTUnwrap(host.activities.presentations(session.id)).archives
        XCTAssertEqual(Set(archives.map(\.family)), Set(WidgetFamily.activityPresentations), "every presentation, the small one too")
        XCTAssertEqual(archives.filter { $0.family == ._activityMedium }.map(\.variant.colorScheme), [.light, .dark, .dark])
    }

    // MARK: Rules on the virtual clock

    func testStalenessAndTheEightHourLimit() throws {
        let host = try testHost()
        let session = try host.startActivity(attributes: attributes, state: state([("Espresso", 64)]), staleDate: t0.addingTimeInterval(3600))
        XCTAssertEqual(session.state, .active)
        host.advance(by: 3600)
        XCTAssertEqual(session.state, .stale)
        let stale = try session.render().texts
        XCTAssertTrue(stale.contains("Not updated lately"), "archived again with isStale: \(stale)")
        host.advance(by: 7 * 3600)
        XCTAssertEqual(session.state, .ended)
        XCTAssertEqual(host.activities.island, IslandArrangement(), "an ended activity leaves the island at once")
        XCTAssertTrue(session.notes.contains { $0.contains("lifetimeLimit") }, "\(session.notes)")
        XCTAssertNoThrow(try session.render(), "and stays on the Lock Screen")
        host.advance(by: 4 * 3600)
        XCTAssertEqual(session.state, .dismissed)
        XCTAssertThrowsError(try session.render())
        XCTAssertFalse(try session.update(state([("Espresso", 64)])), "updates after the end are ignored")
    }

    func testTheAppsEndKeepsItOnTheLockScreenByItsPolicy() throws {
        let host = try testHost()
        let session = try host.startActivity(attributes: attributes, state: state([("Espresso", 64)]))
        XCTAssertTrue(try session.end(state([("Espresso", 64), ("Decaf", 2)]), dismissal: .after(t0.addingTimeInterval(1800))))
        XCTAssertEqual(session.record?.removedAt, t0.addingTimeInterval(1800))
        let final = try session.render().texts
        XCTAssertTrue(final.contains { $0.hasPrefix("Decaf · calm at") }, "the final content: \(final)")
        host.advance(by: 1800)
        XCTAssertEqual(session.state, .dismissed)
    }

    func testPushesWithinAndBeyondTheHoursBudget() throws {
        let host = try testHost()
        var rules = ActivityRules()
        rules.pushBudgetPerHour = 2
        let center = ActivityCenter(host: host.host, extensions: [host.extensionPath], rules: rules)
        let start = ActivityStart(id: UUID().uuidString, attributesType: "CaffeineSessionAttributes",
                                  attributes: [UInt8](try JSONEncoder().encode(attributes)),
                                  content: ActivityContentValue(state: [UInt8](try JSONEncoder().encode(state([("Espresso", 64)])))), pushType: .token)
        let record = try center.start(start).get()
        func payload(_ drink: String, _ mg: Double) throws -> JSONValue {
            let state = String(decoding: try JSONEncoder().encode(self.state([(drink, mg)])), as: UTF8.self)
            return try XCTUnwrap(JSONValue(json: Array(#"{"aps":{"event":"update","content-state":\#(state)}}"#.utf8)))
        }
        XCTAssertEqual(try center.push(token: record.pushToken, channel: nil, payload: payload("A", 10), priority: 10).get(), .delivered([record.id]))
        XCTAssertEqual(try center.push(token: record.pushToken, channel: nil, payload: payload("B", 20), priority: 10).get(), .delivered([record.id]))
        guard case .held(let burst) = try center.push(token: record.pushToken, channel: nil, payload: payload("C", 30), priority: 10).get() else {
            return XCTFail("the third priority 10 push of the hour is throttled")
        }
        XCTAssertTrue(try XCTUnwrap(center.render(record.id, placement: .activityLockScreen)).texts.contains("20 mg active"))
        host.clock.advance(to: burst)
        center.advance()
        XCTAssertTrue(try XCTUnwrap(center.render(record.id, placement: .activityLockScreen)).texts.contains("30 mg active"),
                      "delivered with the low-priority burst, and archived again")
        XCTAssertTrue(center.status(record.id)?.notes?.contains { $0.contains("pushThrottled") } == true)
        guard case .failure = center.push(token: [1, 2, 3], channel: nil, payload: try payload("D", 1), priority: 10) else {
            return XCTFail("a token nothing takes is refused")
        }
        let bad = try XCTUnwrap(JSONValue(json: Array(#"{"aps":{"event":"launch"}}"#.utf8)))
        guard case .failure(let refused) = center.push(token: record.pushToken, channel: nil, payload: bad, priority: 10) else { return XCTFail() }
        XCTAssertTrue(refused.reason.contains("aps.event"), refused.reason)
    }

    func testTheSystemsLimitsRefuseWithTheirReasons() throws {
        let host = try testHost()
        var rules = ActivityRules()
        rules.maximumPerApp = 1
        let center = ActivityCenter(host: host.host, extensions: [host.extensionPath], rules: rules)
        func start(_ type: String = "CaffeineSessionAttributes", attributes: [UInt8]? = nil) throws -> Result<ActivityRecord, ActivityRefusal> {
            let encoded = try attributes ?? [UInt8](JSONEncoder().encode(self.attributes))
            return center.start(ActivityStart(id: UUID().uuidString, attributesType: type, attributes: encoded,
                                       content: ActivityContentValue(state: [UInt8](try JSONEncoder().encode(state([("Espresso", 64)]))))))
        }
        XCTAssertNoThrow(try start().get())
        XCTAssertEqual(try start().error, .targetMaximumExceeded)
        XCTAssertEqual(try start("PizzaAttributes").error, .unsupportedTarget)
        rules.maximumPerApp = 5
        let roomy = ActivityCenter(host: host.host, extensions: [host.extensionPath], rules: rules)
        let large = Array(#"{"startedAt":0,"note":""#.utf8) + Array(repeating: UInt8(ascii: "x"), count: 4096) + Array(#""}"#.utf8)
        XCTAssertEqual(roomy.start(ActivityStart(id: UUID().uuidString, attributesType: "CaffeineSessionAttributes", attributes: large,
                                                 content: ActivityContentValue(state: Array("{}".utf8)))).error, .attributesTooLarge)
    }

    // MARK: Interaction

    func testALiveActivityIntentPerformedInTheExtensionUpdatesTheSession() throws {
        let host = try testHost()
        let session = try host.startActivity(attributes: attributes, state: state([("Espresso", 64)]))
        let (outcome, final) = try session.tap(element: "session-espresso", in: .islandExpanded)
        XCTAssertEqual(outcome, .performed(intent: "CaffeineTracker.LogEspressoToSessionIntent"))
        XCTAssertTrue(final.texts.contains("128 mg") && final.texts.contains("2 drinks"), "\(final.texts)")
        XCTAssertTrue(try session.render().texts.contains("128 mg active"))
        let log = try String(contentsOf: host.host.store.logFile("CaffeineTracker"), encoding: .utf8)
        XCTAssertTrue(log.contains("logged an espresso from the Live Activity"))
        // The island's URL opens the app.
        XCTAssertEqual(try session.tap(element: "island", in: .islandCompact).outcome, .openedApp(url: "caffeine://session"))
    }

    // MARK: The app, through ActivityKit

    /// The app process reaches the host over a control socket: starts, updates, lists and ends its session.
    func testTheAppStartsUpdatesAndEndsItsSessionThroughActivityKit() throws {
        let host = try testHost()
        let dir = try temporaryDirectory(self)
        let endpoint = try ActivityControlEndpoint(activities: host.activities, path: dir.appendingPathComponent("c.sock").path)
        addTeardownBlock { endpoint.stop() }
        let app = try BuiltProducts.executable("CaffeineTrackerApp")
        func run(_ arguments: String...) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: app)
            process.arguments = arguments + ["--now", ControlDate.string(host.clock.now)]
            process.environment = [ControlClient.socketVariable: endpoint.path]
            let out = Pipe()
            process.standardOutput = out
            process.standardError = out
            try process.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, text)
            return text
        }
        XCTAssertTrue(try run("log", "Espresso", "64").hasPrefix("started "))
        let record = try XCTUnwrap(host.activities.records.first)
        XCTAssertEqual(record.pushToken.count, 16, "pushType: .token: a token issued at the start")
        XCTAssertTrue(try XCTUnwrap(host.activities.render(record.id, placement: .islandCompact)).texts.contains("64"))
        host.advance(by: 600)
        XCTAssertTrue(try run("log", "Latte", "96").contains("2 drinks"))
        XCTAssertTrue(try run("list").contains("\(record.id): active"))
        XCTAssertTrue(try run("end").contains("ended"))
        let ended = try XCTUnwrap(host.activities.record(record.id))
        XCTAssertEqual(ended.removedAt, ended.endedAt?.addingTimeInterval(4 * 3600), "the default policy: up to 4 hours more")
        XCTAssertEqual(host.activities.records.count, 1)
    }

    /// What the system changes on its own reaches the app's `contentUpdates` and `activityStateUpdates`
    /// over its watch connection.
    func testTheAppHearsAPushAndTheEndThroughItsUpdateSequences() throws {
        let host = try testHost()
        let dir = try temporaryDirectory(self)
        let endpoint = try ActivityControlEndpoint(activities: host.activities, path: dir.appendingPathComponent("c.sock").path)
        addTeardownBlock { endpoint.stop() }
        let session = try host.startActivity(attributes: attributes, state: state([("Espresso", 64)]), pushType: .token)
        let watcher = Process()
        watcher.executableURL = URL(fileURLWithPath: try BuiltProducts.executable("CaffeineTrackerApp"))
        watcher.arguments = ["watch", "30"]
        watcher.environment = [ControlClient.socketVariable: endpoint.path]
        let out = Pipe()
        watcher.standardOutput = out
        watcher.standardError = out
        try watcher.run()
        addTeardownBlock { if watcher.isRunning { watcher.terminate() } }
        var reader = LineReader(fd: out.fileHandleForReading.fileDescriptor, limit: 1 << 16)
        XCTAssertEqual(reader.next(timeout: 30).map { String(decoding: $0, as: UTF8.self) }, "watching \(session.id)")
        // The watch connection is open once the app says so; wait until the host holds it.
        let state = String(decoding: try JSONEncoder().encode(self.state([("Espresso", 64), ("Cold brew", 200)])), as: UTF8.self)
        var heard: [String] = []
        for _ in 0..<50 where !heard.contains(where: { $0.contains("Cold brew") }) {
            _ = try session.push(#"{"aps":{"event":"update","content-state":\#(state)}}"#, priority: 10)
            if let line = reader.next(timeout: 0.2) { heard.append(String(decoding: line, as: UTF8.self)) }
        }
        XCTAssertTrue(heard.contains { $0.contains("264 mg active, 2 drinks (Cold brew)") }, "\(heard)")
        XCTAssertTrue(try session.end(Optional<CaffeineSessionAttributes.ContentState>.none, dismissal: .immediate))
        var ending: [String] = []
        while let line = reader.next(timeout: 10) { ending.append(String(decoding: line, as: UTF8.self)) }
        XCTAssertTrue(ending.contains("state dismissed"), "\(ending)")
        watcher.waitUntilExit()
    }

    // MARK: The store

    func testActivitiesOutliveTheHostAndACorruptFileIsQuarantined() throws {
        let store = try temporaryDirectory(self)
        let path = try BuiltProducts.executable("CaffeineTracker")
        let first = try WidgetTestHost(extension: path, start: t0, store: store)
        let session = try first.startActivity(attributes: attributes, state: state([("Espresso", 64)]))
        try session.update(state([("Espresso", 64), ("Latte", 96)]))
        first.shutdown()
        try Data("not an activity".utf8).write(to: store.appendingPathComponent("CaffeineTracker/activities/broken.activity"))

        let second = try WidgetTestHost(extension: path, start: t0.addingTimeInterval(60), store: store)
        addTeardownBlock { second.shutdown() }
        XCTAssertEqual(second.activities.restore(), 1)
        XCTAssertEqual(second.activities.record(session.id)?.content.state, first.activities.record(session.id)?.content.state)
        XCTAssertTrue(try XCTUnwrap(second.activities.render(session.id, placement: .activityLockScreen)).texts.contains("160 mg active"),
                      "its last presentations, from the store")
        XCTAssertNil(second.host.runningProcessID(path), "shown again without asking the extension")
        let quarantined = try FileManager.default.contentsOfDirectory(atPath: store.appendingPathComponent("CaffeineTracker/quarantine").path)
        XCTAssertTrue(quarantined.contains { $0.hasPrefix("broken.activity") }, "\(quarantined)")
    }
}

extension Result {
    /// The failure, if it is one.
    var error: Failure? { if case .failure(let error) = self { error } else { nil } }
}
