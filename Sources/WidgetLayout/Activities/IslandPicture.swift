import Foundation
import WidgetArchive

/// The Dynamic Island with an activity's views, drawn at the top of the screen: black, around the camera,
/// its edge in the keyline tint. Its presentations, as "Displaying live data with Live Activities"
/// describes them:
/// - compact: the leading and trailing views in slots either side of the camera;
/// - minimal: one view attached to the island's leading end (and, with a second activity, that one's
///   detached beside it);
/// - expanded: the regions around the camera. The centre is sized first, allowing for the leading and
///   trailing regions' least widths; leading and trailing then share what is left equally, beside the
///   camera from the top; the centre goes below the camera, the bottom below all three. A region whose
///   priority is higher than the centre's is sized before it instead. A leading or trailing region too
///   wide for its side that asked for `.belowIfTooWide` starts below the camera. The island is as tall as
///   its content within 84–160 points.
struct IslandPicture {
    let geometry: IslandGeometry
    let context: RenderContext

    private var painter: SlotPainter { SlotPainter(context: context) }

    private func archive(_ activity: ActivityPresentations, _ family: WidgetFamily) -> WidgetArchiveValue? {
        activity.archive(family, colorScheme: .dark, renderingMode: .fullColor)
    }

    private func margins(_ activity: ActivityPresentations, _ family: WidgetFamily) -> (top: Double, leading: Double, bottom: Double, trailing: Double) {
        let m = (activity.layout.margins[family] ?? EdgeMargins()).over(geometry.systemMargins(family))
        return (m.top ?? 0, m.leading ?? 0, m.bottom ?? 0, m.trailing ?? 0)
    }

    private func inset(_ rect: Rect, _ activity: ActivityPresentations, _ family: WidgetFamily) -> Rect {
        let m = margins(activity, family)
        return rect.insetBy(top: m.top, leading: m.leading, bottom: m.bottom, trailing: m.trailing)
    }

    /// One activity in the island: compact leading and trailing. `framed`: on a strip of the screen's
    /// wallpaper; otherwise the island alone (for the Mac menu bar).
    func compact(_ activity: ActivityPresentations, framed: Bool = true) -> RenderTree {
        let g = geometry
        let origin = framed ? Point(x: (g.screenWidth - g.compactWidth) / 2, y: g.top) : Point(x: 0, y: 0)
        let island = Rect(x: origin.x, y: origin.y, width: g.compactWidth, height: g.height)
        var body = islandBody(island, corner: g.height / 2, activity)
        for (family, x) in [(WidgetFamily._islandCompactLeading, island.x), (._islandCompactTrailing, island.maxX - g.compactSlotWidth)] {
            guard let archive = archive(activity, family) else { continue }
            let slot = inset(Rect(x: x, y: island.y, width: g.compactSlotWidth, height: g.height), activity, family)
            body.children += painter.place(archive, family: family, in: slot)
        }
        let size = framed ? Size(width: g.screenWidth, height: g.height + 2 * g.top) : island.size
        return picture([body] + keyline(island, corner: g.height / 2, activity), family: ._islandCompactLeading, size: size, framed: framed)
    }

    /// The minimal view attached to the island; with `detached`, that activity's beside it.
    func minimal(_ activity: ActivityPresentations, detached: ActivityPresentations?) -> RenderTree {
        let g = geometry
        let camera = Rect(x: (g.screenWidth - g.cameraWidth) / 2, y: g.top, width: g.cameraWidth, height: g.height)
        let attachedWidth = minimalWidth(activity)
        let island = Rect(x: camera.x - attachedWidth, y: g.top, width: g.cameraWidth + attachedWidth, height: g.height)
        var nodes: [RenderNode] = []
        var body = islandBody(island, corner: g.height / 2, activity)
        if let view = archive(activity, ._islandMinimal) {
            let slot = inset(Rect(x: island.x, y: island.y, width: attachedWidth, height: g.height), activity, ._islandMinimal)
            body.children += painter.place(view, family: ._islandMinimal, in: slot)
        }
        nodes.append(body)
        nodes += keyline(island, corner: g.height / 2, activity)
        if let detached {
            let width = minimalWidth(detached)
            let bubble = Rect(x: camera.maxX + 6, y: g.top, width: width, height: g.height)
            var second = islandBody(bubble, corner: g.height / 2, detached)
            if let view = archive(detached, ._islandMinimal) {
                second.children += painter.place(view, family: ._islandMinimal, in: inset(bubble, detached, ._islandMinimal))
            }
            nodes.append(second)
            nodes += keyline(bubble, corner: g.height / 2, detached)
        }
        return picture(nodes, family: ._islandMinimal, size: Size(width: g.screenWidth, height: g.height + 2 * g.top), framed: true)
    }

    /// The minimal view's width: its content's, with margins, within the island's 36.67–45 points.
    private func minimalWidth(_ activity: ActivityPresentations) -> Double {
        guard let view = archive(activity, ._islandMinimal) else { return geometry.minimalWidth.lowerBound }
        let m = margins(activity, ._islandMinimal)
        let fit = painter.fit(view, family: ._islandMinimal,
                              proposal: ProposedSize(width: geometry.minimalWidth.upperBound - m.leading - m.trailing,
                                                     height: geometry.height - m.top - m.bottom))
        return min(geometry.minimalWidth.upperBound, max(geometry.minimalWidth.lowerBound, fit.width + m.leading + m.trailing))
    }

    /// The expanded regions around the camera.
    func expanded(_ activity: ActivityPresentations) -> RenderTree {
        let g = geometry
        let width = g.expandedWidth
        let left = (g.screenWidth - width) / 2
        let regions = ExpandedRegions(activity: activity, picture: self)
        let (sideWidth, centerWidth) = regions.columns(width: width, cameraWidth: g.cameraWidth)
        var placed: [(WidgetFamily, Rect, AlignmentValue)] = []
        var topHeight = g.height
        for (family, x, alignment) in [(WidgetFamily._islandExpandedLeading, 0.0, HorizontalAlignmentValue.leading),
                                       (._islandExpandedTrailing, width - sideWidth, .trailing)] {
            guard let view = archive(activity, family) else { continue }
            let m = margins(activity, family)
            let room = sideWidth - m.leading - m.trailing
            let ideal = painter.fit(view, family: family, proposal: ProposedSize(width: nil, height: nil)).width
            let y = activity.layout.belowIfTooWide.contains(family) && ideal > room ? g.height : 0
            let height = painter.fit(view, family: family, proposal: ProposedSize(width: room, height: g.expandedHeight.upperBound)).height
            let rect = Rect(x: x, y: y, width: sideWidth, height: height + m.top + m.bottom)
            placed.append((family, rect, AlignmentValue(horizontal: alignment, vertical: .top)))
            topHeight = max(topHeight, rect.maxY)
        }
        if let view = archive(activity, ._islandExpandedCenter) {
            let m = margins(activity, ._islandExpandedCenter)
            let height = painter.fit(view, family: ._islandExpandedCenter,
                                     proposal: ProposedSize(width: centerWidth - m.leading - m.trailing, height: g.expandedHeight.upperBound)).height
            let rect = Rect(x: (width - centerWidth) / 2, y: g.height, width: centerWidth, height: height + m.top + m.bottom)
            placed.append((._islandExpandedCenter, rect, AlignmentValue(horizontal: .center, vertical: .top)))
            topHeight = max(topHeight, rect.maxY)
        }
        var total = topHeight
        if let view = archive(activity, ._islandExpandedBottom) {
            let m = margins(activity, ._islandExpandedBottom)
            let height = painter.fit(view, family: ._islandExpandedBottom,
                                     proposal: ProposedSize(width: width - m.leading - m.trailing, height: g.expandedHeight.upperBound)).height
            let rect = Rect(x: 0, y: topHeight, width: width, height: height + m.top + m.bottom)
            placed.append((._islandExpandedBottom, rect, AlignmentValue(horizontal: .center, vertical: .top)))
            total = rect.maxY
        } else {
            total += margins(activity, ._islandExpandedBottom).bottom
        }
        let height = min(g.expandedHeight.upperBound, max(g.expandedHeight.lowerBound, total))
        let island = Rect(x: left, y: g.top, width: width, height: height)
        var body = islandBody(island, corner: g.expandedCorner, activity)
        for (family, rect, alignment) in placed {
            guard let view = archive(activity, family) else { continue }
            let shifted = inset(rect.offsetBy(dx: left, dy: g.top), activity, family)
            body.children += painter.place(view, family: family, in: shifted, alignment: alignment)
        }
        return picture([body] + keyline(island, corner: g.expandedCorner, activity), family: ._islandExpandedCenter,
                       size: Size(width: g.screenWidth, height: height + 2 * g.top), framed: true)
    }

    /// The island's black body, clipping what is drawn in it, opening the widget URL when tapped.
    private func islandBody(_ rect: Rect, corner: Double, _ activity: ActivityPresentations) -> RenderNode {
        let outline: RenderNode.Outline = rect.height / 2 == corner ? .capsule : .roundedRect
        var fill = RenderNode(role: .shape, frame: rect)
        fill.shape = outline
        fill.cornerRadius = corner
        fill.continuousCorners = true
        fill.color = RenderColor(.black)
        var body = RenderNode(role: .group, frame: rect, children: [fill])
        body.shape = outline
        body.cornerRadius = corner
        body.continuousCorners = true
        body.clips = true
        if let url = activity.layout.widgetURL {
            body.action = Action(kind: .url, target: url)
            body.id = "island"
        }
        return body
    }

    /// The keyline: a thin edge in `keylineTint`, where the configuration gave one.
    private func keyline(_ rect: Rect, corner: Double, _ activity: ActivityPresentations) -> [RenderNode] {
        guard let tint = activity.layout.keylineTint else { return [] }
        var line = RenderNode(role: .shape, frame: rect)
        line.shape = rect.height / 2 == corner ? .capsule : .roundedRect
        line.cornerRadius = corner
        line.continuousCorners = true
        line.strokeWidth = 1.5
        line.color = RenderColor(StyleResolver(context: context).color(tint))
        return [line]
    }

    private func picture(_ nodes: [RenderNode], family: WidgetFamily, size: Size, framed: Bool) -> RenderTree {
        var root = RenderNode(role: .widget, frame: Rect(x: 0, y: 0, width: size.width, height: size.height), children: nodes)
        root.shape = .rect
        root.clips = true
        return RenderTree(placement: context.placement.id, family: family, renderingMode: context.renderingMode, colorScheme: .dark,
                          date: context.date, scale: context.placement.scale, size: size,
                          backdrop: framed ? RenderColor(context.placement.backdrop) : nil, root: root)
    }
}

/// How wide the expanded presentation's columns are: the centre's, and each side's.
private struct ExpandedRegions {
    let activity: ActivityPresentations
    let picture: IslandPicture

    private func view(_ family: WidgetFamily) -> WidgetArchiveValue? {
        activity.archive(family, colorScheme: .dark, renderingMode: .fullColor)
    }

    private func horizontalMargins(_ family: WidgetFamily) -> Double {
        let m = (activity.layout.margins[family] ?? EdgeMargins()).over(picture.geometry.systemMargins(family))
        return (m.leading ?? 0) + (m.trailing ?? 0)
    }

    /// A region's width with margins: the least it can take, or what it would like.
    private func regionWidth(_ family: WidgetFamily, least: Bool = false) -> Double {
        guard let view = view(family) else { return 0 }
        let proposal = least ? ProposedSize(width: 0, height: nil) : ProposedSize(width: nil, height: nil)
        return SlotPainter(context: picture.context).fit(view, family: family, proposal: proposal).width + horizontalMargins(family)
    }

    /// Each side's width and the centre's, together `width`. The sides' least width is what they would
    /// like, up to the room beside the camera; the centre gets what it would like within what that
    /// leaves (and at least the camera's width), unless a side has the higher priority: then the sides
    /// get what they would like first.
    func columns(width: Double, cameraWidth: Double) -> (side: Double, center: Double) {
        let besideCamera = (width - cameraWidth) / 2
        guard view(._islandExpandedCenter) != nil else { return (besideCamera, cameraWidth) }
        let centerPriority = activity.layout.priority(of: ._islandExpandedCenter)
        let sidePriority = max(activity.layout.priority(of: ._islandExpandedLeading), activity.layout.priority(of: ._islandExpandedTrailing))
        let idealSide = max(regionWidth(._islandExpandedLeading), regionWidth(._islandExpandedTrailing))
        if sidePriority > centerPriority {
            let side = min(idealSide, (width - regionWidth(._islandExpandedCenter, least: true)) / 2)
            return (side, width - 2 * side)
        }
        let center = max(cameraWidth, min(regionWidth(._islandExpandedCenter), width - 2 * min(idealSide, besideCamera)))
        return ((width - center) / 2, center)
    }
}
