import Foundation
import WidgetRender

/// How close two renders of the same view are, as numbers that tolerate what a pixel comparison
/// does not (antialiasing, a glyph a pixel wider): the mean absolute channel difference and the
/// structural similarity (SSIM) of their luminance. Both images are first composited over the same
/// background, so a transparent reference and an opaque render compare by what a person sees.
public struct ImageSimilarity: Hashable, Sendable {
    /// Mean absolute difference of the red, green and blue channels, 0 (identical) to 255.
    public var meanAbsoluteDifference: Double
    /// Mean SSIM over 8×8 windows (a step of 4 pixels) of the luminance: 1 is identical; unrelated
    /// images score near 0.
    public var structuralSimilarity: Double

    /// Compares two images of the same size; the background shows through transparent pixels.
    public static func measure(_ a: PNGDecoder.Image, _ b: PNGDecoder.Image, background: (Double, Double, Double) = (255, 255, 255)) -> ImageSimilarity? {
        guard a.width == b.width, a.height == b.height, a.width > 0, a.height > 0 else { return nil }
        let first = composited(a, over: background), second = composited(b, over: background)
        var total = 0.0
        for i in 0..<first.count { total += abs(first[i] - second[i]) }
        let mad = total / Double(first.count)
        let ssim = structuralSimilarity(luminance(first), luminance(second), width: a.width, height: a.height)
        return ImageSimilarity(meanAbsoluteDifference: mad, structuralSimilarity: ssim)
    }

    /// RGB values (0–255) of the image over `background`.
    static func composited(_ image: PNGDecoder.Image, over background: (Double, Double, Double)) -> [Double] {
        var rgb = [Double](repeating: 0, count: image.width * image.height * 3)
        for p in 0..<(image.width * image.height) {
            let alpha = Double(image.rgba[p * 4 + 3]) / 255
            rgb[p * 3] = Double(image.rgba[p * 4]) * alpha + background.0 * (1 - alpha)
            rgb[p * 3 + 1] = Double(image.rgba[p * 4 + 1]) * alpha + background.1 * (1 - alpha)
            rgb[p * 3 + 2] = Double(image.rgba[p * 4 + 2]) * alpha + background.2 * (1 - alpha)
        }
        return rgb
    }

    private static func luminance(_ rgb: [Double]) -> [Double] {
        var y = [Double](repeating: 0, count: rgb.count / 3)
        for p in 0..<y.count {
            let red: Double = rgb[p * 3], green: Double = rgb[p * 3 + 1], blue: Double = rgb[p * 3 + 2]
            y[p] = 0.299 * red + 0.587 * green + 0.114 * blue
        }
        return y
    }

    /// Wang et al.'s SSIM with the usual constants for 8-bit values, averaged over windows; an
    /// image smaller than a window is one window.
    static func structuralSimilarity(_ x: [Double], _ y: [Double], width: Int, height: Int) -> Double {
        let c1: Double = (0.01 * 255) * (0.01 * 255), c2: Double = (0.03 * 255) * (0.03 * 255)
        let window = min(8, width, height), step = max(1, window / 2)
        var sum = 0.0, count = 0
        for top in stride(from: 0, through: height - window, by: step) {
            for left in stride(from: 0, through: width - window, by: step) {
                var mx = 0.0, my = 0.0
                for row in top..<(top + window) {
                    for col in left..<(left + window) { mx += x[row * width + col]; my += y[row * width + col] }
                }
                let n: Double = Double(window * window)
                mx /= n; my /= n
                var vx = 0.0, vy = 0.0, cov = 0.0
                for row in top..<(top + window) {
                    for col in left..<(left + window) {
                        let dx = x[row * width + col] - mx, dy = y[row * width + col] - my
                        vx += dx * dx; vy += dy * dy; cov += dx * dy
                    }
                }
                vx /= n - 1; vy /= n - 1; cov /= n - 1
                let numerator: Double = (2 * mx * my + c1) * (2 * cov + c2)
                let denominator: Double = (mx * mx + my * my + c1) * (vx + vy + c2)
                sum += numerator / denominator
                count += 1
            }
        }
        return count == 0 ? 1 : sum / Double(count)
    }
}
