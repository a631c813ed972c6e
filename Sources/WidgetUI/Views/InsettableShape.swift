import Foundation
import WidgetArchive

/// `InsettableShape`: a shape that can be drawn inset by an amount, which `strokeBorder` uses to keep
/// a stroke inside the outline. The built-in shapes inset by padding their frame (a container-relative
/// shape then stays concentric with the widget's corners); a custom one insets its own path.
public protocol InsettableShape: Shape {
    associatedtype InsetShape: InsettableShape
    nonisolated func inset(by amount: CGFloat) -> InsetShape
}

/// A built-in shape inset by an amount: its outline in the rectangle inset on every side.
public nonisolated struct _InsetShape<Base: Shape>: InsettableShape {
    let base: Base
    let amount: CGFloat

    public func path(in rect: CGRect) -> Path { base.path(in: rect.insetBy(dx: amount, dy: amount)) }

    public var _description: _ShapeDescription {
        let a = Double(amount)
        return base._description.adding(.padding(PaddingSpec(edges: PaddingSpec.allEdges, top: a, leading: a, bottom: a, trailing: a)))
    }

    public func inset(by amount: CGFloat) -> _InsetShape<Base> { _InsetShape(base: base, amount: self.amount + amount) }
}

extension Rectangle: InsettableShape {
    public func inset(by amount: CGFloat) -> _InsetShape<Rectangle> { _InsetShape(base: self, amount: amount) }
}

extension RoundedRectangle: InsettableShape {
    /// The corners shrink with the inset, as SwiftUI's do.
    public func inset(by amount: CGFloat) -> _InsetShape<RoundedRectangle> {
        let corner = CGSize(width: max(0, cornerSize.width - amount), height: max(0, cornerSize.height - amount))
        return _InsetShape(base: RoundedRectangle(cornerSize: corner, style: style), amount: amount)
    }
}

extension UnevenRoundedRectangle: InsettableShape {
    public func inset(by amount: CGFloat) -> _InsetShape<UnevenRoundedRectangle> {
        let r = cornerRadii
        let radii = RectangleCornerRadii(topLeading: max(0, r.topLeading - amount), bottomLeading: max(0, r.bottomLeading - amount),
                                         bottomTrailing: max(0, r.bottomTrailing - amount), topTrailing: max(0, r.topTrailing - amount))
        return _InsetShape(base: UnevenRoundedRectangle(cornerRadii: radii, style: style), amount: amount)
    }
}

extension Circle: InsettableShape {
    public func inset(by amount: CGFloat) -> _InsetShape<Circle> { _InsetShape(base: self, amount: amount) }
}

extension Ellipse: InsettableShape {
    public func inset(by amount: CGFloat) -> _InsetShape<Ellipse> { _InsetShape(base: self, amount: amount) }
}

extension Capsule: InsettableShape {
    public func inset(by amount: CGFloat) -> _InsetShape<Capsule> { _InsetShape(base: self, amount: amount) }
}

extension ContainerRelativeShape: InsettableShape {
    /// Inset, the shape stays concentric: the host rounds it with the widget's corner radius less its
    /// distance from the widget's edge.
    public func inset(by amount: CGFloat) -> _InsetShape<ContainerRelativeShape> { _InsetShape(base: self, amount: amount) }
}
