@testable import Charts
import Foundation
import SwiftUI
import WidgetArchive
import WidgetUI
import XCTest

/// Charts' scales and layout, and marks written as widget code writes them.
final class ChartsTests: XCTestCase {
    struct Day: Identifiable {
        let id: String
        let steps: Int
        let kind: String
    }

    private func marks<V: View>(_ content: V) -> [MarkSpec] {
        let collector = MarkCollector()
        _ = MarkCollector.$current.withValue(collector) { ViewArchiver.archive(content, environment: EnvironmentValues(), locate: nil) }
        return collector.marks
    }

    func testNiceTicksIncludeZero() {
        let scale = ValueScale(values: [12, 87], includeZero: true, fixed: nil, desiredTicks: 4)
        XCTAssertEqual(scale.ticks, [0, 50, 100])
        XCTAssertEqual(scale.fraction(50), 0.5)
        XCTAssertEqual(ValueScale(values: [0.2, 0.9], includeZero: true, fixed: nil, desiredTicks: 4).ticks, [0, 0.5, 1])
        XCTAssertEqual(ValueScale(values: [3], includeZero: true, fixed: 0...10, desiredTicks: 3).ticks, [0, 5, 10])
    }

    /// Bars in category bands, heights in proportion to their values; the value axis on the
    /// trailing edge; a legend for `foregroundStyle(by:)`.
    func testBarsByCategory() {
        let days = [Day(id: "Mon", steps: 40, kind: "walk"), Day(id: "Tue", steps: 80, kind: "run")]
        let collected = marks(ForEach(days) { day in
            BarMark(x: .value("Day", day.id), y: .value("Steps", day.steps)).foregroundStyle(by: .value("Kind", day.kind))
        })
        XCTAssertEqual(collected.count, 2)
        let drawing = ChartLayout(marks: collected, options: ChartOptions()).draw(in: CGSize(width: 200, height: 120))
        let bars = drawing.shapes.map(\.path.boundingRect)
        XCTAssertEqual(bars.count, 2)
        XCTAssertEqual(bars[1].height / bars[0].height, 2, accuracy: 0.01, "80 is twice 40")
        XCTAssertEqual(bars[0].maxY, drawing.plot.maxY, accuracy: 0.01, "bars stand on zero")
        XCTAssertEqual(bars[0].width, drawing.plot.width / 2 * 0.6, accuracy: 0.01)
        let texts = drawing.labels.map(\.text)
        XCTAssertTrue(texts.contains("Mon") && texts.contains("Tue"))
        XCTAssertEqual(texts.filter { Int($0) != nil }, ["0", "20", "40", "60", "80"], "as many nice ticks as fit in 120 points")
        XCTAssertEqual(drawing.legend.map(\.0), ["walk", "run"])
        XCTAssertEqual(drawing.legend.map(\.1), [Color.blue, Color.green], "Charts' palette order")
        XCTAssertGreaterThan(drawing.labels.first { $0.text == "80" }?.origin.x ?? 0, drawing.plot.maxX, "the value axis is on the trailing edge")
    }

    func testLinesRulesSectorsAndHiddenAxes() {
        let line = marks(Group {
            LineMark(x: .value("H", 0), y: .value("V", 1)).interpolationMethod(.catmullRom)
            LineMark(x: .value("H", 1), y: .value("V", 3))
            RuleMark(y: .value("Goal", 2)).foregroundStyle(.red)
        })
        var options = ChartOptions()
        options.xAxis = .hidden
        options.yAxis = .hidden
        let drawing = ChartLayout(marks: line, options: options).draw(in: CGSize(width: 100, height: 100))
        XCTAssertTrue(drawing.labels.isEmpty)
        XCTAssertEqual(drawing.shapes.count, 2, "a rule and one line through both points")
        XCTAssertEqual(drawing.shapes.first?.color, .red)
        XCTAssertNotNil(drawing.shapes.last?.stroke)

        let donut = marks(Group {
            SectorMark(angle: .value("A", 1), innerRadius: .ratio(0.5))
            SectorMark(angle: .value("B", 3), innerRadius: .ratio(0.5))
        })
        let pie = ChartLayout(marks: donut, options: ChartOptions()).draw(in: CGSize(width: 100, height: 100))
        XCTAssertEqual(pie.shapes.count, 2)
        XCTAssertEqual(pie.shapes[0].color, .blue)
        XCTAssertEqual(pie.shapes[1].color, .green)
    }

    /// The forms real widget code writes compile and draw.
    func testAChartArchivesPathsAndLabels() {
        let days = [Day(id: "Mon", steps: 40, kind: "walk"), Day(id: "Tue", steps: 80, kind: "run")]
        let chart = Chart(days) { day in
            BarMark(x: .value("Day", day.id), y: .value("Steps", day.steps))
        }
        .chartYAxis(.hidden)
        .chartLegend(.hidden)
        .chartYScale(domain: 0...100)
        let (node, _) = ViewArchiver.archive(chart.frame(width: 150, height: 100), environment: EnvironmentValues()) { _ in [:] }
        var texts: [String] = []
        node.forEachNode { if case .text(let t) = $0, case .literal(let s)? = t.runs.first?.content { texts.append(s) } }
        XCTAssertEqual(texts, ["Mon", "Tue"], "the category labels; the value axis is hidden")
    }
}
