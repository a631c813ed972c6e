import Foundation
import WidgetArchive
import WidgetLayout
import WidgetUI

/// Lays an entry out as the host will, to find the frames `GeometryReader`s get: the same engine, the
/// same placement (the one the host named in its request), the same configuration flags.
struct GeometryLocator {
    var kind: String
    var family: WidgetFamily
    var placement: Placement
    var variant: EnvironmentVariant
    var flags: ConfigurationFlags
    var date: Date

    /// Frames of the probed readers and shapes in `root`, in widget points.
    func frames(in root: ViewNode) -> [GeometryProbe: CGRect] {
        let archive = WidgetArchiveValue(kind: kind, family: family, entryDate: date, variant: variant, flags: flags, root: root)
        let context = RenderContext(
            placement: placement, family: family, date: date, colorScheme: variant.colorScheme,
            renderingMode: variant.renderingMode, isLuminanceReduced: variant.isLuminanceReduced)
        return GeometryResolution.frames(WidgetRenderer.probeFrames(archive, context: context))
    }
}

extension TimelineArchiveRequest {
    /// The placement the host will show the entries in: the one it named, or the family's natural one.
    var layoutPlacement: Placement {
        Placement.named(placement).flatMap { $0.sizes[family] != nil ? $0 : nil } ?? Placement.natural(for: family)
    }
}
