import CoreGraphics
import Foundation
import WidgetArchive

/// `ScenePhase`: a widget is only ever drawn while its scene is active.
public enum ScenePhase: Hashable, Sendable, Comparable {
    case background, inactive, active
}

private struct ScenePhaseKey: EnvironmentKey { static var defaultValue: ScenePhase { .active } }

extension EnvironmentValues {
    /// `\.scenePhase`: `.active` in a widget.
    public var scenePhase: ScenePhase { get { self[ScenePhaseKey.self] } set { self[ScenePhaseKey.self] = newValue } }
}

/// `ScenePadding`: the padding a scene's content gets.
public struct ScenePadding: Hashable, Sendable {
    let name: String
    public static let minimum = ScenePadding(name: "minimum")
    public static let navigationBar = ScenePadding(name: "navigationBar")
}

nonisolated extension View {
    /// `.scenePadding(_:)`: the system's default padding, as on iOS.
    public func scenePadding(_ edges: Edge.Set = .all) -> some View { padding(edges) }

    /// `.scenePadding(_:edges:)`.
    public func scenePadding(_ padding: ScenePadding, edges: Edge.Set = .all) -> some View { self.padding(edges) }

    /// `.lineLimit(_:reservesSpace:)`: the limit is drawn; reserving the space of the missing lines is
    /// not expressible in the archive, so it is reported when asked for.
    public func lineLimit(_ limit: Int, reservesSpace: Bool) -> some View {
        lineLimit(limit).archived(node: { builder in
            if reservesSpace { builder.warn(".lineLimit(_:reservesSpace: true) draws the text's own lines: the reserved space is not drawn") }
            return nil
        })
    }

    /// `.containerRelativeFrame(_:alignment:)`: in a widget the nearest container is the widget, so
    /// the view takes the space offered along `axes`, as a frame with an infinite maximum does.
    public func containerRelativeFrame(_ axes: Axis.Set, alignment: Alignment = .center) -> some View {
        frame(maxWidth: axes.contains(.horizontal) ? .infinity : nil, maxHeight: axes.contains(.vertical) ? .infinity : nil, alignment: alignment)
    }

    /// `.containerRelativeFrame(_:count:span:spacing:alignment:)`: a fraction of the container is not
    /// expressible in the archive; the view keeps its own size.
    public func containerRelativeFrame(_ axes: Axis.Set, count: Int, span: Int = 1, spacing: CGFloat, alignment: Alignment = .center) -> some View {
        inert(".containerRelativeFrame(_:count:span:spacing:)")
    }

    /// `.containerRelativeFrame(_:alignment:_:)`: the length closure needs the container's size at
    /// layout time, which the archive cannot call back for; the view keeps its own size.
    public func containerRelativeFrame(_ axes: Axis.Set, alignment: Alignment = .center,
                                       _ length: @escaping (CGFloat, Axis) -> CGFloat) -> some View {
        inert(".containerRelativeFrame(_:alignment:_:)")
    }
}

/// `@ScaledMetric`: a length that follows Dynamic Type. Widgets are archived at the default size
/// (Large), where the metric is its base value.
@propertyWrapper
public struct ScaledMetric<Value: BinaryFloatingPoint> {
    private let base: Value
    public let textStyle: Font.TextStyle
    public init(wrappedValue: Value) { (base, textStyle) = (wrappedValue, .body) }
    public init(wrappedValue: Value, relativeTo textStyle: Font.TextStyle) { (base, self.textStyle) = (wrappedValue, textStyle) }
    public var wrappedValue: Value { base }
}
