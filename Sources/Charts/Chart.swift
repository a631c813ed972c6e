import Foundation
import SwiftUI

/// `ChartContent` and `ChartContentBuilder`: marks are views that describe themselves to the chart
/// around them, so chart content is written with the view builder (`ForEach`, `if`, several marks).
public typealias ChartContent = View
public typealias ChartContentBuilder = ViewBuilder

/// `Chart`: marks drawn on scales and axes. The marks are collected when the chart is evaluated,
/// then laid out for the size the host's layout gives the chart (a geometry reader) and drawn with
/// paths and text, so the host renders a chart as it renders any view.
public nonisolated struct Chart<Content: View>: View {
    let content: Content

    public init(@ChartContentBuilder content: () -> Content) { self.content = content() }

    public var body: some View {
        let collector = MarkCollector()
        let options = EnvironmentValues.current.chartOptions
        _ = MarkCollector.$current.withValue(collector) {
            ViewArchiver.archive(content, environment: EnvironmentValues.current, locate: nil)
        }
        let layout = ChartLayout(marks: collector.marks, options: options)
        return GeometryReader { proxy in
            ChartCanvas(drawing: layout.draw(in: proxy.size))
        }
    }
}

extension Chart {
    public init<Data: RandomAccessCollection, C: View>(_ data: Data, @ChartContentBuilder content: @escaping (Data.Element) -> C)
    where Content == ForEach<Data, Data.Element.ID, C>, Data.Element: Identifiable {
        self.content = ForEach(data, content: content)
    }

    public init<Data: RandomAccessCollection, ID: Hashable, C: View>(_ data: Data, id: KeyPath<Data.Element, ID>,
                                                                     @ChartContentBuilder content: @escaping (Data.Element) -> C)
    where Content == ForEach<Data, ID, C> {
        self.content = ForEach(data, id: id, content: content)
    }
}

/// A laid-out chart as views: gridlines, marks, labels and the legend, in the chart's frame.
nonisolated struct ChartCanvas: View {
    let drawing: ChartDrawing

    var body: some View {
        ZStack(alignment: .topLeading) {
            ForEach(Array(drawing.grid.enumerated()), id: \.offset) { _, line in
                line.stroke(Color.gray.opacity(0.35), lineWidth: 0.5)
            }
            ForEach(Array(drawing.shapes.enumerated()), id: \.offset) { _, shape in
                shapeView(shape)
            }
            ForEach(Array(drawing.labels.enumerated()), id: \.offset) { _, label in
                Text(label.text)
                    .font(.system(size: ChartLayout.labelFont))
                    .foregroundStyle(.secondary)
                    .lineLimit(1)
                    .frame(width: max(1, label.width), height: ChartLayout.labelHeight, alignment: label.alignment)
                    .padding(EdgeInsets(top: label.origin.y, leading: label.origin.x, bottom: 0, trailing: 0))
            }
            if !drawing.legend.isEmpty {
                legend
            }
        }
    }

    @ViewBuilder
    private func shapeView(_ shape: ChartDrawing.Shape) -> some View {
        if let stroke = shape.stroke {
            shape.path.stroke(shape.color, style: stroke).opacity(shape.opacity)
        } else {
            shape.path.fill(shape.color).opacity(shape.opacity)
        }
    }

    private var legend: some View {
        VStack(alignment: .leading) {
            if drawing.plot.minY > ChartLayout.labelHeight { legendRow; Spacer(minLength: 0) } else { Spacer(minLength: 0); legendRow }
        }
    }

    private var legendRow: some View {
        HStack(spacing: 8) {
            ForEach(Array(drawing.legend.enumerated()), id: \.offset) { _, item in
                HStack(spacing: 3) {
                    Circle().fill(item.1).frame(width: 6, height: 6)
                    Text(item.0).font(.system(size: ChartLayout.labelFont)).foregroundStyle(.secondary).lineLimit(1)
                }
            }
        }
    }
}
