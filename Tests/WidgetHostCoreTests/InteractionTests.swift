import Foundation
import HostTestSupport
import SystemCalls
import WidgetArchive
import WidgetHostCore
import WidgetLayout
import WidgetProtocol
import WidgetRender
import WidgetStore
import WidgetTesting
import XCTest

/// The tap path with real extension processes: optimistic state, the intent performed in the extension
/// that archived the control, the interaction reload, reverts on failure, isolation between extensions.
final class InteractionTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_763_712_000)

    private func testHost(_ name: String) throws -> WidgetTestHost {
        let host = try WidgetTestHost(extension: try BuiltProducts.executable(name), start: t0)
        addTeardownBlock { host.shutdown() }
        return host
    }

    private func logLines(_ host: WidgetTestHost, _ extensionID: String, containing text: String) -> [Substring] {
        let log = (try? String(contentsOf: host.host.store.logFile(extensionID), encoding: .utf8)) ?? ""
        return log.split(separator: "\n").filter { $0.contains(text) }
    }

    func testButtonTapPerformsTheIntentOnceAndRendersTheNewEntry() throws {
        let host = try testHost("CaffeineTracker")
        let widget = try host.instance(kind: "CaffeineTracker", family: .systemSmall)
        XCTAssertTrue(try widget.render().texts.contains("0 mg"))
        let tap = try widget.tap(element: "log-espresso")
        XCTAssertEqual(tap.outcome, .performed(intent: "CaffeineTracker.LogDrinkIntent"))
        XCTAssertTrue(tap.final.texts.contains("64 mg"), "\(tap.final.texts)")
        // The total was marked invalid until the new entry arrived.
        XCTAssertEqual(tap.optimistic.node(id: "total")?.invalidated, true)
        XCTAssertNil(tap.final.node(id: "total")?.invalidated)
        XCTAssertEqual(logLines(host, "CaffeineTracker", containing: "logged Espresso").count, 1)
        XCTAssertEqual(widget.events.filter { $0.kind == .reloaded(.interaction) }.count, 1)
    }

    /// A test reads what a tap would do, then taps by what the view shows, as Glance's tests do.
    func testATapFoundByItsLabelIsReadThenPerformed() throws {
        let host = try testHost("ToDoList")
        let widget = try host.instance(kind: "ToDoList", family: .systemMedium)
        let before = try widget.render()
        XCTAssertEqual(before.tapOutcome(.text("Buy milk")), .toggle(intent: "ToDoList.ToggleTaskIntent", parameters: ["taskID": .string("milk")], turnsOn: true))
        XCTAssertEqual(before.tapOutcome(.text("To Do")), .openURL("todo://list"))
        XCTAssertTrue(logLines(host, "ToDoList", containing: "toggled milk").isEmpty, "reading the outcome performs nothing")
        let tap = try widget.tap(.text("Buy milk"))
        XCTAssertEqual(tap.outcome, .performed(intent: "ToDoList.ToggleTaskIntent"))
        XCTAssertEqual(tap.final.tapOutcome(.id("milk"))?.description.hasPrefix("turns off"), true)
        XCTAssertEqual(logLines(host, "ToDoList", containing: "toggled milk").count, 1)
        XCTAssertThrowsError(try widget.tap(.text("No such task"))) { error in
            XCTAssertTrue("\(error)".contains("text \"No such task\""), "\(error)")
        }
    }

    func testToggleFlipsBeforeTheReplyAndStaysFlipped() throws {
        let host = try testHost("ToDoList")
        let widget = try host.instance(kind: "ToDoList", family: .systemMedium)
        let before = try widget.render()
        XCTAssertEqual(before.node(id: "milk")?.isOn, false)
        XCTAssertTrue(before.texts.contains("3 left"))
        let tap = try widget.tap(label: "Buy milk")
        XCTAssertEqual(tap.element, "milk")
        // Optimistic: flipped from the archived other state, count marked invalid, count not yet changed.
        XCTAssertEqual(tap.optimistic.node(id: "milk")?.isOn, true)
        XCTAssertEqual(tap.optimistic.node(id: "remaining")?.invalidated, true)
        XCTAssertTrue(tap.optimistic.texts.contains("3 left"))
        // Confirmed by the extension's new entry.
        XCTAssertEqual(tap.final.node(id: "milk")?.isOn, true)
        XCTAssertTrue(tap.final.texts.contains("2 left"), "\(tap.final.texts)")
        XCTAssertNil(tap.final.node(id: "remaining")?.invalidated)
        XCTAssertTrue(widget.flippedToggles.isEmpty)
    }

    /// The final render overlaps the durable write of the interaction reload: the tap still returns
    /// only once the new timeline is on disk, and its tree is the one a later render gives.
    func testTapReturnsWithTheNewTimelineStoredAndRendered() throws {
        let host = try testHost("ToDoList")
        let widget = try host.instance(kind: "ToDoList", family: .systemMedium)
        let tap = try widget.tap(element: "milk")
        let stored = try XCTUnwrap(try host.host.store.load(extensionID: "ToDoList", kind: "ToDoList", family: .systemMedium))
        XCTAssertEqual(stored.entries.map(\.archives), widget.timeline?.entries.map(\.archives))
        let (reloaded, _) = try host.host.render(stored, at: host.clock.now, context: RenderContext(
            placement: widget.instance.resolvedPlacement, family: .systemMedium, date: host.clock.now))
        XCTAssertEqual(reloaded.texts, tap.final.texts)
        XCTAssertTrue(tap.final.texts.contains("2 left"), "\(tap.final.texts)")
        XCTAssertEqual(try widget.render(), tap.final)
    }

    /// A write that fails while the final render runs fails the tap; the last good timeline stays, the
    /// toggle stays as tapped (the intent was performed) until a reload is stored.
    func testAFailedWriteDuringATapIsReportedAndTheLastTimelineStays() throws {
        let host = try testHost("ToDoList")
        let widget = try host.instance(kind: "ToDoList", family: .systemMedium)
        let before = try XCTUnwrap(widget.timeline)
        let timelines = host.host.store.timelineFile(extensionID: "ToDoList", kind: "ToDoList", family: .systemMedium)
            .deletingLastPathComponent()
        let aside = timelines.deletingLastPathComponent().appendingPathComponent("timelines-aside")
        try FileManager.default.moveItem(at: timelines, to: aside)
        XCTAssertTrue(FileManager.default.createFile(atPath: timelines.path, contents: Data("not a folder".utf8)))
        XCTAssertThrowsError(try widget.tap(element: "milk")) { error in
            guard case HostError.store(.io(let path, let code)) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(path.hasPrefix(timelines.path), path)
            XCTAssertEqual(code, .notADirectory)
        }
        XCTAssertEqual(widget.timeline?.entries.map(\.archives), before.entries.map(\.archives))
        XCTAssertEqual(try widget.render().node(id: "milk")?.isOn, true)
        try FileManager.default.removeItem(at: timelines)
        try FileManager.default.moveItem(at: aside, to: timelines)
        try widget.reload(reason: .interaction)
        XCTAssertTrue(try widget.render().texts.contains("2 left"))
        XCTAssertNotNil(try host.host.store.load(extensionID: "ToDoList", kind: "ToDoList", family: .systemMedium))
    }

    func testFailingIntentRevertsTheToggle() throws {
        let host = try testHost("ToDoList")
        let widget = try host.instance(kind: "ToDoList", family: .systemMedium)
        let tap = try widget.tap(element: "report")
        XCTAssertEqual(tap.optimistic.node(id: "report")?.isOn, true)
        guard case .failed(let reason) = tap.outcome else { return XCTFail("expected a failure, got \(tap.outcome)") }
        XCTAssertTrue(reason.contains("locked"), reason)
        XCTAssertEqual(tap.final.node(id: "report")?.isOn, false)
        XCTAssertNil(tap.final.node(id: "remaining")?.invalidated)
        XCTAssertFalse(widget.events.contains { $0.kind == .reloaded(.interaction) })
        // The timeline asked for right behind the failed intent is never used; the next tap is unaffected.
        let next = try widget.tap(element: "milk")
        XCTAssertEqual(next.outcome, .performed(intent: "ToDoList.ToggleTaskIntent"))
        XCTAssertTrue(next.final.texts.contains("2 left"), "\(next.final.texts)")
        XCTAssertEqual(widget.events.filter { $0.kind == .reloaded(.interaction) }.count, 1)
    }

    /// An extension that never answers the intent: the tap times out, the toggle reverts, the timeout
    /// is reported, and the unresponsive process is stopped.
    func testATimedOutIntentRevertsTheToggle() throws {
        let host = try testHost("Misbehaving")
        let widget = try host.instance(kind: "hangingIntent", family: .systemSmall)
        host.host.requestTimeout = 0.5  // after the first timeline, so only the intent is held to it
        let connection = try host.host.connection(to: host.extensionPath)
        XCTAssertEqual(try widget.render().node(id: "switch")?.isOn, false)
        let tap = try widget.tap(element: "switch")
        XCTAssertEqual(tap.optimistic.node(id: "switch")?.isOn, true)
        guard case .failed(let reason) = tap.outcome else { return XCTFail("expected a failure, got \(tap.outcome)") }
        XCTAssertTrue(reason.contains("no answer to performIntent(Misbehaving.NeverAnswered) within 0.5 s"), reason)
        XCTAssertEqual(tap.final.node(id: "switch")?.isOn, false)
        XCTAssertTrue(widget.flippedToggles.isEmpty)
        XCTAssertFalse(widget.awaitingReload)
        XCTAssertTrue(widget.events.contains { if case .intentFailed = $0.kind { true } else { false } })
        XCTAssertTrue(host.host.events.contains { $0.kind == .timedOut && $0.extensionID == "Misbehaving" })
        XCTAssertTrue(connection.process.hasExited(), "the unresponsive process was stopped")
    }

    /// An extension that dies performing the intent: the toggle reverts, the crash is recorded, and the
    /// next tap relaunches the extension (which dies again, and is reported again, not retried forever).
    func testAnIntentThatCrashesTheExtensionRevertsTheToggle() throws {
        let host = try testHost("Misbehaving")
        let widget = try host.instance(kind: "crashingIntent", family: .systemSmall)
        let tap = try widget.tap(element: "switch")
        XCTAssertEqual(tap.optimistic.node(id: "switch")?.isOn, true)
        guard case .failed = tap.outcome else { return XCTFail("expected a failure, got \(tap.outcome)") }
        XCTAssertEqual(tap.final.node(id: "switch")?.isOn, false)
        XCTAssertTrue(widget.flippedToggles.isEmpty)
        XCTAssertTrue(host.host.events.contains { $0.kind == .crashed && $0.extensionID == "Misbehaving" },
                      "\(host.host.events.map { "\($0.kind): \($0.detail)" })")
        XCTAssertFalse(widget.events.contains { $0.kind == .reloaded(.interaction) })
        let again = try widget.tap(element: "switch")
        guard case .failed = again.outcome else { return XCTFail("expected a failure, got \(again.outcome)") }
        XCTAssertEqual(host.host.events.filter { $0.kind == .launched }.count, 2, "relaunched for the second tap")
        XCTAssertEqual(host.host.events.filter { $0.kind == .crashed }.count, 2)
    }

    func testWidgetURLTapIsAnAppLaunch() throws {
        let host = try testHost("ToDoList")
        let widget = try host.instance(kind: "ToDoList", family: .systemMedium)
        let header = try XCTUnwrap(widget.render().root.allNodes().first { $0.action?.kind == .url })
        let tap = try widget.tap(at: Point(x: header.frame.x + 2, y: header.frame.y + 2))
        XCTAssertEqual(tap.outcome, .openedApp(url: "todo://list"))
        XCTAssertTrue(widget.events.contains { $0.kind == .appLaunched(url: "todo://list") })
    }

    func testAnExtensionCannotPerformAnotherExtensionsIntent() throws {
        let caffeine = try testHost("CaffeineTracker")
        let todo = try testHost("ToDoList")
        let button = try XCTUnwrap(try caffeine.instance(kind: "CaffeineTracker", family: .systemSmall).render().node(id: "log-espresso")?.action)
        let intent = try XCTUnwrap(button.intent)
        _ = try todo.instance(kind: "ToDoList", family: .systemSmall)
        let connection = try todo.host.connection(to: todo.extensionPath)
        XCTAssertThrowsError(try connection.performIntent(intent, kind: "ToDoList", now: t0)) { error in
            guard case .requestFailed(_, _, let code, _) = error as? HostError else { return XCTFail("\(error)") }
            XCTAssertEqual(code, .unknownIntent)
        }
        XCTAssertTrue(logLines(caffeine, "CaffeineTracker", containing: "logged").isEmpty)
    }

    func testMalformedIntentPayloadIsRejectedNotPerformed() throws {
        let host = try testHost("ToDoList")
        let widget = try host.instance(kind: "ToDoList", family: .systemSmall)
        let toggle = try XCTUnwrap(widget.render().node(id: "milk")?.action?.target)
        let connection = try host.host.connection(to: host.extensionPath)
        for garbage: [UInt8] in [[0xFF], [1, 200, 1, 2], [1, 6, 0x74, 0x61, 0x73, 0x6B, 0x49, 0x44, 9]] {
            XCTAssertThrowsError(try connection.performIntent(IntentReference(typeIdentifier: toggle, parameters: garbage), kind: "ToDoList", now: t0)) { error in
                guard case .requestFailed(_, _, let code, _) = error as? HostError else { return XCTFail("\(error)") }
                XCTAssertEqual(code, .malformedIntent)
            }
        }
        XCTAssertTrue(logLines(host, "ToDoList", containing: "toggled").isEmpty)
        XCTAssertEqual(try widget.reload().entries.count, 1)
        XCTAssertEqual(try widget.render().node(id: "milk")?.isOn, false)
    }

    func testIntentsSurviveAnExtensionRestart() throws {
        let host = try testHost("ToDoList")
        let widget = try host.instance(kind: "ToDoList", family: .systemSmall)
        _ = try widget.render()
        // The process goes away; the next tap relaunches it, which has not archived the control yet.
        try host.host.connection(to: host.extensionPath).process.kill()
        let tap = try widget.tap(element: "milk")
        XCTAssertEqual(tap.outcome, .performed(intent: "ToDoList.ToggleTaskIntent"))
        XCTAssertEqual(tap.final.node(id: "milk")?.isOn, true)
    }
}

/// Intent-configured widgets: the configuration travels with each request and is rebuilt in the
/// extension; recommendations stand in when none is given.
final class ConfigurationTests: XCTestCase {
    func testConfigurationParametersReachTheProvider() throws {
        let host = try WidgetTestHost(extension: try BuiltProducts.executable("CaffeineTracker"), start: Date(timeIntervalSince1970: 1_763_712_000))
        addTeardownBlock { host.shutdown() }
        let connection = try host.host.connection(to: host.extensionPath)
        let goal = try XCTUnwrap(connection.descriptor(kind: "CaffeineGoal"))
        XCTAssertTrue(goal.flags.contains(.intentConfigurable))
        XCTAssertEqual(goal.recommendations.map(\.description), ["400 mg a day", "200 mg a day"])

        let strict = try host.instance(kind: "CaffeineGoal", family: .systemSmall, id: "strict", configuration: ["limit": .number(200)])
        XCTAssertTrue(try strict.render().texts.contains("0 of 200 mg"))
        let recommended = try host.instance(kind: "CaffeineGoal", family: .systemSmall, id: "default")
        XCTAssertTrue(try recommended.render().texts.contains("0 of 400 mg"))
        // Two configurations, two stored timelines.
        XCTAssertNotEqual(strict.timeline?.configuration, recommended.timeline?.configuration)
        let files = try FileManager.default.contentsOfDirectory(atPath: host.host.store.extensionDirectory("CaffeineTracker").appendingPathComponent("timelines").path)
        XCTAssertEqual(files.filter { $0.hasPrefix("CaffeineGoal@systemSmall") }.count, 2)

        // A parameter of the wrong type is refused by the extension, not performed with garbage.
        XCTAssertThrowsError(try host.instance(kind: "CaffeineGoal", family: .systemSmall, id: "wrong", configuration: ["limit": .string("lots")])) { error in
            guard case .requestFailed(_, _, let code, _) = error as? HostError else { return XCTFail("\(error)") }
            XCTAssertEqual(code, .malformedIntent)
        }
    }
}
