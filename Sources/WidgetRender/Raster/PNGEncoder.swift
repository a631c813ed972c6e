import WidgetArchive

/// Writes RGBA images as PNG (8-bit, colour type 6), compressed with a small deterministic DEFLATE
/// (LZ77 with a hash of 3-byte prefixes, fixed Huffman codes). Same pixels, same bytes, everywhere.
public enum PNGEncoder {
    /// Encodes a canvas directly: straight-alpha conversion and the row filter in one pass.
    public static func encode(_ canvas: Canvas) -> [UInt8] {
        let width = canvas.width, height = canvas.height, rowBytes = width * 4
        var raw = [UInt8](repeating: 0, count: height * (rowBytes + 1))
        @inline(__always) func byte(_ v: Float) -> UInt8 { UInt8(min(255, max(0, v * 255 + 0.5))) }
        raw.withUnsafeMutableBufferPointer { out in
            canvas.pixels.withUnsafeBufferPointer { px in
                for y in 0..<height {
                    let o = y * (rowBytes + 1)
                    out[o] = 1  // Sub filter
                    var previous: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
                    for x in 0..<width {
                        let p = (y * width + x) * 4
                        let a = px[p + 3]
                        var pixel: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, byte(a))
                        if a > 0 {
                            let inv = 1 / a
                            pixel.0 = byte(px[p] * inv)
                            pixel.1 = byte(px[p + 1] * inv)
                            pixel.2 = byte(px[p + 2] * inv)
                        }
                        let q = o + 1 + x * 4
                        out[q] = pixel.0 &- previous.0
                        out[q + 1] = pixel.1 &- previous.1
                        out[q + 2] = pixel.2 &- previous.2
                        out[q + 3] = pixel.3 &- previous.3
                        previous = pixel
                    }
                }
            }
        }
        return container(width: width, height: height, filtered: raw)
    }

    public static func encode(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        let rowBytes = width * 4
        var raw = [UInt8](repeating: 0, count: height * (rowBytes + 1))
        raw.withUnsafeMutableBufferPointer { out in
            rgba.withUnsafeBufferPointer { src in
                for y in 0..<height {
                    // Filter "Sub" (1): each byte minus the one four to the left; flat areas become zeros.
                    let o = y * (rowBytes + 1), row = y * rowBytes
                    out[o] = 1
                    for i in 0..<min(4, rowBytes) { out[o + 1 + i] = src[row + i] }
                    if rowBytes > 4 {
                        for i in 4..<rowBytes { out[o + 1 + i] = src[row + i] &- src[row + i - 4] }
                    }
                }
            }
        }
        return container(width: width, height: height, filtered: raw)
    }

    /// The PNG file around filtered scanlines.
    static func container(width: Int, height: Int, filtered raw: [UInt8]) -> [UInt8] {
        let rowBytes = width * 4
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var ihdr = ByteWriter()
        ihdr.raw(be32(UInt32(width)))
        ihdr.raw(be32(UInt32(height)))
        ihdr.raw([8, 6, 0, 0, 0])
        chunk("IHDR", ihdr.bytes, into: &out)
        chunk("IDAT", zlib(raw, rowLength: rowBytes + 1), into: &out)
        chunk("IEND", [], into: &out)
        return out
    }

    private static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    private static func chunk(_ type: String, _ data: [UInt8], into out: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        out += be32(UInt32(data.count))
        out += typeBytes
        out += data
        out += be32(CRC32.update(CRC32.checksum(typeBytes), data))
    }

    static func zlib(_ data: [UInt8], rowLength: Int = 0) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        out += Deflate.compress(data, rowLength: rowLength)
        var a: UInt32 = 1, b: UInt32 = 0
        data.withUnsafeBufferPointer { p in
            var i = 0
            while i < p.count {
                // 5552 bytes is the most that can be summed before the 32-bit sums could overflow.
                let end = min(p.count, i + 5552)
                while i < end { a &+= UInt32(p[i]); b &+= a; i += 1 }
                a %= 65521
                b %= 65521
            }
        }
        out += be32(b << 16 | a)
        return out
    }
}

/// DEFLATE (RFC 1951) with one fixed-Huffman block. Matches are sought at three distances that suit
/// filtered images: 1 (runs of one byte), 4 (repeated pixels) and one row up (vertical coherence), so
/// compression is linear in the input and deterministic.
enum Deflate {
    private static let lengthBase: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra: [UInt32] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distBase: [Int] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    private static let distExtra: [UInt32] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    private static func reversed(_ code: UInt32, _ length: UInt32) -> UInt32 {
        var r: UInt32 = 0
        for i in 0..<length { r |= ((code >> i) & 1) << (length - 1 - i) }
        return r
    }

    /// Fixed literal/length codes, bit-reversed for LSB-first output: (bits, length).
    private static let literalCodes: [(UInt32, UInt32)] = (0..<288).map { symbol in
        switch symbol {
        case 0...143: (reversed(UInt32(0x30 + symbol), 8), 8)
        case 144...255: (reversed(UInt32(0x190 + symbol - 144), 9), 9)
        case 256...279: (reversed(UInt32(symbol - 256), 7), 7)
        default: (reversed(UInt32(0xC0 + symbol - 280), 8), 8)
        }
    }
    /// For each match length 3...258: (symbol code bits, total bit count including extra bits).
    private static let lengthCodes: [(UInt32, UInt32)] = (0...258).map { length in
        guard length >= 3 else { return (0, 0) }
        var li = 0
        while li + 1 < lengthBase.count && lengthBase[li + 1] <= length { li += 1 }
        let (code, bits) = literalCodes[257 + li]
        return (code | UInt32(length - lengthBase[li]) << bits, bits + lengthExtra[li])
    }

    private static func distanceCode(_ distance: Int) -> (UInt32, UInt32) {
        var di = 0
        while di + 1 < distBase.count && distBase[di + 1] <= distance { di += 1 }
        return (reversed(UInt32(di), 5) | UInt32(distance - distBase[di]) << 5, 5 + distExtra[di])
    }

    static func compress(_ data: [UInt8], rowLength: Int = 0) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(data.count / 4 + 64)
        var buffer: UInt64 = 0
        var count: UInt32 = 0
        @inline(__always) func write(_ value: UInt32, _ bits: UInt32) {
            buffer |= UInt64(value) << UInt64(count)
            count += bits
            while count >= 8 {
                out.append(UInt8(truncatingIfNeeded: buffer))
                buffer >>= 8
                count -= 8
            }
        }
        write(1, 1)  // final block
        write(1, 2)  // fixed Huffman
        // Candidate distances: 1, 4 and one row up (0 disables the row candidate).
        let rowDistance = rowLength > 4 && rowLength <= 32768 ? rowLength : 0
        let codes = [distanceCode(1), distanceCode(4), rowDistance > 0 ? distanceCode(rowDistance) : (0, 0)]
        data.withUnsafeBufferPointer { p in
            let n = p.count
            var i = 0
            @inline(__always) func run(_ d: Int, _ limit: Int) -> Int {
                guard d > 0, d <= i, p[i] == p[i - d] else { return 0 }
                var length = 1
                while length < limit && p[i + length] == p[i + length - d] { length += 1 }
                return length
            }
            while i < n {
                let limit = min(258, n - i)
                var bestLength = run(1, limit), best = 0
                if bestLength < limit {
                    let l4 = run(4, limit)
                    if l4 > bestLength { bestLength = l4; best = 1 }
                }
                if bestLength < limit {
                    let lr = run(rowDistance, limit)
                    if lr > bestLength { bestLength = lr; best = 2 }
                }
                if bestLength >= 3 {
                    let (lc, lb) = lengthCodes[bestLength]
                    write(lc, lb)
                    let (dc, db) = codes[best]
                    write(dc, db)
                    i += bestLength
                } else {
                    let (c, b) = literalCodes[Int(p[i])]
                    write(c, b)
                    i += 1
                }
            }
        }
        let (end, endBits) = literalCodes[256]
        write(end, endBits)
        if count > 0 { out.append(UInt8(truncatingIfNeeded: buffer)) }
        return out
    }
}
