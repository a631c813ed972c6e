import Foundation
import WidgetArchive

/// Draws a render tree into pixels (at the placement's scale) and encodes PNG. Pure Swift and
/// deterministic: the same tree gives the same bytes on every machine with the same font (or none).
public struct PNGRenderer: Sendable {
    public var regular: TrueTypeFont?
    public var bold: TrueTypeFont?
    /// Supplies asset images by name (the host resolves them inside the extension's resource folder);
    /// without it, or for a name it does not find, assets draw as placeholders.
    public var assets: (@Sendable (String) -> PNGDecoder.Image?)?

    /// Uses `fontPath` if given, else the system's DejaVu Sans if present, else the built-in fallback.
    public init(fontPath: String? = nil) {
        if let fontPath, let font = TrueTypeFont(path: fontPath) {
            regular = font
            bold = font
        } else {
            regular = TrueTypeFont.system(bold: false)
            bold = TrueTypeFont.system(bold: true) ?? regular
        }
    }

    public init(regular: TrueTypeFont?, bold: TrueTypeFont?) {
        self.regular = regular
        self.bold = bold
    }

    /// Canvases kept between `png` calls, so a host that renders again and again reuses warm memory
    /// rather than asking the kernel for fresh zeroed pages (about a thousand faults per 2× render).
    private let pool = CanvasPool()

    public func canvas(_ tree: RenderTree, scale: Double? = nil) -> Canvas {
        let s = scale ?? tree.scale
        let size = Self.pixelSize(tree, scale: s)
        var canvas = Canvas(width: size.width, height: size.height, background: Self.backdrop(tree))
        paint(tree, scale: s, on: &canvas)
        return canvas
    }

    public func png(_ tree: RenderTree, scale: Double? = nil) -> [UInt8] {
        let s = scale ?? tree.scale
        let size = Self.pixelSize(tree, scale: s)
        var buffers = pool.take(width: size.width, height: size.height)
            ?? CanvasPool.Buffers(canvas: Canvas(width: size.width, height: size.height), filtered: [])
        buffers.canvas.clear(to: Self.backdrop(tree))
        paint(tree, scale: s, on: &buffers.canvas)
        let bytes = PNGEncoder.encode(buffers.canvas, filtered: &buffers.filtered)
        pool.give(buffers)
        return bytes
    }

    private static func pixelSize(_ tree: RenderTree, scale: Double) -> (width: Int, height: Int) {
        (Int((tree.size.width * scale).rounded()), Int((tree.size.height * scale).rounded()))
    }

    private static func backdrop(_ tree: RenderTree) -> RGBA { tree.backdrop.flatMap(RGBA.init(hex:)) ?? .clear }

    /// Draws into `canvas` in place. The canvas is swapped into the painter and back rather than
    /// copied: a copy would share the pixel storage, and the first pixel drawn would then duplicate it
    /// (a fresh 1.6 MB of zeroed pages at 2×, every render).
    private func paint(_ tree: RenderTree, scale: Double, on canvas: inout Canvas) {
        var painter = Painter(canvas: Canvas.placeholder, scale: scale, regular: regular, bold: bold, assets: assets)
        swap(&painter.canvas, &canvas)
        painter.draw(tree.root, opacity: 1, clip: nil)
        swap(&painter.canvas, &canvas)
    }
}

/// A few spare canvases (and PNG filter buffers) by size. Taking one transfers it, so the buffers are
/// uniquely referenced while drawn into (no copy on write).
final class CanvasPool: @unchecked Sendable {
    struct Buffers {
        var canvas: Canvas
        var filtered: [UInt8]
    }

    private let lock = NSLock()
    private var spare: [Buffers] = []
    private static let capacity = 2

    func take(width: Int, height: Int) -> Buffers? {
        lock.withLock {
            guard let i = spare.lastIndex(where: { $0.canvas.width == max(1, width) && $0.canvas.height == max(1, height) }) else { return nil }
            return spare.remove(at: i)
        }
    }

    func give(_ buffers: Buffers) {
        lock.withLock {
            if spare.count >= Self.capacity { spare.removeFirst() }
            spare.append(buffers)
        }
    }
}

struct Painter {
    var canvas: Canvas
    let scale: Double
    let regular: TrueTypeFont?
    let bold: TrueTypeFont?
    let assets: (@Sendable (String) -> PNGDecoder.Image?)?

    func px(_ r: Rect) -> Rect { Rect(x: r.x * scale, y: r.y * scale, width: r.width * scale, height: r.height * scale) }

    func outline(_ node: RenderNode, _ r: Rect) -> Path {
        switch node.shape {
        case "circle":
            let d = min(r.width, r.height)
            return .ellipse(Rect(x: r.x + (r.width - d) / 2, y: r.y + (r.height - d) / 2, width: d, height: d))
        case "ellipse": return .ellipse(r)
        case "capsule": return .roundedRect(r, radius: min(r.width, r.height) / 2, continuous: false)
        case "roundedRect": return .roundedRect(r, radius: (node.cornerRadius ?? 0) * scale, continuous: node.continuousCorners ?? false)
        default: return .rect(r)
        }
    }

    func inset(_ r: Rect, _ d: Double) -> Rect { Rect(x: r.x + d, y: r.y + d, width: max(0, r.width - 2 * d), height: max(0, r.height - 2 * d)) }

    /// The part of the current clip that is fully inside it: drawing there needs no clip mask.
    var clipInterior: Rect?

    mutating func draw(_ node: RenderNode, opacity parentOpacity: Double, clip parentClip: CoverageMask?) {
        let opacity = parentOpacity * (node.opacity ?? 1)
        guard opacity > 0.001 else { return }
        let r = px(node.frame)
        var clip = parentClip
        let savedInterior = clipInterior
        defer { clipInterior = savedInterior }
        if node.clips == true {
            if let mask = CoverageMask.rasterize(outline(node, r), canvasWidth: canvas.width, canvasHeight: canvas.height, using: &canvas.accumulator) {
                clip = parentClip.map { intersect($0, mask) } ?? mask
                // Inside the rounded corners' reach the clip changes nothing.
                let reach = (node.cornerRadius ?? 0) * scale * 1.3 + 1
                clipInterior = parentClip == nil ? inset(r, reach) : nil
            }
        }
        // A node drawn wholly inside the clip's interior (with room for strokes and glyph overhang)
        // is drawn unclipped: same pixels, less work.
        let ownClip: CoverageMask?
        if let interior = clipInterior, contains(interior, inset(r, -4 * scale)) { ownClip = nil } else { ownClip = clip }
        switch node.role {
        case .shape, .accessoryBackground:
            drawShape(node, r, opacity: opacity, clip: ownClip)
        case .text:
            drawText(node, opacity: opacity, clip: ownClip)
        case .image:
            drawSymbol(node, r, opacity: opacity, clip: ownClip)
        case .progress, .gauge:
            drawProgress(node, r, opacity: opacity, clip: ownClip)
            return
        default:
            break
        }
        for child in node.children { draw(child, opacity: opacity, clip: clip) }
    }

    private func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        inner.x >= outer.x && inner.y >= outer.y && inner.maxX <= outer.maxX && inner.maxY <= outer.maxY
    }

    private func intersect(_ a: CoverageMask, _ b: CoverageMask) -> CoverageMask {
        var out = b
        for ly in 0..<b.height {
            for lx in 0..<b.width {
                out.alpha[ly * b.width + lx] *= a.coverage(x: b.x0 + lx, y: b.y0 + ly)
            }
        }
        return out
    }

    private mutating func drawShape(_ node: RenderNode, _ r: Rect, opacity: Double, clip: CoverageMask?) {
        let fill: Canvas.Fill
        if let g = node.gradient {
            fill = .linear(stops: g.stops.map { (RGBA(hex: $0.color) ?? .clear, $0.location) },
                           from: Point(x: r.x + g.startX * r.width, y: r.y + g.startY * r.height),
                           to: Point(x: r.x + g.endX * r.width, y: r.y + g.endY * r.height))
        } else if let c = node.color.flatMap(RGBA.init(hex:)) {
            fill = .solid(c)
        } else {
            return
        }
        if let w = node.strokeWidth, w > 0 {
            let half = w * scale / 2
            var ring = outline(node, inset(r, -half))
            ring.append(outline(node, inset(r, half)).reversed)
            canvas.fill(ring, fill, opacity: opacity, clip: clip)
        } else {
            canvas.fill(outline(node, r), fill, opacity: opacity, clip: clip)
        }
    }

    private mutating func drawProgress(_ node: RenderNode, _ r: Rect, opacity: Double, clip: CoverageMask?) {
        let tint = node.color.flatMap(RGBA.init(hex:)) ?? .white
        let track = node.children.first { $0.role == .shape }
        let trackColor = track?.color.flatMap(RGBA.init(hex:)) ?? tint.multiplyingAlpha(0.25)
        let fraction = node.fraction ?? 0.3
        if node.style == "circular" {
            let d = min(r.width, r.height)
            let width = max(2 * scale, d * 0.1)
            let center = Point(x: r.x + r.width / 2, y: r.y + r.height / 2)
            let radius = d / 2 - width / 2
            canvas.fill(.arc(center: center, radius: radius, width: width, start: 0, end: 2 * .pi), .solid(trackColor), opacity: opacity, clip: clip)
            canvas.fill(.arc(center: center, radius: radius, width: width, start: 0, end: 2 * .pi * fraction), .solid(tint), opacity: opacity, clip: clip)
        } else if let track {
            let t = px(track.frame)
            canvas.fill(.roundedRect(t, radius: t.height / 2, continuous: false), .solid(trackColor), opacity: opacity, clip: clip)
            let filled = Rect(x: t.x, y: t.y, width: t.width * fraction, height: t.height)
            canvas.fill(.roundedRect(filled, radius: t.height / 2, continuous: false), .solid(tint), opacity: opacity, clip: clip)
        }
        for child in node.children where child.role != .shape { draw(child, opacity: opacity, clip: clip) }
    }

    /// SF Symbols are Apple's: a few common shapes are drawn, the rest as a rounded outline.
    private mutating func drawSymbol(_ node: RenderNode, _ r: Rect, opacity: Double, clip: CoverageMask?) {
        if node.style == "asset", let name = node.imageName, let image = assets?(name) {
            canvas.draw(image, in: r, opacity: opacity, clip: clip)
            return
        }
        let color = node.color.flatMap(RGBA.init(hex:)) ?? .black
        let name = node.imageName ?? ""
        let d = min(r.width, r.height) * 0.8
        let box = Rect(x: r.x + (r.width - d) / 2, y: r.y + (r.height - d) / 2, width: d, height: d)
        let bar = max(1, d * 0.14)
        var path = Path()
        if name.hasPrefix("plus") {
            path.append(.roundedRect(Rect(x: box.x, y: box.y + (d - bar) / 2, width: d, height: bar), radius: bar / 2, continuous: false))
            path.append(.roundedRect(Rect(x: box.x + (d - bar) / 2, y: box.y, width: bar, height: (d - bar) / 2), radius: bar / 2, continuous: false))
            path.append(.roundedRect(Rect(x: box.x + (d - bar) / 2, y: box.y + (d + bar) / 2, width: bar, height: (d - bar) / 2), radius: bar / 2, continuous: false))
        } else if name.contains("fill") {
            path = name.contains("circle") ? .ellipse(box) : .roundedRect(box, radius: d * 0.25, continuous: true)
        } else if name.contains("circle") {
            path = .ellipse(box)
            path.append(Path.ellipse(inset(box, bar)).reversed)
        } else {
            path = .roundedRect(box, radius: d * 0.25, continuous: true)
            path.append(Path.roundedRect(inset(box, bar), radius: max(0, d * 0.25 - bar), continuous: true).reversed)
        }
        canvas.fill(path, .solid(color), opacity: opacity, clip: clip)
    }

    private mutating func drawText(_ node: RenderNode, opacity: Double, clip: CoverageMask?) {
        for line in node.lines ?? [] {
            for run in line.runs {
                let color = RGBA(hex: run.color) ?? .black
                let weight = FontWeight(name: run.weight) ?? .regular
                let design = FontDesign(name: run.design) ?? .default
                let size = run.fontSize * scale
                let baseline = line.baseline * scale
                var x = run.x * scale
                if node.redacted == true {
                    let width = TextMetrics.width(run.text, size: run.fontSize, weight: weight, design: design) * scale
                    let bar = Rect(x: x, y: baseline - size * 0.72, width: width, height: size * 0.8)
                    canvas.fill(.roundedRect(bar, radius: size * 0.2, continuous: false), .solid(color.multiplyingAlpha(0.3)), opacity: opacity, clip: clip)
                    continue
                }
                let font = weight.rawValue >= FontWeight.semibold.rawValue ? (bold ?? regular) : regular
                var path = Path()
                for scalar in run.text.unicodeScalars {
                    let advance = TextMetrics.width(String(scalar), size: run.fontSize, weight: weight, design: design) * scale
                    if scalar != " " {
                        if let font, let glyph = font.glyphIndex(scalar) {
                            let natural = font.advance(glyph) / font.unitsPerEm * size
                            let stretch = natural > 0 ? min(1.25, max(0.8, advance / natural)) : 1
                            path.append(font.path(glyph, x: x, baseline: baseline, size: size, stretch: stretch, italic: run.italic))
                        } else {
                            // Built-in fallback: a soft block the size of a lowercase letter.
                            let block = Rect(x: x + advance * 0.12, y: baseline - size * 0.52, width: advance * 0.76, height: size * 0.52)
                            path.append(.roundedRect(block, radius: size * 0.08, continuous: false))
                        }
                    }
                    x += advance
                }
                canvas.fill(path, .solid(color), opacity: opacity, clip: clip)
            }
        }
    }
}
