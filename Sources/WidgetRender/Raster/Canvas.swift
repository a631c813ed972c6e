import Foundation
import WidgetLayout

/// An RGBA pixel buffer with premultiplied Float components, composited source-over.
public struct Canvas: Sendable {
    public let width: Int
    public let height: Int
    var pixels: [Float]
    /// Scratch cells for rasterizing one shape at a time (see `CoverageAccumulator`).
    var accumulator = CoverageAccumulator()

    public init(width: Int, height: Int, background: RGBA = .clear) {
        self.width = max(1, width)
        self.height = max(1, height)
        pixels = [Float](repeating: 0, count: self.width * self.height * 4)
        if background.a > 0 { clear(to: background) }
    }

    /// A one-pixel canvas that stands in while the real one is being drawn into elsewhere.
    static let placeholder = Canvas(width: 1, height: 1)

    /// Paints every pixel `background`, keeping the storage (a pooled canvas starts over this way).
    mutating func clear(to background: RGBA) {
        let a = Float(background.a)
        let r = Float(background.r) * a, g = Float(background.g) * a, b = Float(background.b) * a
        pixels.withUnsafeMutableBufferPointer { p in
            if a <= 0 {
                p.update(repeating: 0)
                return
            }
            // A pixel at a time as a vector of four: wide stores.
            guard let base = p.baseAddress else { return }
            base.withMemoryRebound(to: SIMD4<Float>.self, capacity: p.count / 4) { pixels in
                pixels.update(repeating: SIMD4(r, g, b, a), count: p.count / 4)
            }
        }
    }

    /// A paint evaluated per pixel.
    enum Fill {
        case solid(RGBA)
        case linear(stops: [(RGBA, Double)], from: Point, to: Point)
        /// Around `center`, from the angle `start` (radians from the top, clockwise) through `sweep`:
        /// a gauge's arc in a gradient. Outside the sweep, the nearer end's colour.
        case angular(stops: [(RGBA, Double)], center: Point, start: Double, sweep: Double)

        func color(x: Double, y: Double) -> RGBA {
            switch self {
            case .solid(let c): return c
            case .linear(let stops, let from, let to):
                let dx = to.x - from.x, dy = to.y - from.y
                let len2 = dx * dx + dy * dy
                return Self.interpolate(stops, len2 > 0 ? ((x - from.x) * dx + (y - from.y) * dy) / len2 : 0)
            case .angular(let stops, let center, let start, let sweep):
                return Self.interpolate(stops, Self.angularPosition(x: x, y: y, center: center, start: start, sweep: sweep))
            }
        }

        /// The colour `t` of the way through `stops`.
        static func interpolate(_ stops: [(RGBA, Double)], _ t: Double) -> RGBA {
            guard let first = stops.first, let last = stops.last else { return .clear }
            if t <= first.1 { return first.0 }
            for i in 1..<stops.count where t <= stops[i].1 {
                let (c0, l0) = stops[i - 1], (c1, l1) = stops[i]
                let f = l1 > l0 ? (t - l0) / (l1 - l0) : 0
                return RGBA(c0.r + (c1.r - c0.r) * f, c0.g + (c1.g - c0.g) * f, c0.b + (c1.b - c0.b) * f, c0.a + (c1.a - c0.a) * f)
            }
            return last.0
        }

        /// How far through an angular gradient's sweep the point (x, y) is, 0 … 1.
        static func angularPosition(x: Double, y: Double, center: Point, start: Double, sweep: Double) -> Double {
            guard sweep > 0 else { return 0 }
            let angle = atan2(x - center.x, center.y - y)
            var from = (angle - start).truncatingRemainder(dividingBy: 2 * .pi)
            if from < 0 { from += 2 * .pi }
            if from <= sweep { return from / sweep }
            // In the gap: the nearer end.
            return from - sweep < (2 * .pi - sweep) / 2 ? 1 : 0
        }
    }

    /// Fills `path` with `fill` at `opacity`, masked by `clip` if given. Coverage is composited row by
    /// row as it is swept, so no per-shape mask is kept.
    mutating func fill(_ path: Path, _ fill: Fill, opacity: Double = 1, clip: CoverageMask? = nil) {
        guard opacity > 0 else { return }
        // A rectangle on whole pixels (a background, a plain colour) covers each of its pixels wholly:
        // its rows are composited as they are, without accumulating and sweeping coverage.
        if let r = path.wholePixelRect(canvasWidth: width, canvasHeight: height) {
            let area = CoverageArea(x0: r.x0, y0: r.y0, width: r.x1 - r.x0, height: r.y1 - r.y0)
            let full = [Float](repeating: 1, count: area.width)
            full.withUnsafeBufferPointer { full in
                composite(fill, opacity: opacity, clip: clip, area: area) { row in
                    for ly in 0..<area.height { row(ly, full) }
                }
            }
            return
        }
        guard let area = accumulator.accumulate(path, canvasWidth: width, canvasHeight: height) else { return }
        var accumulator = self.accumulator
        self.accumulator = CoverageAccumulator()
        defer { self.accumulator = accumulator }
        composite(fill, opacity: opacity, clip: clip, area: area) { row in accumulator.sweep(area, row) }
    }

    /// Composites `fill` over the rows `rows` hands to its argument: each row's coverage, masked by
    /// `clip`, source-over.
    private mutating func composite(_ fill: Fill, opacity: Double, clip: CoverageMask?, area: CoverageArea,
                                    rows: ((_ y: Int, _ coverage: UnsafeBufferPointer<Float>) -> Void) -> Void) {
        // Premultiplied source colours: one for a solid fill, a 256-step ramp for a gradient.
        var ramp: [Float] = []
        var gradient: (fx: Double, fy: Double, dx: Double, dy: Double, inv: Double)?
        var angular: (center: Point, start: Double, sweep: Double)?
        switch fill {
        case .solid(let c):
            let a = Float(c.a * opacity)
            ramp = [Float(c.r) * a, Float(c.g) * a, Float(c.b) * a, a]
        case .linear(_, let from, let to):
            ramp.reserveCapacity(256 * 4)
            for step in 0..<256 {
                let t = Double(step) / 255
                let c = fill.color(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t)
                let a = Float(c.a * opacity)
                ramp += [Float(c.r) * a, Float(c.g) * a, Float(c.b) * a, a]
            }
            let dx = to.x - from.x, dy = to.y - from.y, len2 = dx * dx + dy * dy
            gradient = (from.x, from.y, dx, dy, len2 > 0 ? 1 / len2 : 0)
        case .angular(let stops, let center, let start, let sweep):
            ramp.reserveCapacity(256 * 4)
            for step in 0..<256 {
                let c = Fill.interpolate(stops, Double(step) / 255)
                let a = Float(c.a * opacity)
                ramp += [Float(c.r) * a, Float(c.g) * a, Float(c.b) * a, a]
            }
            angular = (center, start, sweep)
        }
        let canvasWidth = width
        ramp.withUnsafeBufferPointer { ramp in
            pixels.withUnsafeMutableBufferPointer { px in
                let clipAlpha = clip?.alpha ?? []
                clipAlpha.withUnsafeBufferPointer { clipAlpha in
                    rows { ly, coverage in
                        let y = area.y0 + ly
                        // The clip mask's row, and the span of this row it covers.
                        var clipRow = 0, clipFrom = 0, clipTo = area.width
                        if let clip {
                            let cy = y - clip.y0
                            guard cy >= 0, cy < clip.height else { return }
                            clipRow = cy * clip.width - (clip.x0 - area.x0)
                            clipFrom = max(0, clip.x0 - area.x0)
                            clipTo = min(area.width, clip.x0 + clip.width - area.x0)
                        }
                        guard clipFrom < clipTo else { return }
                        let clipped = clip != nil
                        // The gradient's y term is the same along a row.
                        let g = gradient ?? (0, 0, 0, 0, 0)
                        let rowTerm = (Double(y) + 0.5 - g.fy) * g.dy
                        for lx in clipFrom..<clipTo {
                            var cov = coverage[lx]
                            if cov <= 0 { continue }
                            if clipped {
                                cov *= clipAlpha[clipRow + lx]
                                if cov <= 0 { continue }
                            }
                            let x = area.x0 + lx
                            var r = 0
                            if gradient != nil {
                                let t = ((Double(x) + 0.5 - g.fx) * g.dx + rowTerm) * g.inv
                                r = t.isFinite ? Int(min(255, max(0, t * 255 + 0.5))) * 4 : 0
                            } else if let angular {
                                let t = Fill.angularPosition(x: Double(x) + 0.5, y: Double(y) + 0.5, center: angular.center,
                                                             start: angular.start, sweep: angular.sweep)
                                r = t.isFinite ? Int(min(255, max(0, t * 255 + 0.5))) * 4 : 0
                            }
                            let sa = ramp[r + 3]
                            let i = (y * canvasWidth + x) * 4
                            let k = 1 - sa * cov
                            if k == 0 {
                                // Opaque source, full coverage: the blend below would give exactly the source.
                                px[i] = ramp[r]; px[i + 1] = ramp[r + 1]; px[i + 2] = ramp[r + 2]; px[i + 3] = sa
                                continue
                            }
                            px[i] = ramp[r] * cov + px[i] * k
                            px[i + 1] = ramp[r + 1] * cov + px[i + 1] * k
                            px[i + 2] = ramp[r + 2] * cov + px[i + 2] * k
                            px[i + 3] = sa * cov + px[i + 3] * k
                        }
                    }
                }
            }
        }
    }

    /// Straight-alpha colour of one pixel (tests read pixels back).
    public func pixel(x: Int, y: Int) -> RGBA {
        guard x >= 0, y >= 0, x < width, y < height else { return .clear }
        let i = (y * width + x) * 4
        let a = Double(pixels[i + 3])
        guard a > 0 else { return .clear }
        return RGBA(Double(pixels[i]) / a, Double(pixels[i + 1]) / a, Double(pixels[i + 2]) / a, a)
    }

    /// Draws an RGBA image stretched over `rect` (nearest sample), at `opacity`, inside `clip`; in the
    /// accented mode its pixels become a group's colour (`treatment`).
    mutating func draw(_ image: PNGDecoder.Image, in rect: Rect, opacity: Double, clip: CoverageMask?, treatment: ImageTreatment? = nil) {
        guard image.width > 0, image.height > 0, rect.width > 0, rect.height > 0, rect.x.isFinite, rect.y.isFinite,
              rect.maxX.isFinite, rect.maxY.isFinite else { return }
        let x0 = max(0, Int(rect.x.rounded(.down))), x1 = min(width, Int(rect.maxX.rounded(.up)))
        let y0 = max(0, Int(rect.y.rounded(.down))), y1 = min(height, Int(rect.maxY.rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }
        let o = Float(min(1, max(0, opacity)))
        for y in y0..<y1 {
            let sy = min(image.height - 1, max(0, Int((Double(y) + 0.5 - rect.y) / rect.height * Double(image.height))))
            for x in x0..<x1 {
                var cov: Float = 1
                if let clip { cov = clip.coverage(x: x, y: y); if cov <= 0 { continue } }
                let sx = min(image.width - 1, max(0, Int((Double(x) + 0.5 - rect.x) / rect.width * Double(image.width))))
                let s = (sy * image.width + sx) * 4
                var (r, g, b) = (Float(image.rgba[s]) / 255, Float(image.rgba[s + 1]) / 255, Float(image.rgba[s + 2]) / 255)
                var a = Float(image.rgba[s + 3]) / 255 * o * cov
                switch treatment {
                case nil: break
                case .silhouette(let c)?:
                    (r, g, b) = (Float(c.red) / 255, Float(c.green) / 255, Float(c.blue) / 255)
                    a *= Float(c.alpha) / 255
                case .luminance(let c)?:
                    a *= (0.2126 * r + 0.7152 * g + 0.0722 * b) * Float(c.alpha) / 255
                    (r, g, b) = (Float(c.red) / 255, Float(c.green) / 255, Float(c.blue) / 255)
                }
                guard a > 0 else { continue }
                let i = (y * width + x) * 4
                let k = 1 - a
                pixels[i] = r * a + pixels[i] * k
                pixels[i + 1] = g * a + pixels[i + 1] * k
                pixels[i + 2] = b * a + pixels[i + 2] * k
                pixels[i + 3] = a + pixels[i + 3] * k
            }
        }
    }
}
