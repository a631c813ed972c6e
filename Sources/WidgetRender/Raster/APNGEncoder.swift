import WidgetArchive

/// Animated PNG (APNG, which browsers play): every frame whole, with its delay, looping forever. A
/// viewer without APNG support shows the first frame, so it is the one to make meaningful.
public enum APNGEncoder {
    /// `frames` all of one size; each shown `delayNumerator / delayDenominator` seconds.
    public static func encode(_ frames: [Canvas], delayNumerator: UInt16, delayDenominator: UInt16) -> [UInt8] {
        guard let first = frames.first else { return [] }
        let frames = frames.filter { $0.width == first.width && $0.height == first.height }
        let width = first.width, height = first.height
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = ByteWriter()
        header.raw(PNGEncoder.be32(UInt32(width)))
        header.raw(PNGEncoder.be32(UInt32(height)))
        header.raw([8, 6, 0, 0, 0])
        PNGEncoder.chunk("IHDR", header.bytes, into: &out)
        PNGEncoder.chunk("acTL", PNGEncoder.be32(UInt32(frames.count)) + PNGEncoder.be32(0), into: &out)
        var sequence: UInt32 = 0
        var raw: [UInt8] = []
        for (index, frame) in frames.enumerated() {
            var control = ByteWriter()
            control.raw(PNGEncoder.be32(sequence))
            control.raw(PNGEncoder.be32(UInt32(width)) + PNGEncoder.be32(UInt32(height)) + PNGEncoder.be32(0) + PNGEncoder.be32(0))
            control.raw([UInt8(delayNumerator >> 8), UInt8(delayNumerator & 0xFF), UInt8(delayDenominator >> 8), UInt8(delayDenominator & 0xFF)])
            control.raw([0, 0])  // dispose: none; blend: source (each frame is whole)
            PNGEncoder.chunk("fcTL", control.bytes, into: &out)
            sequence += 1
            PNGEncoder.filter(frame, into: &raw)
            let data = PNGEncoder.zlib(raw, rowLength: width * 4 + 1)
            if index == 0 {
                PNGEncoder.chunk("IDAT", data, into: &out)
            } else {
                PNGEncoder.chunk("fdAT", PNGEncoder.be32(sequence) + data, into: &out)
                sequence += 1
            }
        }
        PNGEncoder.chunk("IEND", [], into: &out)
        return out
    }
}
