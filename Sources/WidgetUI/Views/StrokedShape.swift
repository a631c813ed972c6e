import CoreGraphics
import Foundation
import WidgetArchive

/// What `shape.stroke(lineWidth:)` returns: a shape, as Apple declares it, so it can clip or fill
/// (`.clipShape(Circle().stroke(lineWidth: 16))`). As a view it draws the stroked outline in the
/// foreground style. As a clip or fill outline the archive has no stroked-path form, so it stands for
/// the base outline and is drawn as a custom shape (a clip reports that it clips to the rectangle).
public nonisolated struct _StrokedShape<Base: Shape>: Shape {
    public let base: Base
    public let lineWidth: CGFloat

    public func path(in rect: CGRect) -> Path { base.path(in: rect) }

    public nonisolated func _archive(into builder: inout _ArchiveBuilder) {
        _ShapeView(shape: base, fill: .foreground(level: 0), lineWidth: Double(lineWidth))._archive(into: &builder)
    }
}
