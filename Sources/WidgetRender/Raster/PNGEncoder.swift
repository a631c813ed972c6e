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
            canvas.pixels.withUnsafeBufferPointer { px in
                guard let pixels = UnsafeRawPointer(px.baseAddress), let bytes = out.baseAddress else { return }
                for y in 0..<height {
                    let o = y * (rowBytes + 1)
                    bytes[o] = 1  // Sub filter
                    var previous = SIMD4<UInt8>(repeating: 0)
                    for x in 0..<width {
                        let pixel = straightBytes(pixels.loadUnaligned(fromByteOffset: (y * width + x) * 16, as: SIMD4<Float>.self))
                        UnsafeMutableRawPointer(bytes + o + 1 + x * 4).storeBytes(of: pixel &- previous, as: SIMD4<UInt8>.self)
                        previous = pixel
                    }
                }
            }
        }
        return container(width: width, height: height, filtered: raw)
    }

    /// One premultiplied Float pixel as straight-alpha bytes, all four channels at once. Each channel
    /// rounds half up, as `UInt8(min(255, max(0, v * 255 + 0.5)))` would, without the conversion's
    /// range checks: clamp (NaN goes to 0), take the nearest integer from the bits of x + 2^23, and
    /// step down where that rounded up. Transparent pixels are all zero; colour is divided by alpha
    /// only where alpha is below one (multiplying by 1 leaves the others exact).
    @inline(__always) static func straightBytes(_ premultiplied: SIMD4<Float>) -> SIMD4<UInt8> {
        let a = premultiplied[3]
        let inverse: Float = a >= 1 ? 1 : (a > 0 ? 1 / a : 0)
        var x = premultiplied * SIMD4(inverse, inverse, inverse, 1) * 255 + 0.5
        x.replace(with: 0, where: .!(x .>= 0))
        x.replace(with: 255, where: .!(x .<= 255))
        let nearest = unsafeBitCast(x + 8_388_608, to: SIMD4<Int32>.self) &- 0x4B00_0000
        let rounded = nearest &- SIMD4<Int32>(repeating: 1).replacing(with: 0, where: .!(SIMD4<Float>(nearest) .> x))
        return SIMD4<UInt8>(truncatingIfNeeded: rounded)
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

    /// Adler-32 (RFC 1950), in blocks of 5552 bytes, the most before 32-bit sums could overflow. Within
    /// a block, sixteen bytes at a time: `a` gains their sum, and `b` gains 16 × `a` plus each byte
    /// weighted by how many of the sixteen additions it is part of (16 for the first, 1 for the last).
    static func adler32(_ data: [UInt8]) -> UInt32 {
        data.withUnsafeBufferPointer { p in
            var a: UInt32 = 1, b: UInt32 = 0
            var i = 0
            let weights = SIMD16<UInt16>(16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
            let raw = UnsafeRawPointer(p.baseAddress)
            while i < p.count {
                let end = min(p.count, i + 5552)
                if let raw {
                    while i + 16 <= end {
                        let bytes = SIMD16<UInt16>(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self))
                        b &+= 16 &* a &+ UInt32((bytes &* weights).wrappedSum())
                        a &+= UInt32(bytes.wrappedSum())
                        i += 16
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
