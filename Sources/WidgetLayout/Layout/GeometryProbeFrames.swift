import WidgetArchive

/// Where layout placed each `GeometryProbe` of a tree: what the extension learns from one layout pass
/// about the sizes of its `GeometryReader`s and custom shapes. Filled while placing, read afterwards.
package final class GeometryProbeFrames {
    package private(set) var frames: [GeometryProbe: Rect] = [:]

    package init() {}

    func record(_ probe: GeometryProbe, _ rect: Rect) { frames[probe] = rect }
}

extension WidgetRenderer {
    /// The frames an entry's probes get in `context`, laid out exactly as `render` lays it out.
    package static func probeFrames(_ archive: WidgetArchiveValue, context: RenderContext) -> [GeometryProbe: Rect] {
        let probes = GeometryProbeFrames()
        _ = render(archive, context: context, probes: probes)
        return probes.frames
    }

    /// The frames a lone view's probes get, laid out exactly as `renderView` lays it out.
    package static func probeFrames(_ view: ViewNode, layout: ViewLayout, context: RenderContext) -> [GeometryProbe: Rect] {
        let probes = GeometryProbeFrames()
        _ = renderView(view, layout: layout, context: context, probes: probes)
        return probes.frames
    }
}
