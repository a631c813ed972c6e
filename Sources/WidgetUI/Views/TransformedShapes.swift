import Foundation
import WidgetArchive

/// `RotatedShape`: a shape drawn rotated about an anchor, as `.rotationEffect` draws a view (its frame
/// is unchanged).
public nonisolated struct RotatedShape<Content: Shape>: Shape {
    public var shape: Content
    public var angle: Angle
    public var anchor: UnitPoint
    public init(shape: Content, angle: Angle, anchor: UnitPoint = .center) {
        self.shape = shape
        self.angle = angle
        self.anchor = anchor
    }
    public func path(in rect: CGRect) -> Path { shape.path(in: rect) }
    public var _description: _ShapeDescription {
        shape._description.adding(.transform(TransformValue(rotation: angle.degrees, anchor: anchor.value)))
    }
}

/// `ScaledShape`: a shape drawn scaled about an anchor, as `.scaleEffect` draws a view.
public nonisolated struct ScaledShape<Content: Shape>: Shape {
    public var shape: Content
    public var scale: CGSize
    public var anchor: UnitPoint
    public init(shape: Content, scale: CGSize, anchor: UnitPoint = .center) {
        self.shape = shape
        self.scale = scale
        self.anchor = anchor
    }
    public func path(in rect: CGRect) -> Path { shape.path(in: rect) }
    public var _description: _ShapeDescription {
        shape._description.adding(.transform(TransformValue(scaleX: Double(scale.width), scaleY: Double(scale.height), anchor: anchor.value)))
    }
}

/// `OffsetShape`: a shape drawn moved, as `.offset` draws a view.
public nonisolated struct OffsetShape<Content: Shape>: Shape {
    public var shape: Content
    public var offset: CGSize
    public init(shape: Content, offset: CGSize) {
        self.shape = shape
        self.offset = offset
    }
    public func path(in rect: CGRect) -> Path { shape.path(in: rect) }
    public var _description: _ShapeDescription {
        shape._description.adding(.offset(x: Double(offset.width), y: Double(offset.height)))
    }
}

// Transformed insettable shapes stay insettable: the inset applies to the shape inside.
extension RotatedShape: InsettableShape where Content: InsettableShape {
    public func inset(by amount: CGFloat) -> RotatedShape<Content.InsetShape> {
        RotatedShape<Content.InsetShape>(shape: shape.inset(by: amount), angle: angle, anchor: anchor)
    }
}

extension ScaledShape: InsettableShape where Content: InsettableShape {
    public func inset(by amount: CGFloat) -> ScaledShape<Content.InsetShape> {
        ScaledShape<Content.InsetShape>(shape: shape.inset(by: amount), scale: scale, anchor: anchor)
    }
}

extension OffsetShape: InsettableShape where Content: InsettableShape {
    public func inset(by amount: CGFloat) -> OffsetShape<Content.InsetShape> {
        OffsetShape<Content.InsetShape>(shape: shape.inset(by: amount), offset: offset)
    }
}

extension _TrimmedShape: InsettableShape where Base: InsettableShape {
    public func inset(by amount: CGFloat) -> _TrimmedShape<Base.InsetShape> {
        _TrimmedShape<Base.InsetShape>(base: base.inset(by: amount), from: from, to: to)
    }
}

nonisolated extension Shape {
    /// `.rotation(_:anchor:)`: the shape drawn rotated (clockwise for positive angles).
    public func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> RotatedShape<Self> {
        RotatedShape(shape: self, angle: angle, anchor: anchor)
    }

    /// `.scale(x:y:anchor:)`.
    public func scale(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> ScaledShape<Self> {
        ScaledShape(shape: self, scale: CGSize(width: x, height: y), anchor: anchor)
    }

    /// `.scale(_:anchor:)`.
    public func scale(_ scale: CGFloat, anchor: UnitPoint = .center) -> ScaledShape<Self> {
        self.scale(x: scale, y: scale, anchor: anchor)
    }

    /// `.offset(_:)` on a shape.
    public func offset(_ offset: CGSize) -> OffsetShape<Self> { OffsetShape(shape: self, offset: offset) }

    /// `.offset(x:y:)` on a shape.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> OffsetShape<Self> {
        OffsetShape(shape: self, offset: CGSize(width: x, height: y))
    }
}
