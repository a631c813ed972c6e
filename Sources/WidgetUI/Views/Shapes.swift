import Foundation
import WidgetArchive

/// `Shape`: as a view it fills with the foreground style; `.fill`/`.stroke` choose a paint.
public protocol Shape: View where Body == Never {
    var _kind: ShapeKind { get }
}

extension Shape {
    public var body: Never { primitiveBody(Self.self) }
    public func _archive(into builder: inout _ArchiveBuilder) { builder.append(.shape(ShapeNode(kind: _kind))) }

    public func fill<S: ShapeStyle>(_ content: S = HierarchicalShapeStyle.primary, style: FillStyle = FillStyle()) -> _ShapeView {
        _ShapeView(node: ShapeNode(kind: _kind, fill: content._paint))
    }

    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> _ShapeView {
        _ShapeView(node: ShapeNode(kind: _kind, fill: content._paint, strokeWidth: Double(lineWidth)))
    }

    public func stroke(lineWidth: CGFloat = 1) -> _ShapeView {
        _ShapeView(node: ShapeNode(kind: _kind, fill: .foreground(level: 0), strokeWidth: Double(lineWidth)))
    }

    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> _ShapeView {
        stroke(content, lineWidth: lineWidth)
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

/// A shape with its paint chosen.
public struct _ShapeView: View {
    let node: ShapeNode
    public var body: Never { primitiveBody(Self.self) }
    public func _archive(into builder: inout _ArchiveBuilder) { builder.append(.shape(node)) }
}

public struct Rectangle: Shape {
    public init() {}
    public var _kind: ShapeKind { .rectangle }
}

/// `RoundedCornerStyle`.
public enum RoundedCornerStyle: Hashable, Sendable { case circular, continuous }

public struct RoundedRectangle: Shape {
    public var cornerRadius: CGFloat
    public var style: RoundedCornerStyle
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        self.cornerRadius = cornerRadius
        self.style = style
    }
    public var _kind: ShapeKind { .roundedRectangle(cornerRadius: Double(cornerRadius), continuous: style == .continuous) }
}

public struct Circle: Shape {
    public init() {}
    public var _kind: ShapeKind { .circle }
}

public struct Ellipse: Shape {
    public init() {}
    public var _kind: ShapeKind { .ellipse }
}

public struct Capsule: Shape {
    public init(style: RoundedCornerStyle = .continuous) {}
    public var _kind: ShapeKind { .capsule }
}

/// `ContainerRelativeShape`: concentric with the widget's corners, resolved by the host.
public struct ContainerRelativeShape: Shape {
    public init() {}
    public var _kind: ShapeKind { .containerRelative }
}
