import Foundation
import WidgetArchive

/// `Shape`: an outline. As a view it fills its frame with the foreground style; `.fill`, `.stroke` and
/// `.strokeBorder` choose the paint. The built-in shapes are drawn by the host natively (a circle stays
/// a circle at any size); a custom shape's `path(in:)` is evaluated in the extension for the frame
/// layout gives it (found as for `GeometryReader`) and archived as its outline.
public protocol Shape: View where Body == Never {
    nonisolated func path(in rect: CGRect) -> Path
    /// How the host draws this shape: natively, or (`kind == nil`) from `path(in:)`.
    nonisolated var _description: _ShapeDescription { get }
}

/// What a shape archives as.
public struct _ShapeDescription: Sendable {
    /// A built-in outline the host draws itself; `nil` for a custom `path(in:)`.
    package var kind: ShapeKind?
    package var trim: ClosedRange<Double>?
    /// What was done to the shape (`.inset(by:)`, `.rotation(_:)`, `.offset(x:y:)`…), innermost first:
    /// each wraps the shape's node, as the matching view modifier would.
    package var effects: [ViewModifierNode] = []
    package init(kind: ShapeKind?, trim: ClosedRange<Double>? = nil) {
        self.kind = kind
        self.trim = trim
    }

    /// The description with one more effect around the shape.
    func adding(_ effect: ViewModifierNode) -> _ShapeDescription {
        var copy = self
        copy.effects.append(effect)
        return copy
    }

    /// `node` wrapped in the effects.
    func wrapping(_ node: ViewNode) -> ViewNode { effects.reduce(node) { $0.modified($1) } }
}

nonisolated extension Shape {
    public var _description: _ShapeDescription { _ShapeDescription(kind: nil) }
    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) { ShapeArchiver.archive(self, into: &builder) { $0 } }

    public func fill<S: ShapeStyle>(_ content: S = HierarchicalShapeStyle.primary, style: FillStyle = FillStyle()) -> _ShapeView<Self> {
        _ShapeView(shape: self, fill: content._paint)
    }

    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> _ShapeView<Self> {
        _ShapeView(shape: self, fill: content._paint, lineWidth: Double(lineWidth))
    }

    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true) -> _ShapeView<Self> {
        _ShapeView(shape: self, fill: content._paint, lineWidth: Double(style.lineWidth), strokeStyle: style.value(inset: false))
    }

    /// `stroke(lineWidth:)`: a shape (iOS 17's `some Shape`), drawn in the foreground style.
    public func stroke(lineWidth: CGFloat = 1, antialiased: Bool = true) -> _StrokedShape<Self> {
        _StrokedShape(base: self, lineWidth: lineWidth)
    }

    public func stroke(style: StrokeStyle) -> _ShapeView<Self> {
        _ShapeView(shape: self, fill: .foreground(level: 0), lineWidth: Double(style.lineWidth), strokeStyle: style.value(inset: false))
    }

    /// `strokeBorder`: the stroke lies inside the outline.
    public func strokeBorder<S: ShapeStyle>(_ content: S = HierarchicalShapeStyle.primary, lineWidth: CGFloat = 1, antialiased: Bool = true) -> _ShapeView<Self> {
        _ShapeView(shape: self, fill: content._paint, lineWidth: Double(lineWidth), strokeStyle: StrokeStyleValue(inset: true))
    }

    public func strokeBorder<S: ShapeStyle>(_ content: S = HierarchicalShapeStyle.primary, style: StrokeStyle, antialiased: Bool = true) -> _ShapeView<Self> {
        _ShapeView(shape: self, fill: content._paint, lineWidth: Double(style.lineWidth), strokeStyle: style.value(inset: true))
    }

    public func strokeBorder(style: StrokeStyle, antialiased: Bool = true) -> _ShapeView<Self> {
        _ShapeView(shape: self, fill: .foreground(level: 0), lineWidth: Double(style.lineWidth), strokeStyle: style.value(inset: true))
    }

    /// `.trim(from:to:)`: part of the outline, from where the shape's path starts.
    public func trim(from start: CGFloat = 0, to end: CGFloat = 1) -> _TrimmedShape<Self> {
        _TrimmedShape(base: self, from: Double(start), to: Double(end))
    }
}

/// A shape with its paint chosen.
public nonisolated struct _ShapeView<S: Shape>: ShapeView {
    public let shape: S
    let fill: Paint
    var lineWidth: Double? = nil
    var strokeStyle: StrokeStyleValue? = nil

    init(shape: S, fill: Paint, lineWidth: Double? = nil, strokeStyle: StrokeStyleValue? = nil) {
        self.shape = shape
        self.fill = fill
        self.lineWidth = lineWidth
        self.strokeStyle = strokeStyle
    }

    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        // A custom insettable shape's border is its outline inset by half the line, stroked, as SwiftUI
        // defines `strokeBorder`; a built-in one keeps the inset stroke for the host.
        var outline: any Shape = shape
        var strokeStyle = self.strokeStyle
        if strokeStyle?.inset == true, shape._description.kind == nil, let insettable = shape as? any InsettableShape {
            outline = insettable.inset(by: CGFloat(lineWidth ?? 1) / 2)
            strokeStyle?.inset = false
        }
        ShapeArchiver.archive(AnyShape(outline), into: &builder) { node in
            var node = node
            node.fill = fill
            node.strokeWidth = lineWidth
            node.strokeStyle = strokeStyle
            return node
        }
    }
}

/// `.trim(from:to:)` on a shape.
public nonisolated struct _TrimmedShape<Base: Shape>: Shape {
    let base: Base
    let from: Double
    let to: Double
    public func path(in rect: CGRect) -> Path { base.path(in: rect) }
    public var _description: _ShapeDescription {
        var description = base._description
        description.trim = min(from, to)...max(from, to)
        return description
    }
}

/// Archives shapes: built-in ones as their kind, custom ones as their outline at the size layout gives
/// them (one layout pass later, as for `GeometryReader`).
enum ShapeArchiver {
    static func archive<S: Shape>(_ shape: S, into builder: inout _ArchiveBuilder, finish: (ShapeNode) -> ShapeNode) {
        let description = shape._description
        if let kind = description.kind {
            builder.append(description.wrapping(.shape(finish(ShapeNode(kind: kind, trim: description.trim)))))
            return
        }
        let geometry = builder.geometry
        let id = geometry.nextID()
        guard let frame = geometry.frame(of: id) else {
            geometry.unresolved += 1
            builder.append(description.wrapping(.modified(.shape(ShapeNode(kind: .rectangle, fill: .color(.system(.clear, opacity: 0)))),
                                                          .geometryProbe(id))))
            return
        }
        let local = CGRect(origin: .zero, size: frame.size)
        let outline = shape.path(in: local).value(reference: local.size)
        builder.append(description.wrapping(.shape(finish(ShapeNode(kind: .path(outline), trim: description.trim)))))
    }
}

/// `FillStyle`.
public struct FillStyle: Hashable, Sendable {
    public var isEOFilled: Bool
    public var isAntialiased: Bool
    public init(eoFill: Bool = false, antialiased: Bool = true) {
        isEOFilled = eoFill
        isAntialiased = antialiased
    }
}

/// `CGLineCap` and `CGLineJoin`, as CoreGraphics names them.
public enum CGLineCap: Int32, Hashable, Sendable { case butt, round, square }
public enum CGLineJoin: Int32, Hashable, Sendable { case miter, round, bevel }

/// `StrokeStyle`. Dashes are not drawn.
public struct StrokeStyle: Hashable, Sendable {
    public var lineWidth: CGFloat
    public var lineCap: CGLineCap
    public var lineJoin: CGLineJoin
    public var miterLimit: CGFloat
    public var dash: [CGFloat]
    public var dashPhase: CGFloat
    public init(lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: CGFloat = 10,
                dash: [CGFloat] = [], dashPhase: CGFloat = 0) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }

    func value(inset: Bool) -> StrokeStyleValue {
        StrokeStyleValue(cap: StrokeStyleValue.Cap(rawValue: UInt8(lineCap.rawValue)) ?? .butt,
                         join: StrokeStyleValue.Join(rawValue: UInt8(lineJoin.rawValue)) ?? .miter, inset: inset,
                         dash: archivedDash, dashPhase: dashPhase.isFinite ? Double(dashPhase) : 0)
    }

    /// The pattern as archived: a pattern with a negative or non-finite length draws solid, as it
    /// would not draw at all on the device, rather than make an archive the host refuses.
    private var archivedDash: [Double] {
        let lengths = dash.prefix(StrokeStyleValue.maximumDashCount).map { Double($0) }
        return lengths.allSatisfy { $0.isFinite && $0 >= 0 } ? lengths : []
    }
}

public nonisolated struct Rectangle: Shape, Sendable {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(rect) }
    public var _description: _ShapeDescription { _ShapeDescription(kind: .rectangle) }
}

/// `RoundedCornerStyle`.
public enum RoundedCornerStyle: Hashable, Sendable { case circular, continuous }

public nonisolated struct RoundedRectangle: Shape, Sendable {
    public var cornerSize: CGSize
    public var style: RoundedCornerStyle
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        self.cornerSize = CGSize(width: cornerRadius, height: cornerRadius)
        self.style = style
    }
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.cornerSize = cornerSize
        self.style = style
    }
    public var cornerRadius: CGFloat { min(cornerSize.width, cornerSize.height) }
    public func path(in rect: CGRect) -> Path { Path(roundedRect: rect, cornerRadius: cornerRadius, style: style) }
    public var _description: _ShapeDescription {
        _ShapeDescription(kind: .roundedRectangle(cornerRadius: Double(cornerRadius), continuous: style == .continuous))
    }
}

/// `UnevenRoundedRectangle` (iOS 17): each corner its own radius; archived as its outline.
public nonisolated struct UnevenRoundedRectangle: Shape, Sendable {
    public var cornerRadii: RectangleCornerRadii
    public var style: RoundedCornerStyle
    public init(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) {
        self.cornerRadii = cornerRadii
        self.style = style
    }
    public init(topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0,
                topTrailingRadius: CGFloat = 0, style: RoundedCornerStyle = .continuous) {
        self.init(cornerRadii: RectangleCornerRadii(topLeading: topLeadingRadius, bottomLeading: bottomLeadingRadius,
                                                    bottomTrailing: bottomTrailingRadius, topTrailing: topTrailingRadius), style: style)
    }
    public func path(in rect: CGRect) -> Path {
        var path = Path()
        path.addUnevenRoundedRect(in: rect, radii: cornerRadii)
        return path
    }
}

/// `RectangleCornerRadii`.
public struct RectangleCornerRadii: Hashable, Sendable {
    public var topLeading, bottomLeading, bottomTrailing, topTrailing: CGFloat
    public init(topLeading: CGFloat = 0, bottomLeading: CGFloat = 0, bottomTrailing: CGFloat = 0, topTrailing: CGFloat = 0) {
        self.topLeading = topLeading
        self.bottomLeading = bottomLeading
        self.bottomTrailing = bottomTrailing
        self.topTrailing = topTrailing
    }
}

public nonisolated struct Circle: Shape, Sendable {
    public init() {}
    public func path(in rect: CGRect) -> Path {
        let d = min(rect.width, rect.height)
        return Path(ellipseIn: CGRect(x: rect.midX - d / 2, y: rect.midY - d / 2, width: d, height: d))
    }
    public var _description: _ShapeDescription { _ShapeDescription(kind: .circle) }
}

public nonisolated struct Ellipse: Shape, Sendable {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect) }
    public var _description: _ShapeDescription { _ShapeDescription(kind: .ellipse) }
}

public nonisolated struct Capsule: Shape, Sendable {
    public var style: RoundedCornerStyle
    public init(style: RoundedCornerStyle = .continuous) { self.style = style }
    public func path(in rect: CGRect) -> Path { Path(roundedRect: rect, cornerRadius: min(rect.width, rect.height) / 2, style: .circular) }
    public var _description: _ShapeDescription { _ShapeDescription(kind: .capsule) }
}

/// `ContainerRelativeShape`: concentric with the widget's corners, resolved by the host.
public nonisolated struct ContainerRelativeShape: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(rect) }
    public var _description: _ShapeDescription { _ShapeDescription(kind: .containerRelative) }
}

/// `AnyShape`.
public nonisolated struct AnyShape: Shape {
    private let makePath: (CGRect) -> Path
    private let description: _ShapeDescription
    public init<S: Shape>(_ shape: S) {
        makePath = shape.path(in:)
        description = shape._description
    }
    public func path(in rect: CGRect) -> Path { makePath(rect) }
    public var _description: _ShapeDescription { description }
}

// The shapes as `in:` and `clipShape(_:)` arguments name them (`.rect(cornerRadius: 8)`, `.circle`).
nonisolated extension Shape where Self == Rectangle { public static var rect: Rectangle { Rectangle() } }
nonisolated extension Shape where Self == RoundedRectangle {
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
    public static func rect(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerSize: cornerSize, style: style)
    }
}
nonisolated extension Shape where Self == UnevenRoundedRectangle {
    public static func rect(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) -> UnevenRoundedRectangle {
        UnevenRoundedRectangle(cornerRadii: cornerRadii, style: style)
    }
    public static func rect(topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0,
                            topTrailingRadius: CGFloat = 0, style: RoundedCornerStyle = .continuous) -> UnevenRoundedRectangle {
        UnevenRoundedRectangle(topLeadingRadius: topLeadingRadius, bottomLeadingRadius: bottomLeadingRadius,
                               bottomTrailingRadius: bottomTrailingRadius, topTrailingRadius: topTrailingRadius, style: style)
    }
}
nonisolated extension Shape where Self == Circle { public static var circle: Circle { Circle() } }
nonisolated extension Shape where Self == Ellipse { public static var ellipse: Ellipse { Ellipse() } }
nonisolated extension Shape where Self == Capsule {
    public static var capsule: Capsule { Capsule() }
    public static func capsule(style: RoundedCornerStyle) -> Capsule { Capsule(style: style) }
}
nonisolated extension Shape where Self == ContainerRelativeShape { public static var containerRelative: ContainerRelativeShape { ContainerRelativeShape() } }
