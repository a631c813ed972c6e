import Foundation
import WidgetArchive

nonisolated extension View {
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

    public func offset(_ offset: CGSize) -> some View { archived(.offset(x: Double(offset.width), y: Double(offset.height))) }

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

    /// `.background(_:in:fillStyle:)`: a style clipped to a shape.
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View {
        background { shape.fill(style) }
    }

    /// `.background(in:)`: the default background style in a shape.
    public func background<T: Shape>(in shape: T, fillStyle: FillStyle = FillStyle()) -> some View {
        background(BackgroundStyle(), in: shape)
    }

    /// `.background()`: the default background style behind the view.
    public func background(ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View { background(BackgroundStyle()) }

    /// `.background(_:alignment:)` with a view (the older spelling).
    @_disfavoredOverload
    public func background<V: View>(_ view: V, alignment: Alignment = .center) -> some View {
        background(alignment: alignment) { view }
    }

    /// `.overlay(_:alignment:)` with a view (the older spelling).
    @_disfavoredOverload
    public func overlay<V: View>(_ view: V, alignment: Alignment = .center) -> some View {
        overlay(alignment: alignment) { view }
    }

    /// `.overlay(_:in:fillStyle:)`: a style in a shape, over the view.
    public func overlay<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View {
        overlay { shape.fill(style) }
    }

    /// `.border(_:width:)`: a stroke inside the view's frame.
    public func border<S: ShapeStyle>(_ style: S, width: CGFloat = 1) -> some View {
        overlay { Rectangle().strokeBorder(style, lineWidth: width) }
    }

    /// `.overlay(alignment:content:)`.
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        let view = content()
        return archived(node: { .overlay($0.node(of: view), alignment.value) })
    }

    public func overlay<S: ShapeStyle>(_ style: S) -> some View {
        archived(.overlay(.shape(ShapeNode(kind: .rectangle, fill: style._paint)), .center))
    }

    /// `.clipShape(_:)`: built-in shapes clip exactly; a custom shape clips to its frame, with a
    /// diagnostic.
    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View {
        archived(node: { builder in
            guard let kind = shape._description.kind else {
                builder.warn("clipShape(\(S.self)) clips to the view's rectangle: custom clip shapes are not drawn")
                return .clipShape(.rectangle)
            }
            return .clipShape(kind)
        })
    }

    /// `.clipped()`: clip to the view's frame.
    public func clipped(antialiased: Bool = false) -> some View { archived(.clipShape(.rectangle)) }

    /// `.containerShape(_:)`: the shape `ContainerRelativeShape` uses inside; the widget's own corner is
    /// kept.
    public func containerShape<S: Shape>(_ shape: S) -> some View { self }

    public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View {
        archived(.clipShape(.roundedRectangle(cornerRadius: Double(radius), continuous: false)))
    }

    /// `.ignoresSafeArea()`: widgets have content margins, not safe areas; no effect (as on watchOS 10).
    public func ignoresSafeArea(_ regions: Any? = nil, edges: Edge.Set = .all) -> some View { self }

    /// `.edgesIgnoringSafeArea(_:)`, the older spelling of `.ignoresSafeArea(edges:)`: no effect either.
    public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> some View { self }

    /// `.id(_:)`: identity, also the element id to tap.
    public func id<ID: Hashable>(_ id: ID) -> some View { archived(.identity(String(describing: id))) }
}
