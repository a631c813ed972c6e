import WidgetArchive

/// `.blendMode(_:)`: a layer composited into the canvas by one of the W3C compositing and blending
/// modes (Compositing and Blending Level 1), on premultiplied pixels: for the separable and
/// non-separable blend modes, co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs) and
/// αo = αs + αb·(1 − αs); the Porter–Duff modes (source-atop, destination-over, destination-out) and
/// Core Graphics' plus-darker and plus-lighter by their own formulas.
extension Canvas {
    mutating func blend(_ layer: Canvas, mode: BlendModeValue, clip: CoverageMask? = nil) {
        guard layer.width == width, layer.height == height else { return }
        let w = width
        layer.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    for x in 0..<w {
                        let i = (y * w + x) * 4
                        let coverage: Float = clip.map { $0.coverage(x: x, y: y) } ?? 1
                        let sa = src[i + 3] * coverage
                        guard sa > 0 else { continue }
                        let s = (src[i] * coverage, src[i + 1] * coverage, src[i + 2] * coverage, sa)
                        let d = (dst[i], dst[i + 1], dst[i + 2], dst[i + 3])
                        let out = Self.blended(s, d, mode)
                        dst[i] = out.0; dst[i + 1] = out.1; dst[i + 2] = out.2; dst[i + 3] = out.3
                    }
                }
            }
        }
    }

    typealias Pixel = (Float, Float, Float, Float)

    /// One premultiplied source pixel over one premultiplied backdrop pixel.
    static func blended(_ s: Pixel, _ b: Pixel, _ mode: BlendModeValue) -> Pixel {
        let (sa, ba) = (s.3, b.3)
        switch mode {
        case .sourceAtop:
            return (s.0 * ba + b.0 * (1 - sa), s.1 * ba + b.1 * (1 - sa), s.2 * ba + b.2 * (1 - sa), ba)
        case .destinationOver:
            return (b.0 + s.0 * (1 - ba), b.1 + s.1 * (1 - ba), b.2 + s.2 * (1 - ba), ba + sa * (1 - ba))
        case .destinationOut:
            return (b.0 * (1 - sa), b.1 * (1 - sa), b.2 * (1 - sa), ba * (1 - sa))
        case .plusLighter:
            return (min(1, s.0 + b.0), min(1, s.1 + b.1), min(1, s.2 + b.2), min(1, sa + ba))
        case .plusDarker:
            // Core Graphics: R = max(0, 1 − ((1 − D) + (1 − S))), on premultiplied values with alpha.
            let a = min(1, sa + ba)
            func channel(_ sc: Float, _ bc: Float) -> Float { max(0, a - ((ba - bc) + (sa - sc))) }
            return (channel(s.0, b.0), channel(s.1, b.1), channel(s.2, b.2), a)
        default:
            // Unpremultiplied colours for the blend function.
            let cs = (s.0 / sa, s.1 / sa, s.2 / sa)
            let cb = ba > 0 ? (b.0 / ba, b.1 / ba, b.2 / ba) : (0, 0, 0)
            let mixed = mix(cb, cs, mode)
            let both = sa * ba
            return (s.0 * (1 - ba) + b.0 * (1 - sa) + both * mixed.0,
                    s.1 * (1 - ba) + b.1 * (1 - sa) + both * mixed.1,
                    s.2 * (1 - ba) + b.2 * (1 - sa) + both * mixed.2,
                    sa + ba * (1 - sa))
        }
    }

    typealias RGB = (Float, Float, Float)

    /// B(Cb, Cs): the blend function of a separable or non-separable mode.
    private static func mix(_ b: RGB, _ s: RGB, _ mode: BlendModeValue) -> RGB {
        switch mode {
        case .hue: return setLum(setSat(s, sat(b)), lum(b))
        case .saturation: return setLum(setSat(b, sat(s)), lum(b))
        case .color: return setLum(s, lum(b))
        case .luminosity: return setLum(b, lum(s))
        default: return (separable(b.0, s.0, mode), separable(b.1, s.1, mode), separable(b.2, s.2, mode))
        }
    }

    private static func separable(_ b: Float, _ s: Float, _ mode: BlendModeValue) -> Float {
        switch mode {
        case .multiply: return b * s
        case .screen: return b + s - b * s
        case .overlay: return separable(s, b, .hardLight)
        case .darken: return min(b, s)
        case .lighten: return max(b, s)
        case .colorDodge: return b == 0 ? 0 : (s >= 1 ? 1 : min(1, b / (1 - s)))
        case .colorBurn: return b >= 1 ? 1 : (s <= 0 ? 0 : 1 - min(1, (1 - b) / s))
        case .hardLight: return s <= 0.5 ? b * 2 * s : separable(b, 2 * s - 1, .screen)
        case .softLight:
            if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
            let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
            return b + (2 * s - 1) * (d - b)
        case .difference: return abs(b - s)
        case .exclusion: return b + s - 2 * b * s
        default: return s
        }
    }

    private static func lum(_ c: RGB) -> Float { 0.3 * c.0 + 0.59 * c.1 + 0.11 * c.2 }

    private static func clipColor(_ c: RGB) -> RGB {
        let l = lum(c), n = min(c.0, c.1, c.2), x = max(c.0, c.1, c.2)
        var out = c
        if n < 0 {
            let k = l / max(l - n, 1e-6)
            out = (l + (out.0 - l) * k, l + (out.1 - l) * k, l + (out.2 - l) * k)
        }
        if x > 1 {
            let k = (1 - l) / max(x - l, 1e-6)
            out = (l + (out.0 - l) * k, l + (out.1 - l) * k, l + (out.2 - l) * k)
        }
        return out
    }

    private static func setLum(_ c: RGB, _ l: Float) -> RGB {
        let d = l - lum(c)
        return clipColor((c.0 + d, c.1 + d, c.2 + d))
    }

    private static func sat(_ c: RGB) -> Float { max(c.0, c.1, c.2) - min(c.0, c.1, c.2) }

    private static func setSat(_ c: RGB, _ s: Float) -> RGB {
        let values = [c.0, c.1, c.2]
        let hi = values.max() ?? 0, lo = values.min() ?? 0
        guard hi > lo else { return (0, 0, 0) }
        func scaled(_ v: Float) -> Float { (v - lo) * s / (hi - lo) }
        return (scaled(c.0), scaled(c.1), scaled(c.2))
    }
}

/// A blend mode's CSS name, for SVG's `mix-blend-mode`.
enum BlendCSS {
    static func name(_ mode: BlendModeValue) -> String {
        switch mode {
        case .normal, .sourceAtop, .destinationOver, .destinationOut: "normal"
        case .multiply: "multiply"
        case .screen: "screen"
        case .overlay: "overlay"
        case .darken: "darken"
        case .lighten: "lighten"
        case .colorDodge: "color-dodge"
        case .colorBurn: "color-burn"
        case .softLight: "soft-light"
        case .hardLight: "hard-light"
        case .difference: "difference"
        case .exclusion: "exclusion"
        case .hue: "hue"
        case .saturation: "saturation"
        case .color: "color"
        case .luminosity: "luminosity"
        case .plusDarker: "plus-darker"
        case .plusLighter: "plus-lighter"
        }
    }
}
