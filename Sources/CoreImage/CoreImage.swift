// The `CoreImage` compat module: images as recipes (`CIImage`) and the context that would render them.
// Nothing is rendered here (there is no Core Graphics bitmap to render into), so `CIContext`'s
// `createCGImage` answers nil, the path code takes when rendering fails.
@_exported import CoreGraphics
@_exported import CoreVideo
@_exported import Foundation

/// `CIImage`: an image as a recipe, with its extent.
// `@unchecked Sendable`: immutable, as Apple's is.
open class CIImage: NSObject, @unchecked Sendable {
    /// The rectangle the image covers: zero for the images made here, which have no pixels.
    public let extent: CGRect

    init(extent: CGRect) {
        self.extent = extent
    }

    public convenience init(cvPixelBuffer: CVPixelBuffer) { self.init(extent: .zero) }
    public convenience init(cvImageBuffer: CVImageBuffer, options: [CIImageOption: Any]? = nil) { self.init(extent: .zero) }
    public convenience init(cgImage: CGImage) {
        self.init(extent: CGRect(x: 0, y: 0, width: CGFloat(cgImage.width), height: CGFloat(cgImage.height)))
    }
    public convenience init?(data: Data) { return nil }

    public static func empty() -> CIImage { CIImage(extent: .zero) }

    public func cropped(to rect: CGRect) -> CIImage { CIImage(extent: extent.intersection(rect)) }
    public func transformed(by transform: CGAffineTransform) -> CIImage { CIImage(extent: extent.applying(transform)) }
}

public struct CIImageOption: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
}

public struct CIContextOption: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let useSoftwareRenderer = CIContextOption(rawValue: "kCIContextUseSoftwareRenderer")
}

/// `CIContext`: renders images. Nothing is rendered here: `createCGImage` answers nil.
// `@unchecked Sendable`: it holds nothing.
open class CIContext: NSObject, @unchecked Sendable {
    public init(options: [CIContextOption: Any]? = nil) { super.init() }

    public func createCGImage(_ image: CIImage, from fromRect: CGRect) -> CGImage? { nil }
}
