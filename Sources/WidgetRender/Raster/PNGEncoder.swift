import ByteCoding
import WidgetArchive

/// Writes RGBA images as PNG (8-bit, colour type 6), compressed with a small deterministic DEFLATE
/// (LZ77 at three candidate distances, fixed Huffman codes). Same pixels, same bytes, everywhere.
public enum PNGEncoder {
    /// Encodes a canvas directly: straight-alpha conversion and the row filter in one pass.
    public static func encode(_ canvas: Canvas) -> [UInt8] {
        var filtered: [UInt8] = []
        return encode(canvas, filtered: &filtered)
    }

    /// Encodes a canvas, filtering its rows into `raw` (reused when it is already the right size).
    static func encode(_ canvas: Canvas, filtered raw: inout [UInt8]) -> [UInt8] {
        filter(canvas, into: &raw)
        return container(width: canvas.width, height: canvas.height, filtered: raw)
    }

    /// The canvas's rows as PNG scanlines (straight alpha, Sub filter), into `raw`.
    static func filter(_ canvas: Canvas, into raw: inout [UInt8]) {
        filter(canvas, x: 0, y: 0, width: canvas.width, height: canvas.height, into: &raw)
    }

    /// A rectangle of the canvas as PNG scanlines, into `raw` (an animated PNG's frame region).
    static func filter(_ canvas: Canvas, x x0: Int, y y0: Int, width: Int, height: Int, into raw: inout [UInt8]) {
        let rowBytes = width * 4, stride = canvas.width * 4
        if raw.count != height * (rowBytes + 1) { raw = [UInt8](repeating: 0, count: height * (rowBytes + 1)) }
        // Per row, in passes simple enough for the compiler to vectorise: the factor that turns each
        // channel straight (1/alpha where alpha is below one, 0 where it is zero, 1 for alpha itself),
        // then every channel to a byte, then the Sub filter, from the right so each byte still sees
        // its unfiltered left neighbour.
        var factors = [Float](repeating: 1, count: rowBytes)
        raw.withUnsafeMutableBufferPointer { out in
            canvas.pixels.withUnsafeBufferPointer { px in
                factors.withUnsafeMutableBufferPointer { factor in
                    guard let pixels = px.baseAddress, let bytes = out.baseAddress, let factor = factor.baseAddress else { return }
                    for y in 0..<height {
                        let source = pixels + (y0 + y) * stride + x0 * 4
                        let row = bytes + y * (rowBytes + 1) + 1
                        row[-1] = 1  // Sub filter
                        for x in 0..<width {
                            let a = source[x * 4 + 3]
                            let f: Float = a >= 1 ? 1 : (a > 0 ? 1 / a : 0)
                            factor[x * 4] = f; factor[x * 4 + 1] = f; factor[x * 4 + 2] = f
                        }
                        for j in 0..<rowBytes { row[j] = byte(source[j] * factor[j]) }
                        var j = rowBytes - 1
                        while j >= 4 { row[j] = row[j] &- row[j - 4]; j -= 1 }
                    }
                }
            }
        }
    }

    /// A channel value in [0, 1] as a byte, rounding half up as `UInt8(min(255, max(0, v * 255 + 0.5)))`
    /// would, without the conversion's range checks: clamp (NaN goes to 0), take the nearest integer
    /// from the bits of x + 2^23, and step down if that rounded up.
    @inline(__always) static func byte(_ v: Float) -> UInt8 {
        var x = v * 255 + 0.5
        if !(x >= 0) { x = 0 }
        if !(x <= 255) { x = 255 }
        let nearest = Int32(bitPattern: (x + 8_388_608).bitPattern) &- 0x4B00_0000
        return UInt8(truncatingIfNeeded: Float(nearest) > x ? nearest &- 1 : nearest)
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
        let idat = zlib(raw, rowLength: rowBytes + 1)
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out.reserveCapacity(idat.count + 64)
        var ihdr = ByteWriter()
        ihdr.raw(be32(UInt32(width)))
        ihdr.raw(be32(UInt32(height)))
        ihdr.raw([8, 6, 0, 0, 0])
        chunk("IHDR", ihdr.bytes, into: &out)
        chunk("IDAT", idat, into: &out)
        chunk("IEND", [], into: &out)
        return out
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    static func chunk(_ type: String, _ data: [UInt8], into out: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        out += be32(UInt32(data.count))
        out += typeBytes
        out += data
        out += be32(CRC32.update(CRC32.checksum(typeBytes), data))
    }

    static func zlib(_ data: [UInt8], rowLength: Int = 0) -> [UInt8] {
        var out = Deflate.compress(data, rowLength: rowLength, header: [0x78, 0x01], trailerCapacity: 4)
        out += be32(adler32(data))
        return out
    }

    /// Adler-32 (RFC 1950), in blocks of 5552 bytes, the most before 32-bit sums could overflow. Within
    /// a block, eight bytes at a time: `a` gains their sum, and `b` gains 8 × `a` plus each byte weighted
    /// by how many of the eight additions it is part of (8 for the first, 1 for the last). Both sums come
    /// from multiplying the word's bytes, spread into 16-bit lanes, by the weights: the top lane of the
    /// product collects the weighted sum (no lane exceeds 16 bits: at most 255 × 20 per lane).
    static func adler32(_ data: [UInt8]) -> UInt32 {
        data.withUnsafeBufferPointer { p in
            var a: UInt32 = 1, b: UInt32 = 0
            var i = 0
            let raw = UnsafeRawPointer(p.baseAddress)
            let lanes: UInt64 = 0x00FF_00FF_00FF_00FF
            // Lane weights, lowest lane last in the sum: (2, 4, 6, 8) for bytes 6, 4, 2, 0; (1, 3, 5, 7) for 7, 5, 3, 1.
            let evenWeights: UInt64 = 2 | 4 << 16 | 6 << 32 | 8 << 48, oddWeights: UInt64 = 1 | 3 << 16 | 5 << 32 | 7 << 48
            let ones: UInt64 = 1 | 1 << 16 | 1 << 32 | 1 << 48
            while i < p.count {
                let end = min(p.count, i + 5552)
                if let raw {
                    while i + 8 <= end {
                        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                        let even = word & lanes, odd = (word >> 8) & lanes
                        let sum = ((even &+ odd) &* ones) >> 48
                        let weighted = ((even &* evenWeights) >> 48) &+ ((odd &* oddWeights) >> 48)
                        b &+= 8 &* a &+ UInt32(truncatingIfNeeded: weighted)
                        a &+= UInt32(truncatingIfNeeded: sum)
                        i += 8
                    }
                }
                while i < end { a &+= UInt32(p[i]); b &+= a; i += 1 }
                a %= 65521
                b %= 65521
            }
            return b << 16 | a
        }
    }
}
