/// Decodes JPEG images for asset drawing, into the same straight-alpha RGBA image `PNGDecoder` gives.
///
/// Image files come from an extension's resource folder, so they are hostile input: every read is
/// bounds-checked, the frame size is checked against `maxPixels` before anything that size is
/// allocated, table and component references are checked before use, and anything unsupported is an
/// error, never a trap. Entropy-coded data that runs out early leaves the rest of the image as decoded
/// so far (grey where nothing was), as other decoders do, rather than failing the whole picture.
///
/// Supported (ITU T.81): baseline and extended sequential Huffman (SOF0, SOF1) and progressive Huffman
/// (SOF2) with 8-bit samples; 1 (greyscale), 3 (YCbCr, or RGB when an Adobe marker or the component ids
/// say so) and 4 components (Adobe CMYK or YCCK, stored inverted as Photoshop writes them); sampling
/// factors 1–4; restart intervals; 8- and 16-bit quantization tables. Not supported: arithmetic coding,
/// lossless and hierarchical processes, 12-bit samples, a height given only by DNL. EXIF orientation is
/// not applied: the pixels come out as stored.
public enum JPEGDecoder {
    public enum Failure: Error, Hashable, Sendable {
        /// The bytes do not begin with a start-of-image marker (`FF D8`).
        case notJPEG
        /// The file ends inside a marker segment, or before any scan of the image: `offset` is where
        /// more bytes were needed.
        case truncated(offset: Int)
        /// Something no valid JPEG contains: a bad table, frame or scan header, a reference to a table
        /// or component that is not there, or entropy-coded data that decodes to no Huffman code.
        /// `offset` is where in the file the problem was found.
        case malformed(offset: Int, reason: String)
        /// A valid JPEG of a kind this decoder does not handle (arithmetic coding, lossless or
        /// hierarchical processes, 12-bit samples, two components, …), named in the text.
        case unsupported(String)
        /// The frame is larger than `maxPixels`; refused before the image is allocated.
        case tooLarge(width: Int, height: Int)
    }

    /// Largest image accepted, in pixels (4096 × 4096), as for PNG.
    public static let maxPixels = 4096 * 4096

    /// Most scans decoded in one image. A progressive scan can revisit every block of the image for a
    /// handful of bytes, so without a bound a small hostile file could cost minutes; real encoders
    /// write about ten.
    static let maxScans = 100

    /// Width and height from the frame header, without decoding: what a caller with a pixel budget
    /// checks first. Walks the marker segments from SOI to the first SOFn (of any coding process, so
    /// an unsupported JPEG still reports its size). Nil when the bytes are not a JPEG, end before a
    /// frame header, or the header gives a zero size (a height only given later by DNL).
    public static func dimensions(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        while let marker = nextMarker(bytes, from: offset) {
            offset = marker.next
            if marker.code == 0xDA || marker.code == 0xD9 { return nil }
            if Marker.isStandalone(marker.code) { continue }
            guard let body = try? segment(bytes, at: offset) else { return nil }
            if Marker.isFrame(marker.code) {
                guard body.count >= 5 else { return nil }
                let height = be16(bytes, body.lowerBound + 1), width = be16(bytes, body.lowerBound + 3)
                return width > 0 && height > 0 ? (width, height) : nil
            }
            offset = body.upperBound
        }
        return nil
    }

    /// Decodes a JPEG file to RGBA (alpha always opaque).
    public static func decode(_ bytes: [UInt8]) throws(Failure) -> PNGDecoder.Image {
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else { throw .notJPEG }
        var decoding = Decoding(bytes: bytes)
        try decoding.readSegments()
        return try decoding.image()
    }
}

// MARK: - Markers

extension JPEGDecoder {
    /// Marker codes (the byte after `FF`) this decoder tells apart.
    enum Marker {
        static let startOfImage: UInt8 = 0xD8, endOfImage: UInt8 = 0xD9, startOfScan: UInt8 = 0xDA
        static let huffmanTables: UInt8 = 0xC4, quantizationTables: UInt8 = 0xDB, restartInterval: UInt8 = 0xDD
        static let adobe: UInt8 = 0xEE

        /// Markers with no length and no segment after them: SOI, EOI, RST0–7 and TEM.
        static func isStandalone(_ code: UInt8) -> Bool { (0xD0...0xD9).contains(code) || code == 0x01 }

        /// SOF0–SOF15, less DHT (C4), JPG (C8) and DAC (CC), which share the range.
        static func isFrame(_ code: UInt8) -> Bool { (0xC0...0xCF).contains(code) && ![0xC4, 0xC8, 0xCC].contains(code) }

        /// Why a frame header of a process this decoder does not implement is refused.
        static func unsupportedProcess(_ code: UInt8) -> String? {
            switch code {
            case 0xC0, 0xC1, 0xC2: nil
            case 0xC3: "lossless JPEG (SOF3)"
            case 0xC5, 0xC6, 0xC7: "hierarchical JPEG (SOF\(code - 0xC0))"
            default: "arithmetic-coded JPEG (SOF\(code - 0xC0))"
            }
        }
    }

    /// The next marker at or after `offset`: its code and the offset just past it. Bytes that are not
    /// a marker are skipped (libjpeg tolerates such junk between segments, so files with it exist), as
    /// are the fill bytes (`FF`) a marker may be padded with. Nil at the end of the bytes.
    static func nextMarker(_ bytes: [UInt8], from offset: Int) -> (code: UInt8, next: Int)? {
        var index = max(offset, 0)
        while index + 1 < bytes.count {
            if bytes[index] == 0xFF, bytes[index + 1] != 0xFF, bytes[index + 1] != 0x00 {
                return (bytes[index + 1], index + 2)
            }
            index += 1
        }
        return nil
    }

    /// The body of the marker segment whose length field starts at `offset` (the length counts itself).
    static func segment(_ bytes: [UInt8], at offset: Int) throws(Failure) -> Range<Int> {
        guard offset + 2 <= bytes.count else { throw .truncated(offset: bytes.count) }
        let length = be16(bytes, offset)
        guard length >= 2 else { throw .malformed(offset: offset, reason: "segment length \(length)") }
        guard offset + length <= bytes.count else { throw .truncated(offset: bytes.count) }
        return (offset + 2)..<(offset + length)
    }

    /// A big-endian 16-bit number; callers have checked that both bytes are there.
    static func be16(_ bytes: [UInt8], _ offset: Int) -> Int { Int(bytes[offset]) << 8 | Int(bytes[offset + 1]) }

    /// Where a scan's entropy-coded data ends: at the first marker other than a restart marker (stuffed
    /// `FF 00` bytes and `FF` fill bytes are data). The end of the file when no marker follows.
    static func entropyEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == 0xFF {
                let next = bytes[index + 1]
                if next != 0x00, next != 0xFF, !(0xD0...0xD7).contains(next) { return index }
            }
            index += 1
        }
        return bytes.count
    }
}

// MARK: - Frame

extension JPEGDecoder {
    /// One image component as the frame header declares it, with the sizes derived from it (A.1.1).
    struct Component {
        let id: UInt8
        /// Horizontal and vertical sampling factors, 1...4.
        let h: Int, v: Int
        let quantizationTable: Int
        /// Samples this component has across and down: the image size scaled by its sampling.
        let width: Int, height: Int
        /// Blocks stored across and down, padded to whole MCUs, so every block an interleaved scan
        /// visits has a place.
        let blocksPerLine: Int, blocksPerColumn: Int
    }

    struct Frame {
        let width: Int, height: Int
        let progressive: Bool
        let components: [Component]
        let maxH: Int, maxV: Int
        /// MCUs of an interleaved scan across and down.
        let mcusPerLine: Int, mcusPerColumn: Int

        /// Reads a frame header, checking everything later code indexes with; the size is checked against
        /// `maxPixels` here, before anything is allocated for it.
        init(_ bytes: [UInt8], body: Range<Int>, progressive: Bool) throws(Failure) {
            let at = body.lowerBound
            guard body.count >= 6 else { throw .malformed(offset: at, reason: "short frame header") }
            guard bytes[at] == 8 else { throw .unsupported("\(bytes[at])-bit samples") }
            let height = be16(bytes, at + 1), width = be16(bytes, at + 3), count = Int(bytes[at + 5])
            guard width > 0 else { throw .malformed(offset: at + 3, reason: "zero width") }
            guard height > 0 else { throw .unsupported("height defined by a DNL marker") }
            guard width <= maxPixels / height else { throw .tooLarge(width: width, height: height) }
            guard [1, 3, 4].contains(count) else { throw .unsupported("\(count) components") }
            guard body.count >= 6 + 3 * count else { throw .malformed(offset: at, reason: "short frame header") }

            var declared: [(id: UInt8, h: Int, v: Int, table: Int)] = []
            for index in 0..<count {
                let p = at + 6 + 3 * index
                let id = bytes[p], h = Int(bytes[p + 1] >> 4), v = Int(bytes[p + 1] & 15), table = Int(bytes[p + 2])
                guard (1...4).contains(h), (1...4).contains(v) else { throw .malformed(offset: p + 1, reason: "sampling factors \(h)×\(v)") }
                guard table < 4 else { throw .malformed(offset: p + 2, reason: "quantization table \(table)") }
                guard !declared.contains(where: { $0.id == id }) else { throw .malformed(offset: p, reason: "component \(id) declared twice") }
                declared.append((id, h, v, table))
            }
            self.width = width
            self.height = height
            self.progressive = progressive
            maxH = declared.map(\.h).max() ?? 1
            maxV = declared.map(\.v).max() ?? 1
            mcusPerLine = (width + 8 * maxH - 1) / (8 * maxH)
            mcusPerColumn = (height + 8 * maxV - 1) / (8 * maxV)
            components = declared.map { [maxH, maxV, mcusPerLine, mcusPerColumn] c in
                Component(id: c.id, h: c.h, v: c.v, quantizationTable: c.table,
                          width: (width * c.h + maxH - 1) / maxH, height: (height * c.v + maxV - 1) / maxV,
                          blocksPerLine: mcusPerLine * c.h, blocksPerColumn: mcusPerColumn * c.v)
            }
        }
    }

    /// How the decoded components become RGB.
    enum ColourSpace {
        case greyscale, yCbCr, rgb, cmyk, ycck
    }
}

// MARK: - Decoding state

extension JPEGDecoder {
    /// Samples of one component, and its DCT coefficients while a progressive image builds up.
    struct ComponentData {
        /// Stride `blocksPerLine * 8`; grey (128) where no scan reached. Empty for a progressive image
        /// until all its scans are in.
        var samples: [UInt8]
        /// Progressive only: per block, 64 coefficients in zigzag order (so a band is contiguous), not yet
        /// dequantized.
        var coefficients: [Int16]
        /// Dequantization multipliers in natural order, latched when the component is first scanned
        /// (T.81 allows tables to be redefined between scans).
        var quantization: [Float]?
    }

    /// Everything read so far: tables, frame, and the image data scans have filled in.
    struct Decoding {
        let bytes: [UInt8]
        var quantizationTables = [[UInt16]?](repeating: nil, count: 4)
        var dcTables = [HuffmanTable?](repeating: nil, count: 4)
        var acTables = [HuffmanTable?](repeating: nil, count: 4)
        var restartInterval = 0
        var adobeTransform: Int?
        var frame: Frame?
        var data: [ComponentData] = []
        var scansDecoded = 0
        var scansSeen = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        /// Walks the marker segments from after SOI to EOI (or the end of the bytes), decoding each
        /// scan as it comes, since tables may change between scans.
        mutating func readSegments() throws(Failure) {
            var offset = 2
            while let marker = nextMarker(bytes, from: offset) {
                offset = marker.next
                if marker.code == Marker.endOfImage { return }
                if Marker.isStandalone(marker.code) { continue }
                let body = try segment(bytes, at: offset)
                offset = body.upperBound
                switch marker.code {
                case Marker.huffmanTables: try readHuffmanTables(body)
                case Marker.quantizationTables: try readQuantizationTables(body)
                case Marker.restartInterval: try readRestartInterval(body)
                case Marker.adobe: readAdobe(body)
                case Marker.startOfScan: offset = try readScan(body)
                case 0xDE, 0xDF: throw .unsupported("hierarchical JPEG")
                case let code where Marker.isFrame(code):
                    if let reason = Marker.unsupportedProcess(code) { throw .unsupported(reason) }
                    guard frame == nil else { throw .malformed(offset: body.lowerBound, reason: "second frame header") }
                    frame = try Frame(bytes, body: body, progressive: code == 0xC2)
                default: break // APPn, COM, DNL, DAC, JPGn: nothing this decoder needs.
                }
            }
        }

        /// DHT: one or more tables, each a class/id byte, sixteen code counts and the symbols.
        mutating func readHuffmanTables(_ body: Range<Int>) throws(Failure) {
            var p = body.lowerBound
            while p < body.upperBound {
                let tableClass = bytes[p] >> 4, id = Int(bytes[p] & 15)
                guard tableClass <= 1, id < 4 else { throw .malformed(offset: p, reason: "Huffman table class \(tableClass) id \(id)") }
                guard p + 17 <= body.upperBound else { throw .malformed(offset: p, reason: "short Huffman table") }
                let counts = bytes[(p + 1)..<(p + 17)].map(Int.init)
                let total = counts.reduce(0, +)
                guard p + 17 + total <= body.upperBound else { throw .malformed(offset: p, reason: "short Huffman table") }
                guard let table = HuffmanTable(counts: counts, symbols: Array(bytes[(p + 17)..<(p + 17 + total)])) else {
                    throw .malformed(offset: p, reason: "Huffman code lengths overflow")
                }
                if tableClass == 0 { dcTables[id] = table } else { acTables[id] = table }
                p += 17 + total
            }
        }

        /// DQT: one or more tables of 64 values in zigzag order, 8- or 16-bit.
        mutating func readQuantizationTables(_ body: Range<Int>) throws(Failure) {
            var p = body.lowerBound
            while p < body.upperBound {
                let wide = bytes[p] >> 4, id = Int(bytes[p] & 15)
                guard wide <= 1, id < 4 else { throw .malformed(offset: p, reason: "quantization table precision \(wide) id \(id)") }
                let size = wide == 1 ? 2 : 1
                guard p + 1 + 64 * size <= body.upperBound else { throw .malformed(offset: p, reason: "short quantization table") }
                quantizationTables[id] = (0..<64).map { k in
                    UInt16(wide == 1 ? be16(bytes, p + 1 + 2 * k) : Int(bytes[p + 1 + k]))
                }
                p += 1 + 64 * size
            }
        }

        mutating func readRestartInterval(_ body: Range<Int>) throws(Failure) {
            guard body.count >= 2 else { throw .malformed(offset: body.lowerBound, reason: "short DRI") }
            restartInterval = be16(bytes, body.lowerBound)
        }

        /// APP14 "Adobe": its transform byte says whether 3 or 4 components are colour-transformed.
        mutating func readAdobe(_ body: Range<Int>) {
            guard body.count >= 12, Array(bytes[body.lowerBound..<(body.lowerBound + 5)]) == Array("Adobe".utf8) else { return }
            adobeTransform = Int(bytes[body.lowerBound + 11])
        }

        /// SOS: reads the scan header, decodes the entropy-coded data after it, and returns the offset
        /// of the marker that ends that data.
        mutating func readScan(_ body: Range<Int>) throws(Failure) -> Int {
            guard let frame else { throw .malformed(offset: body.lowerBound, reason: "scan before frame header") }
            scansSeen += 1
            guard scansSeen <= maxScans else { throw .unsupported("more than \(maxScans) scans") }
            let scan = try Scan(bytes, body: body, frame: frame, dcTables: dcTables, acTables: acTables)
            if data.isEmpty { allocate(frame) }
            try latchQuantization(scan, frame: frame, at: body.lowerBound)
            let end = entropyEnd(bytes, from: body.upperBound)
            var decoder = ScanDecoder(scan: scan, frame: frame, restartInterval: restartInterval,
                                      reader: BitReader(bytes: bytes, start: body.upperBound, end: end))
            try decoder.decode(into: &data)
            scansDecoded += 1
            return end
        }

        /// Storage for every component, sized by the frame (already checked against `maxPixels`):
        /// samples for a sequential image, coefficients for a progressive one (its samples come at the
        /// end). Done at the first scan, so that a header with no image data after it costs nothing.
        mutating func allocate(_ frame: Frame) {
            data = frame.components.map { c in
                let count = c.blocksPerLine * c.blocksPerColumn * 64
                return ComponentData(samples: frame.progressive ? [] : [UInt8](repeating: 128, count: count),
                                     coefficients: frame.progressive ? [Int16](repeating: 0, count: count) : [],
                                     quantization: nil)
            }
        }

        /// Sequential scans dequantize with the tables current at the scan; a progressive component keeps
        /// the table it had at its first scan, since its coefficients are dequantized only at the end.
        mutating func latchQuantization(_ scan: Scan, frame: Frame, at offset: Int) throws(Failure) {
            for member in scan.members where !frame.progressive || data[member.index].quantization == nil {
                let id = frame.components[member.index].quantizationTable
                guard let table = quantizationTables[id] else { throw .malformed(offset: offset, reason: "quantization table \(id) not defined") }
                var natural = [Float](repeating: 0, count: 64)
                for k in 0..<64 { natural[zigzag[k]] = Float(table[k]) }
                data[member.index].quantization = natural
            }
        }

        /// The decoded image, once the segments are read.
        mutating func image() throws(Failure) -> PNGDecoder.Image {
            guard let frame, scansDecoded > 0 else { throw .truncated(offset: bytes.count) }
            if frame.progressive { reconstructProgressive(frame, &data) }
            let rgba = convertToRGBA(frame, data.map(\.samples), colourSpace(frame))
            return PNGDecoder.Image(width: frame.width, height: frame.height, rgba: rgba)
        }

        /// JFIF's YCbCr unless an Adobe marker or the component ids ('R', 'G', 'B') say otherwise.
        func colourSpace(_ frame: Frame) -> ColourSpace {
            switch frame.components.count {
            case 1: return .greyscale
            case 4: return adobeTransform == 2 ? .ycck : .cmyk
            default:
                if let adobeTransform { return adobeTransform == 0 ? .rgb : .yCbCr }
                return frame.components.map(\.id) == Array("RGB".utf8) ? .rgb : .yCbCr
            }
        }
    }

    /// Position in the 8×8 block (row-major) of the k-th coefficient in zigzag order (T.81 figure A.6).
    static let zigzag: [Int] = [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5,
        12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
        35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
        58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
    ]
}
