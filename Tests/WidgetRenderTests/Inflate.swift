/// A minimal zlib/DEFLATE decoder (stored, fixed and dynamic Huffman blocks) so tests can read back the
/// PNGs the renderer writes without any outside tool.
enum Inflate {
    struct Failure: Error {}

    struct Bits {
        let data: [UInt8]
        var pos = 0, bit = 0
        mutating func read(_ n: Int) throws -> Int {
            var v = 0
            for i in 0..<n {
                guard pos < data.count else { throw Failure() }
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
            throw Failure()
        }
    }

    static let lbase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lext = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let dbase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    static let dext = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    static func zlib(_ data: [UInt8]) throws -> [UInt8] {
        guard data.count > 6 else { throw Failure() }
        var b = Bits(data: data, pos: 2)
        var out: [UInt8] = []
        var final = 0
        repeat {
            final = try b.read(1)
            let type = try b.read(2)
            if type == 0 {
                if b.bit > 0 { b.bit = 0; b.pos += 1 }
                guard b.pos + 4 <= data.count else { throw Failure() }
                let len = Int(data[b.pos]) | Int(data[b.pos + 1]) << 8
                b.pos += 4
                guard b.pos + len <= data.count else { throw Failure() }
                out += data[b.pos..<(b.pos + len)]
                b.pos += len
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
                    case 16: let r = try b.read(2) + 3; lengths += [Int](repeating: lengths.last ?? 0, count: r)
                    case 17: lengths += [Int](repeating: 0, count: try b.read(3) + 3)
                    default: lengths += [Int](repeating: 0, count: try b.read(7) + 11)
                    }
                }
                lit = Huffman(lengths: Array(lengths[0..<hlit]))
                dist = Huffman(lengths: Array(lengths[hlit...]))
            } else {
                throw Failure()
            }
            while true {
                let sym = try lit.decode(&b)
                if sym < 256 { out.append(UInt8(sym)); continue }
                if sym == 256 { break }
                let li = sym - 257
                guard li < lbase.count else { throw Failure() }
                let len = lbase[li] + (try b.read(lext[li]))
                let di = try dist.decode(&b)
                guard di < dbase.count else { throw Failure() }
                let d = dbase[di] + (try b.read(dext[di]))
                guard d <= out.count else { throw Failure() }
                for _ in 0..<len { out.append(out[out.count - d]) }
            }
        } while final == 0
        return out
    }

    /// Decodes an 8-bit RGBA PNG (as the renderer writes it) to its pixels.
    static func png(_ bytes: [UInt8]) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Failure() }
        var p = 8
        var width = 0, height = 0
        var idat: [UInt8] = []
        func be32(_ o: Int) -> Int { Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3]) }
        while p + 8 <= bytes.count {
            let len = be32(p)
            let type = String(decoding: bytes[(p + 4)..<(p + 8)], as: UTF8.self)
            let body = Array(bytes[(p + 8)..<(p + 8 + len)])
            if type == "IHDR" { width = be32(p + 8); height = be32(p + 12) }
            if type == "IDAT" { idat += body }
            p += 12 + len
        }
        let raw = try zlib(idat)
        let stride = width * 4
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            for x in 0..<stride {
                let v = raw[y * (stride + 1) + 1 + x]
                let a = x >= 4 ? out[y * stride + x - 4] : 0
                let up = y > 0 ? out[(y - 1) * stride + x] : 0
                switch filter {
                case 0: out[y * stride + x] = v
                case 1: out[y * stride + x] = v &+ a
                case 2: out[y * stride + x] = v &+ up
                default: throw Failure()
                }
            }
        }
        return (width, height, out)
    }
}
