import Foundation

/// An image set: its files per appearance and scale, and whether it is a template image.
public struct CatalogImage: Hashable, Sendable {
    public struct Variant: Hashable, Sendable {
        public var file: URL
        public var appearance: AssetAppearance
        /// 1, 2 or 3; 0 for a single-scale (vector) file.
        public var scale: Int
    }

    public var variants: [Variant]
    /// `template-rendering-intent: template`: drawn in the foreground colour.
    public var isTemplate: Bool

    init(folder: URL, contents: [String: Any]) {
        let entries = contents["images"] as? [[String: Any]] ?? []
        variants = entries.compactMap { entry in
            guard let name = entry["filename"] as? String, !name.contains("/"), name != ".." else { return nil }
            if let idiom = entry["idiom"] as? String, !["universal", "iphone", "ipad", "watch", "mac"].contains(idiom) { return nil }
            let scale = (entry["scale"] as? String).flatMap { Int($0.dropLast()) } ?? 0
            return Variant(file: folder.appendingPathComponent(name), appearance: AssetAppearance(entry["appearances"] as? [[String: Any]]), scale: scale)
        }
        let properties = contents["properties"] as? [String: Any]
        isTemplate = properties?["template-rendering-intent"] as? String == "template"
    }

    /// The file to draw for an appearance at a pixel scale: the closest appearance (as for colours),
    /// then the scale itself, else the largest below, else the smallest above.
    public func file(for appearance: AssetAppearance, scale: Int) -> URL? {
        for candidate in appearance.fallbacks {
            let matching = variants.filter { $0.appearance == candidate }
            guard !matching.isEmpty else { continue }
            if let exact = matching.first(where: { $0.scale == scale }) { return exact.file }
            if let below = matching.filter({ $0.scale < scale }).max(by: { $0.scale < $1.scale }) { return below.file }
            return matching.min(by: { $0.scale < $1.scale })?.file
        }
        return variants.first?.file
    }
}
