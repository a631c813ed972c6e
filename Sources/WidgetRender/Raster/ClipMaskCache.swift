import Foundation
import WidgetLayout

/// Clip masks already rasterized, by the outline they were made from. The frames of a transition
/// clip to the same widget outline again and again (and a host renders the same placements over and
/// over); a cached mask is the very mask rasterizing would give, so drawing with it changes no pixel.
// `@unchecked Sendable`: `masks`, `order` and `pixels` are only touched with `lock` held.
final class ClipMaskCache: @unchecked Sendable {
    struct Key: Hashable {
        let polygons: [[Point]]
        let canvasWidth: Int
        let canvasHeight: Int
    }

    private let lock = NSLock()
    private var masks: [Key: CoverageMask] = [:]
    /// Least recently used first.
    private var order: [Key] = []
    private var pixels = 0
    /// Mask pixels kept at most: sixteen 2× systemLarge widgets' worth.
    static let pixelCapacity = 16 << 20 / 4

    /// Mask pixels kept now.
    var keptPixels: Int { lock.withLock { pixels } }

    /// The mask of `path` on a canvas of the given size: from the cache, or rasterized (with
    /// `scratch`) and kept.
    func mask(_ path: Path, canvasWidth: Int, canvasHeight: Int, using scratch: inout CoverageAccumulator) -> CoverageMask? {
        let key = Key(polygons: path.polygons, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        if let known = lock.withLock({ touch(key) }) { return known }
        guard let made = CoverageMask.rasterize(path, canvasWidth: canvasWidth, canvasHeight: canvasHeight, using: &scratch) else {
            return nil
        }
        lock.withLock { keep(made, as: key) }
        return made
    }

    private func touch(_ key: Key) -> CoverageMask? {
        guard let known = masks[key] else { return nil }
        if let i = order.firstIndex(of: key), i != order.count - 1 {
            order.remove(at: i)
            order.append(key)
        }
        return known
    }

    private func keep(_ mask: CoverageMask, as key: Key) {
        let size = mask.alpha.count
        guard size <= Self.pixelCapacity, masks[key] == nil else { return }
        while pixels + size > Self.pixelCapacity, let oldest = order.first {
            order.removeFirst()
            pixels -= masks.removeValue(forKey: oldest)?.alpha.count ?? 0
        }
        masks[key] = mask
        order.append(key)
        pixels += size
    }
}
