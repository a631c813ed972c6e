import WidgetArchive

/// What visionOS draws over a widget for its mounting and coating: an elevated widget's frame of
/// composite material, a recessed one's shadowed rim, and the coating (glass's sheen, or paper's
/// matte wash). Drawn over the content, inside the widget's corner; nothing outside visionOS.
enum VisionFinish {
    static func nodes(_ mounting: Placement.Mounting?, paper: Bool, rect: Rect, corner: Double) -> [RenderNode] {
        guard let mounting else { return [] }
        var coating = RenderNode(role: .shape, frame: rect)
        coating.shape = .roundedRect
        coating.cornerRadius = corner
        coating.continuousCorners = true
        if paper {
            coating.color = RenderColor(RGBA(0.96, 0.94, 0.90, 0.10))
        } else {
            // Unit points across the node, as gradient fills are.
            coating.gradient = GradientPaint(stops: [
                GradientPaint.Stop(color: RenderColor(RGBA(1, 1, 1, 0.22)), location: 0),
                GradientPaint.Stop(color: RenderColor(RGBA(1, 1, 1, 0)), location: 0.45),
            ], startX: 0, startY: 0, endX: 1, endY: 1)
        }
        var rim = RenderNode(role: .shape, frame: rect)
        rim.shape = .roundedRect
        rim.cornerRadius = corner
        rim.continuousCorners = true
        switch mounting.style {
        case .elevated:
            rim.color = RenderColor(RGBA(0.93, 0.92, 0.90))
            rim.strokeWidth = 6
        case .recessed:
            rim.color = RenderColor(RGBA(0, 0, 0, 0.45))
            rim.strokeWidth = 10
        }
        return [coating, rim]
    }
}
