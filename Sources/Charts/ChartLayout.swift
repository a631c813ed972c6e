import Foundation
import SwiftUI

/// A chart worked out for a size: the plot area, its gridlines, the marks as shapes, the axis
/// labels and the legend. Pure: the `Chart` view draws it with the DSL's shapes and text.
struct ChartDrawing {
    struct Shape {
        var path: Path
        var color: Color
        var stroke: StrokeStyle?
        var opacity: Double
    }

    struct Label {
        var text: String
        /// The label's top-leading corner, and its width when it is right-aligned in a column.
        var origin: CGPoint
        var width: CGFloat
        var alignment: Alignment
    }

    var plot: CGRect = .zero
    var grid: [Path] = []
    var shapes: [Shape] = []
    var labels: [Label] = []
    var legend: [(String, Color)] = []
}

/// How Charts lays a chart out by default, as Apple's documentation and renders show it: value
/// axis on the trailing edge, category or time axis at the bottom, light gridlines at 3 to 5
/// "nice" values including zero, bars 60 % of their band, the legend under the plot.
struct ChartLayout {
    static let palette: [Color] = [.blue, .green, .orange, .purple, .red, .cyan, .yellow, .brown, .pink, .indigo]
    static let labelFont: CGFloat = 10
    static let characterWidth: CGFloat = 5.6
    static let labelHeight: CGFloat = 13

    var marks: [MarkSpec]
    var options: ChartOptions

    func draw(in size: CGSize) -> ChartDrawing {
        var drawing = ChartDrawing()
        let categories = styleCategories()
        drawing.legend = categories.map { ($0, color(forCategory: $0)) }
        let showLegend = options.legend != .hidden && !categories.isEmpty
        if marks.contains(where: { $0.kind == .sector }) {
            drawSectors(in: size, legendHeight: showLegend ? Self.labelHeight + 4 : 0, into: &drawing)
            if !showLegend { drawing.legend = [] }
            return drawing
        }
        let yValues = stackedYValues()
        let xAxisHeight: CGFloat = options.xAxis == .hidden ? 0 : Self.labelHeight + 2
        let legendHeight: CGFloat = showLegend ? Self.labelHeight + 4 : 0
        // As many value ticks as fit with a label's height between them: 2 to 5.
        let plotHeight = size.height - xAxisHeight - legendHeight - 4
        let yScale = ValueScale(values: yValues, includeZero: true, fixed: options.yDomain,
                                desiredTicks: min(5, max(2, Int(plotHeight / (Self.labelHeight * 1.6)) + 1)))
        let xCategorical = marks.contains { if case .category = $0.x { true } else { false } }
        let yFormat = options.yAxisMarks?.labelFormat
        let yLabels = yScale.ticks.map { tick in yFormat.flatMap { $0(.number(tick)) } ?? Self.format(tick) }
        let yAxisWidth: CGFloat = options.yAxis == .hidden ? 0 : CGFloat(yLabels.map(\.count).max() ?? 0) * Self.characterWidth + 6
        let top: CGFloat = options.legendOnTop ? legendHeight : 0
        drawing.plot = CGRect(x: 0, y: top + 4, width: max(1, size.width - yAxisWidth), height: max(1, size.height - xAxisHeight - legendHeight - 4))
        if !showLegend { drawing.legend = [] }
        let plot = drawing.plot
        func y(_ v: Double) -> CGFloat { plot.maxY - CGFloat(yScale.fraction(v)) * plot.height }

        // Gridlines and value labels.
        if options.yAxis != .hidden {
            for (tick, label) in zip(yScale.ticks, yLabels) {
                drawing.grid.append(Path { $0.move(to: CGPoint(x: plot.minX, y: y(tick))); $0.addLine(to: CGPoint(x: plot.maxX, y: y(tick))) })
                drawing.labels.append(.init(text: label, origin: CGPoint(x: plot.maxX + 4, y: y(tick) - Self.labelHeight / 2), width: yAxisWidth - 4, alignment: .leading))
            }
        }
        let xPosition: (PlotValue) -> (center: CGFloat, band: CGFloat)?
        if xCategorical {
            let names = options.xCategories ?? orderedXCategories()
            let band = plot.width / CGFloat(max(1, names.count))
            xPosition = { value in
                guard case .category(let name) = value, let i = names.firstIndex(of: name) else { return nil }
                return (plot.minX + band * (CGFloat(i) + 0.5), band)
            }
            if options.xAxis != .hidden {
                for (i, name) in names.enumerated() {
                    let center = plot.minX + band * (CGFloat(i) + 0.5)
                    let width = CGFloat(name.count) * Self.characterWidth
                    drawing.labels.append(.init(text: name, origin: CGPoint(x: center - width / 2, y: plot.maxY + 2), width: width, alignment: .center))
                }
            }
        } else {
            let numbers = marks.flatMap { [$0.x, $0.xEnd].compactMap { $0?.number } }
            let xScale = ValueScale(values: numbers, includeZero: false, fixed: options.xDomain, desiredTicks: 4)
            let isDate = marks.contains { if case .date = $0.x { true } else { false } }
            let unitWidth = marks.compactMap(\.xUnit).first.map { Self.seconds(of: $0) } ?? 0
            let bandWidth = unitWidth > 0 ? CGFloat(unitWidth / max(1, xScale.span)) * plot.width : plot.width / CGFloat(max(1, Set(numbers).count))
            xPosition = { value in
                guard let n = value.number else { return nil }
                return (plot.minX + CGFloat(xScale.fraction(n + unitWidth / 2)) * plot.width, bandWidth)
            }
            if options.xAxis != .hidden {
                // `AxisMarks(values:)` puts the marks at its values (those in the domain); its
                // `AxisValueLabel(format:)` writes them.
                let axis = options.xAxisMarks
                let ticks = axis?.explicitValues.map { values in
                    values.compactMap(\.number).filter { $0 >= xScale.lower && $0 <= xScale.upper }
                } ?? xScale.ticks
                for tick in ticks {
                    let value: PlotValue = isDate ? .date(Date(timeIntervalSince1970: tick)) : .number(tick)
                    let text = axis?.labelFormat.flatMap { $0(value) } ?? (isDate ? Self.formatDate(tick, span: xScale.span) : Self.format(tick))
                    let x = plot.minX + CGFloat(xScale.fraction(tick)) * plot.width
                    let width = CGFloat(text.count) * Self.characterWidth
                    drawing.labels.append(.init(text: text, origin: CGPoint(x: x - width / 2, y: plot.maxY + 2), width: width, alignment: .center))
                }
            }
        }
        drawMarks(into: &drawing, x: xPosition, y: y)
        return drawing
    }

    // MARK: - Marks

    private func drawMarks(into drawing: inout ChartDrawing, x: (PlotValue) -> (center: CGFloat, band: CGFloat)?, y: (Double) -> CGFloat) {
        var stackTops: [String: Double] = [:]
        for mark in marks where mark.kind == .bar || mark.kind == .rectangle || mark.kind == .rule || mark.kind == .point {
            let color = color(for: mark)
            switch mark.kind {
            case .bar, .rectangle:
                guard let xValue = mark.x, let position = x(xValue), let value = mark.y?.number else { continue }
                let width = Self.length(mark.width, band: position.band, automatic: position.band * (mark.kind == .bar ? 0.6 : 1))
                var base = mark.yEnd != nil ? value : 0
                var top = mark.yEnd?.number ?? value
                if mark.yEnd == nil, mark.stacking == .standard, mark.styleCategory != nil || mark.series != nil {
                    let key = "\(xValue)"
                    base = stackTops[key, default: 0]
                    top = base + value
                    stackTops[key] = top
                }
                let rect = CGRect(x: position.center - width / 2, y: min(y(base), y(top)), width: width, height: abs(y(top) - y(base)))
                drawing.shapes.append(.init(path: Path(roundedRect: rect, cornerRadius: CGFloat(mark.cornerRadius)), color: color, stroke: nil, opacity: mark.opacity))
                if let note = mark.annotation {
                    let w = CGFloat(note.count) * Self.characterWidth
                    drawing.labels.append(.init(text: note, origin: CGPoint(x: position.center - w / 2, y: rect.minY - Self.labelHeight), width: w, alignment: .center))
                }
            case .rule:
                let stroke = StrokeStyle(lineWidth: CGFloat(mark.lineWidth ?? 1), dash: mark.dash.map { CGFloat($0) })
                if let value = mark.y?.number, mark.x == nil {
                    drawing.shapes.append(.init(path: Path { $0.move(to: CGPoint(x: drawing.plot.minX, y: y(value))); $0.addLine(to: CGPoint(x: drawing.plot.maxX, y: y(value))) },
                                                color: color, stroke: stroke, opacity: mark.opacity))
                } else if let xValue = mark.x, let position = x(xValue) {
                    let y0 = mark.y?.number.map(y) ?? drawing.plot.minY, y1 = mark.yEnd?.number.map(y) ?? drawing.plot.maxY
                    drawing.shapes.append(.init(path: Path { $0.move(to: CGPoint(x: position.center, y: y0)); $0.addLine(to: CGPoint(x: position.center, y: y1)) },
                                                color: color, stroke: stroke, opacity: mark.opacity))
                }
            case .point:
                guard let xValue = mark.x, let position = x(xValue), let value = mark.y?.number else { continue }
                let r = CGFloat((mark.symbolSize ?? 30).squareRoot()) / 2
                drawing.shapes.append(.init(path: Path(ellipseIn: CGRect(x: position.center - r, y: y(value) - r, width: 2 * r, height: 2 * r)),
                                            color: color, stroke: nil, opacity: mark.opacity))
            default:
                continue
            }
        }
        drawSeries(into: &drawing, x: x, y: y)
    }

    /// Lines and areas: one path per series (or per style category), through its points in x order.
    private func drawSeries(into drawing: inout ChartDrawing, x: (PlotValue) -> (center: CGFloat, band: CGFloat)?, y: (Double) -> CGFloat) {
        for kind in [MarkSpec.Kind.area, .line] {
            let ofKind = marks.filter { $0.kind == kind }
            var order: [String] = []
            var groups: [String: [MarkSpec]] = [:]
            for mark in ofKind {
                let key = mark.series ?? mark.styleCategory ?? ""
                if groups[key] == nil { order.append(key) }
                groups[key, default: []].append(mark)
            }
            for key in order {
                let group = groups[key] ?? []
                let points = group.compactMap { mark -> CGPoint? in
                    guard let xValue = mark.x, let position = x(xValue), let value = mark.y?.number else { return nil }
                    return CGPoint(x: position.center, y: y(value))
                }
                guard points.count > 0, let first = group.first else { continue }
                // A band (`yStart`/`yEnd`) runs along its ends and back along its starts; an area, down to zero.
                let tops = kind == .area && first.yEnd != nil ? group.compactMap { mark -> CGPoint? in
                    guard let xValue = mark.x, let position = x(xValue), let end = mark.yEnd?.number else { return nil }
                    return CGPoint(x: position.center, y: y(end))
                } : points
                guard !tops.isEmpty else { continue }
                var path = Self.curve(through: tops, method: first.interpolation)
                if kind == .area, first.yEnd != nil {
                    for point in points.reversed() { path.addLine(to: point) }
                    path.closeSubpath()
                    drawing.shapes.append(.init(path: path, color: color(for: first), stroke: nil, opacity: first.opacity * 0.6))
                } else if kind == .area, let last = points.last {
                    path.addLine(to: CGPoint(x: last.x, y: y(0)))
                    path.addLine(to: CGPoint(x: points[0].x, y: y(0)))
                    path.closeSubpath()
                    drawing.shapes.append(.init(path: path, color: color(for: first), stroke: nil, opacity: first.opacity * 0.6))
                } else {
                    drawing.shapes.append(.init(path: path, color: color(for: first), stroke: StrokeStyle(lineWidth: CGFloat(first.lineWidth ?? 2), lineCap: .round, lineJoin: .round,
                                                                                                        dash: first.dash.map { CGFloat($0) }), opacity: first.opacity))
                }
            }
        }
    }

    static func curve(through points: [CGPoint], method: InterpolationMethod) -> Path {
        var path = Path()
        path.move(to: points[0])
        for i in 1..<max(1, points.count) where points.count > 1 {
            let (p0, p1) = (points[i - 1], points[i])
            switch method.kind {
            case .linear: path.addLine(to: p1)
            case .stepStart:
                path.addLine(to: CGPoint(x: p0.x, y: p1.y)); path.addLine(to: p1)
            case .stepEnd:
                path.addLine(to: CGPoint(x: p1.x, y: p0.y)); path.addLine(to: p1)
            case .stepCenter:
                let mid = (p0.x + p1.x) / 2
                path.addLine(to: CGPoint(x: mid, y: p0.y)); path.addLine(to: CGPoint(x: mid, y: p1.y)); path.addLine(to: p1)
            case .smooth:
                // Catmull–Rom through the neighbours, as a cubic Bézier.
                let before = i >= 2 ? points[i - 2] : p0, after = i + 1 < points.count ? points[i + 1] : p1
                let c1 = CGPoint(x: p0.x + (p1.x - before.x) / 6, y: p0.y + (p1.y - before.y) / 6)
                let c2 = CGPoint(x: p1.x - (after.x - p0.x) / 6, y: p1.y - (after.y - p0.y) / 6)
                path.addCurve(to: p1, control1: c1, control2: c2)
            }
        }
        return path
    }

    private func drawSectors(in size: CGSize, legendHeight: CGFloat, into drawing: inout ChartDrawing) {
        let sectors = marks.filter { $0.kind == .sector }
        let total = sectors.compactMap(\.angle).reduce(0, +)
        guard total > 0 else { return }
        let side = min(size.width, size.height - legendHeight)
        let center = CGPoint(x: size.width / 2, y: (size.height - legendHeight) / 2 + (options.legendOnTop ? legendHeight : 0))
        let outer = side / 2
        drawing.plot = CGRect(x: center.x - outer, y: center.y - outer, width: side, height: side)
        var start = -Double.pi / 2
        for sector in sectors {
            let sweep = (sector.angle ?? 0) / total * 2 * .pi
            let inner = Self.length(sector.innerRadius, band: outer, automatic: 0)
            var path = Path()
            let steps = max(2, Int(sweep / (.pi / 36)))
            for s in 0...steps {
                let a = start + sweep * Double(s) / Double(steps)
                let p = CGPoint(x: center.x + outer * CGFloat(cos(a)), y: center.y + outer * CGFloat(sin(a)))
                if s == 0 { path.move(to: p) } else { path.addLine(to: p) }
            }
            for s in stride(from: steps, through: 0, by: -1) {
                let a = start + sweep * Double(s) / Double(steps)
                path.addLine(to: CGPoint(x: center.x + inner * CGFloat(cos(a)), y: center.y + inner * CGFloat(sin(a))))
            }
            path.closeSubpath()
            drawing.shapes.append(.init(path: path, color: color(for: sector), stroke: nil, opacity: sector.opacity))
            start += sweep
        }
    }

    // MARK: - Values and colours

    private func stackedYValues() -> [Double] {
        var sums: [String: Double] = [:]
        var values: [Double] = []
        for mark in marks {
            guard let y = mark.y?.number else { continue }
            values.append(y)
            if let end = mark.yEnd?.number { values.append(end) }
            if mark.kind == .bar, mark.yEnd == nil, mark.stacking == .standard, let x = mark.x, mark.styleCategory != nil || mark.series != nil {
                sums["\(x)", default: 0] += y
            }
        }
        return values + sums.values
    }

    private func orderedXCategories() -> [String] {
        var seen: [String] = []
        for mark in marks { if case .category(let name)? = mark.x, !seen.contains(name) { seen.append(name) } }
        return seen
    }

    private func styleCategories() -> [String] {
        var seen: [String] = []
        for mark in marks { if let c = mark.styleCategory, !seen.contains(c) { seen.append(c) } }
        return seen
    }

    func color(forCategory category: String) -> Color {
        if let mapped = options.styleScale[category] { return mapped }
        if let mapping = options.styleMapping, let value = marks.first(where: { $0.styleCategory == category })?.styleValue,
           let mapped = mapping(value) {
            return mapped
        }
        let index = styleCategories().firstIndex(of: category) ?? 0
        return Self.palette[index % Self.palette.count]
    }

    private func color(for mark: MarkSpec) -> Color {
        if let color = mark.color { return color }
        if let category = mark.styleCategory { return color(forCategory: category) }
        if mark.kind == .sector { return Self.palette[(marks.filter { $0.kind == .sector }.firstIndex { $0.angle == mark.angle } ?? 0) % Self.palette.count] }
        return .blue
    }

    static func length(_ dimension: MarkDimension, band: CGFloat, automatic: CGFloat) -> CGFloat {
        switch dimension.kind {
        case .automatic: automatic
        case .fixed(let v): CGFloat(v)
        case .ratio(let r): band * CGFloat(r)
        case .inset(let i): max(0, band - 2 * CGFloat(i))
        }
    }

    static func seconds(of unit: Calendar.Component) -> Double {
        switch unit {
        case .second: 1
        case .minute: 60
        case .hour: 3600
        case .day, .weekday: 86400
        case .weekOfYear, .weekOfMonth: 7 * 86400
        case .month: 30 * 86400
        case .year: 365 * 86400
        default: 86400
        }
    }

    static func format(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
        return String(format: "%g", value)
    }

    static func formatDate(_ seconds: Double, span: Double) -> String {
        let date = Date(timeIntervalSince1970: seconds)
        return span > 2 * 86400 ? date.formatted(.dateTime.month(.abbreviated).day()) : date.formatted(.dateTime.hour())
    }
}

/// A linear scale over values, with "nice" ticks (steps of 1, 2 or 5 × 10ⁿ).
struct ValueScale {
    let lower: Double
    let upper: Double
    let ticks: [Double]

    var span: Double { upper - lower }

    init(values: [Double], includeZero: Bool, fixed: ClosedRange<Double>?, desiredTicks: Int) {
        var lo = (values.min() ?? 0), hi = (values.max() ?? 1)
        if includeZero { lo = min(lo, 0); hi = max(hi, 0) }
        if let fixed { lo = fixed.lowerBound; hi = fixed.upperBound }
        if hi <= lo { hi = lo + 1 }
        let step = Self.niceStep((hi - lo) / Double(max(1, desiredTicks - 1)))
        if let fixed {
            lower = fixed.lowerBound
            upper = fixed.upperBound > fixed.lowerBound ? fixed.upperBound : fixed.lowerBound + 1
        } else {
            lower = (lo / step).rounded(.down) * step
            upper = (hi / step).rounded(.up) * step
        }
        var ticks: [Double] = []
        var t = (lower / step).rounded(.up) * step
        while t <= upper + step * 1e-9, ticks.count < 50 {
            ticks.append(abs(t) < step * 1e-9 ? 0 : t)
            t += step
        }
        self.ticks = ticks
    }

    func fraction(_ value: Double) -> Double { span == 0 ? 0 : (value - lower) / span }

    static func niceStep(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        let residual = raw / magnitude
        let nice: Double = residual <= 1 ? 1 : residual <= 2 ? 2 : residual <= 5 ? 5 : 10
        return nice * magnitude
    }
}
