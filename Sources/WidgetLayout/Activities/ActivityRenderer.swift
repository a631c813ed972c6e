import Foundation
import WidgetArchive

/// Draws a Live Activity as a place shows it: the Lock Screen banner, the Dynamic Island in each of its
/// presentations, StandBy, the watch's Smart Stack, CarPlay and the Mac menu bar. The system, not the
/// extension, composes the presentations: the extension archives each view (`ActivityPresentations`),
/// and this lays them out around the camera, scales them, and draws the island. Deterministic, like
/// `WidgetRenderer`.
public enum ActivityRenderer {
    /// `activity` in `context.placement`'s scene; `second` is the other activity sharing the island
    /// (`.islandShared`). A presentation the activity has no archive of draws nothing.
    public static func render(_ activity: ActivityPresentations, second: ActivityPresentations? = nil, context: RenderContext) -> RenderTree {
        let geometry = IslandGeometry.standard
        switch context.placement.activityScene ?? .lockScreen {
        case .lockScreen:
            return lockScreen(activity, context: context)
        case .standBy:
            return standBy(activity, context: context)
        case .islandCompact:
            return IslandPicture(geometry: geometry, context: context).compact(activity)
        case .islandMinimal:
            return IslandPicture(geometry: geometry, context: context).minimal(activity, detached: nil)
        case .islandShared:
            return IslandPicture(geometry: geometry, context: context).minimal(activity, detached: second ?? activity)
        case .islandExpanded:
            return IslandPicture(geometry: geometry, context: context).expanded(activity)
        case .compactCard:
            return compactCard(activity, context: context)
        case .menuBar:
            return menuBar(activity, geometry: geometry, context: context)
        }
    }

    /// The Lock Screen banner: the medium view at the placement's width, as tall as its content within
    /// 84–160 points, on its `activityBackgroundTint` or the system's background.
    static func lockScreen(_ activity: ActivityPresentations, context: RenderContext) -> RenderTree {
        var context = context
        context.family = ._activityMedium
        guard let archive = activity.archive(._activityMedium, colorScheme: context.colorScheme, renderingMode: context.renderingMode) else {
            return empty(context, size: context.placement.size(for: ._activityMedium) ?? Size(width: 371, height: 84))
        }
        let width = context.placement.size(for: ._activityMedium)?.width ?? 371
        // As tall as the content would like at the banner's width.
        let height = SlotPainter(context: context).fit(archive, family: ._activityMedium, proposal: ProposedSize(width: width, height: nil)).height
        context.placement.sizes[._activityMedium] = Size(width: width, height: min(lockScreenHeights.upperBound, max(lockScreenHeights.lowerBound, height)))
        return WidgetRenderer.render(archive, context: context)
    }

    /// The heights the Lock Screen banner takes: beyond 160 points it is cut.
    public static let lockScreenHeights = 84.0...160.0

    /// StandBy: the Lock Screen banner scaled 2× in the middle of the landscape screen, its background
    /// colour (where it is one) extended to the edges.
    static func standBy(_ activity: ActivityPresentations, context: RenderContext) -> RenderTree {
        let banner = lockScreen(activity, context: context)
        let screen = Rect(x: 0, y: 0, width: 852, height: 393)
        var root = RenderNode(role: .widget, frame: screen)
        root.shape = .rect
        root.clips = true
        var fill = RenderNode(role: .background, frame: screen)
        fill.shape = .rect
        fill.color = extendedBackground(banner.root) ?? RenderColor(context.placement.backdrop)
        root.children.append(fill)
        let scale = 2.0
        let origin = Point(x: (screen.width - banner.size.width * scale) / 2, y: (screen.height - banner.size.height * scale) / 2)
        var group = RenderNode(role: .group, frame: Rect(origin: .init(x: 0, y: 0), size: banner.size), children: [banner.root])
        group.transform = RenderTransform(a: scale, b: 0, c: 0, d: scale, tx: origin.x, ty: origin.y)
        root.children.append(group)
        return RenderTree(placement: context.placement.id, family: ._activityMedium, renderingMode: context.renderingMode,
                          colorScheme: context.colorScheme, date: context.date, scale: context.placement.scale, size: screen.size,
                          backdrop: nil, root: root)
    }

    /// The colour of a banner's background when it is one solid fill.
    private static func extendedBackground(_ banner: RenderNode) -> RenderColor? {
        guard let background = banner.children.first(where: { $0.role == .background }) else { return nil }
        let fills = background.allNodes().filter { $0.role == .shape && $0.color != nil && $0.strokeWidth == nil }
        return fills.count == 1 ? fills[0].color : nil
    }

    /// Apple Watch's Smart Stack and CarPlay: the `.small` view on the card if the configuration has
    /// one, else the compact leading and trailing views side by side.
    static func compactCard(_ activity: ActivityPresentations, context: RenderContext) -> RenderTree {
        var context = context
        if let small = activity.archive(._activitySmall, colorScheme: context.colorScheme, renderingMode: context.renderingMode) {
            context.family = ._activitySmall
            return WidgetRenderer.render(small, context: context)
        }
        context.family = ._activitySmall
        let size = context.placement.size(for: ._activitySmall) ?? Size(width: 184, height: 80.5)
        let card = Rect(x: 0, y: 0, width: size.width, height: size.height)
        var root = RenderNode(role: .widget, frame: card)
        root.shape = .roundedRect
        root.cornerRadius = context.placement.cornerRadius[._activitySmall] ?? 12
        root.continuousCorners = true
        root.clips = true
        var background = RenderNode(role: .background, frame: card)
        background.shape = .rect
        background.color = RenderColor(RGBA(0.11, 0.11, 0.12))
        root.children.append(background)
        let painter = SlotPainter(context: context)
        let half = card.insetBy(top: 8, leading: 8, bottom: 8, trailing: 8)
        let leading = Rect(x: half.x, y: half.y, width: half.width / 2, height: half.height)
        let trailing = Rect(x: half.x + half.width / 2, y: half.y, width: half.width / 2, height: half.height)
        for (family, rect, alignment) in [(WidgetFamily._islandCompactLeading, leading, HorizontalAlignmentValue.leading),
                                          (._islandCompactTrailing, trailing, .trailing)] {
            guard let archive = activity.archive(family, colorScheme: .dark, renderingMode: .fullColor) else { continue }
            root.children += painter.place(archive, family: family, in: rect, alignment: AlignmentValue(horizontal: alignment, vertical: .center))
        }
        return RenderTree(placement: context.placement.id, family: ._activitySmall, renderingMode: context.renderingMode,
                          colorScheme: context.colorScheme, date: context.date, scale: context.placement.scale, size: size,
                          backdrop: RenderColor(context.placement.backdrop), root: root)
    }

    /// The Mac menu bar: the compact island drawn at the menu bar's height, at its right end.
    static func menuBar(_ activity: ActivityPresentations, geometry: IslandGeometry, context: RenderContext) -> RenderTree {
        let island = IslandPicture(geometry: geometry, context: context).compact(activity, framed: false)
        let bar = Rect(x: 0, y: 0, width: 360, height: 37)
        var root = RenderNode(role: .widget, frame: bar)
        root.shape = .rect
        root.clips = true
        var strip = RenderNode(role: .background, frame: bar)
        strip.shape = .rect
        strip.color = RenderColor(context.placement.backdrop)
        root.children.append(strip)
        let scale = 28 / geometry.height
        var group = RenderNode(role: .group, frame: Rect(origin: Point(x: 0, y: 0), size: island.size), children: [island.root])
        group.transform = RenderTransform(a: scale, b: 0, c: 0, d: scale, tx: bar.width - 12 - island.size.width * scale,
                                          ty: (bar.height - island.size.height * scale) / 2)
        root.children.append(group)
        return RenderTree(placement: context.placement.id, family: ._islandCompactLeading, renderingMode: context.renderingMode,
                          colorScheme: context.colorScheme, date: context.date, scale: context.placement.scale, size: bar.size,
                          backdrop: nil, root: root)
    }

    static func empty(_ context: RenderContext, size: Size) -> RenderTree {
        RenderTree(placement: context.placement.id, family: context.family, renderingMode: context.renderingMode,
                   colorScheme: context.colorScheme, date: context.date, scale: context.placement.scale, size: size,
                   backdrop: RenderColor(context.placement.backdrop),
                   root: RenderNode(role: .widget, frame: Rect(x: 0, y: 0, width: size.width, height: size.height)))
    }
}

/// Lays one archive's content out in a rectangle of a composed picture.
struct SlotPainter {
    let context: RenderContext

    private func layout(_ archive: WidgetArchiveValue, family: WidgetFamily, rect: Rect) -> (LayoutNode, Placer) {
        var slot = context
        slot.family = family
        var builder = LayoutTreeBuilder(context: slot.resolved(for: archive))
        let (content, _) = ContainerBackgroundExtractor.extract(archive.root)
        let node = builder.build(content, InheritedStyle())
        return (node, Placer(styles: builder.styles, containerCorner: 0, containerRect: rect))
    }

    /// The size the content chooses for `proposal`.
    func fit(_ archive: WidgetArchiveValue, family: WidgetFamily, proposal: ProposedSize) -> Size {
        let (node, _) = layout(archive, family: family, rect: Rect(x: 0, y: 0, width: proposal.width ?? 0, height: proposal.height ?? 0))
        return node.sizeThatFits(proposal)
    }

    /// The content placed in `rect`, at the size it chooses there, aligned.
    func place(_ archive: WidgetArchiveValue, family: WidgetFamily, in rect: Rect, alignment: AlignmentValue = .center) -> [RenderNode] {
        let (node, placer) = layout(archive, family: family, rect: rect)
        let size = node.sizeThatFits(ProposedSize(rect.size))
        return placer.place(node, in: placer.aligned(Size(width: min(size.width, rect.width), height: min(size.height, rect.height)),
                                                     in: rect, alignment))
    }
}
