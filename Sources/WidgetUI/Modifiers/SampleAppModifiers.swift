import Foundation
import WidgetArchive

// Modifiers and values that Apple's sample apps (Backyard Birds, Food Truck) use in code shared with
// their widgets: right-to-left mirroring, the background material, blended styles, scroll-view
// coordinate spaces.

nonisolated extension View {
    /// `.flipsForRightToLeftLayoutDirection(_:)`: when enabled in a right-to-left environment, the view
    /// is drawn mirrored horizontally (artwork facing the reading direction); otherwise unchanged.
    public func flipsForRightToLeftLayoutDirection(_ enabled: Bool) -> some View {
        archived(node: { builder in
            guard enabled, builder.environment.layoutDirection == .rightToLeft else { return nil }
            return .transform(TransformValue(scaleX: -1, anchor: UnitPoint.center.value))
        })
    }
}

private struct BackgroundMaterialKey: EnvironmentKey {
    static let defaultValue: Material? = nil
}

extension EnvironmentValues {
    /// `backgroundMaterial`: the material under the current view, which turns on vibrant content
    /// styles. The host draws no vibrancy, so the value is kept for code that reads it and changes
    /// nothing drawn.
    public var backgroundMaterial: Material? {
        get { self[BackgroundMaterialKey.self] }
        set { self[BackgroundMaterialKey.self] = newValue }
    }
}

/// A shape style with a blend mode, which the host does not draw: it paints as its base style.
package struct _BlendedShapeStyle: ShapeStyle {
    let base: Paint
    let mode: BlendMode
    public var _paint: Paint { base }
}

extension ShapeStyle {
    /// `ShapeStyle.blendMode(_:)`: the style blended into what is beneath it. Blending is not drawn
    /// here; the style paints as itself. Disfavoured so that a colour or gradient used as a view keeps
    /// `View.blendMode(_:)`, which tells the author.
    @_disfavoredOverload
    public func blendMode(_ mode: BlendMode) -> some ShapeStyle { _BlendedShapeStyle(base: _paint, mode: mode) }
}

/// `CoordinateSpaceProtocol` (iOS 17): a coordinate space passed to `GeometryProxy.frame(in:)`.
public protocol CoordinateSpaceProtocol {
    var coordinateSpace: CoordinateSpace { get }
}

/// `NamedCoordinateSpace` (iOS 17): a space named by `.coordinateSpace(_:)`, or the system's
/// `.scrollView`. A widget has no scroll views, so the scroll view's space is never found.
public struct NamedCoordinateSpace: CoordinateSpaceProtocol, Equatable, @unchecked Sendable {
    let name: AnyHashable?

    /// The enclosing scroll view's space resolves to the widget's own.
    public var coordinateSpace: CoordinateSpace { name.map { .named($0) } ?? .global }
}

/// `GlobalCoordinateSpace` (iOS 17).
public struct GlobalCoordinateSpace: CoordinateSpaceProtocol, Sendable {
    public init() {}
    public var coordinateSpace: CoordinateSpace { .global }
}

/// `LocalCoordinateSpace` (iOS 17).
public struct LocalCoordinateSpace: CoordinateSpaceProtocol, Sendable {
    public init() {}
    public var coordinateSpace: CoordinateSpace { .local }
}

extension CoordinateSpace: CoordinateSpaceProtocol {
    public var coordinateSpace: CoordinateSpace { self }
}

extension CoordinateSpaceProtocol where Self == NamedCoordinateSpace {
    /// `.scrollView`: the innermost scroll view's space.
    public static var scrollView: NamedCoordinateSpace { NamedCoordinateSpace(name: nil) }
    /// `.scrollView(axis:)`: the innermost scroll view scrolling along `axis`.
    public static func scrollView(axis: Axis) -> NamedCoordinateSpace { NamedCoordinateSpace(name: nil) }
    /// `.named(_:)`.
    public static func named(_ name: some Hashable) -> NamedCoordinateSpace { NamedCoordinateSpace(name: AnyHashable(name)) }
}

extension CoordinateSpaceProtocol where Self == GlobalCoordinateSpace {
    public static var global: GlobalCoordinateSpace { GlobalCoordinateSpace() }
}

extension CoordinateSpaceProtocol where Self == LocalCoordinateSpace {
    public static var local: LocalCoordinateSpace { LocalCoordinateSpace() }
}

extension GeometryProxy {
    /// `frame(in:)` with an iOS 17 coordinate space.
    @_disfavoredOverload
    public func frame(in coordinateSpace: some CoordinateSpaceProtocol) -> CGRect { frame(in: coordinateSpace.coordinateSpace) }

    /// `bounds(of:)`: the named space's bounds in the reader's own coordinates, or `nil` when the reader
    /// is not inside it. Named spaces resolve to the widget's own, whose bounds a reader is not told;
    /// no widget is inside a scroll view. So the answer is always `nil`, and code takes its fallback.
    public func bounds(of coordinateSpace: NamedCoordinateSpace) -> CGRect? { nil }
}

nonisolated extension View {
    /// `.coordinateSpace(_:)` (iOS 17): named spaces resolve to the widget's own.
    public func coordinateSpace(_ name: NamedCoordinateSpace) -> some View { self }
}
