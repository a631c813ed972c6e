import Foundation
import WidgetArchive
import WidgetHostCore
import WidgetScheduling
import WidgetSimulation

extension WidgetTestHost {
    /// Plays `scenario` for `days` in process, against this host's extension where an instance names
    /// no other (its `getTimeline` runs for real; only time is virtual), with the budget rules of
    /// `simulate`, and returns the report: per instance and day, requested, granted, exempt, deferred
    /// and resumed reloads, the budget left and the staleness. The decisions go to `log` if given.
    ///
    /// ```swift
    /// let report = try host.simulate(Scenario(instances: [.init(id: "steps", views: .high, kind: "StepCounter",
    ///                                                           family: .systemSmall, dataChangeEvery: 600)],
    ///                                         events: [.init(type: .reloadTimelines, instance: "steps", every: 300)]), days: 2)
    /// XCTAssertGreaterThan(report.stats[0][0].deferred, 0)
    /// ```
    public func simulate(_ scenario: Scenario, days: Int, seed: UInt64 = 1, log: ScheduleLog = ScheduleRecorder()) throws -> ReloadSimulator.Result {
        var scenario = scenario
        for i in scenario.instances.indices where scenario.instances[i].extension == nil {
            scenario.instances[i].extension = extensionPath
        }
        var options = ReloadSimulator.Options()
        options.days = days
        options.seed = seed
        return ReloadSimulator(scenario: scenario, options: options, source: ExtensionTimelineSource(host: host, clock: clock),
                               start: clock.now, log: log).run()
    }
}
