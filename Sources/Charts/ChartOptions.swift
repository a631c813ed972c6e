import Foundation
import SwiftUI

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
    /// `chartForegroundStyleScale(mapping:)`: the colour for a `foregroundStyle(by:)` value.
    var styleMapping: ((PlotValue) -> Color?)?
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

public struct AxisContentGroup: AxisContent {
    let parts: [any AxisContent]

    /// The parts, with those of nested groups (an `if` in the builder) in their place.
    var flattened: [any AxisContent] { parts.flatMap { ($0 as? AxisContentGroup)?.flattened ?? [$0] } }
}

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
    public func `as`<P: Plottable>(_ type: P.Type) -> P? { value.as(type) }
}

/// `AxisMarks`: where an axis puts its marks, at which values, whether it labels them and how.
public struct AxisMarks: AxisContent {
    let position: AxisMarkPosition
    let values: AxisMarkValues
    var labelled = true
    var gridLines = true
    /// `AxisValueLabel(format:)`: how the labels write their values.
    var labelFormat: ((PlotValue) -> String?)?

    public init(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: AxisMarkValues = .automatic,
                stroke: StrokeStyle? = nil) {
        self.position = position
        self.values = values
    }

    public init(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: AxisMarkValues = .automatic,
                @AxisContentBuilder content: (AxisValue) -> some AxisContent) {
        self.init(preset: preset, position: position, values: values)
        let made = content(AxisValue(index: 0, count: 1, value: .number(0)))
        let parts = (made as? AxisContentGroup)?.flattened ?? [made]
        labelled = parts.contains { $0 is AxisValueLabel }
        gridLines = parts.contains { $0 is AxisGridLine }
        labelFormat = parts.lazy.compactMap { ($0 as? AxisValueLabel)?.format }.first
    }

    /// `AxisMarks(values:) { AxisGridLine() }`: content that does not read the value.
    public init(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: AxisMarkValues = .automatic,
                @AxisContentBuilder content: () -> some AxisContent) {
        self.init(preset: preset, position: position, values: values) { _ in content() }
    }

    /// The same, at the values given.
    public init(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: [some Plottable],
                @AxisContentBuilder content: () -> some AxisContent) {
        self.init(preset: preset, position: position, values: values) { _ in content() }
    }

    public init(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: [some Plottable], stroke: StrokeStyle? = nil) {
        self.init(preset: preset, position: position, values: AxisMarkValues(kind: .explicit(values.map(\._plotValue))))
    }

    /// `AxisMarks(values: dates) { value in … }`: marks at the values given, with the content written.
    public init(preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: [some Plottable],
                @AxisContentBuilder content: (AxisValue) -> some AxisContent) {
        self.init(preset: preset, position: position, values: AxisMarkValues(kind: .explicit(values.map(\._plotValue))), content: content)
    }

    /// `AxisMarks(format:…)`: the default marks, labelled in a format.
    public init<F: FormatStyle>(format: F, preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic,
                                values: AxisMarkValues = .automatic, stroke: StrokeStyle? = nil) where F.FormatInput: Plottable, F.FormatOutput == String {
        self.init(preset: preset, position: position, values: values)
        labelFormat = AxisValueLabel.formatting(format)
    }

    /// The explicit values, when the marks were given them.
    var explicitValues: [PlotValue]? {
        if case .explicit(let values) = values.kind { return values }
        return nil
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
    /// The format the label writes its value in, if given one.
    let format: ((PlotValue) -> String?)?

    public init(centered: Bool? = nil, anchor: UnitPoint? = nil, multiLabelAlignment: Alignment? = nil, collisionResolution: AxisValueLabelCollisionResolution = .automatic,
                offsetsMarks: Bool? = nil, orientation: AxisValueLabelOrientation = .automatic, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil) {
        format = nil
    }
    /// `AxisValueLabel(format:…)`: the value written in a format (`.dateTime.hour()`).
    public init<F: FormatStyle>(format: F, centered: Bool? = nil, anchor: UnitPoint? = nil, multiLabelAlignment: Alignment? = nil,
                                collisionResolution: AxisValueLabelCollisionResolution = .automatic, offsetsMarks: Bool? = nil,
                                orientation: AxisValueLabelOrientation = .automatic, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil)
    where F.FormatInput: Plottable, F.FormatOutput == String {
        self.format = Self.formatting(format)
    }
    public init<C: View>(centered: Bool? = nil, anchor: UnitPoint? = nil, multiLabelAlignment: Alignment? = nil,
                         collisionResolution: AxisValueLabelCollisionResolution = .automatic, offsetsMarks: Bool? = nil,
                         orientation: AxisValueLabelOrientation = .automatic, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
                         @ViewBuilder content: () -> C) {
        format = nil
    }

    static func formatting<F: FormatStyle>(_ format: F) -> (PlotValue) -> String? where F.FormatInput: Plottable, F.FormatOutput == String {
        { value in value.as(F.FormatInput.self).map { format.format($0) } }
    }
}

public enum AxisValueLabelCollisionResolution: Hashable, Sendable { case automatic, truncate, greedy, disabled }
public enum AxisValueLabelOrientation: Hashable, Sendable { case automatic, horizontal, vertical, verticalReversed }

extension AxisContent {
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Self { self }
    public func font(_ font: Font?) -> Self { self }
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> Self { self }
}

/// `AnnotationOverflowResolution` and `AxisMarkValues` aside, the chart-level modifiers.
nonisolated extension View {
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
    /// `chartForegroundStyleScale(mapping:)`: each `foregroundStyle(by:)` value's style, from a closure.
    public func chartForegroundStyleScale<DataValue: Plottable, S: ShapeStyle>(mapping: @escaping (DataValue) -> S) -> some View {
        transformEnvironment(\.chartOptions) { options in
            options.styleMapping = { value in value.as(DataValue.self).flatMap { Self.color(of: mapping($0)) } }
        }
    }
    /// `chartForegroundStyleScale(domain:mapping:)`.
    public func chartForegroundStyleScale<Domain: Collection, S: ShapeStyle>(domain: Domain, mapping: @escaping (Domain.Element) -> S) -> some View
    where Domain.Element: Plottable {
        chartForegroundStyleScale(mapping: mapping)
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

    /// A style's colour: a colour as it is, a gradient by its first colour (a mark is drawn in one).
    fileprivate static func color<S: ShapeStyle>(of style: S) -> Color? {
        switch style._paint {
        case .color(let c): Color(_colorValue: c)
        case .linearGradient(let stops, _, _): stops.first.map { Color(_colorValue: $0.color) }
        case .foreground, .material: nil
        }
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
public nonisolated struct ChartPlotContent: View {
    public var body: some View { EmptyView() }
}

public struct ChartProxy {
    public var plotSize: CGSize { .zero }
    public func value<P: Plottable>(atX x: CGFloat, as type: P.Type = P.self) -> P? { nil }
    public func position<P: Plottable>(forX value: P) -> CGFloat? { nil }
    public func position<P: Plottable>(forY value: P) -> CGFloat? { nil }
}
