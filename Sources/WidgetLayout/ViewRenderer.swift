import Foundation
import WidgetArchive

/// How a view is sized when it is drawn on its own, as snapshot tests of SwiftUI views size it: in a
/// frame of a fixed size (the view is offered that size and centred in it, as a hosting controller
/// of that size does), or at the size the view asks for when offered nothing in particular.
public enum ViewLayout: Hashable, Sendable {
    case fixed(Size)
    case sizeThatFits
}

extension WidgetRenderer {
    /// Lays out and draws a view alone: no widget container (no corner mask, margins or container
    /// background), on `background` or transparent. What a component of a widget looks like, and
    /// what snapshot tests of plain SwiftUI views record. `context` gives the appearance, the
    /// instant and the placement whose device draws it (its scale, its rendering mode).
    public static func renderView(_ view: ViewNode, layout: ViewLayout, context: RenderContext, background: RGBA? = nil) -> RenderTree {
        renderView(view, layout: layout, context: context, background: background, probes: nil)
    }

    static func renderView(_ view: ViewNode, layout: ViewLayout, context: RenderContext, background: RGBA? = nil,
                           probes: GeometryProbeFrames?) -> RenderTree {
        let context = context.resolved(with: context.settings)
        var builder = LayoutTreeBuilder(context: context)
        let styles = builder.styles
        let node = builder.build(view, InheritedStyle())
        let size: Size
        switch layout {
        case .fixed(let fixed): size = fixed
        case .sizeThatFits: size = node.sizeThatFits(.unspecified)
        }
        let rect = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let placer = Placer(styles: styles, containerCorner: 0, containerRect: rect, probes: probes)
        var root = RenderNode(role: .widget, frame: rect)
        if let background {
            var fill = RenderNode(role: .shape, frame: rect)
            fill.shape = .rect
            fill.color = RenderColor(styles.drawn(background, accented: false))
            var backgroundNode = RenderNode(role: .background, frame: rect)
            backgroundNode.children = [fill]
            root.children.append(backgroundNode)
        }
        let contentSize = node.sizeThatFits(ProposedSize(size))
        root.children += placer.place(node, in: placer.aligned(contentSize, in: rect, .center))
        return RenderTree(
            placement: context.placement.id, family: context.family, renderingMode: context.renderingMode,
            colorScheme: context.colorScheme, date: context.date, scale: context.placement.scale,
            size: size, backdrop: nil, root: root)
    }
}
