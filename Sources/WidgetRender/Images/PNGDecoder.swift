/// Decodes PNG images for asset drawing. Image files come from an extension's resource folder, so
/// they are hostile input: every read is bounds-checked, the decompressed size is capped before it is
/// reached, and anything unsupported is an error, never a trap. Supports what PNG allows: greyscale,
/// RGB, palette (with `tRNS` transparency, as image optimisers write icons), grey+alpha and RGBA, at
/// every bit depth (1, 2, 4, 8, 16), interlaced (Adam7) or not, all five filters.
public enum PNGDecoder {
    public struct Image: Sendable {
        public let width: Int
        public let height: Int
        /// Straight-alpha RGBA, row by row.
        public let rgba: [UInt8]

        public init(width: Int, height: Int, rgba: [UInt8]) {
            self.width = width
            self.height = height
            self.rgba = rgba
        }
    }

    public enum Failure: Error, Hashable, Sendable {
        case notPNG, unsupported(String), malformed(String), tooLarge
    }

    /// Largest image accepted, in pixels (4096 × 4096).
    public static let maxPixels = 4096 * 4096

    /// Width and height from the header alone (signature, then IHDR first, as PNG requires), without
    /// decoding: what a caller with a pixel budget checks first. Nil when the bytes do not start so.
    public static func dimensions(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func u32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (u32(16), u32(20))
    }

    struct Bits {
        let data: [UInt8]
        var pos = 0, bit = 0
        mutating func read(_ n: Int) throws -> Int {
            var v = 0
            for i in 0..<n {
                guard pos < data.count else { throw Failure.malformed("deflate stream") }
                v |= Int((data[pos] >> UInt8(bit)) & 1) << i
                bit += 1
                if bit == 8 { bit = 0; pos += 1 }
            }
            return v
        }
    }

    struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []
        init(lengths: [Int]) {
            for l in lengths { counts[l] += 1 }
            counts[0] = 0
            var offs = [Int](repeating: 0, count: 16)
            for i in 1..<16 { offs[i] = offs[i - 1] + counts[i - 1] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (s, l) in lengths.enumerated() where l != 0 { symbols[offs[l]] = s; offs[l] += 1 }
        }
        func decode(_ b: inout Bits) throws -> Int {
            var code = 0, first = 0, index = 0
            for len in 1..<16 {
                code |= try b.read(1)
                let count = counts[len]
                if code - count < first { return symbols[index + (code - first)] }
                index += count
                first += count
                first <<= 1
                code <<= 1
            }
            throw Failure.malformed("deflate stream")
        }
    }

    static let lbase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lext = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let dbase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    static let dext = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    static func zlib(_ data: [UInt8], limit: Int) throws -> [UInt8] {
        guard data.count > 6 else { throw Failure.malformed("deflate stream") }
        var b = Bits(data: data, pos: 2)
        var out: [UInt8] = []
        var final = 0
        repeat {
            final = try b.read(1)
            let type = try b.read(2)
            if type == 0 {
                if b.bit > 0 { b.bit = 0; b.pos += 1 }
                guard b.pos + 4 <= data.count else { throw Failure.malformed("deflate stream") }
                let len = Int(data[b.pos]) | Int(data[b.pos + 1]) << 8
                b.pos += 4
                guard b.pos + len <= data.count else { throw Failure.malformed("deflate stream") }
                out += data[b.pos..<(b.pos + len)]
                b.pos += len
                guard out.count <= limit else { throw Failure.tooLarge }
                continue
            }
            var lit: Huffman, dist: Huffman
            if type == 1 {
                lit = Huffman(lengths: (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 })
                dist = Huffman(lengths: [Int](repeating: 5, count: 30))
            } else if type == 2 {
                let hlit = try b.read(5) + 257, hdist = try b.read(5) + 1, hclen = try b.read(4) + 4
                let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
                var cl = [Int](repeating: 0, count: 19)
                for i in 0..<hclen { cl[order[i]] = try b.read(3) }
                let clh = Huffman(lengths: cl)
                var lengths: [Int] = []
                while lengths.count < hlit + hdist {
                    let sym = try clh.decode(&b)
                    switch sym {
                    case 0..<16: lengths.append(sym)
                    case 16:
                        guard let last = lengths.last else { throw Failure.malformed("code lengths") }
                        lengths += [Int](repeating: last, count: try b.read(2) + 3)
                    case 17: lengths += [Int](repeating: 0, count: try b.read(3) + 3)
                    default: lengths += [Int](repeating: 0, count: try b.read(7) + 11)
                    }
                }
                guard lengths.count <= hlit + hdist + 138 else { throw Failure.malformed("code lengths") }
                lit = Huffman(lengths: Array(lengths[0..<hlit]))
                dist = Huffman(lengths: Array(lengths[hlit..<(hlit + hdist)]))
            } else {
                throw Failure.malformed("deflate stream")
            }
            while true {
                let sym = try lit.decode(&b)
                if sym < 256 {
                    guard out.count < limit else { throw Failure.tooLarge }
                    out.append(UInt8(sym))
                    continue
                }
                if sym == 256 { break }
                let li = sym - 257
                guard li < lbase.count else { throw Failure.malformed("deflate stream") }
                let len = lbase[li] + (try b.read(lext[li]))
                let di = try dist.decode(&b)
                guard di < dbase.count else { throw Failure.malformed("deflate stream") }
                let d = dbase[di] + (try b.read(dext[di]))
                guard d > 0, d <= out.count else { throw Failure.malformed("deflate stream") }
                guard out.count + len <= limit else { throw Failure.tooLarge }
                for _ in 0..<len { out.append(out[out.count - d]) }
            }
        } while final == 0
        return out
    }

    /// Decodes a PNG file.
    public static func decode(_ bytes: [UInt8]) throws(Failure) -> Image {
        do {
            return try decodeThrowing(bytes)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .malformed("\(error)")
        }
    }

    private static func decodeThrowing(_ bytes: [UInt8]) throws -> Image {
        guard bytes.count >= 8, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Failure.notPNG }
        var p = 8
        var header: PNGHeader?
        var idat: [UInt8] = [], palette: [UInt8] = [], transparency: [UInt8] = []
        func be32(_ o: Int) -> Int { Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3]) }
        while p + 12 <= bytes.count {
            let len = be32(p)
            guard len >= 0, p + 12 + len <= bytes.count else { throw Failure.malformed("chunk length") }
            let type = String(decoding: bytes[(p + 4)..<(p + 8)], as: UTF8.self)
            let body = bytes[(p + 8)..<(p + 8 + len)]
            switch type {
            case "IHDR": header = try PNGHeader(body)
            case "PLTE": palette = Array(body)
            case "tRNS": transparency = Array(body)
            case "IDAT": idat += body
            case "IEND": p = bytes.count
            default: break
            }
            p += 12 + len
        }
        guard let header else { throw Failure.malformed("no IHDR") }
        if header.colorType == 3 {
            guard !palette.isEmpty, palette.count % 3 == 0, palette.count <= 256 * 3 else { throw Failure.malformed("PLTE") }
        }
        let raw = try zlib(idat, limit: header.filteredSize)
        guard raw.count >= header.filteredSize else { throw Failure.malformed("image data too short") }
        let samples = PNGSamples(header: header, palette: palette, transparency: transparency)
        return Image(width: header.width, height: header.height, rgba: try samples.rgba(from: raw))
    }
}
