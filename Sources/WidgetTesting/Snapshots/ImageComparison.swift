import Foundation
import WidgetRender

/// PNG references compared by their pixels, not their bytes (the same pixels can be encoded
/// differently), with a tolerance; a mismatch comes with an image of where the pixels differ.
enum ImageComparison {
    static func compare(_ reference: [UInt8], _ actual: [UInt8], tolerance: Double, channelTolerance: UInt8) -> SnapshotDifference? {
        guard reference != actual else { return nil }
        let old: PNGDecoder.Image, new: PNGDecoder.Image
        do {
            old = try PNGDecoder.decode(reference)
        } catch {
            return SnapshotDifference(message: "the reference is not a PNG this library can read: \(error)")
        }
        do {
            new = try PNGDecoder.decode(actual)
        } catch {
            return SnapshotDifference(message: "the snapshot is not a readable PNG: \(error)")
        }
        guard old.width == new.width, old.height == new.height else {
            return SnapshotDifference(message: "the size differs: reference \(old.width)×\(old.height) px, actual \(new.width)×\(new.height) px")
        }
        let (count, worst, diff) = differences(old, new, channelTolerance: channelTolerance)
        let share = Double(count) / Double(max(1, old.width * old.height))
        guard share > tolerance else { return nil }
        let percent = String(format: "%.3f", share * 100)
        return SnapshotDifference(
            message: "\(count) of \(old.width * old.height) pixels differ (\(percent)%, tolerance \(String(format: "%.3f", tolerance * 100))%); "
                + "the largest channel difference is \(worst)",
            diffImage: PNGEncoder.encode(width: old.width, height: old.height, rgba: diff))
    }

    /// How many pixels differ by more than `channelTolerance` in some channel, the largest channel
    /// difference, and an image: differing pixels red, the rest the reference faded to grey.
    private static func differences(_ a: PNGDecoder.Image, _ b: PNGDecoder.Image, channelTolerance: UInt8)
        -> (count: Int, worst: Int, image: [UInt8]) {
        var count = 0, worst = 0
        var image = [UInt8](repeating: 0, count: a.rgba.count)
        for p in stride(from: 0, to: a.rgba.count, by: 4) {
            var largest = 0
            for c in 0..<4 { largest = max(largest, abs(Int(a.rgba[p + c]) - Int(b.rgba[p + c]))) }
            worst = max(worst, largest)
            if largest > Int(channelTolerance) {
                count += 1
                image[p] = 255; image[p + 1] = 0; image[p + 2] = 0; image[p + 3] = 255
            } else {
                let grey = UInt8((Int(a.rgba[p]) + Int(a.rgba[p + 1]) + Int(a.rgba[p + 2])) / 3 / 3 + 170)
                image[p] = grey; image[p + 1] = grey; image[p + 2] = grey; image[p + 3] = 255
            }
        }
        return (count, worst, image)
    }
}
