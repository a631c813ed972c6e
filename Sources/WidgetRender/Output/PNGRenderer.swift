import Foundation
import WidgetArchive
import WidgetLayout

/// Draws a render tree into pixels (at the placement's scale) and encodes PNG. Pure Swift and
/// deterministic: the same tree gives the same bytes on every machine with the same font (or none).
public struct PNGRenderer: Sendable {
    public var regular: TrueTypeFont?
    public var bold: TrueTypeFont?
    /// Where a character the face lacks is drawn from (DejaVu Sans behind Liberation Sans, for
    /// symbols and scripts Liberation does not cover).
    public var fallback: TrueTypeFont?
    /// Faces for `.serif` and `.monospaced` text (Liberation Serif and Mono beside Liberation Sans);
    /// a design without one draws in `regular` and `bold`.
    public var designFaces: [FontDesign: FontFaces] = [:]
    /// Supplies asset images by name and appearance (dark or not; the host resolves them inside the
    /// extension's resources and asset catalogs); without it, or for a name it does not find, assets
    /// draw as placeholders.
    public var assets: (@Sendable (_ name: String, _ dark: Bool) -> PNGDecoder.Image?)?
    /// Image pixels one render may decode and draw, asset and inline images together; past it, the
    /// rest draw as placeholders. An archive within its limits can still name many large images (an
    /// inline PNG compresses a thousandfold), so what one render costs is bounded apart. Default 64 M:
    /// four of the largest images the decoder accepts.
    public var imagePixelBudget = 64 << 20

    /// Uses `fontPath` if given, else the system face closest to Apple's (see `TrueTypeFont.system`),
    /// else the built-in fallback.
    public init(fontPath: String? = nil) {
        if let fontPath, let font = TrueTypeFont(path: fontPath) {
            regular = font
            bold = font
        } else {
            // Liberation Sans first, DejaVu Sans behind it for what it lacks; or DejaVu alone.
            if let liberation = TrueTypeFont.liberationSans(bold: false) {
                regular = liberation
                bold = TrueTypeFont.liberationSans(bold: true) ?? liberation
                fallback = TrueTypeFont.dejaVuSans(bold: false)
                designFaces = FontFaces.liberationDesigns
            } else {
                regular = TrueTypeFont.dejaVuSans(bold: false)
                bold = TrueTypeFont.dejaVuSans(bold: true) ?? regular
                designFaces = FontFaces.dejaVuDesigns
            }
        }
    }

    /// Text in DejaVu Sans where installed (else the built-in block face), as snapshot references
    /// have always been recorded: a reference recorded on one machine matches on another that has
    /// DejaVu, whichever other faces either has. `WidgetTesting`'s default.
    public static var snapshotFaces: PNGRenderer {
        PNGRenderer(regular: TrueTypeFont.dejaVuSans(bold: false), bold: TrueTypeFont.dejaVuSans(bold: true) ?? TrueTypeFont.dejaVuSans(bold: false))
    }

    public init(regular: TrueTypeFont?, bold: TrueTypeFont?) {
        self.regular = regular
        self.bold = bold
    }

    /// Canvases kept between `png` calls, so a host that renders again and again reuses warm memory
    /// rather than asking the kernel for fresh zeroed pages (about a thousand faults per 2× render).
    private let pool = CanvasPool()
    /// Clip masks kept between draws: the frames of a transition clip to the same outlines.
    private let clipMasks = ClipMaskCache()

    public func canvas(_ tree: RenderTree, scale: Double? = nil) -> Canvas {
        let s = scale ?? tree.scale
        let size = Self.pixelSize(tree, scale: s)
        var canvas = Canvas(width: size.width, height: size.height, background: Self.backdrop(tree))
        paint(tree, scale: s, on: &canvas)
        return canvas
    }

    /// Draws `tree` into `canvas`, reusing its memory when it is already the right size (frames of an
    /// animation are drawn one after another into one canvas).
    public func draw(_ tree: RenderTree, into canvas: inout Canvas, scale: Double? = nil) {
        let s = scale ?? tree.scale
        let size = Self.pixelSize(tree, scale: s)
        if canvas.width == size.width && canvas.height == size.height {
            canvas.clear(to: Self.backdrop(tree))
        } else {
            canvas = Canvas(width: size.width, height: size.height, background: Self.backdrop(tree))
        }
        paint(tree, scale: s, on: &canvas)
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

    private static func backdrop(_ tree: RenderTree) -> RGBA { tree.backdrop?.rgba ?? .clear }

    /// Draws into `canvas` in place. The canvas is swapped into the painter and back rather than
    /// copied: a copy would share the pixel storage, and the first pixel drawn would then duplicate it
    /// (a fresh 1.6 MB of zeroed pages at 2×, every render).
    private func paint(_ tree: RenderTree, scale: Double, on canvas: inout Canvas) {
        var painter = Painter(canvas: Canvas.placeholder, scale: scale, regular: regular, bold: bold, fallback: fallback, assets: assets,
                              dark: tree.colorScheme == .dark, imagePixelsLeft: imagePixelBudget, clipMasks: clipMasks)
        painter.designFaces = designFaces
        swap(&painter.canvas, &canvas)
        painter.draw(tree.root, opacity: 1, clip: nil)
        swap(&painter.canvas, &canvas)
    }
}

/// A few spare canvases (and PNG filter buffers) by size. Taking one transfers it, so the buffers are
/// uniquely referenced while drawn into (no copy on write).
// `@unchecked Sendable`: `spare` is only touched with `lock` held; a canvas taken out belongs to its taker alone.
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
    let fallback: TrueTypeFont?
    let assets: (@Sendable (String, Bool) -> PNGDecoder.Image?)?
    /// The tree is drawn in its dark appearance: asset images pick their dark variants.
    let dark: Bool
    /// What is left of `PNGRenderer.imagePixelBudget` for this render.
    var imagePixelsLeft: Int
    let clipMasks: ClipMaskCache
    /// The `scaleEffect`/`rotationEffect` transforms of the nodes being drawn, in pixels.
    var transform: RenderTransform?
    var designFaces: [FontDesign: FontFaces] = [:]

    func px(_ r: Rect) -> Rect { Rect(x: r.x * scale, y: r.y * scale, width: r.width * scale, height: r.height * scale) }

    /// Fills through the current transform.
    mutating func paint(_ path: Path, _ fill: Canvas.Fill, opacity: Double = 1, clip: CoverageMask? = nil) {
        guard let t = transform else { return canvas.fill(path, fill, opacity: opacity, clip: clip) }
        let mapped: Canvas.Fill = switch fill {
        case .solid: fill
        case .linear(let stops, let from, let to): .linear(stops: stops, from: t.apply(from), to: t.apply(to))
        case .angular(let stops, let center, let start, let sweep): .angular(stops: stops, center: t.apply(center), start: start, sweep: sweep)
        }
        canvas.fill(path.transformed(t.apply), mapped, opacity: opacity, clip: clip)
    }

    /// A node's own transform, in points, as a transform of pixels.
    private func pixelTransform(_ t: RenderTransform) -> RenderTransform {
        RenderTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx * scale, ty: t.ty * scale)
    }

    func outline(_ node: RenderNode, _ r: Rect) -> Path {
        switch node.shape {
        case .circle:
            let d = min(r.width, r.height)
            return .ellipse(Rect(x: r.x + (r.width - d) / 2, y: r.y + (r.height - d) / 2, width: d, height: d))
        case .ellipse: return .ellipse(r)
        case .capsule: return .roundedRect(r, radius: min(r.width, r.height) / 2, continuous: false)
        case .roundedRect: return .roundedRect(r, radius: (node.cornerRadius ?? 0) * scale, continuous: node.continuousCorners ?? false)
        case .path: return pathContours(node).filled
        default: return .rect(r)
        }
    }

    func pathContours(_ node: RenderNode) -> PathContours {
        PathContours(node.pathData ?? RenderPath(elements: []), map: { Point(x: $0.x * scale, y: $0.y * scale) })
    }

    func inset(_ r: Rect, _ d: Double) -> Rect { Rect(x: r.x + d, y: r.y + d, width: max(0, r.width - 2 * d), height: max(0, r.height - 2 * d)) }

    /// The part of the current clip that is fully inside it: drawing there needs no clip mask.
    var clipInterior: Rect?

    mutating func draw(_ node: RenderNode, opacity parentOpacity: Double, clip parentClip: CoverageMask?) {
        let opacity = parentOpacity * (node.opacity ?? 1)
        guard opacity > 0.001 else { return }
        if node.shadow != nil || node.blurRadius != nil || node.blendMode != nil || node.mask != nil {
            return drawWithEffects(node, opacity: parentOpacity, clip: parentClip)
        }
        let r = px(node.frame)
        var clip = parentClip
        let savedInterior = clipInterior
        let savedTransform = transform
        defer {
            clipInterior = savedInterior
            transform = savedTransform
        }
        if let own = node.transform {
            transform = transform.map { $0.concatenating(pixelTransform(own)) } ?? pixelTransform(own)
        }
        if transform != nil { clipInterior = nil }
        if node.clips == true {
            let shape = transform.map { outline(node, r).transformed($0.apply) } ?? outline(node, r)
            if let mask = clipMasks.mask(shape, canvasWidth: canvas.width, canvasHeight: canvas.height, using: &canvas.accumulator) {
                clip = parentClip.map { intersect($0, mask) } ?? mask
                // Inside the rounded corners' reach the clip changes nothing.
                let reach = (node.cornerRadius ?? 0) * scale * 1.3 + 1
                clipInterior = parentClip == nil && transform == nil ? inset(r, reach) : nil
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
        case .unsupported:
            drawUnsupported(r, opacity: opacity, clip: ownClip)
        default:
            break
        }
        for child in node.children { draw(child, opacity: opacity, clip: clip) }
    }

    private func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        inner.x >= outer.x && inner.y >= outer.y && inner.maxX <= outer.maxX && inner.maxY <= outer.maxY
    }

    /// `b` where `a` covers it too: each of `b`'s rows times the span of `a`'s row over it (zero
    /// outside `a`).
    private func intersect(_ a: CoverageMask, _ b: CoverageMask) -> CoverageMask {
        var out = b
        let from = max(b.x0, a.x0), to = min(b.x0 + b.width, a.x0 + a.width)
        out.alpha.withUnsafeMutableBufferPointer { o in
            a.alpha.withUnsafeBufferPointer { aa in
                guard let o = o.baseAddress, let aa = aa.baseAddress else { return }
                for ly in 0..<b.height {
                    let row = o + ly * b.width
                    let ay = b.y0 + ly - a.y0
                    guard ay >= 0, ay < a.height, from < to else {
                        row.update(repeating: 0, count: b.width)
                        continue
                    }
                    row.update(repeating: 0, count: from - b.x0)
                    let aRow = aa + ay * a.width + (from - a.x0), bRow = row + (from - b.x0)
                    for i in 0..<(to - from) { bRow[i] *= aRow[i] }
                    (row + (to - b.x0)).update(repeating: 0, count: b.x0 + b.width - to)
                }
            }
        }
        return out
    }

    private mutating func drawShape(_ node: RenderNode, _ r: Rect, opacity: Double, clip: CoverageMask?) {
        let fill: Canvas.Fill
        if let g = node.gradient {
            fill = .linear(stops: g.stops.map { ($0.color.rgba, $0.location) },
                           from: Point(x: r.x + g.startX * r.width, y: r.y + g.startY * r.height),
                           to: Point(x: r.x + g.endX * r.width, y: r.y + g.endY * r.height))
        } else if let c = node.color?.rgba {
            fill = .solid(c)
        } else {
            return
        }
        if let radius = node.backdropBlur, node.strokeWidth == nil { blurBehind(outline(node, r), radius: radius, clip: clip) }
        if node.shape == .path || node.trimFrom != nil || (node.dash != nil && (node.strokeWidth ?? 0) > 0) {
            drawOutlineParts(node, r, fill, opacity: opacity, clip: clip)
        } else if let w = node.strokeWidth, w > 0 {
            let half = w * scale / 2
            var ring = outline(node, inset(r, -half))
            ring.append(outline(node, inset(r, half)).reversed)
            paint(ring, fill, opacity: opacity, clip: clip)
        } else {
            paint(outline(node, r), fill, opacity: opacity, clip: clip)
        }
    }

    /// Custom outlines and trimmed shapes: each contour stroked as a polyline (with the node's caps and
    /// joins) or filled.
    private mutating func drawOutlineParts(_ node: RenderNode, _ r: Rect, _ fill: Canvas.Fill, opacity: Double, clip: CoverageMask?) {
        let contours: [(points: [Point], closed: Bool)] = node.shape == .path
            ? pathContours(node).contours
            : [(Stroke.polyline(outline(node, r), closed: false), true)]
        let cap: Stroke.Cap = switch node.lineCap {
        case .round: .round
        case .square: .square
        case nil: .butt
        }
        for contour in contours {
            var points = contour.points
            if contour.closed, let first = points.first { points.append(first) }
            if let from = node.trimFrom, let to = node.trimTo { points = Stroke.trimmed(points, from: from, to: to) }
            guard points.count >= 2 else { continue }
            if let w = node.strokeWidth, w > 0, let dash = node.dash {
                var dashes = Path()
                for piece in Stroke.dashed(points, pattern: dash.map { $0 * scale }, phase: (node.dashPhase ?? 0) * scale) {
                    dashes.append(Stroke.outline(piece, width: w * scale, cap: cap, roundJoins: node.lineJoin == .round))
                }
                paint(dashes, fill, opacity: opacity, clip: clip)
            } else if let w = node.strokeWidth, w > 0 {
                paint(Stroke.outline(points, width: w * scale, cap: cap, roundJoins: node.lineJoin == .round), fill, opacity: opacity, clip: clip)
            } else {
                var area = Path()
                area.move(to: points[0])
                for p in points.dropFirst() { area.line(to: p) }
                area.close()
                paint(area, fill, opacity: opacity, clip: clip)
            }
        }
    }

    /// What the system shows for a view widgets cannot display: a yellow box with a prohibited sign.
    private mutating func drawUnsupported(_ r: Rect, opacity: Double, clip: CoverageMask?) {
        paint(.rect(r), .solid(RGBA(bytes: 255, 204, 0)), opacity: opacity, clip: clip)
        let d = min(r.width, r.height) * 0.5
        guard d > 2 else { return }
        let box = Rect(x: r.x + (r.width - d) / 2, y: r.y + (r.height - d) / 2, width: d, height: d)
        let bar = max(1, d * 0.12)
        var sign = Path.ellipse(box)
        sign.append(Path.ellipse(inset(box, bar)).reversed)
        let center = Point(x: box.x + d / 2, y: box.y + d / 2)
        let corner = (d / 2 - bar) * 0.7071
        sign.append(Stroke.outline([Point(x: center.x - corner, y: center.y - corner), Point(x: center.x + corner, y: center.y + corner)],
                                   width: bar, cap: .butt, roundJoins: false))
        paint(sign, .solid(RGBA(0.1, 0.1, 0.1)), opacity: opacity, clip: clip)
    }

    /// Takes `pixels` from the render's image budget, if that many are left.
    private mutating func admit(_ pixels: Int) -> Bool {
        guard pixels <= imagePixelsLeft else {
            imagePixelsLeft = 0
            return false
        }
        imagePixelsLeft -= pixels
        return true
    }

    /// SF Symbols are Apple's: a few common shapes are drawn, the rest as a rounded outline.
    private mutating func drawSymbol(_ node: RenderNode, _ r: Rect, opacity: Double, clip: CoverageMask?) {
        if node.style == .asset, imagePixelsLeft > 0, let name = node.imageName, let image = assets?(name, dark), admit(image.width * image.height) {
            drawImage(image, r, opacity: opacity, clip: clip, treatment: node.imageTreatment)
            return
        }
        if node.style == .data, let bytes = node.imageData?.bytes,
           let size = EncodedImage.dimensions(bytes), admit(size.width * size.height), let image = try? EncodedImage.decode(bytes) {
            drawImage(image, r, opacity: opacity, clip: clip, treatment: node.imageTreatment)
            return
        }
        let color = node.color?.rgba ?? .black
        let name = node.imageName ?? ""
        if drawGlyph(name, r, color: color, mode: node.symbolRenderingMode ?? .monochrome,
                     secondary: node.symbolPalette?.first?.rgba, mirrored: node.mirrored == true, weight: node.symbolWeight ?? .regular,
                     opacity: opacity, clip: clip) { return }
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
        paint(path, .solid(color), opacity: opacity, clip: clip)
    }

    /// How strongly a symbol's secondary layer is drawn in the hierarchical modes.
    static let secondaryLayerOpacity = 0.25

    /// A system image drawn as this project's glyph for its name (`SymbolGlyphs`), in a square
    /// centred in its frame; false when the name has none. An enclosed `.fill` form (and a filled
    /// glyph with parts knocked out, such as `clock.fill`) is drawn in a layer of its own, the
    /// glyph's coverage erased from the disc, square or body; `layered` (the
    /// hierarchical, palette and multicolour modes) draws the disc or square as a secondary layer
    /// instead, the glyph over it at full strength.
    private mutating func drawGlyph(_ name: String, _ r: Rect, color: RGBA, mode: SymbolRenderingModeValue, secondary: RGBA?, mirrored: Bool,
                                    weight: FontWeight, opacity: Double, clip: CoverageMask?) -> Bool {
        var layered = mode != .monochrome, color = color
        let d = min(r.width, r.height)
        let box = Rect(x: r.x + (r.width - d) / 2, y: r.y + (r.height - d) / 2, width: d, height: d)
        guard var drawing = SymbolGlyphs.drawing(name, in: box, weight: weight) else { return false }
        if mirrored {
            // Flipped about the box's vertical centre line, each contour reversed to keep its winding.
            let flip = { (path: Path) in path.transformed { Point(x: 2 * box.x + box.width - $0.x, y: $0.y) }.reversed }
            drawing.ink = flip(drawing.ink)
            drawing.knockedOutOf = drawing.knockedOutOf.map(flip)
            drawing.multicolor = drawing.multicolor.map { (flip($0.0), $0.1) }
        }
        if mode == .multicolor {
            let scheme: ColorScheme = dark ? .dark : .light
            if !drawing.multicolor.isEmpty {
                // The glyph's parts in their own paints.
                for (part, paint) in drawing.multicolor {
                    let resolved = switch paint {
                    case .system(let c): SystemPalette.resolve(c, scheme: scheme)
                    case .primary: SystemPalette.resolve(.primary, scheme: scheme)
                    }
                    self.paint(part, .solid(resolved), opacity: opacity, clip: clip)
                }
                return true
            }
            if let tint = SymbolGlyphs.multicolorTint(name) {
                // One colour throughout, cut-outs knocked out as in the monochrome mode.
                color = SystemPalette.resolve(tint, scheme: scheme)
                layered = false
            }
        }
        guard let backing = drawing.knockedOutOf else {
            paint(drawing.ink, .solid(color), opacity: opacity, clip: clip)
            return true
        }
        if layered {
            // The palette's second colour, or the secondary level of the hierarchy.
            if let secondary {
                paint(backing, .solid(secondary), opacity: opacity, clip: clip)
            } else {
                paint(backing, .solid(color), opacity: opacity * Self.secondaryLayerOpacity, clip: clip)
            }
            paint(drawing.ink, .solid(color), opacity: opacity, clip: clip)
            return true
        }
        // Layers the size of the symbol, not of the canvas: a widget may show many such symbols.
        let placed = transform.map { backing.transformed($0.apply) } ?? backing
        let points = placed.polygons.joined()
        guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(),
              let minY = points.map(\.y).min(), let maxY = points.map(\.y).max(), minX.isFinite, minY.isFinite else { return true }
        let x0 = Int(minX.rounded(.down)) - 1, y0 = Int(minY.rounded(.down)) - 1
        let width = min(4096, Int(maxX.rounded(.up)) + 1 - x0), height = min(4096, Int(maxY.rounded(.up)) + 1 - y0)
        let current = transform
        let local = { (path: Path) in
            (current.map { path.transformed($0.apply) } ?? path).transformed { Point(x: $0.x - Double(x0), y: $0.y - Double(y0)) }
        }
        var layer = Canvas(width: width, height: height)
        layer.fill(local(backing), .solid(color), opacity: opacity)
        var holes = Canvas(width: width, height: height)
        holes.fill(local(drawing.ink), .solid(.white))
        layer.erase(where: holes)
        canvas.composite(layer, dx: x0, dy: y0, clip: clip)
        return true
    }

    /// Images are drawn axis-aligned: under a rotation, into the bounding box of their rotated frame.
    private mutating func drawImage(_ image: PNGDecoder.Image, _ r: Rect, opacity: Double, clip: CoverageMask?, treatment: ImageTreatment?) {
        guard let t = transform else { return canvas.draw(image, in: r, opacity: opacity, clip: clip, treatment: treatment) }
        let corners = [Point(x: r.x, y: r.y), Point(x: r.maxX, y: r.y), Point(x: r.x, y: r.maxY), Point(x: r.maxX, y: r.maxY)].map(t.apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return }
        canvas.draw(image, in: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), opacity: opacity, clip: clip, treatment: treatment)
    }

    /// A material's frosting: what is already drawn under `shape` is replaced by its blur.
    private mutating func blurBehind(_ shape: Path, radius: Double, clip: CoverageMask?) {
        let mapped = transform.map { shape.transformed($0.apply) } ?? shape
        guard let mask = clipMasks.mask(mapped, canvasWidth: canvas.width, canvasHeight: canvas.height, using: &canvas.accumulator) else { return }
        // Only the shape's region and the blur's reach around it are blurred.
        let sigma = radius * scale / 2, reach = Int((3 * sigma).rounded(.up)) + 1
        let x = max(0, mask.x0 - reach), y = max(0, mask.y0 - reach)
        var behind = canvas.cropped(x: x, y: y, width: mask.width + 2 * reach, height: mask.height + 2 * reach)
        behind.blur(sigma: sigma, opaque: true)
        canvas.composite(behind, dx: x, dy: y, clip: clip.map { intersect($0, mask) } ?? mask)
    }

    /// A node with a shadow or a blur: drawn into a layer of its own, which is blurred (or tinted,
    /// blurred and offset for the shadow beneath it) and composited through the clip in effect.
    /// A shadow's Gaussian standard deviation per point of its radius, measured on iOS's renders of
    /// `.shadow(radius:)` (Tools/Fidelity: a capsule's shadow of radius 8 falls off with a standard
    /// deviation of about 7 points).
    static let shadowSigmaPerRadius = 0.88

    private mutating func drawWithEffects(_ node: RenderNode, opacity: Double, clip: CoverageMask?) {
        var plain = node
        plain.shadow = nil
        plain.blurRadius = nil
        plain.blurOpaque = nil
        plain.blendMode = nil
        plain.mask = nil
        var layer = Painter(canvas: Canvas(width: canvas.width, height: canvas.height), scale: scale, regular: regular, bold: bold,
                            fallback: fallback, assets: assets, dark: dark, imagePixelsLeft: imagePixelsLeft, clipMasks: clipMasks)
        layer.transform = transform
        layer.designFaces = designFaces
        layer.draw(plain, opacity: opacity, clip: nil)
        imagePixelsLeft = layer.imagePixelsLeft
        var content = layer.canvas
        if let mask = node.mask {
            // The mask's own drawing, kept only for its opacity.
            var shape = Painter(canvas: Canvas(width: canvas.width, height: canvas.height), scale: scale, regular: regular, bold: bold,
                                fallback: fallback, assets: assets, dark: dark, imagePixelsLeft: imagePixelsLeft, clipMasks: clipMasks)
            shape.transform = transform
            shape.designFaces = designFaces
            for part in mask { shape.draw(part, opacity: 1, clip: nil) }
            imagePixelsLeft = shape.imagePixelsLeft
            content.keep(where: shape.canvas)
        }
        // Core Animation's blur radius is about twice the Gaussian's standard deviation.
        if let radius = node.blurRadius { content.blur(sigma: radius * scale / 2, opaque: node.blurOpaque == true) }
        if let shadow = node.shadow {
            var shade = content
            shade.tint(shadow.color.rgba)
            shade.blur(sigma: shadow.radius * scale * Self.shadowSigmaPerRadius)
            canvas.composite(shade, dx: Int((shadow.x * scale).rounded()), dy: Int((shadow.y * scale).rounded()), clip: clip)
        }
        if let mode = node.blendMode {
            canvas.blend(content, mode: mode, clip: clip)
        } else {
            canvas.composite(content, clip: clip)
        }
    }

    /// For a run in Arabic presentation forms: the factor that scales the font's own advances to the
    /// run's measured width (nil for other runs, or when a character has no glyph).
    private static func joinedScale(_ run: TextLineRun, font: TrueTypeFont?, fallback: TrueTypeFont?, size: Double,
                                    measured: (String) -> Double) -> Double? {
        guard run.text.unicodeScalars.contains(where: { (0xFE70...0xFEFF).contains($0.value) }) else { return nil }
        var natural = 0.0
        for scalar in run.text.unicodeScalars {
            guard let (face, glyph) = glyph(scalar, in: font, or: fallback) else { return nil }
            natural += face.advance(glyph) / face.unitsPerEm * size
        }
        let width = measured(run.text)
        return natural > 0 ? min(2, max(0.5, width / natural)) : nil
    }

    /// The face that has `scalar`, and its glyph: the run's face, else the fallback.
    private static func glyph(_ scalar: Unicode.Scalar, in font: TrueTypeFont?, or fallback: TrueTypeFont?) -> (TrueTypeFont, Int)? {
        if let font, let glyph = font.glyphIndex(scalar) { return (font, glyph) }
        if let fallback, let glyph = fallback.glyphIndex(scalar) { return (fallback, glyph) }
        return nil
    }

    private mutating func drawText(_ node: RenderNode, opacity: Double, clip: CoverageMask?) {
        for line in node.lines ?? [] {
            for run in line.runs {
                let color = run.color.rgba
                let weight = run.weight, design = run.design
                let size = run.fontSize * scale
                let baseline = (line.baseline - (run.baselineOffset ?? 0)) * scale
                let widthFactor = run.widthFactor ?? 1, spacing = run.spacing ?? 0
                var x = run.x * scale
                if node.redacted == true {
                    let width = TextMetrics.width(run.text, size: run.fontSize, weight: weight, design: design, widthFactor: widthFactor,
                                                  spacing: spacing) * scale
                    let bar = Rect(x: x, y: baseline - size * 0.72, width: width, height: size * 0.8)
                    paint(.roundedRect(bar, radius: size * 0.2, continuous: false), .solid(color.multiplyingAlpha(0.3)), opacity: opacity, clip: clip)
                    continue
                }
                let faces = designFaces[design]
                let heavy = weight.rawValue >= FontWeight.semibold.rawValue
                let font = faces.map { heavy ? $0.bold : $0.regular } ?? (heavy ? (bold ?? regular) : regular)
                var path = Path()
                // A joining script (Arabic's presentation forms) keeps the font's own advances, scaled
                // together to the run's measured width, so the letters meet.
                let joined = Self.joinedScale(run, font: font, fallback: fallback, size: size, measured: {
                    TextMetrics.width($0, size: run.fontSize, weight: weight, design: design, widthFactor: widthFactor, spacing: spacing) * scale
                })
                for scalar in run.text.unicodeScalars {
                    var advance = TextMetrics.width(String(scalar), size: run.fontSize, weight: weight, design: design,
                                                    widthFactor: widthFactor, spacing: spacing) * scale
                    if let joined, let (font, glyph) = Self.glyph(scalar, in: font, or: fallback) {
                        advance = font.advance(glyph) / font.unitsPerEm * size * joined
                    }
                    if scalar != " " {
                        if let (font, glyph) = Self.glyph(scalar, in: font, or: fallback) {
                            let natural = font.advance(glyph) / font.unitsPerEm * size
                            let stretch = joined ?? (natural > 0 ? min(1.25, max(0.8, advance / natural)) : 1)
                            path.append(font.path(glyph, x: x, baseline: baseline, size: size, stretch: stretch, italic: run.italic))
                        } else {
                            // Built-in fallback: a soft block the size of a lowercase letter.
                            let block = Rect(x: x + advance * 0.12, y: baseline - size * 0.52, width: advance * 0.76, height: size * 0.52)
                            path.append(.roundedRect(block, radius: size * 0.08, continuous: false))
                        }
                    }
                    x += advance
                }
                paint(path, .solid(color), opacity: opacity, clip: clip)
                // Decorations span the run, minus the spacing after its last character.
                let thickness = max(1, size * 0.06)
                let span = Rect(x: run.x * scale, y: 0, width: max(0, x - run.x * scale - spacing * scale), height: thickness)
                for (decoration, offset) in [(run.underline, size * 0.12), (run.strikethrough, -size * 0.3)] {
                    guard let lineColor = decoration?.rgba else { continue }
                    paint(.rect(Rect(x: span.x, y: baseline + offset - thickness / 2, width: span.width, height: thickness)),
                          .solid(lineColor), opacity: opacity, clip: clip)
                }
            }
        }
    }
}
