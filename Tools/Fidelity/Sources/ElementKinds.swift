import WidgetLayout
import WidgetRender

/// Where each kind of element is drawn in a render (text, system symbols, shapes, effects), so the
/// difference from iOS can be reported per kind: the mean absolute channel difference over the
/// pixels inside that kind's frames, each pixel counted once however many frames cover it.
enum ElementKind: String, CaseIterable {
    case text, symbols, shapes, effects

    /// The kinds a node counts as (an effect, such as a shadow, also counts as what it is drawn on).
    static func kinds(of node: RenderNode) -> [ElementKind] {
        var kinds: [ElementKind] = []
        switch node.role {
        case .text: kinds.append(.text)
        case .image where node.style == nil && node.imageName != nil: kinds.append(.symbols)
        case .shape, .progress, .gauge: kinds.append(.shapes)
        default: break
        }
        if node.shadow != nil || node.blurRadius != nil || node.backdropBlur != nil { kinds.append(.effects) }
        return kinds
    }

    /// Each kind's mask, in the pixels of an image of `width` × `height` on which the render (at
    /// `scale`) is centred, offset as `centred` places it.
    static func masks(_ tree: RenderTree, scale: Double, width: Int, height: Int, offset: (x: Int, y: Int)) -> [ElementKind: [Bool]] {
        var masks: [ElementKind: [Bool]] = [:]
        for node in tree.root.allNodes() {
            for kind in kinds(of: node) {
                var mask = masks[kind] ?? [Bool](repeating: false, count: width * height)
                let x0 = max(0, Int((node.frame.x * scale).rounded(.down)) + offset.x)
                let y0 = max(0, Int((node.frame.y * scale).rounded(.down)) + offset.y)
                let x1 = min(width, Int(((node.frame.x + node.frame.width) * scale).rounded(.up)) + offset.x)
                let y1 = min(height, Int(((node.frame.y + node.frame.height) * scale).rounded(.up)) + offset.y)
                if x0 < x1 && y0 < y1 {
                    for y in y0..<y1 { for x in x0..<x1 { mask[y * width + x] = true } }
                }
                masks[kind] = mask
            }
        }
        return masks
    }

    /// The mean absolute difference of the red, green and blue channels over white, inside `mask`;
    /// nil when the mask is empty.
    static func meanAbsoluteDifference(_ a: PNGDecoder.Image, _ b: PNGDecoder.Image, mask: [Bool]) -> Double? {
        var total = 0.0, count = 0
        for (index, inside) in mask.enumerated() where inside {
            let i = index * 4
            let alphaA = Double(a.rgba[i + 3]) / 255, alphaB = Double(b.rgba[i + 3]) / 255
            for k in 0..<3 {
                let va = Double(a.rgba[i + k]) * alphaA + 255 * (1 - alphaA)
                let vb = Double(b.rgba[i + k]) * alphaB + 255 * (1 - alphaB)
                total += abs(va - vb)
            }
            count += 3
        }
        return count == 0 ? nil : total / Double(count)
    }
}
