import WidgetArchive

/// Writes RGBA images as PNG (8-bit, colour type 6), compressed with a small deterministic DEFLATE
/// (LZ77 with a hash of 3-byte prefixes, fixed Huffman codes). Same pixels, same bytes, everywhere.
public enum PNGEncoder {
    public static func encode(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        var raw = [UInt8]()
        raw.reserveCapacity(height * (width * 4 + 1))
        let rowBytes = width * 4
        for y in 0..<height {
            // Filter "Sub" (1): each byte minus the one four to the left; flat areas become zeros.
            raw.append(1)
            let row = y * rowBytes
            for i in 0..<rowBytes {
                let left: UInt8 = i >= 4 ? rgba[row + i - 4] : 0
                raw.append(rgba[row + i] &- left)
            }
        }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var ihdr = ByteWriter()
        ihdr.raw(be32(UInt32(width)))
        ihdr.raw(be32(UInt32(height)))
        ihdr.raw([8, 6, 0, 0, 0])
        chunk("IHDR", ihdr.bytes, into: &out)
        chunk("IDAT", zlib(raw), into: &out)
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

    static func zlib(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        out += Deflate.compress(data)
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        out += be32(b << 16 | a)
        return out
    }
}

/// DEFLATE (RFC 1951) with one fixed-Huffman block.
enum Deflate {
    private struct BitWriter {
        var bytes: [UInt8] = []
        var bitBuffer: UInt32 = 0
        var bitCount: UInt32 = 0
        mutating func write(_ value: UInt32, _ count: UInt32) {
            bitBuffer |= value << bitCount
            bitCount += count
            while bitCount >= 8 {
                bytes.append(UInt8(bitBuffer & 0xFF))
                bitBuffer >>= 8
                bitCount -= 8
            }
        }
        /// Huffman codes go most-significant bit first.
        mutating func writeCode(_ code: UInt32, _ length: UInt32) {
            var reversed: UInt32 = 0
            for i in 0..<length { reversed |= ((code >> i) & 1) << (length - 1 - i) }
            write(reversed, length)
        }
        mutating func flush() {
            if bitCount > 0 { bytes.append(UInt8(bitBuffer & 0xFF)) }
            bitBuffer = 0
            bitCount = 0
        }
    }

    private static let lengthBase: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra: [UInt32] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distBase: [Int] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    private static let distExtra: [UInt32] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    private static func writeLiteral(_ w: inout BitWriter, _ symbol: Int) {
        switch symbol {
        case 0...143: w.writeCode(UInt32(0x30 + symbol), 8)
        case 144...255: w.writeCode(UInt32(0x190 + symbol - 144), 9)
        case 256...279: w.writeCode(UInt32(symbol - 256), 7)
        default: w.writeCode(UInt32(0xC0 + symbol - 280), 8)
        }
    }

    static func compress(_ data: [UInt8]) -> [UInt8] {
        var w = BitWriter()
        w.write(1, 1)  // final block
        w.write(1, 2)  // fixed Huffman
        let window = 32768, maxChain = 32
        var head = [Int](repeating: -1, count: 1 << 15)
        var prev = [Int](repeating: -1, count: data.count)
        func hash(_ i: Int) -> Int { (Int(data[i]) << 10 ^ Int(data[i + 1]) << 5 ^ Int(data[i + 2])) & 0x7FFF }
        var i = 0
        while i < data.count {
            var bestLength = 0, bestDistance = 0
            if i + 2 < data.count {
                let h = hash(i)
                var candidate = head[h]
                var chain = 0
                while candidate >= 0 && i - candidate <= window && chain < maxChain {
                    var length = 0
                    while length < 258 && i + length < data.count && data[candidate + length] == data[i + length] { length += 1 }
                    if length > bestLength {
                        bestLength = length
                        bestDistance = i - candidate
                        if length == 258 { break }
                    }
                    candidate = prev[candidate]
                    chain += 1
                }
                prev[i] = head[h]
                head[h] = i
            }
            if bestLength >= 3 {
                var li = 0
                while li + 1 < lengthBase.count && lengthBase[li + 1] <= bestLength { li += 1 }
                writeLiteral(&w, 257 + li)
                w.write(UInt32(bestLength - lengthBase[li]), lengthExtra[li])
                var di = 0
                while di + 1 < distBase.count && distBase[di + 1] <= bestDistance { di += 1 }
                w.writeCode(UInt32(di), 5)
                w.write(UInt32(bestDistance - distBase[di]), distExtra[di])
                // Index the skipped positions too, so later matches can find them.
                for j in (i + 1)..<(i + bestLength) where j + 2 < data.count {
                    let h = hash(j)
                    prev[j] = head[h]
                    head[h] = j
                }
                i += bestLength
            } else {
                writeLiteral(&w, Int(data[i]))
                i += 1
            }
        }
        writeLiteral(&w, 256)
        w.flush()
        return w.bytes
    }
}
