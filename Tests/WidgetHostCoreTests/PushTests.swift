import Foundation
import HostTestSupport
import WidgetArchive
import WidgetControl
import WidgetHostCore
import WidgetProtocol
import WidgetScheduling
import WidgetStore
import XCTest

/// WidgetKit push updates with the caffeine tracker's real process: the host issues tokens to the
/// instances whose configuration names a push handler and tells the extension; a push reloads what
/// its token reaches, counted against the budget, deferred when it is spent, and joined (coalesced)
/// while it waits; a rotation replaces the tokens and tells the extension again.
final class PushTests: XCTestCase {
    let start = Date(timeIntervalSince1970: 1_763_683_200)

    private func runner(budget: Int, log: ScheduleLog) throws -> HostRunner {
        let caffeine = try BuiltProducts.executable("CaffeineTracker")
        let dir = try temporaryDirectory(self)
        let host = WidgetHost(store: ArchiveStore(root: dir.appendingPathComponent("store")), clock: VirtualClock(start: start))
        addTeardownBlock { host.shutdown() }
        let instances = [
            WidgetInstance(id: "caffeine", extensionPath: caffeine, kind: "CaffeineTracker", family: .systemSmall),
            WidgetInstance(id: "caffeine-lock", extensionPath: caffeine, kind: "CaffeineTracker", family: .accessoryRectangular),
            WidgetInstance(id: "goal", extensionPath: caffeine, kind: "CaffeineGoal", family: .systemSmall),
            WidgetInstance(id: "espresso", extensionPath: caffeine, kind: "LogEspresso", family: ._control),
        ]
        return HostRunner(host: host, configuration: HostConfiguration(instances: instances), outputDirectory: dir.appendingPathComponent("out"),
                          socket: nil, dailyBudget: budget, log: log)
    }

    private func token(_ runner: HostRunner, _ id: String) -> String? {
        runner.handle(ControlRequest(command: .status)).instances?.first { $0.id == id }?.pushToken
    }

    private func extensionLog(_ runner: HostRunner, containing text: String) -> Int {
        let log = (try? String(contentsOf: runner.host.store.logFile("CaffeineTracker"), encoding: .utf8)) ?? ""
        return log.split(separator: "\n").filter { $0.contains(text) }.count
    }

    func testTokensGoToTheInstancesThatTakePushesAndTheExtensionIsTold() throws {
        let runner = try runner(budget: 10, log: ScheduleRecorder())
        runner.start()
        let widgetToken = try XCTUnwrap(token(runner, "caffeine"))
        XCTAssertEqual(token(runner, "caffeine-lock"), widgetToken, "one widget token reaches every configured widget")
        XCTAssertNil(token(runner, "goal"), "a widget without a push handler gets no token")
        let controlToken = try XCTUnwrap(token(runner, "espresso"))
        XCTAssertNotEqual(controlToken, widgetToken, "each control has a token of its own")
        XCTAssertEqual(widgetToken.count, 32)
        XCTAssertEqual(extensionLog(runner, containing: "push token \(widgetToken.prefix(8))… for 2 widget(s)"), 1)
        XCTAssertEqual(extensionLog(runner, containing: "push tokens for 1 control(s)"), 1)
    }

    func testAPushReloadsWithinTheBudgetThenWaitsAndLaterPushesJoinIt() throws {
        let log = ScheduleRecorder()
        let runner = try runner(budget: 1, log: log)
        runner.start()
        let widgetToken = try XCTUnwrap(token(runner, "caffeine"))
        let first = runner.handle(ControlRequest(command: .push, token: widgetToken))
        XCTAssertTrue(first.ok, first.message)
        XCTAssertEqual(first.message, "reloaded caffeine, caffeine-lock")
        let second = runner.handle(ControlRequest(command: .push, token: widgetToken))
        XCTAssertTrue(second.message.hasPrefix("deferred (budget spent or too soon): caffeine until"), second.message)
        _ = runner.handle(ControlRequest(command: .push, token: widgetToken))
        let pushes = log.events.filter { $0.cause == .push && $0.instance == "caffeine" }
        XCTAssertEqual(pushes.map(\.outcome), [.granted, .deferred, .deferred])
        XCTAssertEqual(pushes.last?.detail, .joinsWaitingRequest, "a push while one waits is coalesced with it")
        // The control's token reaches the control alone.
        let control = runner.handle(ControlRequest(command: .push, token: try XCTUnwrap(token(runner, "espresso"))))
        XCTAssertEqual(control.message, "reloaded espresso")
    }

    func testUnknownTokensAndRotationsAreRefusedOrTold() throws {
        let runner = try runner(budget: 10, log: ScheduleRecorder())
        runner.start()
        let before = try XCTUnwrap(token(runner, "caffeine"))
        let bad = runner.handle(ControlRequest(command: .push, token: "zz"))
        XCTAssertFalse(bad.ok)
        XCTAssertFalse(runner.handle(ControlRequest(command: .push, token: String(repeating: "0", count: 32))).ok)
        let rotated = runner.handle(ControlRequest(command: .rotatePushTokens, extensionID: "CaffeineTracker"))
        XCTAssertTrue(rotated.ok, rotated.message)
        let after = try XCTUnwrap(token(runner, "caffeine"))
        XCTAssertNotEqual(after, before)
        XCTAssertFalse(runner.handle(ControlRequest(command: .push, token: before)).ok, "the old token reaches nothing")
        XCTAssertTrue(runner.handle(ControlRequest(command: .push, token: after)).ok)
        XCTAssertEqual(extensionLog(runner, containing: "push token \(after.prefix(8))"), 1, "the handler is told of the new token")
        XCTAssertFalse(runner.handle(ControlRequest(command: .rotatePushTokens, extensionID: "Nobody")).ok)
    }

    /// A control push handler reads each control's configuration intent from its `ControlInfo`.
    func testAControlPushHandlerSeesEachControlsConfiguration() throws {
        let gallery = try BuiltProducts.executable("WidgetGallery")
        let dir = try temporaryDirectory(self)
        let host = WidgetHost(store: ArchiveStore(root: dir.appendingPathComponent("store")), clock: VirtualClock(start: start))
        addTeardownBlock { host.shutdown() }
        let lamps = ["Hall", "Study"].map {
            WidgetInstance(id: $0, extensionPath: gallery, kind: "Lamp", family: ._control, configuration: ["room": .string($0)])
        }
        let runner = HostRunner(host: host, configuration: HostConfiguration(instances: lamps), outputDirectory: dir.appendingPathComponent("out"),
                                socket: nil, log: ScheduleRecorder())
        runner.start()
        let log = (try? String(contentsOf: host.store.logFile("WidgetGallery"), encoding: .utf8)) ?? ""
        XCTAssertTrue(log.contains("lamp push token for Hall\n") && log.contains("lamp push token for Study\n"), log)
        XCTAssertNotEqual(token(runner, "Hall"), token(runner, "Study"))
    }

    /// The set of configured widgets changes while the host runs (`run` on SIGHUP): the extension is
    /// told again, with the same token and the widgets it now reaches; a removed instance leaves
    /// `status` and no push reaches it.
    func testAChangedConfigurationIsToldToThePushHandlers() throws {
        let caffeine = try BuiltProducts.executable("CaffeineTracker")
        let runner = try runner(budget: 10, log: ScheduleRecorder())
        runner.start()
        let token = try XCTUnwrap(token(runner, "caffeine"))
        XCTAssertEqual(extensionLog(runner, containing: "push token \(token.prefix(8))… for 2 widget(s)"), 1)
        // The same configuration again changes nothing and tells nobody.
        let same = runner.sessions.map(\.instance)
        XCTAssertEqual(runner.reconfigure(HostConfiguration(instances: same)).added, [])
        XCTAssertEqual(extensionLog(runner, containing: "widget(s)"), 1)
        XCTAssertEqual(extensionLog(runner, containing: "control(s)"), 1)

        var changed = same.filter { $0.id != "caffeine-lock" }
        changed.append(WidgetInstance(id: "caffeine-medium", extensionPath: caffeine, kind: "CaffeineTracker", family: .systemMedium))
        let result = runner.reconfigure(HostConfiguration(instances: changed))
        XCTAssertEqual(result.added, ["caffeine-medium"])
        XCTAssertEqual(result.removed, ["caffeine-lock"])
        XCTAssertEqual(extensionLog(runner, containing: "push token \(token.prefix(8))… for 2 widget(s)"), 2, "told again: small and medium now")
        let status = runner.handle(ControlRequest(command: .status))
        XCTAssertEqual(status.instances?.map(\.id), ["caffeine", "caffeine-medium", "goal", "espresso"], "in the removed one's place")
        XCTAssertEqual(status.instances?.first { $0.id == "caffeine-medium" }?.entries, 10, "the new instance has its first timeline")
        XCTAssertEqual(runner.handle(ControlRequest(command: .push, token: token)).message, "reloaded caffeine, caffeine-medium")
        XCTAssertFalse(runner.handle(ControlRequest(command: .tap, instance: "caffeine-lock", element: "log-espresso")).ok)

        // Swapped again and again (a host reconfigured daily for months), it holds only what it shows:
        // each newcomer takes a stopped instance's place.
        for round in 0..<5 {
            var next = changed.filter { !$0.id.hasPrefix("caffeine-swap") && $0.id != "caffeine-medium" }
            next.append(WidgetInstance(id: "caffeine-swap\(round)", extensionPath: caffeine, kind: "CaffeineTracker", family: .systemMedium))
            let swapped = runner.reconfigure(HostConfiguration(instances: next))
            XCTAssertEqual(swapped.added, ["caffeine-swap\(round)"])
            changed = next
        }
        XCTAssertEqual(runner.sessions.count, 4, "one place per instance shown, however often it was reconfigured")
        let after = runner.handle(ControlRequest(command: .status))
        XCTAssertEqual(Set(after.instances?.map(\.id) ?? []), ["caffeine", "goal", "espresso", "caffeine-swap4"])
        XCTAssertEqual(after.instances?.first { $0.id == "caffeine-swap4" }?.entries, 10, "the newcomer has its own first timeline")
        // The push reaches the newcomer (the other small widget reloaded a moment ago, too soon again).
        let pushed = runner.handle(ControlRequest(command: .push, token: token)).message
        XCTAssertTrue(pushed.hasPrefix("reloaded caffeine-swap4"), pushed)
    }

    /// Tokens are written as hex two digits a byte, and only ASCII hex digits read back.
    func testTokensReadAndWriteAsHex() {
        XCTAssertEqual(PushTokenIssuer.hex([0x01, 0x23, 0xAB]), "0123ab")
        XCTAssertEqual(PushTokenIssuer.bytes(hex: "0123AB"), [0x01, 0x23, 0xAB])
        for bad in ["", "123", "zz", "+1", "\u{FF10}\u{FF11}", String(repeating: "00", count: 65)] {
            XCTAssertNil(PushTokenIssuer.bytes(hex: bad), bad)
        }
        let token = PushTokenIssuer().widgetToken(extensionID: "E", generation: 0)
        XCTAssertEqual(PushTokenIssuer.bytes(hex: PushTokenIssuer.hex(token)), token)
    }
}
