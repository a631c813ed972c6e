import Foundation
import SwiftUI

/// `Visibility`: shown, hidden, or as the system decides.
public enum Visibility: Hashable, Sendable, CaseIterable { case automatic, visible, hidden }

/// What the chart modifiers set, read by the chart below them.
struct ChartOptions {
    var xAxis: Visibility = .automatic
    var yAxis: Visibility = .automatic
    var xAxisMarks: AxisMarks?
    var yAxisMarks: AxisMarks?
    var legend: Visibility = .automatic
    var legendOnTop = false
    var yDomain: ClosedRange<Double>?
    var xDomain: ClosedRange<Double>?
    var xCategories: [String]?
    var styleScale: [String: Color] = [:]
    var ignored: [String] = []
}

private struct ChartOptionsKey: EnvironmentKey { static var defaultValue: ChartOptions { ChartOptions() } }

extension EnvironmentValues {
    var chartOptions: ChartOptions {
        get { self[ChartOptionsKey.self] }
        set { self[ChartOptionsKey.self] = newValue }
    }
}

/// `AxisContent` and its builder: the marks of an axis (`AxisMarks { AxisGridLine(); AxisValueLabel() }`).
public protocol AxisContent {}

@resultBuilder
public enum AxisContentBuilder {
    public static func buildBlock(_ parts: any AxisContent...) -> AxisContentGroup { AxisContentGroup(parts: parts) }
    public static func buildExpression(_ part: any AxisContent) -> any AxisContent { part }
    public static func buildOptional(_ part: AxisContentGroup?) -> AxisContentGroup { part ?? AxisContentGroup(parts: []) }
    public static func buildEither(first: AxisContentGroup) -> AxisContentGroup { first }
    public static func buildEither(second: AxisContentGroup) -> AxisContentGroup { second }
}

public struct AxisContentGroup: AxisContent { let parts: [any AxisContent] }

/// `AxisMarkPosition`.
public enum AxisMarkPosition: Hashable, Sendable { case automatic, leading, trailing, top, bottom }

/// `AxisMarkValues`: which values an axis marks.
public struct AxisMarkValues: Sendable {
    enum Kind: Sendable { case automatic(Int?), explicit([PlotValue]), stride(Calendar.Component, Int), numericStride(Double) }
    let kind: Kind
    public static let automatic = AxisMarkValues(kind: .automatic(nil))
    public static func automatic(desiredCount: Int? = nil, roundLowerBound: Bool? = nil, roundUpperBound: Bool? = nil) -> AxisMarkValues {
        AxisMarkValues(kind: .automatic(desiredCount))
    }
    public static func stride(by component: Calendar.Component, count: Int = 1, roundLowerBound: Bool? = nil, roundUpperBound: Bool? = nil, calendar: Calendar? = nil) -> AxisMarkValues {
        AxisMarkValues(kind: .stride(component, count))
    }
    public static func stride(by step: Double, roundLowerBound: Bool? = nil, roundUpperBound: Bool? = nil) -> AxisMarkValues {
        AxisMarkValues(kind: .numericStride(step))
    }
    public static func stride(by step: Int) -> AxisMarkValues { AxisMarkValues(kind: .numericStride(Double(step))) }
}

extension AxisMarkValues: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: any Plottable...) { kind = .explicit(elements.map(\._plotValue)) }
}

/// `AxisValue`: the value an axis mark stands at.
public struct AxisValue {
    public let index: Int
    public let count: Int
    let value: PlotValue
    public func `as`<P: Plottable>(_ type: P.Type) -> P? {
        switch value {
        case .number(let n): (n as? P) ?? (Int(exactly: n) as? P)
        case .date(let d): d as? P
        case .category(let s): s as? P
        }
    }
}

/// `AxisMarks`: where an axis puts its marks, and whether it labels them.
public struct AxisMarks: AxisContent {
    let position: AxisMarkPosition
    let values: AxisMarkValues
    var labelled = true
    var gridLines = true

    public init(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: AxisMarkValues = .automatic) {
        self.position = position
        self.values = values
    }

    public init(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: AxisMarkValues = .automatic,
                @AxisContentBuilder content: (AxisValue) -> some AxisContent) {
        self.init(preset: preset, position: position, values: values)
        let parts = (content(AxisValue(index: 0, count: 1, value: .number(0))) as? AxisContentGroup)?.parts ?? []
        labelled = parts.contains { $0 is AxisValueLabel }
        gridLines = parts.contains { $0 is AxisGridLine }
    }

    public init(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: [some Plottable]) {
        self.init(preset: preset, position: position, values: AxisMarkValues(kind: .explicit(values.map(\._plotValue))))
    }
}

public enum AxisMarkPreset: Hashable, Sendable { case automatic, extended, aligned, inset }

public struct AxisGridLine: AxisContent {
    public init(centered: Bool? = nil, stroke: StrokeStyle? = nil) {}
}

public struct AxisTick: AxisContent {
    public init(centered: Bool? = nil, length: CGFloat? = nil, stroke: StrokeStyle? = nil) {}
}

public struct AxisValueLabel: AxisContent {
    public init(centered: Bool? = nil, anchor: UnitPoint? = nil, multiLabelAlignment: Alignment? = nil, collisionResolution: AxisValueLabelCollisionResolution = .automatic,
                offsetsMarks: Bool? = nil, orientation: AxisValueLabelOrientation = .automatic, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil) {}
    public init<F: FormatStyle>(format: F, centered: Bool? = nil) {}
    public init<C: View>(centered: Bool? = nil, anchor: UnitPoint? = nil, @ViewBuilder content: () -> C) {}
}

public enum AxisValueLabelCollisionResolution: Hashable, Sendable { case automatic, truncate, greedy, disabled }
public enum AxisValueLabelOrientation: Hashable, Sendable { case automatic, horizontal, vertical, verticalReversed }

extension AxisContent {
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Self { self }
    public func font(_ font: Font?) -> Self { self }
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> Self { self }
}

/// `AnnotationOverflowResolution` and `AxisMarkValues` aside, the chart-level modifiers.
extension View {
    public func chartXAxis(_ visibility: Visibility) -> some View { transformEnvironment(\.chartOptions) { $0.xAxis = visibility } }
    public func chartYAxis(_ visibility: Visibility) -> some View { transformEnvironment(\.chartOptions) { $0.yAxis = visibility } }
    public func chartXAxis(@AxisContentBuilder content: () -> some AxisContent) -> some View {
        let marks = axisMarks(content())
        return transformEnvironment(\.chartOptions) { $0.xAxisMarks = marks }
    }
    public func chartYAxis(@AxisContentBuilder content: () -> some AxisContent) -> some View {
        let marks = axisMarks(content())
        return transformEnvironment(\.chartOptions) { $0.yAxisMarks = marks }
    }
    public func chartLegend(_ visibility: Visibility) -> some View { transformEnvironment(\.chartOptions) { $0.legend = visibility } }
    public func chartLegend(position: AnnotationPosition = .automatic, alignment: Alignment? = nil, spacing: CGFloat? = nil) -> some View {
        transformEnvironment(\.chartOptions) { $0.legendOnTop = position == .top || position == .topLeading || position == .topTrailing }
    }
    public func chartYScale<P: Plottable & Comparable>(domain: ClosedRange<P>, type: ScaleType? = nil) -> some View {
        let range = domain.lowerBound._plotValue.number.flatMap { lo in domain.upperBound._plotValue.number.map { lo...max(lo, $0) } }
        return transformEnvironment(\.chartOptions) { $0.yDomain = range }
    }
    public func chartXScale<P: Plottable & Comparable>(domain: ClosedRange<P>, type: ScaleType? = nil) -> some View {
        let range = domain.lowerBound._plotValue.number.flatMap { lo in domain.upperBound._plotValue.number.map { lo...max(lo, $0) } }
        return transformEnvironment(\.chartOptions) { $0.xDomain = range }
    }
    public func chartXScale(domain: [String], type: ScaleType? = nil) -> some View { transformEnvironment(\.chartOptions) { $0.xCategories = domain } }
    public func chartForegroundStyleScale<D: Plottable, S: ShapeStyle>(_ mapping: KeyValuePairs<D, S>) -> some View {
        let pairs = mapping.map { (Self.categoryName($0.key), $0.value._paint) }
        return transformEnvironment(\.chartOptions) { options in
            for (key, paint) in pairs { if case .color(let c) = paint { options.styleScale[key] = Color(_colorValue: c) } }
        }
    }
    public func chartForegroundStyleScale<D: Plottable, S: ShapeStyle>(domain: [D], range: [S], type: ScaleType? = nil) -> some View {
        let pairs = zip(domain, range).map { (Self.categoryName($0.0), $0.1._paint) }
        return transformEnvironment(\.chartOptions) { options in
            for (key, paint) in pairs { if case .color(let c) = paint { options.styleScale[key] = Color(_colorValue: c) } }
        }
    }
    public func chartPlotStyle<C: View>(@ViewBuilder content: @escaping (ChartPlotContent) -> C) -> some View {
        transformEnvironment(\.chartOptions) { $0.ignored.append("chartPlotStyle") }
    }
    public func chartBackground<C: View>(alignment: Alignment = .center, @ViewBuilder content: @escaping (ChartProxy) -> C) -> some View { self }
    public func chartOverlay<C: View>(alignment: Alignment = .center, @ViewBuilder content: @escaping (ChartProxy) -> C) -> some View { self }
    public func chartXSelection<P: Plottable>(value: Binding<P?>) -> some View { self }
    public func chartScrollableAxes(_ axes: Axis.Set) -> some View { self }

    private func axisMarks(_ content: some AxisContent) -> AxisMarks? {
        if let marks = content as? AxisMarks { return marks }
        return (content as? AxisContentGroup)?.parts.lazy.compactMap { $0 as? AxisMarks }.first
    }

    fileprivate static func categoryName<D: Plottable>(_ value: D) -> String {
        switch value._plotValue {
        case .category(let s): s
        case .number(let n): n.rounded() == n ? String(Int(n)) : String(n)
        case .date(let d): d.formatted(date: .abbreviated, time: .omitted)
        }
    }
}

/// `ScaleType`.
public enum ScaleType: Hashable, Sendable { case linear, log, squareRoot, date, category }

/// `ChartPlotContent` and `ChartProxy`: what plot-style and overlay closures get; not drawn here.
public struct ChartPlotContent: View {
    public var body: some View { EmptyView() }
}

public struct ChartProxy {
    public var plotSize: CGSize { .zero }
    public func value<P: Plottable>(atX x: CGFloat, as type: P.Type = P.self) -> P? { nil }
    public func position<P: Plottable>(forX value: P) -> CGFloat? { nil }
    public func position<P: Plottable>(forY value: P) -> CGFloat? { nil }
}
