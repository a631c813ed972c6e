/// Image files as asset catalogs and `UIImage(data:)` carry them, told apart by their first bytes
/// rather than by name (an image set may name a JPEG `photo.png`, and data images have no name).
/// The one door through which the host turns image bytes into pixels.
public enum EncodedImage {
    public enum Format: Hashable, Sendable {
        case png, jpeg, pdf
        /// HEIC/HEIF (an ISO base media file with a `heic`/`heix`/`mif1` brand): Apple's cameras write
        /// it, but its HEVC coding has no decoder here, so it draws as the placeholder.
        case heif
        case unknown
    }

    public static func format(of bytes: [UInt8]) -> Format {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8]) { return .jpeg }
        if containsPDFHeader(bytes) { return .pdf }
        if bytes.count >= 12, Array(bytes[4..<8]) == Array("ftyp".utf8),
           ["heic", "heix", "mif1", "msf1", "heim", "heis", "hevc"].contains(String(decoding: bytes[8..<12], as: UTF8.self)) { return .heif }
        return .unknown
    }

    /// `%PDF-` within the first kilobyte, where PDF readers look for it (some writers put bytes before it).
    private static func containsPDFHeader(_ bytes: [UInt8]) -> Bool {
        let header = Array("%PDF-".utf8), window = bytes.prefix(1024)
        guard window.count >= header.count else { return false }
        return (0...(window.count - header.count)).contains { window[$0..<($0 + header.count)].elementsEqual(header) }
    }

    /// Vector images (PDF) are drawn at this many pixels per point: the largest screen scale, so that
    /// downscaling to the render's scale keeps edges sharp.
    public static let vectorScale = 3

    /// The pixel size decoding will produce, from the header alone: what a caller with a pixel
    /// budget checks before paying for the decode. Nil for formats that cannot be drawn.
    public static func dimensions(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        switch format(of: bytes) {
        case .png: return PNGDecoder.dimensions(bytes)
        case .jpeg: return JPEGDecoder.dimensions(bytes)
        case .pdf: return (try? PDFVectorImage(bytes)).flatMap(rasterSize)
        case .heif, .unknown: return nil
        }
    }

    public enum Failure: Error, Hashable, Sendable {
        case png(PNGDecoder.Failure)
        case jpeg(JPEGDecoder.Failure)
        case pdf(PDFVectorImage.Failure)
        /// A format with no decoder here (HEIF, WebP, GIF…), or bytes that are no image.
        case undecodable(Format)
    }

    /// Pixels for the bytes, at `vectorScale` for a PDF.
    public static func decode(_ bytes: [UInt8]) throws(Failure) -> PNGDecoder.Image {
        switch format(of: bytes) {
        case .png:
            do { return try PNGDecoder.decode(bytes) } catch { throw .png(error) }
        case .jpeg:
            do { return try JPEGDecoder.decode(bytes) } catch { throw .jpeg(error) }
        case .pdf:
            let vector: PDFVectorImage
            do { vector = try PDFVectorImage(bytes) } catch { throw .pdf(error) }
            guard let size = rasterSize(vector) else { throw .pdf(.tooLarge) }
            return vector.rasterize(width: size.width, height: size.height)
        case let other: throw .undecodable(other)
        }
    }

    /// Pixels for the bytes if `admit` accepts their pixel count, read from the header (a PDF is read
    /// once, not once for its size and again for its drawing); nil when refused or undecodable.
    public static func decode(_ bytes: [UInt8], admitting admit: (_ pixels: Int) -> Bool) -> PNGDecoder.Image? {
        guard format(of: bytes) == .pdf else {
            // A header may claim any size: a product past `Int` is refused, not trapped on.
            guard let size = dimensions(bytes) else { return nil }
            let pixels = size.width.multipliedReportingOverflow(by: size.height)
            guard !pixels.overflow, admit(pixels.partialValue) else { return nil }
            return try? decode(bytes)
        }
        guard let vector = try? PDFVectorImage(bytes), let size = rasterSize(vector), admit(size.width * size.height) else { return nil }
        return vector.rasterize(width: size.width, height: size.height)
    }

    /// A PDF page's raster size at `vectorScale`, kept within the decoders' pixel limit.
    private static func rasterSize(_ vector: PDFVectorImage) -> (width: Int, height: Int)? {
        let width = vector.size.width * Double(vectorScale), height = vector.size.height * Double(vectorScale)
        guard width.isFinite, height.isFinite, width >= 1, height >= 1 else { return nil }
        let shrink = min(1, (Double(PNGDecoder.maxPixels) / (width * height)).squareRoot(), 4096 / max(width, height))
        return (max(1, Int(width * shrink)), max(1, Int(height * shrink)))
    }
}
