import Foundation
import HostTestSupport
import WidgetArchive
import WidgetControl
import WidgetHostCore
import WidgetScheduling
import WidgetSimulation
import WidgetStore
import XCTest

/// The live host's run loop on a virtual clock, with real extension processes: it makes the same
/// reload decisions as the simulator, and a request it defers is carried out later, not dropped.
final class HostRunnerTests: XCTestCase {
    let start = Date(timeIntervalSince1970: 1_763_683_200)

    /// An app's `reloadTimelines` call, `at` seconds from the start.
    struct AppRequest {
        var at: Double
        var instance: String
        var kind: String
        var foreground = false
    }

    private func runner(_ instances: [WidgetInstance], budget: Int, clock: VirtualClock, log: ScheduleLog) throws -> HostRunner {
        let dir = try temporaryDirectory(self)
        let host = WidgetHost(store: ArchiveStore(root: dir.appendingPathComponent("store")), clock: clock)
        addTeardownBlock { host.shutdown() }
        return HostRunner(host: host, configuration: HostConfiguration(instances: instances), outputDirectory: dir.appendingPathComponent("out"),
                          socket: nil, dailyBudget: budget, log: log)
    }

    /// Drives the runner as `run` does, but on the virtual clock: everything due before `date`, then
    /// the clock moves to `date`.
    private func advance(_ runner: HostRunner, _ clock: VirtualClock, before date: Date) {
        while let next = runner.nextEventDate(), next < date {
            clock.advance(to: next)
            runner.processDue()
        }
        clock.advance(to: date)
    }

    private func play(_ runner: HostRunner, _ clock: VirtualClock, requests: [AppRequest], until end: Date) {
        runner.start()
        for request in requests.sorted(by: { $0.at < $1.at }) {
            advance(runner, clock, before: start.addingTimeInterval(request.at))
            var control = ControlRequest(command: .reload, kind: request.kind)
            control.foreground = request.foreground
            XCTAssertTrue(runner.handle(control).ok)
        }
        advance(runner, clock, before: end)
    }

    func testRunAndSimulateMakeTheSameDecisions() throws {
        let caffeine = try BuiltProducts.executable("CaffeineTracker")
        let instances = [
            WidgetInstance(id: "caffeine", extensionPath: caffeine, kind: "CaffeineTracker", family: .systemSmall),
            WidgetInstance(id: "goal", extensionPath: caffeine, kind: "CaffeineGoal", family: .systemSmall),
        ]
        // Background requests too close together, then more than the budget; one in the foreground.
        var requests: [AppRequest] = [
            AppRequest(at: 1000, instance: "caffeine", kind: "CaffeineTracker"),
            AppRequest(at: 1100, instance: "caffeine", kind: "CaffeineTracker"),
            AppRequest(at: 1200, instance: "caffeine", kind: "CaffeineTracker"),
            AppRequest(at: 5000, instance: "goal", kind: "CaffeineGoal", foreground: true),
        ]
        for k in 0..<8 { requests.append(AppRequest(at: 20_000 + Double(k) * 1_000, instance: "caffeine", kind: "CaffeineTracker")) }
        requests.append(AppRequest(at: 40_000, instance: "caffeine", kind: "CaffeineTracker", foreground: true))
        let budget = 5

        let liveLog = ScheduleRecorder()
        let clock = VirtualClock(start: start)
        let live = try runner(instances, budget: budget, clock: clock, log: liveLog)
        play(live, clock, requests: requests, until: start.addingTimeInterval(86_400))

        let dir = try temporaryDirectory(self)
        let simulatedClock = VirtualClock(start: start)
        let host = WidgetHost(store: ArchiveStore(root: dir), clock: simulatedClock)
        defer { host.shutdown() }
        let scenario = Scenario(
            instances: instances.map { .init(id: $0.id, budget: budget, extension: $0.extensionPath, kind: $0.kind, family: $0.family) },
            events: requests.map { .init(type: .reloadTimelines, instance: $0.instance, at: $0.at, foreground: $0.foreground) })
        var options = ReloadSimulator.Options()
        options.days = 1
        let simulatedLog = ScheduleRecorder()
        _ = ReloadSimulator(scenario: scenario, options: options, source: ExtensionTimelineSource(host: host, clock: simulatedClock),
                            start: start, log: simulatedLog).run()

        let outcomes = Set(liveLog.events.map(\.outcome))
        XCTAssertTrue(outcomes.isSuperset(of: [.granted, .exempt, .deferred, .resumed]), "the scenario exercises every decision: \(outcomes)")
        for id in ["caffeine", "goal"] {
            let a = liveLog.events.filter { $0.instance == id }, b = simulatedLog.events.filter { $0.instance == id }
            XCTAssertEqual(a.count, b.count, id)
            for (x, y) in zip(a, b) {
                // The extension reads the real clock between requests too, so its dates drift by milliseconds.
                XCTAssertEqual(x.time, y.time, accuracy: 0.5, "\(x) vs \(y)")
                XCTAssertEqual(x.until ?? -1, y.until ?? -1, accuracy: 0.5, "\(x) vs \(y)")
                XCTAssertEqual([x.cause?.rawValue, x.outcome.rawValue, "\(x.budgetLeft)", x.detail?.description],
                               [y.cause?.rawValue, y.outcome.rawValue, "\(y.budgetLeft)", y.detail?.description])
            }
        }
    }

    func testABackgroundRequestOverBudgetRunsWhenTheBudgetComesBack() throws {
        let todo = try BuiltProducts.executable("ToDoList")
        let log = ScheduleRecorder()
        let clock = VirtualClock(start: start)
        let runner = try runner([WidgetInstance(id: "todo", extensionPath: todo, kind: "ToDoList", family: .systemMedium)],
                                budget: 1, clock: clock, log: log)
        play(runner, clock, requests: [AppRequest(at: 600, instance: "todo", kind: "ToDoList"),
                                       AppRequest(at: 1200, instance: "todo", kind: "ToDoList")],
             until: start.addingTimeInterval(600 + 86_400 - 1))
        XCTAssertEqual(log.events.map(\.outcome), [.exempt, .granted, .deferred], "waiting, not dropped")
        XCTAssertEqual(log.events.last?.until, 600 + 86_400)
        let status = runner.handle(ControlRequest(command: .status))
        XCTAssertEqual(status.instances?.first?.nextReload, CivilDate.isoDate(start.addingTimeInterval(600 + 86_400)))

        advance(runner, clock, before: start.addingTimeInterval(600 + 86_400 + 1))
        XCTAssertEqual(log.events.last?.outcome, .resumed)
        XCTAssertEqual(log.events.last?.time, 600 + 86_400)
        XCTAssertEqual(runner.handle(ControlRequest(command: .status)).instances?.first?.budgetLeft, 0)
    }

    /// StandBy refreshes the widgets it shows at the system's rate (`BudgetRules`), free: the live host
    /// does it as the simulator does, and a home-screen instance is not refreshed.
    func testStandByRefreshesItsWidgetsAtTheSystemRateForFree() throws {
        let caffeine = try BuiltProducts.executable("CaffeineTracker")
        let clock = VirtualClock(start: start)
        let log = ScheduleRecorder()
        let runner = try runner([
            WidgetInstance(id: "night", extensionPath: caffeine, kind: "CaffeineTracker", family: .systemSmall, placement: "standby"),
            WidgetInstance(id: "home", extensionPath: caffeine, kind: "CaffeineTracker", family: .systemMedium),
        ], budget: 5, clock: clock, log: log)
        runner.start()
        advance(runner, clock, before: start.addingTimeInterval(3700))
        let refreshes = log.events.filter { $0.cause == .standBy }
        XCTAssertEqual(refreshes.map(\.time), [900, 1800, 2700, 3600])
        XCTAssertEqual(Set(refreshes.map(\.instance)), ["night"])
        XCTAssertTrue(refreshes.allSatisfy { $0.outcome == .exempt && $0.budgetLeft == 5 })
    }
}
