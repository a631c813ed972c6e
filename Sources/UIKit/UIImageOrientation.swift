import CoreGraphics
import Foundation

extension UIImage {
    /// `UIImage.Orientation`: how the image's pixels are turned for display.
    public enum Orientation: Int, Hashable, Sendable, CaseIterable {
        case up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored
    }

    /// `imageOrientation`: images here are drawn as their pixels are stored.
    public var imageOrientation: Orientation { .up }

    /// `cgImage`: nil, as UIKit gives for an image without a Core Graphics bitmap behind it; code that
    /// redraws through it (`if let cgImage = image.cgImage { … }`) keeps the image as it is.
    public var cgImage: CGImage? { nil }

    /// `UIImage(cgImage:)`: an image of the bitmap; with nothing to draw from, an empty image.
    public convenience init(cgImage: CGImage) { self.init(cgImage: cgImage, scale: 1, orientation: .up) }

    /// `UIImage(cgImage:scale:orientation:)`: an empty image (no `CGImage` here has pixels).
    public convenience init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        self.init(source: .data([]), scale: scale)
    }
}
