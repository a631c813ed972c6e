import Foundation

/// `CGImage`: a bitmap, as Core Graphics makes it. Nothing here makes one (there is no Core Graphics
/// drawing); the type is here for code that converts through it, which finds `UIImage.cgImage` nil.
public final class CGImage: @unchecked Sendable {
    public let width: Int
    public let height: Int
    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
