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

extension CGImage {
    /// `dataProvider`: nil, as no `CGImage` here has pixels behind it; code that reads them
    /// (`image.dataProvider?.data`) takes its no-data path.
    public var dataProvider: CGDataProvider? { nil }
}

/// `CGDataProvider`: bytes that a bitmap is read from.
public final class CGDataProvider: @unchecked Sendable {
    /// The bytes, as Core Foundation's `CFData` (Foundation's `NSData` here).
    public let data: NSData?

    public init?(data: NSData) { self.data = data }
}

/// `CGContext`: a drawing destination. Nothing here makes one (`UIGraphicsGetCurrentContext()` is nil,
/// as it is outside a drawing pass), so code that draws takes its path for no context; the type is
/// here for the signatures that pass one (`CALayer.render(in:)`).
public final class CGContext: @unchecked Sendable {
    package init() {}
}
