import Foundation
import WidgetRender

/// A reference image as a person sees it: decoded, and in sRGB. iOS often records Display P3 (the
/// `iCCP` profile is named so, or `cICP` names P3's primaries); those pixels are converted, as a
/// colour-managed viewer would show them.
enum ReferenceImage {
    static func read(_ url: URL) throws -> (image: PNGDecoder.Image, convertedFromP3: Bool) {
        let bytes = [UInt8](try Data(contentsOf: url))
        let image = try PNGDecoder.decode(bytes)
        guard isDisplayP3(bytes) else { return (image, false) }
        return (toSRGB(image), true)
    }

    /// Whether the PNG says its colours are Display P3.
    static func isDisplayP3(_ bytes: [UInt8]) -> Bool {
        var p = 8
        while p + 12 <= bytes.count {
            let length = Int(bytes[p]) << 24 | Int(bytes[p + 1]) << 16 | Int(bytes[p + 2]) << 8 | Int(bytes[p + 3])
            guard length >= 0, p + 12 + length <= bytes.count else { return false }
            let type = String(decoding: bytes[(p + 4)..<(p + 8)], as: UTF8.self)
            let body = bytes[(p + 8)..<(p + 8 + length)]
            if type == "iCCP", String(decoding: body.prefix { $0 != 0 }, as: UTF8.self).contains("P3") { return true }
            if type == "cICP", let primaries = body.first, primaries == 12 { return true }
            if type == "IDAT" { return false }
            p += 12 + length
        }
        return false
    }

    /// Display P3 to sRGB: both use sRGB's transfer curve; the linear values go through P3 → sRGB's
    /// matrix (D65 white for both) and are clipped to sRGB's gamut.
    static func toSRGB(_ image: PNGDecoder.Image) -> PNGDecoder.Image {
        func linear(_ v: UInt8) -> Double {
            let c = Double(v) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        func encoded(_ c: Double) -> UInt8 {
            let v = min(1, max(0, c))
            let e = v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
            return UInt8((e * 255).rounded())
        }
        var rgba = image.rgba
        for p in stride(from: 0, to: rgba.count, by: 4) {
            let r = linear(rgba[p]), g = linear(rgba[p + 1]), b = linear(rgba[p + 2])
            rgba[p] = encoded(1.2249 * r - 0.2247 * g)
            rgba[p + 1] = encoded(-0.0420 * r + 1.0419 * g)
            rgba[p + 2] = encoded(-0.0197 * r - 0.0786 * g + 1.0979 * b)
        }
        return PNGDecoder.Image(width: image.width, height: image.height, rgba: rgba)
    }
}
