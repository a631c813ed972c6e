import Foundation
import WidgetArchive
import WidgetArchiveGenerator
import WidgetRandom
import WidgetScheduling
@testable import WidgetSimulation
import XCTest

/// App events are made a day at a time, yet come out exactly as if all had been made up front:
/// same dates, same jitter draws, same order for ties.
final class AppEventStreamTests: XCTestCase {
    let start = Date(timeIntervalSince1970: 1_763_683_200)

    /// Every occurrence made up front, in the order the simulator took them before events were made lazily.
    private func upFront(_ scenario: Scenario, days: Int, seed: UInt64) -> [(Date, String, ReloadCause)] {
        var rng = SeededRandom(seed: seed)
        for _ in scenario.instances { _ = rng.next() }
        let end = start.addingTimeInterval(Double(days) * 86_400)
        var made: [(Date, Int, String, ReloadCause)] = []
        for event in scenario.events ?? [] {
            if event.type == .foreground, event.from != nil, event.to != nil { continue }
            let targets = scenario.instances.map(\.id).filter { event.instance == "*" || $0 == event.instance }
            for day in event.daily == true ? Array(0..<days) : [0] {
                var times: [Double] = []
                if let at = event.at { times.append(at) }
                if let every = event.every, every > 0 {
                    var t = event.from ?? 0
                    let stop = event.to ?? (event.daily == true ? 86_400 : end.timeIntervalSince(start))
                    while t < stop {
                        let f = min(1, max(0, event.jitter ?? 0))
                        times.append(max(0, t + (f > 0 ? (Double(rng.next() % 1000) / 1000 - 0.5) * 2 * every * f : 0)))
                        t += every
                    }
                }
                for time in times {
                    let date = start.addingTimeInterval(Double(day) * 86_400 + time)
                    guard date < end else { continue }
                    for id in targets {
                        let cause: ReloadCause = event.type == .tap ? .interaction : event.foreground == true ? .appForeground : .appBackground
                        made.append((date, made.count, id, event.type == .systemChange ? .systemChange : cause))
                    }
                }
            }
        }
        return made.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map { ($0.0, $0.2, $0.3) }
    }

    private func lazily(_ scenario: Scenario, days: Int, seed: UInt64) -> [(Date, String, ReloadCause)] {
        let ids = scenario.instances.map(\.id)
        var stream = AppEventStream(scenario: scenario, instanceIDs: ids, start: start, days: days, seed: seed,
                                    drawsBefore: UInt64(ids.count))
        var taken: [(Date, String, ReloadCause)] = []
        var peak = 0
        while true {
            stream.prepare(before: nil)
            peak = max(peak, stream.madeAndNotTaken)
            guard let o = stream.next else { break }
            stream.removeNext()
            guard case .request(let cause) = o.happening else {
                XCTFail("only reload requests in this scenario")
                return []
            }
            taken.append((o.date, ids[o.instance], cause))
        }
        XCTAssertLessThan(peak, taken.count / max(1, days - 1) + 100, "about a day of events made at a time")
        return taken
    }

    func testTheSameOccurrencesInTheSameOrderAsMadeUpFront() {
        let scenario = Scenario(instances: [.init(id: "a"), .init(id: "b"), .init(id: "c")], events: [
            .init(type: .reloadTimelines, instance: "*", every: 600, from: 0, to: 86_400, daily: true, jitter: 0.9),
            .init(type: .tap, instance: "a", at: 7200, every: 3600, daily: true),
            .init(type: .foreground, instance: "b", from: 1000, to: 5000, daily: true),
            // Not daily: repeats across the whole run, with jitter large enough to reorder neighbours.
            .init(type: .systemChange, instance: "b", at: 90_000, every: 7777, from: 3600, jitter: 1),
            // Daily, but longer than a day: its days overlap.
            .init(type: .reloadTimelines, instance: "c", every: 3000, from: 80_000, to: 100_000, daily: true, foreground: true),
            .init(type: .reloadTimelines, instance: "c", at: 0),
        ])
        for (days, seed) in [(1, 1), (4, 7), (9, 42)] as [(Int, UInt64)] {
            let expected = upFront(scenario, days: days, seed: seed), actual = lazily(scenario, days: days, seed: seed)
            XCTAssertEqual(actual.count, expected.count, "days \(days)")
            XCTAssertGreaterThan(actual.count, 200 * days)
            for (x, y) in zip(actual, expected) where x.0 != y.0 || x.1 != y.1 || x.2 != y.2 {
                return XCTFail("days \(days): \(x) where \(y) was expected")
            }
        }
    }
}
