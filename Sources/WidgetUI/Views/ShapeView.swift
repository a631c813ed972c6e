import Foundation
import WidgetArchive

/// `ShapeView` (iOS 17): a shape with its paint, which can be painted again: `Circle().fill(.red)
/// .stroke(.blue)` strokes the filled circle's outline, drawn over the fill.
public protocol ShapeView<Content>: View {
    associatedtype Content: Shape
    var shape: Content { get }
}

/// A shape view with a stroke of its outline drawn over it.
public nonisolated struct _StrokedShapeView<Base: ShapeView>: ShapeView {
    let base: Base
    let stroke: _ShapeView<Base.Content>

    public var shape: Base.Content { base.shape }
    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        let stroke = builder.node(of: self.stroke)
        for node in builder.nodes(of: base) { builder.append(node.modified(.overlay(stroke, AlignmentValue(horizontal: .center, vertical: .center)))) }
    }
}

nonisolated extension ShapeView {
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true) -> _StrokedShapeView<Self> {
        _StrokedShapeView(base: self, stroke: shape.stroke(content, lineWidth: lineWidth))
    }

    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true) -> _StrokedShapeView<Self> {
        _StrokedShapeView(base: self, stroke: shape.stroke(content, style: style, antialiased: antialiased))
    }
}

nonisolated extension ShapeView where Content: InsettableShape {
    public func strokeBorder<S: ShapeStyle>(_ content: S = HierarchicalShapeStyle.primary, lineWidth: CGFloat = 1,
                                            antialiased: Bool = true) -> _StrokedShapeView<Self> {
        _StrokedShapeView(base: self, stroke: shape.strokeBorder(content, lineWidth: lineWidth, antialiased: antialiased))
    }

    public func strokeBorder<S: ShapeStyle>(_ content: S = HierarchicalShapeStyle.primary, style: StrokeStyle,
                                            antialiased: Bool = true) -> _StrokedShapeView<Self> {
        _StrokedShapeView(base: self, stroke: shape.strokeBorder(content, style: style, antialiased: antialiased))
    }
}
