import Foundation
import WidgetRender
import WidgetStore

/// Loads asset images (PNG, JPEG, PDF) for drawing, only from the extension's resource folder
/// (`ExtensionResources`).
///
/// Asset files are the extension's, so hostile: a file over 16 MiB is refused unread, an image's
/// size is read from its header before it is decoded, decoded images are kept for reuse only up to
/// `cachedPixelLimit` (the least recently used go first), and one loader (one `preview` or `render`)
/// decodes at most `pixelBudget` pixels in all. Past the budget, images are not loaded and draw as
/// placeholders; `budgetSpent` says so.
///
/// `@unchecked Sendable`: the cache and counters are guarded by `lock`; `resources` is immutable.
public final class AssetImageLoader: @unchecked Sendable {
    public let resources: ExtensionResources
    public let cachedPixelLimit: Int
    public let pixelBudget: Int
    private let lock = NSLock()
    private var cache: [String: PNGDecoder.Image?] = [:]
    /// Cache keys, least recently used first.
    private var recency: [String] = []
    private var cachedPixels = 0
    private var decodedPixels = 0
    private var spent = false

    /// Defaults: 32 M pixels cached (128 MiB), 256 M pixels decoded per run.
    public init(resources: ExtensionResources, cachedPixelLimit: Int = 32 << 20, pixelBudget: Int = 256 << 20) {
        self.resources = resources
        self.cachedPixelLimit = cachedPixelLimit
        self.pixelBudget = pixelBudget
    }

    public var budgetSpent: Bool { lock.withLock { spent } }
    /// Pixels of the decoded images kept for reuse now.
    public var cachedPixelCount: Int { lock.withLock { cachedPixels } }

    public func image(_ name: String, dark: Bool) -> PNGDecoder.Image? {
        let key = (dark ? "dark:" : "light:") + name
        if let cached = lock.withLock({ () -> PNGDecoder.Image?? in
            guard let hit = cache[key] else { return nil }
            recency.removeAll { $0 == key }
            recency.append(key)
            return hit
        }) { return cached }
        let image = load(name, dark: dark)
        keep(image, as: key)
        return image
    }

    private func load(_ name: String, dark: Bool) -> PNGDecoder.Image? {
        guard case .found(let path) = resources.resolve(name, dark: dark),
              let bytes = try? DurableFile.read(path, limit: 16 << 20) else { return nil }
        return EncodedImage.decode(bytes) { pixels in
            lock.withLock { () -> Bool in
                guard decodedPixels + pixels <= pixelBudget else {
                    spent = true
                    return false
                }
                decodedPixels += pixels
                return true
            }
        }
    }

    private func keep(_ image: PNGDecoder.Image?, as key: String) {
        let pixels = image.map { $0.width * $0.height } ?? 0
        guard pixels <= cachedPixelLimit else { return }
        lock.withLock {
            cache[key] = image
            recency.append(key)
            cachedPixels += pixels
            while cachedPixels > cachedPixelLimit, !recency.isEmpty {
                let oldest = recency.removeFirst()
                if let evicted = cache.removeValue(forKey: oldest), let evicted { cachedPixels -= evicted.width * evicted.height }
            }
        }
    }
}
