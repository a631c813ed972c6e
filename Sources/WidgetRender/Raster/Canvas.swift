import Foundation

/// An RGBA pixel buffer with premultiplied Float components, composited source-over.
public struct Canvas: Sendable {
    public let width: Int
    public let height: Int
    var pixels: [Float]

    public init(width: Int, height: Int, background: RGBA = .clear) {
        self.width = max(1, width)
        self.height = max(1, height)
        let a = Float(background.a)
        let px: [Float] = [Float(background.r) * a, Float(background.g) * a, Float(background.b) * a, a]
        pixels = Array((0..<(self.width * self.height)).lazy.flatMap { _ in px })
    }

    /// A paint evaluated per pixel.
    enum Fill {
        case solid(RGBA)
        case linear(stops: [(RGBA, Double)], from: Point, to: Point)

        func color(x: Double, y: Double) -> RGBA {
            switch self {
            case .solid(let c): return c
            case .linear(let stops, let from, let to):
                guard let first = stops.first else { return .clear }
                let dx = to.x - from.x, dy = to.y - from.y
                let len2 = dx * dx + dy * dy
                let t = len2 > 0 ? ((x - from.x) * dx + (y - from.y) * dy) / len2 : 0
                if t <= first.1 { return first.0 }
                for i in 1..<stops.count where t <= stops[i].1 {
                    let (c0, l0) = stops[i - 1], (c1, l1) = stops[i]
                    let f = l1 > l0 ? (t - l0) / (l1 - l0) : 0
                    return RGBA(c0.r + (c1.r - c0.r) * f, c0.g + (c1.g - c0.g) * f, c0.b + (c1.b - c0.b) * f, c0.a + (c1.a - c0.a) * f)
                }
                return stops.last!.0
            }
        }
    }

    /// Fills `path` with `fill` at `opacity`, masked by `clip` if given.
    mutating func fill(_ path: Path, _ fill: Fill, opacity: Double = 1, clip: CoverageMask? = nil) {
        guard opacity > 0, let mask = CoverageMask.rasterize(path, canvasWidth: width, canvasHeight: height) else { return }
        let solid: (Float, Float, Float, Float)?
        if case .solid(let c) = fill {
            let a = Float(c.a * opacity)
            solid = (Float(c.r) * a, Float(c.g) * a, Float(c.b) * a, a)
        } else {
            solid = nil
        }
        for ly in 0..<mask.height {
            let y = mask.y0 + ly
            for lx in 0..<mask.width {
                var cov = mask.alpha[ly * mask.width + lx]
                if cov <= 0 { continue }
                let x = mask.x0 + lx
                if let clip { cov *= clip.coverage(x: x, y: y); if cov <= 0 { continue } }
                let (sr, sg, sb, sa): (Float, Float, Float, Float)
                if let solid {
                    (sr, sg, sb, sa) = solid
                } else {
                    let c = fill.color(x: Double(x) + 0.5, y: Double(y) + 0.5)
                    let a = Float(c.a * opacity)
                    (sr, sg, sb, sa) = (Float(c.r) * a, Float(c.g) * a, Float(c.b) * a, a)
                }
                let i = (y * width + x) * 4
                let k = 1 - sa * cov
                pixels[i] = sr * cov + pixels[i] * k
                pixels[i + 1] = sg * cov + pixels[i + 1] * k
                pixels[i + 2] = sb * cov + pixels[i + 2] * k
                pixels[i + 3] = sa * cov + pixels[i + 3] * k
            }
        }
    }

    /// 8-bit straight-alpha RGBA rows, for PNG.
    public func rgba8() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for p in 0..<(width * height) {
            let a = pixels[p * 4 + 3]
            out[p * 4 + 3] = UInt8(max(0, min(255, (a * 255).rounded())))
            guard a > 0 else { continue }
            for c in 0..<3 {
                out[p * 4 + c] = UInt8(max(0, min(255, (pixels[p * 4 + c] / a * 255).rounded())))
            }
        }
        return out
    }

    /// Straight-alpha colour of one pixel (tests read pixels back).
    public func pixel(x: Int, y: Int) -> RGBA {
        guard x >= 0, y >= 0, x < width, y < height else { return .clear }
        let i = (y * width + x) * 4
        let a = Double(pixels[i + 3])
        guard a > 0 else { return .clear }
        return RGBA(Double(pixels[i]) / a, Double(pixels[i + 1]) / a, Double(pixels[i + 2]) / a, a)
    }
}
