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

    /// A code packed as `bits | count << 24`, bits already reversed for LSB-first output.
    @inline(__always) private static func pack(_ bits: UInt32, _ count: UInt32) -> UInt32 { bits | count << 24 }

    /// Fixed literal/length codes (RFC 1951 §3.2.6), packed.
    private static let literalCodes: [UInt32] = (0..<288).map { symbol in
        switch symbol {
        case 0...143: pack(reversed(UInt32(0x30 + symbol), 8), 8)
        case 144...255: pack(reversed(UInt32(0x190 + symbol - 144), 9), 9)
        case 256...279: pack(reversed(UInt32(symbol - 256), 7), 7)
        default: pack(reversed(UInt32(0xC0 + symbol - 280), 8), 8)
        }
    }
    /// For each match length 0...258 (0–2 unused): the length symbol's code followed by its extra bits, packed.
    private static let lengthCodes: [UInt32] = (0...258).map { length in
        guard length >= 3 else { return 0 }
        var li = 0
        while li + 1 < lengthBase.count && lengthBase[li + 1] <= length { li += 1 }
        let code = literalCodes[257 + li], bits = code >> 24
        return pack((code & 0xFF_FFFF) | UInt32(length - lengthBase[li]) << bits, bits + lengthExtra[li])
    }

    private static func distanceCode(_ distance: Int) -> UInt32 {
        var di = 0
        while di + 1 < distBase.count && distBase[di + 1] <= distance { di += 1 }
        return pack(reversed(UInt32(di), 5) | UInt32(distance - distBase[di]) << 5, 5 + distExtra[di])
    }

    /// Compresses `data` after `header` bytes, leaving room for `trailerCapacity` more without regrowing.
    static func compress(_ data: [UInt8], rowLength: Int = 0, header: [UInt8] = [], trailerCapacity: Int = 0) -> [UInt8] {
        // Worst case: every byte a 9-bit literal, plus the block header and end code.
        let capacity = header.count + data.count + data.count / 8 + 16 + trailerCapacity
        let rowDistance = rowLength > 4 && rowLength <= 32768 ? rowLength : 0
        // Candidate distances: 1, 4 and one row up (0 disables the row candidate).
        let distanceCodes = [distanceCode(1), distanceCode(4), rowDistance > 0 ? distanceCode(rowDistance) : 0]
        let literals = literalCodes, lengths = lengthCodes
        return [UInt8](unsafeUninitializedCapacity: capacity) { out, initialized in
            var sink = BitSink(out: out, position: 0)
            for byte in header { sink.out[sink.position] = byte; sink.position += 1 }
            sink.write(1, 1)  // final block
            sink.write(1, 2)  // fixed Huffman
            literals.withUnsafeBufferPointer { literals in
                lengths.withUnsafeBufferPointer { lengths in
                    data.withUnsafeBufferPointer { p in
                        let n = p.count
                        var i = 0
                        let raw = UnsafeRawPointer(p.baseAddress)
                        // How far the bytes at i repeat those d back (at most `limit`): eight bytes at a
                        // time, then byte by byte.
                        @inline(__always) func run(_ d: Int, _ limit: Int) -> Int {
                            guard d > 0, d <= i, p[i] == p[i - d] else { return 0 }
                            var length = 1
                            if let raw {
                                while length + 8 <= limit {
                                    let difference = raw.loadUnaligned(fromByteOffset: i + length, as: UInt64.self)
                                        ^ raw.loadUnaligned(fromByteOffset: i + length - d, as: UInt64.self)
                                    if difference != 0 { return length + UInt64(littleEndian: difference).trailingZeroBitCount / 8 }
                                    length += 8
                                }
                            }
                            while length < limit && p[i + length] == p[i + length - d] { length += 1 }
                            return length
                        }
                        while i < n {
                            let limit = min(258, n - i)
                            // Most bytes of a photo-like image start no match: reject all three candidates
                            // with one 3-byte comparison each before comparing byte by byte.
                            if let raw, i + 4 <= n, limit >= 3 {
                                let here = raw.loadUnaligned(fromByteOffset: i, as: UInt32.self) & 0xFF_FFFF
                                @inline(__always) func starts(_ d: Int) -> Bool {
                                    d > 0 && d <= i && raw.loadUnaligned(fromByteOffset: i - d, as: UInt32.self) & 0xFF_FFFF == here
                                }
                                if !starts(1) && !starts(4) && !starts(rowDistance) {
                                    sink.write(literals[Int(p[i])])
                                    i += 1
                                    continue
                                }
                            }
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
                                sink.write(lengths[bestLength])
                                sink.write(distanceCodes[best])
                                i += bestLength
                            } else {
                                sink.write(literals[Int(p[i])])
                                i += 1
                            }
                        }
                    }
                }
                sink.write(literals[256])
            }
            sink.finish()
            initialized = sink.position
        }
    }
}

/// LSB-first bit output into a buffer sized for the worst case, flushed four bytes at a time.
private struct BitSink {
    let out: UnsafeMutableBufferPointer<UInt8>
    var position: Int
    var buffer: UInt64 = 0
    var count: UInt64 = 0

    init(out: UnsafeMutableBufferPointer<UInt8>, position: Int) {
        self.out = out
        self.position = position
    }

    /// Writes a packed code (`bits | count << 24`, at most 31 bits).
    @inline(__always) mutating func write(_ packed: UInt32) {
        write(packed & 0xFF_FFFF, packed >> 24)
    }

    @inline(__always) mutating func write(_ value: UInt32, _ bits: UInt32) {
        buffer |= UInt64(value) << count
        count += UInt64(bits)
        if count >= 32 {
            let word = UInt32(truncatingIfNeeded: buffer)
            out[position] = UInt8(truncatingIfNeeded: word)
            out[position + 1] = UInt8(truncatingIfNeeded: word >> 8)
            out[position + 2] = UInt8(truncatingIfNeeded: word >> 16)
            out[position + 3] = UInt8(truncatingIfNeeded: word >> 24)
            position += 4
            buffer >>= 32
            count -= 32
        }
    }

    mutating func finish() {
        while count > 0 {
            out[position] = UInt8(truncatingIfNeeded: buffer)
            position += 1
            buffer >>= 8
            count = count >= 8 ? count - 8 : 0
        }
    }
}
