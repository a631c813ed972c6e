import Foundation
import WidgetLayout

/// A page reduced to what it draws: fills and strokes of paths in page space, each with its paint,
/// alpha and clip. Made once when the file is read, so rasterizing at any size is pure and repeatable
/// and keeps no file bytes; curves stay curves until the pixel size is known.
struct PDFDisplayList: Sendable {
    enum Paint: Sendable {
        case color(RGBA)
        /// A shading, with the matrix from its space to page space.
        case shading(PDFShading, toPage: PDFMatrix)
    }

    /// Line parameters (§8.4.3). Lengths are in user space while in the graphics state and in page
    /// space once in a command (§8.4.3.2: the CTM at painting time applies).
    struct StrokeStyle: Sendable {
        var width = 1.0
        /// 0 butt, 1 round, 2 projecting square.
        var cap = 0
        /// 0 miter, 1 round, 2 bevel.
        var join = 0
        var miterLimit = 10.0
        var dash: [Double] = []
        var dashPhase = 0.0

        func scaled(by factor: Double) -> StrokeStyle {
            var style = self
            style.width *= factor
            style.dash = dash.map { $0 * factor }
            style.dashPhase *= factor
            return style
        }
    }

    enum Operation: Sendable {
        case fill(evenOdd: Bool)
        case stroke(StrokeStyle)
    }

    struct Command: Sendable {
        let path: PDFPath
        let operation: Operation
        let paint: Paint
        let alpha: Double
        let clip: Int?
    }

    /// A clipping path intersected with its parent's (§8.5.4): a clip state is a chain of these.
    struct Clip: Sendable {
        let parent: Int?
        let path: PDFPath
        let evenOdd: Bool
    }

    private(set) var commands: [Command] = []
    private(set) var clips: [Clip] = []
    private var elementCount = 0

    mutating func append(_ command: Command) throws(PDFVectorImage.Failure) {
        try take(command.path.elementCount)
        guard commands.count < PDFVectorImage.Limits.maxCommands else { throw .tooLarge }
        commands.append(command)
    }

    /// The clip index for `path` within the clip `parent`.
    mutating func addClip(_ path: PDFPath, evenOdd: Bool, inside parent: Int?) throws(PDFVectorImage.Failure) -> Int {
        try take(path.elementCount)
        guard clips.count < PDFVectorImage.Limits.maxCommands else { throw .tooLarge }
        clips.append(Clip(parent: parent, path: path, evenOdd: evenOdd))
        return clips.count - 1
    }

    /// Path elements across the list are capped: each is kept in memory and flattened at every rasterization.
    private mutating func take(_ elements: Int) throws(PDFVectorImage.Failure) {
        elementCount += elements
        guard elementCount <= PDFVectorImage.Limits.maxPathElements else { throw .tooLarge }
    }
}

/// Draws a display list on the project's canvas: paths flattened in pixel space and filled with the
/// antialiasing rasterizer, strokes outlined with `Stroke`, clips and even-odd fills as coverage masks,
/// shadings evaluated per pixel.
struct PDFListRenderer {
    private let list: PDFDisplayList
    private let toPixels: PDFMatrix
    private(set) var canvas: Canvas
    private var scratch = CoverageAccumulator()
    /// Pixels of coverage left to compute: a hostile list of huge overlapping shapes stops drawing here.
    private var work: Int
    private var clipCache: [Int: Coverage] = [:]
    private var clipCachePixels = 0

    /// Coverage of a clip or a shape: all of the canvas, none of it, or a mask.
    enum Coverage {
        case everywhere, nowhere
        case mask(CoverageMask)

        var mask: CoverageMask? {
            if case .mask(let mask) = self { mask } else { nil }
        }
    }

    /// Coordinates are clamped this far out: far beyond any canvas, yet small enough that the
    /// rasterizer's conversions to `Int` can never trap.
    static let coordinateLimit = 1e7

    init(list: PDFDisplayList, toPixels: PDFMatrix, width: Int, height: Int) {
        self.list = list
        self.toPixels = toPixels
        canvas = Canvas(width: width, height: height)
        work = max(1 << 24, canvas.width * canvas.height * 64)
    }

    mutating func drawAll() {
        for command in list.commands {
            guard work > 0 else { return }
            draw(command)
        }
    }

    private mutating func draw(_ command: PDFDisplayList.Command) {
        let clip = clipCoverage(command.clip)
        if case .nowhere = clip { return }
        let subpaths = flatten(command.path)
        switch command.operation {
        case .fill(let evenOdd):
            if case .color(let color) = command.paint, !evenOdd || subpaths.count == 1 {
                let path = filledPath(subpaths)
                guard spend(on: path) else { return }
                canvas.fill(path, .solid(color), opacity: command.alpha, clip: clip.mask)
            } else {
                paint(intersect(evenOdd ? evenOddCoverage(subpaths) : coverage(filledPath(subpaths)), clip), command)
            }
        case .stroke(let style):
            let outline = strokeOutline(subpaths, style)
            if case .color(let color) = command.paint {
                guard spend(on: outline) else { return }
                canvas.fill(outline, .solid(color), opacity: command.alpha, clip: clip.mask)
            } else {
                paint(intersect(coverage(outline), clip), command)
            }
        }
    }

    /// Paints `command`'s paint through a coverage mask.
    private mutating func paint(_ coverage: Coverage, _ command: PDFDisplayList.Command) {
        guard let mask = coverage.mask else { return }
        let rect = Rect(x: Double(mask.x0), y: Double(mask.y0), width: Double(mask.width), height: Double(mask.height))
        switch command.paint {
        case .color(let color):
            canvas.fill(.rect(rect), .solid(color), opacity: command.alpha, clip: mask)
        case .shading(let shading, let toPage):
            guard let image = shadingImage(shading, toPage: toPage, under: mask) else { return }
            canvas.draw(image, in: rect, opacity: command.alpha, clip: mask)
        }
    }

    /// The shading's colours over the mask's pixels, sampled at pixel centres.
    private mutating func shadingImage(_ shading: PDFShading, toPage: PDFMatrix, under mask: CoverageMask) -> PNGDecoder.Image? {
        guard let toShading = toPage.concatenating(toPixels).inverted else { return nil }
        work -= mask.width * mask.height
        var rgba = [UInt8](repeating: 0, count: mask.width * mask.height * 4)
        for y in 0..<mask.height {
            for x in 0..<mask.width where mask.alpha[y * mask.width + x] > 0 {
                let p = toShading.apply(Point(x: Double(mask.x0 + x) + 0.5, y: Double(mask.y0 + y) + 0.5))
                guard let color = shading.color(at: p) else { continue }
                let i = (y * mask.width + x) * 4
                rgba[i] = PNGEncoder.byte(Float(color.r))
                rgba[i + 1] = PNGEncoder.byte(Float(color.g))
                rgba[i + 2] = PNGEncoder.byte(Float(color.b))
                rgba[i + 3] = PNGEncoder.byte(Float(color.a))
            }
        }
        return PNGDecoder.Image(width: mask.width, height: mask.height, rgba: rgba)
    }

    // MARK: geometry

    /// A subpath flattened in pixel space: its points, and whether `h` closed it.
    struct Subpath {
        var points: [Point]
        var closed: Bool
    }

    private func pixel(_ p: Point) -> Point {
        let q = toPixels.apply(p)
        func clamp(_ v: Double) -> Double { v.isNaN ? 0 : min(Self.coordinateLimit, max(-Self.coordinateLimit, v)) }
        return Point(x: clamp(q.x), y: clamp(q.y))
    }

    /// Points one path may flatten to; past it, curves become their chords. A million points is far
    /// beyond an icon's path, and stops a hostile one of huge curves from taking gigabytes.
    static let maxFlattenedPoints = 1 << 20

    /// Each subpath flattened into `Path`'s points.
    private func flatten(_ path: PDFPath) -> [Subpath] {
        var subpaths: [Subpath] = []
        var builder = Path()
        var closed = false
        var pointsLeft = Self.maxFlattenedPoints
        func finish() {
            let points = builder.openContour
            pointsLeft -= points.count
            if !points.isEmpty { subpaths.append(Subpath(points: points, closed: closed)) }
            builder = Path()
            closed = false
        }
        path.forEachElement { element in
            switch element {
            case .move(let p):
                finish()
                builder.move(to: pixel(p))
            case .line(let p): builder.line(to: pixel(p))
            case .curve(let c1, let c2, let p):
                if let from = builder.openContour.last {
                    let budget = pointsLeft - builder.openContour.count
                    Self.flattenCubic(from, pixel(c1), pixel(c2), pixel(p), into: &builder, maxSteps: budget > 256 ? 256 : 1)
                } else {
                    builder.move(to: pixel(p))
                }
            case .close: closed = true
            }
        }
        finish()
        return subpaths
    }

    /// Chords stay within this many pixels of a curve.
    static let flatness = 0.1

    /// A cubic as lines, by Wang's bound on the segment count for a flatness. `Path.cubic` takes
    /// fewer steps (about √(2·d) for second differences d, a third of a pixel off on a large arc: a
    /// visible flat spot on a big circle's edge).
    static func flattenCubic(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, into path: inout Path, maxSteps: Int) {
        let d1 = hypot(p0.x - 2 * c1.x + c2.x, p0.y - 2 * c1.y + c2.y)
        let d2 = hypot(c1.x - 2 * c2.x + p3.x, c1.y - 2 * c2.y + p3.y)
        let bound = (0.75 * max(d1, d2) / flatness).squareRoot()
        let steps = bound.isFinite ? max(1, min(maxSteps, Int(bound.rounded(.up)))) : 1
        for i in 1...steps {
            let t = Double(i) / Double(steps), u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            path.line(to: Point(x: a * p0.x + b * c1.x + c * c2.x + d * p3.x, y: a * p0.y + b * c1.y + c * c2.y + d * p3.y))
        }
    }

    /// Every subpath closed, for filling (§8.5.3.1: open subpaths are closed implicitly).
    private func filledPath(_ subpaths: [Subpath]) -> Path {
        var path = Path()
        for subpath in subpaths where subpath.points.count >= 3 {
            path.move(to: subpath.points[0])
            for p in subpath.points.dropFirst() { path.line(to: p) }
            path.close()
        }
        return path
    }

    // MARK: coverage

    /// Counts a shape's pixels and points against the work budget; false once it is spent.
    private mutating func spend(on path: Path) -> Bool {
        guard let b = path.bounds else { return false }
        let w = min(Double(canvas.width), max(0, b.maxX)) - min(Double(canvas.width), max(0, b.x))
        let h = min(Double(canvas.height), max(0, b.maxY)) - min(Double(canvas.height), max(0, b.y))
        work -= Int(w + 2) * Int(h + 2) + path.polygons.reduce(64) { $0 + $1.count }
        return work > 0
    }

    /// Non-zero winding coverage.
    private mutating func coverage(_ path: Path) -> Coverage {
        guard spend(on: path),
              let mask = CoverageMask.rasterize(path, canvasWidth: canvas.width, canvasHeight: canvas.height, using: &scratch)
        else { return .nowhere }
        return .mask(mask)
    }

    /// Even-odd coverage, as the exclusive or of each subpath's own coverage. The rasterizer only
    /// winds non-zero; for subpaths that do not cross themselves (the rings and holes even-odd is used
    /// for) the two rules agree, and a self-crossing subpath is filled non-zero.
    private mutating func evenOddCoverage(_ subpaths: [Subpath]) -> Coverage {
        let whole = filledPath(subpaths)
        guard let b = whole.bounds else { return .nowhere }
        let x0 = max(0, Int(b.x.rounded(.down))), y0 = max(0, Int(b.y.rounded(.down)))
        let x1 = min(canvas.width, Int(b.maxX.rounded(.up)) + 1), y1 = min(canvas.height, Int(b.maxY.rounded(.up)) + 1)
        guard x0 < x1, y0 < y1 else { return .nowhere }
        var combined = CoverageMask(x0: x0, y0: y0, width: x1 - x0, height: y1 - y0, alpha: [Float](repeating: 0, count: (x1 - x0) * (y1 - y0)))
        for subpath in subpaths {
            guard case .mask(let part) = coverage(filledPath([subpath])) else { continue }
            for y in 0..<part.height {
                for x in 0..<part.width {
                    let cx = part.x0 + x - x0, cy = part.y0 + y - y0
                    guard cx >= 0, cy >= 0, cx < combined.width, cy < combined.height else { continue }
                    let a = combined.alpha[cy * combined.width + cx], b = part.alpha[y * part.width + x]
                    combined.alpha[cy * combined.width + cx] = a + b - 2 * a * b
                }
            }
        }
        return .mask(combined)
    }

    private func intersect(_ a: Coverage, _ b: Coverage) -> Coverage {
        switch (a, b) {
        case (.nowhere, _), (_, .nowhere): return .nowhere
        case (.everywhere, _): return b
        case (_, .everywhere): return a
        case (.mask(let m), .mask(let n)):
            let x0 = max(m.x0, n.x0), y0 = max(m.y0, n.y0)
            let x1 = min(m.x0 + m.width, n.x0 + n.width), y1 = min(m.y0 + m.height, n.y0 + n.height)
            guard x0 < x1, y0 < y1 else { return .nowhere }
            var alpha = [Float](repeating: 0, count: (x1 - x0) * (y1 - y0))
            for y in y0..<y1 {
                for x in x0..<x1 {
                    alpha[(y - y0) * (x1 - x0) + (x - x0)] = m.alpha[(y - m.y0) * m.width + (x - m.x0)] * n.alpha[(y - n.y0) * n.width + (x - n.x0)]
                }
            }
            return .mask(CoverageMask(x0: x0, y0: y0, width: x1 - x0, height: y1 - y0, alpha: alpha))
        }
    }

    /// The coverage of clip `index`: its path's coverage within its parent's, computed once and
    /// kept while the cache stays under a few canvases' worth of pixels.
    private mutating func clipCoverage(_ index: Int?) -> Coverage {
        guard let index else { return .everywhere }
        if let known = clipCache[index] { return known }
        var chain: [Int] = []
        var cursor: Int? = index
        while let c = cursor, c >= 0, c < list.clips.count, clipCache[c] == nil {
            chain.append(c)
            cursor = list.clips[c].parent
        }
        var result = cursor.flatMap { clipCache[$0] } ?? .everywhere
        for c in chain.reversed() {
            let clip = list.clips[c]
            if case .nowhere = result {} else {
                let subpaths = flatten(clip.path)
                let own = clip.evenOdd ? evenOddCoverage(subpaths) : coverage(filledPath(subpaths))
                result = intersect(result, own)
            }
            remember(result, for: c)
        }
        return result
    }

    private mutating func remember(_ coverage: Coverage, for index: Int) {
        let pixels = coverage.mask?.alpha.count ?? 0
        if clipCachePixels + pixels > canvas.width * canvas.height * 8 {
            clipCache.removeAll()
            clipCachePixels = 0
        }
        clipCache[index] = coverage
        clipCachePixels += pixels
    }

    // MARK: strokes

    /// The outline of a stroke (§8.5.3.2): each dash or subpath outlined by `Stroke`, with the joins it
    /// does not make (miter and bevel) added, and the join where a closed subpath meets its start.
    static let maxStrokeOutlinePoints = 1 << 23

    private func strokeOutline(_ subpaths: [Subpath], _ style: PDFDisplayList.StrokeStyle) -> Path {
        let scale = toPixels.lengthScale
        // Width 0 is "the thinnest line the device can draw" (§8.4.3.2): one pixel.
        let width = style.width > 0 ? min(Self.coordinateLimit, style.width * scale) : 1
        let cap: Stroke.Cap = switch style.cap {
        case 1: .round
        case 2: .square
        default: .butt
        }
        let pattern = style.dash.map { $0 * scale }
        var outline = Path()
        // `Stroke` puts a disc at nearly every flattened vertex; a hostile width times a hostile point
        // count would build an outline of billions of points, so such a stroke is not drawn.
        let discPoints = 4 * min(64, Int((width / 2).squareRoot()) + 2)
        let points = subpaths.reduce(0) { $0 + $1.points.count }
        guard points.multipliedReportingOverflow(by: 8 + discPoints).partialValue <= Self.maxStrokeOutlinePoints else { return outline }
        for subpath in subpaths {
            var points = Self.withoutRepeats(subpath.points)
            if points.count == 1, subpath.points.count > 1, cap == .round {
                // A zero-length subpath with round caps is a dot.
                outline.append(.ellipse(Rect(x: points[0].x - width / 2, y: points[0].y - width / 2, width: width, height: width)))
                continue
            }
            guard points.count >= 2 else { continue }
            let closed = subpath.closed
            if closed, let first = points.first, first != points.last { points.append(first) }
            if let dashes = Self.dashed(points, pattern: pattern, phase: style.dashPhase * scale) {
                for dash in dashes { outline.append(outlineOfOpenLine(dash, width: width, cap: cap, style: style)) }
            } else if closed {
                outline.append(Stroke.outline(points, width: width, cap: .butt, roundJoins: style.join == 1))
                outline.append(joins(points, closed: true, width: width, style: style))
            } else {
                outline.append(outlineOfOpenLine(points, width: width, cap: cap, style: style))
            }
        }
        return outline
    }

    private func outlineOfOpenLine(_ points: [Point], width: Double, cap: Stroke.Cap, style: PDFDisplayList.StrokeStyle) -> Path {
        var path = Stroke.outline(points, width: width, cap: cap, roundJoins: style.join == 1)
        path.append(joins(points, closed: false, width: width, style: style))
        return path
    }

    private static func withoutRepeats(_ points: [Point]) -> [Point] {
        var out: [Point] = []
        out.reserveCapacity(points.count)
        for p in points where out.last != p { out.append(p) }
        return out
    }

    /// Miter and bevel joins: a wedge on the outer side of each corner (a disc for round joins, at the
    /// closing vertex only, since `Stroke` puts discs at the others).
    private func joins(_ points: [Point], closed: Bool, width: Double, style: PDFDisplayList.StrokeStyle) -> Path {
        var path = Path()
        guard points.count >= 3 else { return path }
        let h = width / 2
        let last = points.count - 1
        var corners: [(Point, Point, Point)] = (1..<last).map { (points[$0 - 1], points[$0], points[$0 + 1]) }
        if closed { corners.append((points[last - 1], points[0], points[1])) }
        for (i, corner) in corners.enumerated() {
            if style.join == 1 {
                if closed, i == corners.count - 1 {
                    path.append(.ellipse(Rect(x: corner.1.x - h, y: corner.1.y - h, width: width, height: width)))
                }
                continue
            }
            if let wedge = Self.joinWedge(corner.0, corner.1, corner.2, halfWidth: h, miter: style.join == 0, miterLimit: style.miterLimit) {
                path.move(to: wedge[0])
                for p in wedge.dropFirst() { path.line(to: p) }
                path.close()
            }
        }
        return path
    }

    /// The bevel triangle, or the miter quadrilateral when the miter is within the limit (§8.4.3.5),
    /// wound as `Stroke`'s quads are so that overlaps add up rather than cancel.
    static func joinWedge(_ a: Point, _ p: Point, _ b: Point, halfWidth h: Double, miter: Bool, miterLimit: Double) -> [Point]? {
        let l1 = ((p.x - a.x) * (p.x - a.x) + (p.y - a.y) * (p.y - a.y)).squareRoot()
        let l2 = ((b.x - p.x) * (b.x - p.x) + (b.y - p.y) * (b.y - p.y)).squareRoot()
        guard l1 > 1e-9, l2 > 1e-9 else { return nil }
        let u1 = Point(x: (p.x - a.x) / l1, y: (p.y - a.y) / l1), u2 = Point(x: (b.x - p.x) / l2, y: (b.y - p.y) / l2)
        let cross = u1.x * u2.y - u1.y * u2.x, dot = u1.x * u2.x + u1.y * u2.y
        guard abs(cross) > 1e-9 else { return nil }
        // The outer side of the turn is opposite its direction.
        let side = cross > 0 ? -1.0 : 1.0
        let n1 = Point(x: -u1.y * h * side, y: u1.x * h * side), n2 = Point(x: -u2.y * h * side, y: u2.x * h * side)
        var wedge = [p, Point(x: p.x + n1.x, y: p.y + n1.y)]
        // Miter length over line width is 1 / sin(θ/2), θ the angle between the segments: 1 / cos(φ/2)
        // for the turning angle φ, whose cosine is `dot`.
        let halfCos = ((1 + dot) / 2).squareRoot()
        if miter, halfCos > 0, 1 / halfCos <= miterLimit {
            wedge.append(Point(x: p.x + (n1.x + n2.x) / (1 + dot), y: p.y + (n1.y + n2.y) / (1 + dot)))
        }
        wedge.append(Point(x: p.x + n2.x, y: p.y + n2.y))
        var area = 0.0
        for i in wedge.indices {
            let q = wedge[i], r = wedge[(i + 1) % wedge.count]
            area += q.x * r.y - r.x * q.y
        }
        return area < 0 ? wedge.reversed() : wedge
    }

    /// Dash pieces (§8.4.3.6) along a polyline, or nil to stroke it whole: no pattern, a pattern of
    /// zeros, or so fine a pattern that the pieces would run past a cap.
    static func dashed(_ points: [Point], pattern: [Double], phase: Double) -> [[Point]]? {
        guard !pattern.isEmpty, pattern.allSatisfy({ $0 >= 0 && $0.isFinite }), phase.isFinite else { return nil }
        let lengths = pattern.count % 2 == 1 ? pattern + pattern : pattern
        let period = lengths.reduce(0, +)
        guard period > 0.01 else { return nil }
        var total = 0.0
        for i in 1..<points.count { total += distance(points[i - 1], points[i]) }
        guard total / period * Double(lengths.count) < 100_000 else { return nil }
        // Where the phase puts the pattern at the start.
        var index = 0, on = true, left = lengths[0]
        var offset = phase.truncatingRemainder(dividingBy: period)
        if offset < 0 { offset += period }
        while offset > 0 {
            if offset >= left {
                offset -= left
                index = (index + 1) % lengths.count
                on.toggle()
                left = lengths[index]
            } else {
                left -= offset
                offset = 0
            }
        }
        var pieces: [[Point]] = []
        var current: [Point] = on ? [points[0]] : []
        for i in 1..<points.count {
            let a = points[i - 1], b = points[i]
            let length = distance(a, b)
            var travelled = 0.0
            while length - travelled > left {
                travelled += left
                let t = travelled / length
                let split = Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                if on {
                    current.append(split)
                    pieces.append(current)
                    current = []
                } else {
                    current = [split]
                }
                on.toggle()
                index = (index + 1) % lengths.count
                left = lengths[index]
            }
            left -= length - travelled
            if on { current.append(b) }
        }
        if on, current.count >= 2 { pieces.append(current) }
        return pieces
    }

    private static func distance(_ a: Point, _ b: Point) -> Double { ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }

    // MARK: output

    /// The canvas as straight-alpha bytes, rounded as the PNG encoder rounds them; a pixel whose
    /// alpha rounds to 0 is all zeros.
    func image() -> PNGDecoder.Image {
        let pixels = canvas.pixels
        var rgba = [UInt8](repeating: 0, count: canvas.width * canvas.height * 4)
        for i in 0..<(canvas.width * canvas.height) {
            let a = pixels[i * 4 + 3], alpha = PNGEncoder.byte(a)
            guard alpha > 0 else { continue }
            let unpremultiply: Float = a >= 1 ? 1 : 1 / a
            for k in 0..<3 { rgba[i * 4 + k] = PNGEncoder.byte(pixels[i * 4 + k] * unpremultiply) }
            rgba[i * 4 + 3] = alpha
        }
        return PNGDecoder.Image(width: canvas.width, height: canvas.height, rgba: rgba)
    }
}
