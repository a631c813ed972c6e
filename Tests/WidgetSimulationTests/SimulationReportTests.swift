import Foundation
@testable import WidgetSimulation
import XCTest

/// The report's columns are padded by hand; they must read exactly as the `printf` formats they replace.
final class SimulationReportTests: XCTestCase {
    func testOneDecimalRoundsAsPrintfDoes() {
        var rng = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 0.05, 0.15, 0.25, 0.35, 0.45, 1.25, 2.5, -0.04, -0.05, -1.25, 99.95, 1e14, 1e16, .infinity, .nan]
        for _ in 0..<20_000 {
            let magnitude = [1.0, 10, 1000, 1e6][Int.random(in: 0..<4, using: &rng)]
            values.append(Double.random(in: -magnitude...magnitude, using: &rng))
            // Values on and beside ties, where a shortcut would round the wrong way.
            values.append(Double(Int.random(in: -100_000...100_000, using: &rng)) / 20)
        }
        for value in values {
            XCTAssertEqual(SimulationReport.oneDecimal(value), String(format: "%.1f", value), "\(value)")
        }
    }

    func testARowReadsAsItsFormat() {
        var stats = ReloadSimulator.DayStats()
        (stats.requested, stats.granted, stats.exempt, stats.deferred, stats.resumed, stats.failed) = (12, 7, 3, 2, 2, 1_234_567)
        stats.budgetLeftAtEnd = 63
        stats.staleSeconds = 86_400 * 60 * 4.25
        stats.maxStaleness = 60 * 17.75
        let result = ReloadSimulator.Result(start: Date(timeIntervalSince1970: 0), days: 1, instanceIDs: ["a-rather-long-widget-name"],
                                            decisions: 9, stats: [[stats]], samples: [], peakBudgetLeft: 0, peakStaleness: 0)
        // The table (title, header, one row), then a blank line and the budget rules section.
        let rows = SimulationReport.text(result).components(separatedBy: "\n\n")[0].split(separator: "\n")
        XCTAssertEqual(rows.count, 3)
        let expected = "a-rather-long-wi" + String(format: " %3d  %9d  %7d  %6d  %8d  %7d  %6d  %11d  %7.1f m  %7.1f m",
                                                   1, 12, 7, 3, 2, 2, 1_234_567, 63, 4.25, 17.75)
        XCTAssertEqual(String(rows[2]), expected)
    }

    /// The chart reads like a chart: a time axis labelled in days, value axes with their scale.
    func testTheChartHasTimeAndValueAxes() {
        var stats = ReloadSimulator.DayStats()
        stats.granted = 5
        let samples: [(Double, [Int], [Double])] = (0...48).map { (Double($0), [70 - $0], [Double($0 % 7)]) }
        let result = ReloadSimulator.Result(start: Date(timeIntervalSince1970: 0), days: 2, instanceIDs: ["w<&>"], decisions: 1,
                                            stats: [[stats, stats]], samples: samples, peakBudgetLeft: 70, peakStaleness: 6)
        let svg = SimulationReport.svg(result)
        XCTAssertTrue(svg.contains(">time since the start (days)</text>"))
        for day in 0...2 { XCTAssertTrue(svg.contains("text-anchor=\"middle\">\(day)</text>"), "day \(day) labelled") }
        for tick in ["0", "18", "35", "53", "70"] { XCTAssertTrue(svg.contains("text-anchor=\"end\">\(tick)</text>"), "budget tick \(tick)") }
        for tick in ["1.5", "3", "4.5", "6"] { XCTAssertTrue(svg.contains("text-anchor=\"end\">\(tick)</text>"), "staleness tick \(tick)") }
        XCTAssertTrue(svg.contains(">w&lt;&amp;></text>"), "names escaped once")
    }
}
