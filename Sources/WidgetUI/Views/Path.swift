import CoreGraphics
import Foundation
import WidgetArchive

/// `Path`: an outline of lines and curves in points. As a shape it is its own outline wherever it is
/// drawn (SwiftUI draws a `Path` view at the coordinates it was built with).
public nonisolated struct Path: Shape, Hashable, Sendable {
    enum Element: Hashable, Sendable {
        case move(CGPoint)
        case line(CGPoint)
        case quad(CGPoint, control: CGPoint)
        case cubic(CGPoint, control1: CGPoint, control2: CGPoint)
        case close
    }

    private(set) var elements: [Element] = []

    public init() {}
    public init(_ build: (inout Path) -> Void) { build(&self) }
    public init(_ rect: CGRect) { addRect(rect) }
    public init(ellipseIn rect: CGRect) { addEllipse(in: rect) }
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        addRoundedRect(in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }
    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        addRoundedRect(in: rect, cornerSize: cornerSize, style: style)
    }

    public func path(in rect: CGRect) -> Path { self }

    public var isEmpty: Bool { elements.isEmpty }

    /// Where the next segment starts.
    public var currentPoint: CGPoint? {
        for element in elements.reversed() {
            switch element {
            case .move(let p), .line(let p), .quad(let p, _), .cubic(let p, _, _): return p
            case .close: continue
            }
        }
        return nil
    }

    /// The smallest rectangle containing every point and control point.
    public var boundingRect: CGRect {
        var points: [CGPoint] = []
        for element in elements {
            switch element {
            case .move(let p), .line(let p): points.append(p)
            case .quad(let p, let c): points += [p, c]
            case .cubic(let p, let c1, let c2): points += [p, c1, c2]
            case .close: break
            }
        }
        guard let first = points.first else { return .null }
        var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
        for p in points {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public mutating func move(to point: CGPoint) { elements.append(.move(point)) }
    public mutating func addLine(to point: CGPoint) { elements.append(.line(point)) }
    public mutating func addLines(_ points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { addLine(to: p) }
    }
    public mutating func addQuadCurve(to point: CGPoint, control: CGPoint) { elements.append(.quad(point, control: control)) }
    public mutating func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        elements.append(.cubic(point, control1: control1, control2: control2))
    }
    public mutating func closeSubpath() { elements.append(.close) }
    public mutating func addPath(_ path: Path) { elements += path.elements }

    public mutating func addRect(_ rect: CGRect) {
        move(to: CGPoint(x: rect.minX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        closeSubpath()
    }

    public mutating func addRects(_ rects: [CGRect]) { rects.forEach { addRect($0) } }

    public mutating func addEllipse(in rect: CGRect) {
        let (cx, cy, rx, ry) = (rect.midX, rect.midY, rect.width / 2, rect.height / 2)
        let k = 0.5522847498
        move(to: CGPoint(x: cx + rx, y: cy))
        addCurve(to: CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + ry * k), control2: CGPoint(x: cx + rx * k, y: cy + ry))
        addCurve(to: CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - rx * k, y: cy + ry), control2: CGPoint(x: cx - rx, y: cy + ry * k))
        addCurve(to: CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - ry * k), control2: CGPoint(x: cx - rx * k, y: cy - ry))
        addCurve(to: CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + rx * k, y: cy - ry), control2: CGPoint(x: cx + rx, y: cy - ry * k))
        closeSubpath()
    }

    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        let r = min(cornerSize.width, cornerSize.height)
        addUnevenRoundedRect(in: rect, radii: RectangleCornerRadii(topLeading: r, bottomLeading: r, bottomTrailing: r, topTrailing: r))
    }

    mutating func addUnevenRoundedRect(in rect: CGRect, radii: RectangleCornerRadii) {
        let limit = min(rect.width, rect.height) / 2
        func clamp(_ v: CGFloat) -> CGFloat { max(0, min(v, limit)) }
        let (tl, tr, br, bl) = (clamp(radii.topLeading), clamp(radii.topTrailing), clamp(radii.bottomTrailing), clamp(radii.bottomLeading))
        let k = 0.4477
        move(to: CGPoint(x: rect.minX + tl, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX - tr, y: rect.minY))
        addCurve(to: CGPoint(x: rect.maxX, y: rect.minY + tr), control1: CGPoint(x: rect.maxX - tr * k, y: rect.minY),
                 control2: CGPoint(x: rect.maxX, y: rect.minY + tr * k))
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - br))
        addCurve(to: CGPoint(x: rect.maxX - br, y: rect.maxY), control1: CGPoint(x: rect.maxX, y: rect.maxY - br * k),
                 control2: CGPoint(x: rect.maxX - br * k, y: rect.maxY))
        addLine(to: CGPoint(x: rect.minX + bl, y: rect.maxY))
        addCurve(to: CGPoint(x: rect.minX, y: rect.maxY - bl), control1: CGPoint(x: rect.minX + bl * k, y: rect.maxY),
                 control2: CGPoint(x: rect.minX, y: rect.maxY - bl * k))
        addLine(to: CGPoint(x: rect.minX, y: rect.minY + tl))
        addCurve(to: CGPoint(x: rect.minX + tl, y: rect.minY), control1: CGPoint(x: rect.minX, y: rect.minY + tl * k),
                 control2: CGPoint(x: rect.minX + tl * k, y: rect.minY))
        closeSubpath()
    }

    /// `addArc(center:radius:startAngle:endAngle:clockwise:)`. Angles grow from the +x axis towards
    /// +y, which is down on screen, so `clockwise: false` sweeps the way a clock's hands turn, as in
    /// SwiftUI. Drawn as cubic pieces of at most a quarter turn.
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool,
                                transform: CGAffineTransform = .identity) {
        var sweep = endAngle.radians - startAngle.radians
        guard sweep.isFinite else { return }
        if abs(sweep) > 4 * .pi { sweep = sweep.truncatingRemainder(dividingBy: 2 * .pi) }
        if clockwise { while sweep > 0 { sweep -= 2 * .pi } } else { while sweep < 0 { sweep += 2 * .pi } }
        addArc(center: center, radius: radius, from: startAngle.radians, sweep: sweep, transform: transform)
    }

    /// `addRelativeArc(center:radius:startAngle:delta:transform:)`: an arc from `startAngle` turning by
    /// `delta` (a positive delta turns the way `addArc(…clockwise: false)` does), joined to the path by a
    /// line from the current point.
    public mutating func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: Angle, delta: Angle,
                                        transform: CGAffineTransform = .identity) {
        addArc(center: center, radius: radius, from: startAngle.radians, sweep: delta.radians, transform: transform)
    }

    /// The path with every point (and control point) through `transform`.
    public func applying(_ transform: CGAffineTransform) -> Path {
        var moved = Path()
        moved.elements = elements.map { element in
            switch element {
            case .move(let p): .move(p.applying(transform))
            case .line(let p): .line(p.applying(transform))
            case .quad(let p, let c): .quad(p.applying(transform), control: c.applying(transform))
            case .cubic(let p, let c1, let c2): .cubic(p.applying(transform), control1: c1.applying(transform), control2: c2.applying(transform))
            case .close: .close
            }
        }
        return moved
    }

    /// An arc of at most a full turn, drawn as cubic pieces of at most a quarter turn, each point
    /// through `transform` (an affine map keeps a Bézier piece a Bézier piece of its control points).
    private mutating func addArc(center: CGPoint, radius: CGFloat, from startAngle: Double, sweep: Double, transform: CGAffineTransform) {
        let sweep = sweep.isFinite ? max(-2 * .pi, min(2 * .pi, sweep)) : 0
        func point(_ a: Double) -> CGPoint { CGPoint(x: center.x + radius * cos(a), y: center.y + radius * sin(a)) }
        let start = point(startAngle).applying(transform)
        if currentPoint == nil { move(to: start) } else { addLine(to: start) }
        let pieces = max(1, Int((abs(sweep) / (.pi / 2)).rounded(.up)))
        let step = sweep / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        var a = startAngle
        for _ in 0..<pieces {
            let b = a + step
            let (p0, p3) = (point(a), point(b))
            let c1 = CGPoint(x: p0.x - k * radius * sin(a), y: p0.y + k * radius * cos(a))
            let c2 = CGPoint(x: p3.x + k * radius * sin(b), y: p3.y - k * radius * cos(b))
            addCurve(to: p3.applying(transform), control1: c1.applying(transform), control2: c2.applying(transform))
            a = b
        }
    }

    /// The outline as the archive stores it.
    func value(reference size: CGSize) -> PathValue {
        func d(_ v: CGFloat) -> Double { Double(v) }
        return PathValue(elements: elements.map { element in
            switch element {
            case .move(let p): .move(x: d(p.x), y: d(p.y))
            case .line(let p): .line(x: d(p.x), y: d(p.y))
            case .quad(let p, let c): .quad(x: d(p.x), y: d(p.y), cx: d(c.x), cy: d(c.y))
            case .cubic(let p, let c1, let c2): .cubic(x: d(p.x), y: d(p.y), c1x: d(c1.x), c1y: d(c1.y), c2x: d(c2.x), c2y: d(c2.y))
            case .close: .close
            }
        }, referenceWidth: Double(size.width), referenceHeight: Double(size.height))
    }
}


