import Foundation
import WidgetLayout

/// Progress views and gauges: a ring or a bar over its track. A capacity style fills up to the
/// value; an accessory gauge (`accessoryCircular`, `accessoryLinear`) draws its whole arc or bar and
/// marks the value with a small ring, the arc cut around it. A gradient tint runs along the bar, or
/// around the arc from its start, as iOS draws `.tint(Gradient(…))` on a gauge.
extension Painter {
    mutating func drawProgress(_ node: RenderNode, _ r: Rect, opacity: Double, clip: CoverageMask?) {
        let tint = node.color?.rgba ?? .white
        let track = node.children.first { $0.role == .shape }
        let trackColor = track?.color?.rgba ?? tint.multiplyingAlpha(0.25)
        let fraction = min(1, max(0, node.fraction ?? 0.3))
        let stops = node.gradient.map { $0.stops.map { ($0.color.rgba, $0.location) } }
        if node.style == .circular {
            drawRing(node, r, fraction: fraction, tint: tint, stops: stops, trackColor: trackColor, opacity: opacity, clip: clip)
        } else if let track {
            drawBar(node, px(track.frame), fraction: fraction, tint: tint, stops: stops, trackColor: trackColor, opacity: opacity, clip: clip)
        }
        for child in node.children where child.role != .shape { draw(child, opacity: opacity, clip: clip) }
    }

    /// The colour `t` of the way along a gradient (or the tint without one).
    static func color(at t: Double, stops: [(RGBA, Double)]?, tint: RGBA) -> RGBA {
        guard let stops, !stops.isEmpty else { return tint }
        return Canvas.Fill.linear(stops: stops, from: Point(x: 0, y: 0), to: Point(x: 1, y: 0)).color(x: t, y: 0)
    }

    private mutating func drawRing(_ node: RenderNode, _ r: Rect, fraction: Double, tint: RGBA, stops: [(RGBA, Double)]?,
                                   trackColor: RGBA, opacity: Double, clip: CoverageMask?) {
        let d = min(r.width, r.height)
        let width = max(2 * scale, d * 0.1)
        let center = Point(x: r.x + r.width / 2, y: r.y + r.height / 2)
        let radius = d / 2 - width / 2
        // Angles from the top, clockwise; the open arc leaves a quarter at the bottom.
        let (start, sweep) = node.openArc == true ? (-0.75 * Double.pi, 1.5 * Double.pi) : (0, 2 * Double.pi)
        // A gradient runs around the whole sweep, whatever part of it is drawn.
        let fill: Canvas.Fill = stops.map { .angular(stops: $0, center: center, start: start, sweep: sweep) } ?? .solid(tint)
        func arc(_ from: Double, _ to: Double) {
            guard to > from else { return }
            paint(.arc(center: center, radius: radius, width: width, start: from, end: to), fill, opacity: opacity, clip: clip)
        }
        if node.marksValue == true {
            // The whole arc, cut around a ring at the value.
            let at = start + sweep * fraction
            let marker = width * 0.75
            let gap = (marker + width * 0.35) / max(radius, 1)
            arc(start, at - gap)
            arc(at + gap, start + sweep)
            let point = Point(x: center.x + radius * sin(at), y: center.y - radius * cos(at))
            drawMarker(at: point, radius: marker, color: Self.color(at: fraction, stops: stops, tint: tint), opacity: opacity, clip: clip)
        } else {
            paint(.arc(center: center, radius: radius, width: width, start: start, end: start + sweep), .solid(trackColor), opacity: opacity, clip: clip)
            arc(start, start + sweep * fraction)
        }
    }

    private mutating func drawBar(_ node: RenderNode, _ t: Rect, fraction: Double, tint: RGBA, stops: [(RGBA, Double)]?,
                                  trackColor: RGBA, opacity: Double, clip: CoverageMask?) {
        let mirrored = node.mirrored == true
        // The gradient spans the whole bar (from its leading end), the fill shows part of it.
        let fill: Canvas.Fill = stops.map { stops in
            .linear(stops: stops, from: Point(x: mirrored ? t.maxX : t.x, y: t.y), to: Point(x: mirrored ? t.x : t.maxX, y: t.y))
        } ?? .solid(tint)
        if node.marksValue == true {
            let x = mirrored ? t.maxX - t.width * fraction : t.x + t.width * fraction
            let marker = t.height * 0.95
            let gap = marker + t.height * 0.4
            let before = Rect(x: t.x, y: t.y, width: max(0, x - gap - t.x), height: t.height)
            let after = Rect(x: x + gap, y: t.y, width: max(0, t.maxX - x - gap), height: t.height)
            for part in [before, after] where part.width > 0 {
                paint(.roundedRect(part, radius: t.height / 2, continuous: false), fill, opacity: opacity, clip: clip)
            }
            let at = mirrored ? 1 - (x - t.x) / max(t.width, 1) : (x - t.x) / max(t.width, 1)
            drawMarker(at: Point(x: x, y: t.y + t.height / 2), radius: marker, color: Self.color(at: at, stops: stops, tint: tint),
                       opacity: opacity, clip: clip)
            return
        }
        paint(.roundedRect(t, radius: t.height / 2, continuous: false), .solid(trackColor), opacity: opacity, clip: clip)
        // Right to left, the bar fills from its right-hand end.
        let filledWidth = t.width * fraction
        let filled = Rect(x: mirrored ? t.maxX - filledWidth : t.x, y: t.y, width: filledWidth, height: t.height)
        paint(.roundedRect(filled, radius: t.height / 2, continuous: false), fill, opacity: opacity, clip: clip)
    }

    /// A gauge's value marker: a small ring.
    private mutating func drawMarker(at p: Point, radius: Double, color: RGBA, opacity: Double, clip: CoverageMask?) {
        let outer = Rect(x: p.x - radius, y: p.y - radius, width: 2 * radius, height: 2 * radius)
        var ring = Path.ellipse(outer)
        ring.append(Path.ellipse(inset(outer, radius * 0.4)).reversed)
        paint(ring, .solid(color), opacity: opacity, clip: clip)
    }
}
