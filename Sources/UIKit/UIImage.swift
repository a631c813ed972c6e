import Foundation
import WidgetArchive
import WidgetUI

/// `UIImage`: an image by asset name, by SF Symbol name, or from encoded bytes. Bytes are archived as
/// they are and drawn by the host when they are PNG or JPEG; other formats (HEIC, GIF, WebP) draw as
/// the missing image placeholder, with a diagnostic.
// `@unchecked Sendable`: As Apple declares it (NSObject is not `Sendable`): immutable after init.
open class UIImage: NSObject, @unchecked Sendable {
    enum Source: Hashable {
        case named(String)
        case system(String)
        case data([UInt8])
    }

    let source: Source
    public let scale: CGFloat

    init(source: Source, scale: CGFloat = 1) {
        self.source = source
        self.scale = scale
    }

    /// An empty image (nothing is drawn).
    public override convenience init() { self.init(source: .data([])) }

    public convenience init?(named name: String) {
        guard !name.isEmpty else { return nil }
        self.init(source: .named(name))
    }

    public convenience init?(named name: String, in bundle: Bundle?, with configuration: Configuration? = nil) {
        self.init(named: name)
    }

    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        self.init(named: name)
    }

    public convenience init?(systemName name: String) {
        guard !name.isEmpty else { return nil }
        self.init(source: .system(name))
    }

    public convenience init?(systemName name: String, withConfiguration configuration: Configuration?) {
        self.init(systemName: name)
    }

    /// Encoded image bytes; `nil` for empty data, as UIKit gives for data it cannot decode.
    public convenience init?(data: Data, scale: CGFloat = 1) {
        guard !data.isEmpty else { return nil }
        self.init(source: .data([UInt8](data)), scale: scale)
    }

    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data)
    }

    /// The size in points: known for PNG and JPEG bytes (from their header), zero otherwise.
    public var size: CGSize {
        guard case .data(let bytes) = source, let pixels = EncodedImageSize.of(bytes) else { return .zero }
        return CGSize(width: CGFloat(pixels.width) / scale, height: CGFloat(pixels.height) / scale)
    }

    /// The bytes, when they are PNG.
    public func pngData() -> Data? {
        guard case .data(let bytes) = source, EncodedImageSize.png(bytes) != nil else { return nil }
        return Data(bytes)
    }

    public func jpegData(compressionQuality: CGFloat) -> Data? {
        guard case .data(let bytes) = source, bytes.starts(with: [0xFF, 0xD8]) else { return nil }
        return Data(bytes)
    }

    public func withRenderingMode(_ mode: RenderingMode) -> UIImage { self }
    public func withTintColor(_ color: UIColor) -> UIImage { self }
    public func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage { self }
    public func withConfiguration(_ configuration: Configuration) -> UIImage { self }

    public enum RenderingMode: Int, Sendable { case automatic, alwaysOriginal, alwaysTemplate }

    /// `UIImage.Configuration` / `SymbolConfiguration`.
    // `@unchecked Sendable`: As Apple declares them (NSObject is not `Sendable`): they hold nothing.
    open class Configuration: NSObject, @unchecked Sendable {}
    open class SymbolConfiguration: Configuration, @unchecked Sendable {
        public init(pointSize: CGFloat) {}
        public init(pointSize: CGFloat, weight: UIImage.SymbolWeight) {}
        public init(scale: UIImage.SymbolScale) {}
        public init(weight: UIImage.SymbolWeight) {}
    }
    public enum SymbolWeight: Int, Sendable { case unspecified, ultraLight, thin, light, regular, medium, semibold, bold, heavy, black }
    public enum SymbolScale: Int, Sendable { case `default`, unspecified, small, medium, large }
}

/// The pixel size in a PNG or JPEG header: what the host draws (it decodes the same two formats), read
/// without decoding.
enum EncodedImageSize {
    static func of(_ bytes: [UInt8]) -> (width: Int, height: Int)? { png(bytes) ?? jpeg(bytes) }

    static func png(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, bytes.starts(with: signature) else { return nil }
        func u32(_ i: Int) -> Int { bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (u32(16), u32(20))
    }

    /// The first start-of-frame segment's size, walking the segments before it by their lengths.
    static func jpeg(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.starts(with: [0xFF, 0xD8]) else { return nil }
        func u16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }
            let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isFrame, offset + 9 <= bytes.count {
                let height = u16(offset + 5), width = u16(offset + 7)
                return width > 0 && height > 0 ? (width, height) : nil
            }
            if marker == 0xDA || marker == 0xD9 { return nil }
            offset += 2 + u16(offset + 2)
        }
        return nil
    }
}

extension Image {
    /// `Image(uiImage:)`.
    public init(uiImage: UIImage) {
        switch uiImage.source {
        case .named(let name): self.init(name)
        case .system(let name): self.init(systemName: name)
        case .data(let bytes): self.init(_encoded: bytes, isDrawable: EncodedImageSize.of(bytes) != nil)
        }
    }
}

extension ImageRenderer {
    /// `ImageRenderer.uiImage`: `nil`, as `cgImage` is; nothing is rasterised in the extension.
    public var uiImage: UIImage? { nil }
}
