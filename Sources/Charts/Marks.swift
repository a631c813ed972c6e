import Foundation
import SwiftUI

/// What a mark draws, whatever its kind: its values, and what its modifiers set.
struct MarkSpec {
    enum Kind: Hashable { case bar, line, area, point, rule, rectangle, sector }
    var kind: Kind
    var x: PlotValue?
    var y: PlotValue?
    var xEnd: PlotValue?
    var yEnd: PlotValue?
    var xUnit: Calendar.Component?
    var yUnit: Calendar.Component?
    var series: String?
    var angle: Double?
    var innerRadius: MarkDimension = .automatic
    var width: MarkDimension = .automatic
    var height: MarkDimension = .automatic
    var stacking: MarkStackingMethod = .standard
    var color: Color?
    var styleCategory: String?
    /// The value `foregroundStyle(by:)` was given, for a style scale's mapping closure.
    var styleValue: PlotValue?
    var symbolCategory: String?
    var interpolation: InterpolationMethod = .linear
    var lineWidth: Double?
    var dash: [Double] = []
    var cornerRadius: Double = 0
    var opacity: Double = 1
    var symbolSize: Double?
    var annotation: String?
    var xLabel: String = ""
    var yLabel: String = ""

    init(kind: Kind) { self.kind = kind }
}

/// Marks met while a chart's content is evaluated: each mark, as a view, adds itself here and
/// archives nothing of its own.
// `@unchecked Sendable`: a collector lives for one evaluation of a chart's content, on the thread
// that evaluates it; the task-local value never crosses threads.
final class MarkCollector: @unchecked Sendable {
    @TaskLocal static var current: MarkCollector?
    var marks: [MarkSpec] = []
}

/// What every mark type shares: the modifiers marks take, each returning the same mark.
public protocol ChartMark: View {
    var _spec: MarkSpecBox { get set }
}

/// The mark's description, boxed so that mark types can keep it without exposing its layout.
public struct MarkSpecBox {
    var spec: MarkSpec
}

nonisolated extension ChartMark {
    public var body: Never { primitiveBody(Self.self) }

    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        MarkCollector.current?.marks.append(_spec.spec)
    }

    private func with(_ change: (inout MarkSpec) -> Void) -> Self {
        var copy = self
        change(&copy._spec.spec)
        return copy
    }

    public func foregroundStyle(_ color: Color) -> Self { with { $0.color = color } }
    /// A colour, or a gradient drawn in its first colour (marks are drawn in one colour).
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Self {
        with { spec in
            switch style._paint {
            case .color(let value): spec.color = Color(_colorValue: value)
            case .linearGradient(let stops, _, _): spec.color = stops.first.map { Color(_colorValue: $0.color) }
            case .foreground, .material: break
            }
        }
    }
    public func foregroundStyle<D: Plottable>(by value: PlottableValue<D>) -> Self {
        with {
            $0.styleCategory = Self.category(value.value)
            $0.styleValue = value.value
        }
    }
    public func symbol<D: Plottable>(by value: PlottableValue<D>) -> Self { with { $0.symbolCategory = Self.category(value.value) } }
    public func symbol<S: ChartSymbolShape>(_ symbol: S) -> Self { self }
    /// `.symbol(Circle())`: SwiftUI's shapes serve as symbols too. Points are drawn as circles.
    @_disfavoredOverload
    public func symbol<S: Shape>(_ symbol: S) -> Self { self }
    /// `.symbol { view }`: a view as the symbol; points are drawn as circles.
    public func symbol<V: View>(@ViewBuilder symbol: () -> V) -> Self { self }
    public func symbolSize(_ size: CGFloat) -> Self { with { $0.symbolSize = Double(size) } }
    public func symbolSize(_ size: CGSize) -> Self { with { $0.symbolSize = Double(size.width * size.height) } }
    public func interpolationMethod(_ method: InterpolationMethod) -> Self { with { $0.interpolation = method } }
    public func lineStyle(_ style: StrokeStyle) -> Self { with { $0.lineWidth = Double(style.lineWidth); $0.dash = style.dash.map(Double.init) } }
    public func cornerRadius(_ radius: CGFloat, style: RoundedCornerStyle = .continuous) -> Self { with { $0.cornerRadius = Double(radius) } }
    public func opacity(_ opacity: Double) -> Self { with { $0.opacity = opacity } }
    public func position<P: Plottable>(by value: PlottableValue<P>, axis: Axis? = nil, span: MarkDimension = .automatic) -> Self {
        with { $0.series = Self.category(value.value) }
    }
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> Self { self }
    public func alignsMarkStylesWithPlotArea(_ aligns: Bool = true) -> Self { self }
    public func accessibilityLabel(_ label: Text) -> Self { self }
    public func accessibilityValue(_ value: Text) -> Self { self }
    public func accessibilityLabel(_ label: String) -> Self { self }

    /// `.annotation(position:alignment:spacing:content:)`: its text is drawn beside the mark.
    public func annotation<C: View>(position: AnnotationPosition = .automatic, alignment: Alignment = .center, spacing: CGFloat? = nil,
                                    @ViewBuilder content: () -> C) -> Self {
        let (node, _) = ViewArchiver.archive(content(), environment: EnvironmentValues.current, locate: nil)
        var texts: [String] = []
        node.forEachNode { node in
            guard case .text(let t) = node else { return }
            texts.append(t.runs.compactMap { run in if case .literal(let s) = run.content { s } else { nil } }.joined())
        }
        return with { $0.annotation = texts.joined(separator: " ") }
    }

    static func category(_ value: PlotValue) -> String {
        switch value {
        case .category(let s): s
        case .number(let n): n.rounded() == n ? String(Int(n)) : String(n)
        case .date(let d): d.formatted(date: .abbreviated, time: .omitted)
        }
    }
}

/// `AnnotationPosition`.
public enum AnnotationPosition: Hashable, Sendable { case automatic, top, bottom, leading, trailing, overlay, topLeading, topTrailing, bottomLeading, bottomTrailing }

/// `ChartSymbolShape` and the symbols Charts offers: points are drawn as circles whatever the shape.
public protocol ChartSymbolShape {}
public struct BasicChartSymbolShape: ChartSymbolShape, Sendable {
    public static let circle = BasicChartSymbolShape()
    public static let square = BasicChartSymbolShape()
    public static let triangle = BasicChartSymbolShape()
    public static let diamond = BasicChartSymbolShape()
    public static let pentagon = BasicChartSymbolShape()
    public static let plus = BasicChartSymbolShape()
    public static let cross = BasicChartSymbolShape()
    public static let asterisk = BasicChartSymbolShape()
}
extension ChartSymbolShape where Self == BasicChartSymbolShape {
    public static var circle: BasicChartSymbolShape { .circle }
    public static var square: BasicChartSymbolShape { .square }
    public static var triangle: BasicChartSymbolShape { .triangle }
    public static var diamond: BasicChartSymbolShape { .diamond }
}

private func spec<X: Plottable, Y: Plottable>(_ kind: MarkSpec.Kind, x: PlottableValue<X>?, y: PlottableValue<Y>?) -> MarkSpecBox {
    var s = MarkSpec(kind: kind)
    s.x = x?.value
    s.y = y?.value
    s.xUnit = x?.unit
    s.yUnit = y?.unit
    s.xLabel = x?.label ?? ""
    s.yLabel = y?.label ?? ""
    return MarkSpecBox(spec: s)
}

/// `BarMark`.
public nonisolated struct BarMark: ChartMark {
    public var _spec: MarkSpecBox
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, width: MarkDimension = .automatic, height: MarkDimension = .automatic,
                                            stacking: MarkStackingMethod = .standard) {
        _spec = spec(.bar, x: x, y: y)
        _spec.spec.width = width
        _spec.spec.height = height
        _spec.spec.stacking = stacking
    }
    public init<X: Plottable, Y: Plottable>(xStart: PlottableValue<X>, xEnd: PlottableValue<X>, y: PlottableValue<Y>, height: MarkDimension = .automatic) {
        _spec = spec(.bar, x: xStart, y: y)
        _spec.spec.xEnd = xEnd.value
        _spec.spec.height = height
    }
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>, width: MarkDimension = .automatic) {
        _spec = spec(.bar, x: x, y: yStart)
        _spec.spec.yEnd = yEnd.value
        _spec.spec.width = width
    }
}

/// `LineMark`.
public nonisolated struct LineMark: ChartMark {
    public var _spec: MarkSpecBox
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) { _spec = spec(.line, x: x, y: y) }
    public init<X: Plottable, Y: Plottable, S: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, series: PlottableValue<S>) {
        _spec = spec(.line, x: x, y: y)
        _spec.spec.series = Self.category(series.value)
    }
}

/// `AreaMark`.
public nonisolated struct AreaMark: ChartMark {
    public var _spec: MarkSpecBox
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, stacking: MarkStackingMethod = .standard) {
        _spec = spec(.area, x: x, y: y)
        _spec.spec.stacking = stacking
    }
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>) {
        _spec = spec(.area, x: x, y: yStart)
        _spec.spec.yEnd = yEnd.value
    }
    public init<X: Plottable, Y: Plottable, S: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, series: PlottableValue<S>, stacking: MarkStackingMethod = .standard) {
        _spec = spec(.area, x: x, y: y)
        _spec.spec.series = Self.category(series.value)
    }
    /// `AreaMark(x:yStart:yEnd:series:)`: a band between two values, one region per series.
    public init<X: Plottable, Y: Plottable, S: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>,
                                                          series: PlottableValue<S>) {
        _spec = spec(.area, x: x, y: yStart)
        _spec.spec.yEnd = yEnd.value
        _spec.spec.series = Self.category(series.value)
    }
}

/// `PointMark`.
public nonisolated struct PointMark: ChartMark {
    public var _spec: MarkSpecBox
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) { _spec = spec(.point, x: x, y: y) }
}

/// `RuleMark`: a line across the plot at a value, or between two.
public nonisolated struct RuleMark: ChartMark {
    public var _spec: MarkSpecBox
    public init<Y: Plottable>(y: PlottableValue<Y>) { _spec = spec(.rule, x: Optional<PlottableValue<Double>>.none, y: y) }
    public init<X: Plottable>(x: PlottableValue<X>) { _spec = spec(.rule, x: x, y: Optional<PlottableValue<Double>>.none) }
    public init<X: Plottable, Y: Plottable>(xStart: PlottableValue<X>, xEnd: PlottableValue<X>, y: PlottableValue<Y>) {
        _spec = spec(.rule, x: xStart, y: y)
        _spec.spec.xEnd = xEnd.value
    }
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>) {
        _spec = spec(.rule, x: x, y: yStart)
        _spec.spec.yEnd = yEnd.value
    }
}

/// `RectangleMark`.
public nonisolated struct RectangleMark: ChartMark {
    public var _spec: MarkSpecBox
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, width: MarkDimension = .automatic, height: MarkDimension = .automatic) {
        _spec = spec(.rectangle, x: x, y: y)
        _spec.spec.width = width
        _spec.spec.height = height
    }
    public init<X: Plottable, Y: Plottable>(xStart: PlottableValue<X>, xEnd: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>) {
        _spec = spec(.rectangle, x: xStart, y: yStart)
        _spec.spec.xEnd = xEnd.value
        _spec.spec.yEnd = yEnd.value
    }
}

/// `SectorMark` (iOS 17): a pie or donut slice.
public nonisolated struct SectorMark: ChartMark {
    public var _spec: MarkSpecBox
    public init<V: Plottable>(angle: PlottableValue<V>, innerRadius: MarkDimension = .automatic, outerRadius: MarkDimension = .automatic,
                              angularInset: CGFloat? = nil) {
        _spec = MarkSpecBox(spec: MarkSpec(kind: .sector))
        _spec.spec.angle = angle.value.number
        _spec.spec.innerRadius = innerRadius
    }
}
