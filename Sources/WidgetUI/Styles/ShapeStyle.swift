import Foundation
import WidgetArchive

/// `ShapeStyle`: what fills a shape or colours text.
public protocol ShapeStyle {
    /// The archived paint.
    var _paint: Paint { get }
}

/// `HierarchicalShapeStyle`: `.primary`, `.secondary`… of the inherited foreground style.
public struct HierarchicalShapeStyle: ShapeStyle, Hashable, Sendable {
    let level: UInt8
    public var _paint: Paint { .foreground(level: level) }
    public static let primary = HierarchicalShapeStyle(level: 0)
    public static let secondary = HierarchicalShapeStyle(level: 1)
    public static let tertiary = HierarchicalShapeStyle(level: 2)
    public static let quaternary = HierarchicalShapeStyle(level: 3)
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { .primary }
    public static var secondary: HierarchicalShapeStyle { .secondary }
    public static var tertiary: HierarchicalShapeStyle { .tertiary }
    public static var quaternary: HierarchicalShapeStyle { .quaternary }
}

/// `TintShapeStyle`: `.tint`.
public struct TintShapeStyle: ShapeStyle, Hashable, Sendable {
    public var _paint: Paint { .color(.system(.accent, opacity: 1)) }
}

extension ShapeStyle where Self == TintShapeStyle {
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

/// `AnyShapeStyle`.
public struct AnyShapeStyle: ShapeStyle {
    public let _paint: Paint
    public init<S: ShapeStyle>(_ style: S) { _paint = style._paint }
}

/// `Gradient`.
public struct Gradient: Hashable, Sendable {
    public struct Stop: Hashable, Sendable {
        public var color: Color
        public var location: CGFloat
        public init(color: Color, location: CGFloat) {
            self.color = color
            self.location = location
        }
    }
    public var stops: [Stop]
    public init(stops: [Stop]) { self.stops = stops }
    public init(colors: [Color]) {
        let n = colors.count
        stops = colors.enumerated().map { i, c in Stop(color: c, location: n > 1 ? CGFloat(i) / CGFloat(n - 1) : 0) }
    }
}

/// `LinearGradient`: a shape style, and a view filling its frame.
public struct LinearGradient: ShapeStyle, View {
    let gradient: Gradient
    let startPoint: UnitPoint
    let endPoint: UnitPoint

    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = gradient
        self.startPoint = startPoint
        self.endPoint = endPoint
    }
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }

    public var _paint: Paint {
        .linearGradient(
            stops: gradient.stops.map { GradientStop(color: $0.color.value, location: Double($0.location)) },
            start: startPoint.value, end: endPoint.value)
    }

    public var body: Never { primitiveBody(Self.self) }
    public func _archive(into builder: inout _ArchiveBuilder) {
        builder.append(.shape(ShapeNode(kind: .rectangle, fill: _paint)))
    }
}
