/// A single-page PDF drawn as a vector image: what Xcode asset catalogs hold for a "Preserve Vector
/// Data" imageset (a PDF with no `scale` in Contents.json). The file comes from an extension's
/// resource folder, so it is hostile input: it is read once, into a display list of its first page,
/// with every read bounds-checked and every size, count and nesting capped; anything wrong is a
/// `Failure`, never a trap. Rasterizing then draws the list with the project's own antialiasing
/// rasterizer at whatever pixel size the host asks for.
///
/// Drawn: paths (fill non-zero and even-odd, stroke with caps, joins and dashes), clipping, device,
/// ICC-based (by component count), Indexed, Separation and Lab colour, ExtGState alpha and line
/// parameters, form XObjects, axial and radial shadings (by `sh` or as shading patterns). Not drawn,
/// and named in `skipped`: text, images, tiling patterns, soft masks, blend modes, other shading types.
public struct PDFVectorImage: Sendable {
    /// Why a file cannot be drawn.
    public enum Failure: Error, Hashable, Sendable {
        /// No `%PDF-` header in the first kilobyte (where readers accept it): not a PDF at all.
        case notPDF
        /// The file's structure is broken at byte `offset` (of the file, or of the object stream the
        /// reason names) in a way no repair (rebuilding the cross-reference table by scanning) got past.
        case malformed(offset: Int, reason: String)
        /// A feature the page needs that this reader does not implement: encryption, a stream filter
        /// other than FlateDecode.
        case unsupported(String)
        /// A cap was reached: the file's size, decompressed stream bytes, objects, operators, or the
        /// display list's paths (see `Limits`). A hostile or absurd file, not an icon.
        case tooLarge
        /// The file parses but has no page (no catalog, an empty page tree).
        case noPage
    }

    /// The caps that keep a hostile file's cost bounded. Far above what an icon uses.
    enum Limits {
        static let maxFileBytes = 32 << 20
        static let maxDecodedStreamBytes = 16 << 20
        static let maxDecodedTotalBytes = 64 << 20
        static let maxObjects = 1 << 20
        static let maxCrossReferenceSections = 64
        static let maxReferenceChain = 32
        static let maxPageTreeDepth = 32
        static let maxFormDepth = 12
        static let maxGraphicsStateDepth = 256
        static let maxOperators = 500_000
        static let maxCommands = 100_000
        static let maxPathElements = 1_000_000
        /// Largest raster, as for decoded PNGs.
        static let maxPixels = PNGDecoder.maxPixels
    }

    /// The page's size in points (1/72 inch): its crop box (within its media box), turned by `/Rotate`.
    public let size: (width: Double, height: Double)
    /// Features the page uses that are not drawn ("text", "images", "tiling patterns", "soft masks",
    /// "blend modes", "shading type 4"…), for the host to mention once.
    public let skipped: Set<String>

    private let list: PDFDisplayList
    /// Page space to display points: origin at the top left, y down, rotation applied.
    private let pageToDisplay: PDFMatrix

    /// Reads the file and its first page. Throws when there is no drawable page.
    public init(_ bytes: [UInt8]) throws(Failure) {
        guard bytes.count <= Limits.maxFileBytes else { throw .tooLarge }
        guard Self.hasHeader(bytes) else { throw .notPDF }
        let store = try Self.openStore(bytes)
        let page = try PDFPageReader(store: store).firstPage()
        var interpreter = PDFContentInterpreter(store: store, pageBox: page.box)
        try interpreter.run(page.contents, resources: page.resources, depth: 0)
        list = interpreter.list
        skipped = interpreter.skipped
        pageToDisplay = page.toDisplay
        size = page.displaySize
    }

    /// The page drawn at `width` × `height` pixels (stretched to that aspect), on transparent. Sizes are
    /// clamped to at least one pixel and, keeping the aspect, to `PNGDecoder.maxPixels` in all.
    public func rasterize(width: Int, height: Int) -> PNGDecoder.Image {
        let (w, h) = Self.rasterSize(width: width, height: height)
        let scale = PDFMatrix(a: Double(w) / size.width, d: Double(h) / size.height)
        var renderer = PDFListRenderer(list: list, toPixels: pageToDisplay.concatenating(scale), width: w, height: h)
        renderer.drawAll()
        return renderer.image()
    }

    /// The pixel size `rasterize` draws at for a requested size: at least 1 × 1, and shrunk keeping
    /// its aspect to at most `PNGDecoder.maxPixels`.
    static func rasterSize(width: Int, height: Int) -> (width: Int, height: Int) {
        let (w, h) = (max(1, width), max(1, height))
        guard w > Limits.maxPixels / h else { return (w, h) }
        let shrink = (Double(Limits.maxPixels) / (Double(w) * Double(h))).squareRoot()
        return (min(Limits.maxPixels, max(1, Int(Double(w) * shrink))), min(Limits.maxPixels, max(1, Int(Double(h) * shrink))))
    }

    /// `%PDF-` within the first 1024 bytes (§7.5.2; readers allow leading junk).
    private static func hasHeader(_ bytes: [UInt8]) -> Bool {
        PDFObjectStore.find(Array("%PDF-".utf8), in: Array(bytes.prefix(1024)), from: 0) != nil
    }

    /// The objects, by the file's cross-reference data; by a scan when that is missing, broken, or does
    /// not lead to a page.
    private static func openStore(_ bytes: [UInt8]) throws(Failure) -> PDFObjectStore {
        let firstError: Failure
        do {
            let store = PDFObjectStore(bytes: bytes, table: try PDFCrossReference.read(bytes))
            try PDFPageReader(store: store).checkReachable()
            return store
        } catch .tooLarge {
            throw .tooLarge
        } catch .unsupported(let feature) {
            throw .unsupported(feature)
        } catch {
            firstError = error
        }
        let rebuilt = PDFObjectStore(bytes: bytes, table: try PDFCrossReference.scan(bytes))
        do {
            try PDFPageReader(store: rebuilt).checkReachable()
        } catch .noPage {
            // When the scan finds no page either, the table's own error says better what is wrong.
            if case .malformed = firstError { throw firstError }
            throw .noPage
        }
        return rebuilt
    }
}

/// The first page of the page tree (§7.7.3) and what it inherits from its ancestors.
struct PDFPageReader {
    let store: PDFObjectStore

    struct Page {
        /// Crop box within media box, `(x0, y0, x1, y1)` in page space.
        let box: (x0: Double, y0: Double, x1: Double, y1: Double)
        let rotation: Int
        let resources: PDFDictionary
        /// The content streams, decoded and joined.
        let contents: [UInt8]

        var displaySize: (width: Double, height: Double) {
            let (w, h) = (box.x1 - box.x0, box.y1 - box.y0)
            return rotation % 180 == 0 ? (w, h) : (h, w)
        }

        /// Page space to display points, y down, turned clockwise by `/Rotate` (§7.7.3.3).
        var toDisplay: PDFMatrix {
            switch rotation {
            case 90: PDFMatrix(a: 0, b: 1, c: 1, d: 0, e: -box.y0, f: -box.x0)
            case 180: PDFMatrix(a: -1, b: 0, c: 0, d: 1, e: box.x1, f: -box.y0)
            case 270: PDFMatrix(a: 0, b: -1, c: -1, d: 0, e: box.y1, f: box.x1)
            default: PDFMatrix(a: 1, b: 0, c: 0, d: -1, e: -box.x0, f: box.y1)
            }
        }
    }

    /// The attributes a page inherits when it does not set them (§7.7.3.4).
    private struct Inherited {
        var mediaBox: PDFObject?
        var cropBox: PDFObject?
        var resources: PDFObject?
        var rotate: PDFObject?

        /// `node`'s own values over these.
        func overridden(by node: PDFDictionary) -> Inherited {
            Inherited(mediaBox: node["MediaBox"] ?? mediaBox, cropBox: node["CropBox"] ?? cropBox,
                      resources: node["Resources"] ?? resources, rotate: node["Rotate"] ?? rotate)
        }
    }

    /// Throws unless the catalog leads to a page: what decides whether the cross-reference data is
    /// trusted or the file is scanned instead.
    func checkReachable() throws(PDFVectorImage.Failure) {
        _ = try firstPageNode()
    }

    func firstPage() throws(PDFVectorImage.Failure) -> Page {
        let (node, inherited) = try firstPageNode()
        let media = rectangle(inherited.mediaBox) ?? (0, 0, 612, 792)
        var box = media
        if let crop = rectangle(inherited.cropBox) {
            let clipped = (max(crop.0, media.0), max(crop.1, media.1), min(crop.2, media.2), min(crop.3, media.3))
            if clipped.0 < clipped.2, clipped.1 < clipped.3 { box = clipped }
        }
        guard box.2 - box.0 >= 0.01, box.3 - box.1 >= 0.01, box.2 - box.0 <= 1e6, box.3 - box.1 <= 1e6 else {
            throw .malformed(offset: 0, reason: "the page box is empty or absurdly large")
        }
        let rotate = store.resolved(inherited.rotate).integer ?? 0
        let rotation = ((rotate % 360) + 360) % 360
        return Page(box: box, rotation: rotation % 90 == 0 ? rotation : 0,
                    resources: store.resolved(inherited.resources).dictionary ?? PDFDictionary(),
                    contents: try contents(of: node))
    }

    /// Depth-first to the first leaf of `/Root /Pages`, skipping kids that do not resolve.
    private func firstPageNode() throws(PDFVectorImage.Failure) -> (PDFDictionary, Inherited) {
        if store.table.trailer["Encrypt"] != nil { throw .unsupported("encrypted PDF") }
        guard let catalog = try catalog(), let pages = catalog["Pages"] else { throw .noPage }
        var visited: Set<Int> = []
        guard let found = try descend(pages, Inherited(), depth: 0, visited: &visited) else { throw .noPage }
        return found
    }

    /// `/Root`; failing that (a scanned file without a trailer), the first `/Type /Catalog` object.
    private func catalog() throws(PDFVectorImage.Failure) -> PDFDictionary? {
        if let root = store.table.trailer["Root"] {
            if let catalog = try store.resolve(root).dictionary { return catalog }
        }
        for number in store.table.locations.keys.sorted() {
            if let candidate = (try? store.object(number))?.dictionary, candidate["Type"]?.name == "Catalog" { return candidate }
        }
        return nil
    }

    private func descend(_ reference: PDFObject, _ inherited: Inherited, depth: Int, visited: inout Set<Int>) throws(PDFVectorImage.Failure) -> (PDFDictionary, Inherited)? {
        guard depth < PDFVectorImage.Limits.maxPageTreeDepth else { return nil }
        if case .reference(let r) = reference, !visited.insert(r.number).inserted { return nil }
        guard let node = try store.resolve(reference).dictionary else { return nil }
        let inherited = inherited.overridden(by: node)
        let kids = store.resolved(node["Kids"]).array
        if node["Type"]?.name == "Page" || (node["Type"]?.name != "Pages" && kids == nil) { return (node, inherited) }
        for kid in kids ?? [] {
            do {
                if let found = try descend(kid, inherited, depth: depth + 1, visited: &visited) { return found }
            } catch .tooLarge {
                throw .tooLarge
            } catch {
                continue
            }
        }
        return nil
    }

    /// `/Contents`: one stream or an array of them, decoded and joined by newlines (§7.7.3.3: they
    /// concatenate, and a token may not span two).
    private func contents(of page: PDFDictionary) throws(PDFVectorImage.Failure) -> [UInt8] {
        let contents = store.resolved(page["Contents"])
        let parts = contents.array ?? [contents]
        var joined: [UInt8] = []
        for part in parts.prefix(4096) {
            guard let stream = store.resolved(part).stream else { continue }
            joined += try store.decodedData(stream)
            joined.append(0x0A)
        }
        return joined
    }

    /// `[x0 y0 x1 y1]`, corners in any order.
    private func rectangle(_ object: PDFObject?) -> (Double, Double, Double, Double)? {
        let n = (store.resolved(object).array ?? []).compactMap { store.resolved($0).number }
        guard n.count == 4, n.allSatisfy(\.isFinite) else { return nil }
        return (min(n[0], n[2]), min(n[1], n[3]), max(n[0], n[2]), max(n[1], n[3]))
    }
}
