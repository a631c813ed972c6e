import Foundation
import WidgetArchive

/// Lays out and draws an archived entry for a placement, at an instant: the host's whole rendering
/// path, from the archive alone. Deterministic: the same archive, context and instant always give the
/// same tree.
public enum WidgetRenderer {
    public static func render(_ archive: WidgetArchiveValue, context: RenderContext) -> RenderTree {
        render(archive, context: context, probes: nil)
    }

    static func render(_ archive: WidgetArchiveValue, context: RenderContext, probes: GeometryProbeFrames?) -> RenderTree {
        let context = context.resolved(for: archive)
        let placement = context.placement
        let size = placement.size(for: context.family) ?? Placement.natural(for: context.family).size(for: context.family)
            ?? Size(width: 158, height: 158)
        let widgetRect = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let corner = placement.cornerRadius[context.family] ?? 0

        let (content, declaredBackground) = ContainerBackgroundExtractor.extract(archive.root)
        let showsBackground = !placement.removesContainerBackground || archive.flags.contains(.backgroundNotRemovable)

        var builder = LayoutTreeBuilder(context: context)
        let styles = builder.styles
        let placer = Placer(styles: styles, containerCorner: corner, containerRect: widgetRect, probes: probes)

        var root = RenderNode(role: .widget, frame: widgetRect)
        root.shape = .roundedRect
        root.cornerRadius = corner
        root.continuousCorners = true
        root.clips = true

        // The container background: the widget's own, or the system's where a home-screen family shows one.
        if showsBackground {
            var background = RenderNode(role: .background, frame: widgetRect)
            if let declared = declaredBackground {
                let node = builder.build(declared, InheritedStyle())
                let s = node.sizeThatFits(ProposedSize(size))
                background.children = placer.place(node, in: placer.aligned(s, in: widgetRect, .center))
            } else if context.family.isSystem || placement.id == Placement.watchSmartStack.id || context.family == ._activityMedium
                        || context.family == ._activitySmall {
                var fill = RenderNode(role: .shape, frame: widgetRect)
                fill.shape = .rect
                let system = context.colorScheme == .dark ? RGBA(0.11, 0.11, 0.12) : RGBA.white
                fill.color = RenderColor(styles.drawn(system, accented: false))
                background.children = [fill]
            }
            if !background.children.isEmpty { root.children.append(background) }
        }

        // Content margins, unless the configuration disabled them.
        let margin: Double
        if archive.flags.contains(.contentMarginsDisabled) {
            margin = 0
        } else if showsBackground {
            margin = placement.margins[context.family] ?? 0
        } else {
            margin = min(placement.marginsWithoutBackground, placement.margins[context.family] ?? placement.marginsWithoutBackground)
        }
        let contentRect = widgetRect.insetBy(top: margin, leading: margin, bottom: margin, trailing: margin)
        let layout = builder.build(content, InheritedStyle())
        let contentSize = layout.sizeThatFits(ProposedSize(contentRect.size))
        root.children += placer.place(layout, in: placer.aligned(contentSize, in: contentRect, .center))
        root.children += VisionFinish.nodes(placement.mounting, paper: archive.flags.contains(.paperTexture), rect: widgetRect, corner: corner)

        return RenderTree(
            placement: placement.id, family: context.family, renderingMode: context.renderingMode,
            colorScheme: context.colorScheme, date: context.date, scale: placement.scale,
            size: size, backdrop: root.children.contains { $0.role == .background } ? nil : RenderColor(placement.backdrop), root: root)
    }
}

extension WidgetFamily {
    /// Home-screen families (as opposed to accessories).
    public var isSystem: Bool {
        switch self {
        case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge, .systemExtraLargePortrait: true
        default: false
        }
    }
}

/// Finds the `.containerBackground(for: .widget)` slot wherever the view put it, and removes it from
/// the content: the host draws it behind the whole widget (or not at all, where it is removed).
enum ContainerBackgroundExtractor {
    static func extract(_ node: ViewNode) -> (content: ViewNode, background: ViewNode?) {
        var found: ViewNode?
        let content = strip(node, &found)
        return (content, found)
    }

    private static func strip(_ node: ViewNode, _ found: inout ViewNode?) -> ViewNode {
        switch node {
        case .modified(let content, .containerBackground(let background)):
            if found == nil { found = background }
            return strip(content, &found)
        case .modified(let content, let modifier):
            return .modified(strip(content, &found), modifier)
        case .stack(var stack):
            stack.children = stack.children.map { strip($0, &found) }
            return .stack(stack)
        case .viewThatFits(var fits):
            fits.alternatives = fits.alternatives.map { strip($0, &found) }
            return .viewThatFits(fits)
        default:
            return node
        }
    }
}
