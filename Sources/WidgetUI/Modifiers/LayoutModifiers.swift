import Foundation
import WidgetArchive

extension View {
    /// `.frame(width:height:alignment:)`.
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        archived(.frame(.fixed(width: width.map(Double.init), height: height.map(Double.init), alignment: alignment.value)))
    }

    /// `.frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`.
    public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
        minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
        alignment: Alignment = .center
    ) -> some View {
        let d: (CGFloat?) -> Double? = { $0.map(Double.init) }
        return archived(.frame(FrameSpec(
            minWidth: d(minWidth), idealWidth: d(idealWidth), maxWidth: d(maxWidth), minHeight: d(minHeight),
            idealHeight: d(idealHeight), maxHeight: d(maxHeight), alignment: alignment.value)))
    }

    /// `.padding(_:_:)`: `nil` length means the system default.
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        let v = length.map(Double.init)
        let bits = UInt8(edges.rawValue & 0b1111)
        return archived(.padding(PaddingSpec(edges: bits, top: v, leading: v, bottom: v, trailing: v)))
    }

    public func padding(_ length: CGFloat) -> some View { padding(.all, length) }

    public func padding(_ insets: EdgeInsets) -> some View {
        archived(.padding(PaddingSpec(
            edges: PaddingSpec.allEdges, top: Double(insets.top), leading: Double(insets.leading),
            bottom: Double(insets.bottom), trailing: Double(insets.trailing))))
    }

    public func layoutPriority(_ value: Double) -> some View { archived(.layoutPriority(value)) }

    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { archived(.offset(x: Double(x), y: Double(y))) }

    public func fixedSize() -> some View { archived(.fixedSize(horizontal: true, vertical: true)) }

    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
        archived(.fixedSize(horizontal: horizontal, vertical: vertical))
    }

    public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View {
        archived(.aspectRatio(aspectRatio.map(Double.init), contentMode.value))
    }

    public func scaledToFit() -> some View { aspectRatio(nil, contentMode: .fit) }
    public func scaledToFill() -> some View { aspectRatio(nil, contentMode: .fill) }

    public func hidden() -> some View { archived(.hidden) }

    /// `.background(alignment:content:)`.
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        let view = content()
        return archived(node: { .background($0.node(of: view), alignment.value) })
    }

    /// `.background(_:)` with a shape style (a colour, a gradient).
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        archived(.background(.shape(ShapeNode(kind: .rectangle, fill: style._paint)), .center))
    }

    /// `.background(_:in:)`: a style clipped to a shape.
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T) -> some View {
        archived(.background(.shape(ShapeNode(kind: shape._kind, fill: style._paint)), .center))
    }

    /// `.overlay(alignment:content:)`.
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        let view = content()
        return archived(node: { .overlay($0.node(of: view), alignment.value) })
    }

    public func overlay<S: ShapeStyle>(_ style: S) -> some View {
        archived(.overlay(.shape(ShapeNode(kind: .rectangle, fill: style._paint)), .center))
    }

    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View { archived(.clipShape(shape._kind)) }

    public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View {
        archived(.clipShape(.roundedRectangle(cornerRadius: Double(radius), continuous: false)))
    }

    /// `.ignoresSafeArea()`: widgets have content margins, not safe areas; no effect (as on watchOS 10).
    public func ignoresSafeArea(_ regions: Any? = nil, edges: Edge.Set = .all) -> some View { self }

    /// `.id(_:)`: identity, also the element id to tap.
    public func id<ID: Hashable>(_ id: ID) -> some View { archived(.identity(String(describing: id))) }
}
