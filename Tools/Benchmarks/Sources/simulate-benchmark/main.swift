// 100 widget instances × 7 simulated days with scripted extension replies: wall time and peak memory
// (targets: < 1 s, < 100 MB). The app of every third instance asks for a reload every 5 minutes.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import WidgetHostCore

let instances: [Scenario.Instance] = (0..<100).map { i in
    .init(id: "widget-\(i)", views: ViewFrequency.allCases[i % 3], entries: 1 + i % 6, spacing: Double(300 + 60 * (i % 10)),
          policy: ["atEnd", "after:1800", "never"][i % 3], dataChangeEvery: Double(600 + 60 * (i % 7)))
}
var events: [Scenario.Event] = []
for i in stride(from: 0, to: 100, by: 3) {
    events.append(Scenario.Event(type: .reloadTimelines, instance: "widget-\(i)", every: 300, from: 6 * 3600, to: 23 * 3600,
                                 daily: true, jitter: 0.1))
}
events.append(Scenario.Event(type: .tap, instance: "*", every: 4 * 3600, from: 3600, to: 86_400, daily: true))
var options = ReloadSimulator.Options()
options.days = 7
options.seed = 7

let start = ContinuousClock.now
let result = ReloadSimulator(scenario: Scenario(instances: instances, events: events), options: options,
                             source: ScriptedTimelineSource(), start: Date(timeIntervalSince1970: 1_763_683_200)).run()
let log = SimulationReport.jsonLines(result)
let elapsed = ContinuousClock.now - start
var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
let peakMB = Double(usage.ru_maxrss) / 1024
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
print(String(format: "100 instances × 7 days: %d decisions, event log %.1f MB", result.events.count, Double(log.count) / 1e6))
print(String(format: "wall %.3f s (target < 1 s) %@; peak memory %.1f MB (target < 100 MB) %@",
             seconds, seconds < 1 ? "met" : "NOT MET", peakMB, peakMB < 100 ? "met" : "NOT MET"))
exit(seconds < 1 && peakMB < 100 ? 0 : 1)
