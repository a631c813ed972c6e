import CoreGraphics
import Foundation

extension Image {
    /// `Image.Orientation`: how an image's pixels are turned before drawing.
    public enum Orientation: UInt8, CaseIterable, Hashable, Sendable {
        case up, upMirrored, down, downMirrored, left, leftMirrored, right, rightMirrored
    }

    /// `Image(_:scale:orientation:label:)` from a Core Graphics image. Nothing in the extension makes
    /// a `CGImage` with pixels (`ImageRenderer.cgImage` is `nil`), so there is nothing to encode: it
    /// archives as the missing image placeholder.
    public init(_ cgImage: CGImage, scale: CGFloat, orientation: Image.Orientation = .up, label: Text) {
        self.init(_encoded: [], isDrawable: false)
    }

    /// `Image(decorative:scale:orientation:)` from a Core Graphics image; as above.
    public init(decorative cgImage: CGImage, scale: CGFloat, orientation: Image.Orientation = .up) {
        self.init(_encoded: [], isDrawable: false)
    }
}
