import Foundation
import WidgetLayout

/// What `.shadow` and `.blur` need of a canvas: a Gaussian blur (three box blurs, which converge on
/// one), a tint that keeps only the coverage, and compositing one canvas over another.
extension Canvas {
    /// Blurs every channel with a Gaussian of standard deviation `sigma` pixels. Pixels outside the
    /// canvas count as transparent, so edges fade, unless `opaque`, where they count as the nearest
    /// edge pixel (SwiftUI's `blur(radius:opaque: true)`).
    mutating func blur(sigma: Double, opaque: Bool = false) {
        guard sigma >= 0.5 else { return }
        for box in Self.boxes(sigma: sigma) {
            let r = (box - 1) / 2
            boxBlur(radius: r, horizontal: true, opaque: opaque)
            boxBlur(radius: r, horizontal: false, opaque: opaque)
        }
    }

    /// Three box widths whose successive blurs approximate a Gaussian of `sigma` (Kovesi's widths).
    static func boxes(sigma: Double) -> [Int] {
        let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        lower = max(1, lower)
        let upper = lower + 2
        let m = ((12 * sigma * sigma - 3 * Double(lower * lower) - 12 * Double(lower) - 9) / (-4 * Double(lower) - 4)).rounded()
        return (0..<3).map { Double($0) < m ? lower : upper }
    }

    /// One pass of a running-sum box blur of `2 * radius + 1` pixels along rows or columns.
    private mutating func boxBlur(radius: Int, horizontal: Bool, opaque: Bool) {
        guard radius > 0 else { return }
        let lines = horizontal ? height : width, length = horizontal ? width : height
        let step = horizontal ? 4 : width * 4
        let window = Float(2 * radius + 1)
        var line = [Float](repeating: 0, count: length * 4)
        pixels.withUnsafeMutableBufferPointer { px in
            for l in 0..<lines {
                let base = horizontal ? l * width * 4 : l * 4
                for i in 0..<length { for k in 0..<4 { line[i * 4 + k] = px[base + i * step + k] } }
                for k in 0..<4 {
                    func sample(_ i: Int) -> Float {
                        if i < 0 { return opaque ? line[k] : 0 }
                        if i >= length { return opaque ? line[(length - 1) * 4 + k] : 0 }
                        return line[i * 4 + k]
                    }
                    var sum: Float = 0
                    for i in -radius...radius { sum += sample(i) }
                    for i in 0..<length {
                        px[base + i * step + k] = sum / window
                        sum += sample(i + radius + 1) - sample(i - radius)
                    }
                }
            }
        }
    }

    /// The pixels of a rectangle of the canvas (clamped to it), as a canvas of their own.
    func cropped(x: Int, y: Int, width w: Int, height h: Int) -> Canvas {
        let x0 = max(0, x), y0 = max(0, y), x1 = min(width, x + w), y1 = min(height, y + h)
        var out = Canvas(width: max(1, x1 - x0), height: max(1, y1 - y0))
        guard x1 > x0, y1 > y0 else { return out }
        for row in y0..<y1 {
            let from = (row * width + x0) * 4, to = (row - y0) * out.width * 4
            out.pixels.replaceSubrange(to..<(to + (x1 - x0) * 4), with: pixels[from..<(from + (x1 - x0) * 4)])
        }
        return out
    }

    /// Keeps what `mask` covers, at its opacity (destination-in): content seen through `.mask`.
    mutating func keep(where mask: Canvas) {
        guard mask.width == width, mask.height == height else { return }
        mask.pixels.withUnsafeBufferPointer { m in
            pixels.withUnsafeMutableBufferPointer { px in
                for p in stride(from: 0, to: px.count, by: 4) {
                    let keep = m[p + 3]
                    px[p] *= keep; px[p + 1] *= keep; px[p + 2] *= keep; px[p + 3] *= keep
                }
            }
        }
    }

    /// Removes what `mask` covers (destination-out): a glyph knocked out of a disc.
    mutating func erase(where mask: Canvas) {
        guard mask.width == width, mask.height == height else { return }
        mask.pixels.withUnsafeBufferPointer { m in
            pixels.withUnsafeMutableBufferPointer { px in
                for p in stride(from: 0, to: px.count, by: 4) where m[p + 3] > 0 {
                    let keep = 1 - m[p + 3]
                    px[p] *= keep; px[p + 1] *= keep; px[p + 2] *= keep; px[p + 3] *= keep
                }
            }
        }
    }

    /// Every pixel `color` at the pixel's own coverage: a shadow's shape.
    mutating func tint(_ color: RGBA) {
        let r = Float(color.r), g = Float(color.g), b = Float(color.b), a = Float(color.a)
        pixels.withUnsafeMutableBufferPointer { px in
            for p in stride(from: 0, to: px.count, by: 4) {
                let coverage = px[p + 3] * a
                px[p] = r * coverage; px[p + 1] = g * coverage; px[p + 2] = b * coverage; px[p + 3] = coverage
            }
        }
    }

    /// Composites `layer` source-over with its top left corner at (`dx`, `dy`) in whole pixels (a
    /// layer the canvas's size shifted, or a smaller one placed), through `clip`.
    mutating func composite(_ layer: Canvas, dx: Int = 0, dy: Int = 0, clip: CoverageMask? = nil) {
        let w = width, lw = layer.width
        let ys = max(0, dy)..<min(height, layer.height + dy), xs = max(0, dx)..<min(width, lw + dx)
        guard !ys.isEmpty, !xs.isEmpty else { return }
        layer.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                for y in ys {
                    for x in xs {
                        let s = ((y - dy) * lw + (x - dx)) * 4
                        var coverage: Float = 1
                        if let clip { coverage = clip.coverage(x: x, y: y) }
                        let sa = src[s + 3] * coverage
                        guard sa > 0 else { continue }
                        let d = (y * w + x) * 4, keep = 1 - sa
                        dst[d] = src[s] * coverage + dst[d] * keep
                        dst[d + 1] = src[s + 1] * coverage + dst[d + 1] * keep
                        dst[d + 2] = src[s + 2] * coverage + dst[d + 2] * keep
                        dst[d + 3] = sa + dst[d + 3] * keep
                    }
                }
            }
        }
    }
}
