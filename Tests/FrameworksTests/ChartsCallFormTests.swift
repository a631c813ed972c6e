@testable import Charts
import Foundation
import SwiftUI
import WidgetArchive
import WidgetUI
import XCTest

/// Charts as the corpus's apps write them (Beszel's bandwidth chart, xDrip's glucose points).
final class ChartsCallFormTests: XCTestCase {
    struct Sample: Identifiable {
        let id: Int
        let date: Date
        let download: Double
        let sensor: String
    }

    /// Hours since 1970, written without a locale or time zone.
    struct HourLabel: FormatStyle {
        func format(_ value: Date) -> String { "h\(Int(value.timeIntervalSince1970) / 3_600)" }
    }

    private let samples = (0..<4).map { Sample(id: $0, date: Date(timeIntervalSince1970: Double($0) * 3_600), download: Double($0 + 1) * 10,
                                                sensor: $0 % 2 == 0 ? "CPU" : "GPU") }

    private func marks<V: View>(_ content: V) -> [MarkSpec] {
        let collector = MarkCollector()
        _ = MarkCollector.$current.withValue(collector) { ViewArchiver.archive(content, environment: EnvironmentValues(), locate: nil) }
        return collector.marks
    }

    /// A chart archived at 200 × 100: every geometry reader gets that size.
    private func archive<V: View>(_ chart: V) -> ViewNode {
        ViewArchiver.archive(chart, environment: EnvironmentValues()) { node in
            var frames: [GeometryProbe: CGRect] = [:]
            node.forEachNode { node in
                guard case .modified(_, .geometryProbe(let probe)) = node else { return }
                frames[probe] = CGRect(x: 0, y: 0, width: 200, height: 100)
            }
            return frames
        }.root
    }

    func testPlotGroupsALineAndTheBandUnderIt() {
        let collected = marks(ForEach(samples) { point in
            Plot {
                LineMark(x: .value("Date", point.date), y: .value("Download", point.download), series: .value("Period", "Download"))
                    .foregroundStyle(.green)
                AreaMark(x: .value("Date", point.date), yStart: .value("Period", 0), yEnd: .value("Download", point.download),
                         series: .value("Period", "Download"))
                    .foregroundStyle(LinearGradient(colors: [.green.opacity(0.2), .clear], startPoint: .top, endPoint: .bottom))
            }
        })
        XCTAssertEqual(collected.count, 8)
        let area = collected.filter { $0.kind == .area }
        XCTAssertEqual(area.first?.yEnd, .number(10))
        XCTAssertEqual(area.first?.series, "Download")
        XCTAssertEqual(area.first?.color, Color.green.opacity(0.2), "a gradient's first colour")

        var options = ChartOptions()
        options.xAxis = .hidden
        options.yAxis = .hidden
        let drawing = ChartLayout(marks: collected, options: options).draw(in: CGSize(width: 200, height: 100))
        let band = drawing.shapes.first { $0.stroke == nil }?.path.boundingRect
        XCTAssertEqual(band?.maxY ?? 0, drawing.plot.maxY, accuracy: 0.01, "the band starts at its yStart, 0")
        XCTAssertLessThan(band?.minY ?? .infinity, drawing.plot.midY, "and reaches its yEnd")
    }

    func testAxisMarksAtGivenDatesLabelledInAFormat() {
        let ticks = [samples[1].date, samples[3].date]
        let showGridLines = true
        var options = ChartOptions()
        options.xAxisMarks = AxisMarks(values: ticks) { _ in
            if showGridLines {
                AxisGridLine(stroke: StrokeStyle(lineWidth: 1, dash: [2, 3]))
                AxisTick()
            }
            AxisValueLabel(format: HourLabel(), collisionResolution: .disabled)
                .font(.caption2)
        }
        XCTAssertEqual(options.xAxisMarks?.gridLines, true, "found inside the `if`")
        let collected = marks(ForEach(samples) { LineMark(x: .value("Date", $0.date), y: .value("Download", $0.download)) })
        let labels = ChartLayout(marks: collected, options: options).draw(in: CGSize(width: 200, height: 100)).labels.map(\.text)
        XCTAssertTrue(labels.contains("h1") && labels.contains("h3"), "\(labels)")
        XCTAssertFalse(labels.contains("h2"), "only the values given")

        _ = AxisMarks(position: .leading, values: .automatic(desiredCount: 4)) { value in
            AxisGridLine()
            AxisValueLabel {
                if let bytes = value.as(Double.self) { Text(String(format: "%.1f", bytes / 1_048_576)).font(.caption2) }
            }
        }
    }

    func testForegroundStyleScaleFromAClosure() {
        let chart = Chart(samples) { point in
            LineMark(x: .value("Date", point.date), y: .value("Temperature", point.download))
                .foregroundStyle(by: .value("Sensor", point.sensor))
        }
        .chartForegroundStyleScale { name in
            name == "CPU" ? Color.red : Color.purple
        }
        .chartLegend(.hidden)
        var strokes: [Paint] = []
        archive(chart).forEachNode { if case .shape(let s) = $0, s.strokeWidth != nil, let fill = s.fill { strokes.append(fill) } }
        XCTAssertTrue(strokes.contains(.color(.system(.red, opacity: 1))), "\(strokes)")
        XCTAssertTrue(strokes.contains(.color(.system(.purple, opacity: 1))))

        let byDomain = Chart(samples) { LineMark(x: .value("D", $0.date), y: .value("T", $0.download)).foregroundStyle(by: .value("S", $0.sensor)) }
            .chartForegroundStyleScale(domain: ["CPU", "GPU"]) { (name: String) in name == "CPU" ? Color.orange : Color.teal }
        var colors: [Paint] = []
        archive(byDomain).forEachNode { if case .shape(let s) = $0, s.strokeWidth != nil, let fill = s.fill { colors.append(fill) } }
        XCTAssertTrue(colors.contains(.color(.system(.orange, opacity: 1))))
    }

    func testShapesAsSymbolsAndOneVisibilityType() {
        let point = PointMark(x: .value("Time", samples[0].date), y: .value("BG", 100))
            .symbol(Circle())
            .symbolSize(36)
            .foregroundStyle(.clear)
        XCTAssertEqual(marks(point).first?.symbolSize, 36)
        _ = PointMark(x: .value("Time", samples[0].date), y: .value("BG", 100)).symbol { Circle().frame(width: 4, height: 4) }
        _ = PointMark(x: .value("Time", samples[0].date), y: .value("BG", 100)).symbol(.square)

        let hidden: SwiftUI.Visibility = .hidden
        let legend: Charts.Visibility = hidden
        _ = Chart(samples) { BarMark(x: .value("D", $0.date), y: .value("V", $0.download)) }.chartLegend(legend).chartXAxis(hidden)
    }
}
