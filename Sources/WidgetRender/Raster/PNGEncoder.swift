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
        let width = canvas.width, height = canvas.height, rowBytes = width * 4
        if raw.count != height * (rowBytes + 1) { raw = [UInt8](repeating: 0, count: height * (rowBytes + 1)) }
        raw.withUnsafeMutableBufferPointer { out in
            // Round half up to a byte, as `UInt8(min(255, max(0, v * 255 + 0.5)))` would, without the
            // conversion's range checks: clamp (NaN goes to 0), take the nearest integer from the bits of
            // x + 2^23, and step down if that rounded up.
            @inline(__always) func byte(_ v: Float) -> UInt8 {
                var x = v * 255 + 0.5
                if !(x >= 0) { x = 0 }
                if !(x <= 255) { x = 255 }
                let nearest = Int32(bitPattern: (x + 8_388_608).bitPattern) &- 0x4B00_0000
                return UInt8(truncatingIfNeeded: Float(nearest) > x ? nearest &- 1 : nearest)
            }
            canvas.pixels.withUnsafeBufferPointer { px in
                for y in 0..<height {
                    let o = y * (rowBytes + 1)
                    out[o] = 1  // Sub filter
                    var previous: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
                    for x in 0..<width {
                        let p = (y * width + x) * 4
                        let a = px[p + 3]
                        var pixel: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, byte(a))
                        if a >= 1 {
                            pixel.0 = byte(px[p]); pixel.1 = byte(px[p + 1]); pixel.2 = byte(px[p + 2])
                        } else if a > 0 {
                            let inv = 1 / a
                            pixel.0 = byte(px[p] * inv); pixel.1 = byte(px[p + 1] * inv); pixel.2 = byte(px[p + 2] * inv)
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

    private static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    private static func chunk(_ type: String, _ data: [UInt8], into out: inout [UInt8]) {
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

    /// Adler-32 (RFC 1950), summing in blocks of 5552 bytes, the most before 32-bit sums could overflow.
    static func adler32(_ data: [UInt8]) -> UInt32 {
        data.withUnsafeBufferPointer { p in
            var a: UInt32 = 1, b: UInt32 = 0
            var i = 0
            while i < p.count {
                let end = min(p.count, i + 5552)
                while i + 4 <= end {
                    a &+= UInt32(p[i]); b &+= a
                    a &+= UInt32(p[i + 1]); b &+= a
                    a &+= UInt32(p[i + 2]); b &+= a
                    a &+= UInt32(p[i + 3]); b &+= a
                    i += 4
                }
                while i < end { a &+= UInt32(p[i]); b &+= a; i += 1 }
                a %= 65521
                b %= 65521
            }
            return b << 16 | a
        }
    }
}
