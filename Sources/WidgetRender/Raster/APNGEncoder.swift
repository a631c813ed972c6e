import ByteCoding
import WidgetArchive

/// Animated PNG (APNG, which browsers play), looping forever. A viewer without APNG support shows the
/// first frame, so it is the one to make meaningful.
public enum APNGEncoder {
    /// `frames` all of one size (others are left out); each shown `delayNumerator / delayDenominator`
    /// seconds.
    public static func encode(_ frames: [Canvas], delayNumerator: UInt16, delayDenominator: UInt16) -> [UInt8] {
        guard let first = frames.first else { return [] }
        let frames = frames.filter { $0.width == first.width && $0.height == first.height }
        var writer = APNGWriter(width: first.width, height: first.height, frameCount: frames.count,
                                delayNumerator: delayNumerator, delayDenominator: delayDenominator)
        for frame in frames { writer.append(frame) }
        return writer.finish()
    }
}

/// Writes an animated PNG a frame at a time, so frames can be drawn into one reused canvas. The first
/// frame is whole; each later one is only the rectangle of pixels that changed since the one before
/// (drawn over it: dispose none, blend source), which is what makes a transition's file small and
/// quick to write when most of the widget stands still.
public struct APNGWriter {
    public let width: Int
    public let height: Int
    private let frameCount: Int
    private let delay: [UInt8]
    private var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private var sequence: UInt32 = 0
    private var written = 0
    private var previous: [Float] = []
    private var raw: [UInt8] = []

    /// `frameCount` is promised up front (the file says it before the first frame).
    public init(width: Int, height: Int, frameCount: Int, delayNumerator: UInt16, delayDenominator: UInt16) {
        self.width = width
        self.height = height
        self.frameCount = frameCount
        delay = [UInt8(delayNumerator >> 8), UInt8(delayNumerator & 0xFF), UInt8(delayDenominator >> 8), UInt8(delayDenominator & 0xFF)]
        var header = ByteWriter()
        header.raw(PNGEncoder.be32(UInt32(width)))
        header.raw(PNGEncoder.be32(UInt32(height)))
        header.raw([8, 6, 0, 0, 0])
        PNGEncoder.chunk("IHDR", header.bytes, into: &out)
        PNGEncoder.chunk("acTL", PNGEncoder.be32(UInt32(frameCount)) + PNGEncoder.be32(0), into: &out)
    }

    /// Adds the next frame (ignored if it is not of the writer's size or all promised frames are in).
    public mutating func append(_ frame: Canvas) {
        guard frame.width == width, frame.height == height, written < frameCount else { return }
        let region = written == 0 ? (x: 0, y: 0, width: width, height: height) : changedRegion(frame)
        var control = ByteWriter()
        control.raw(PNGEncoder.be32(sequence))
        control.raw(PNGEncoder.be32(UInt32(region.width)) + PNGEncoder.be32(UInt32(region.height)))
        control.raw(PNGEncoder.be32(UInt32(region.x)) + PNGEncoder.be32(UInt32(region.y)))
        control.raw(delay)
        control.raw([0, 0])  // dispose: none; blend: source
        PNGEncoder.chunk("fcTL", control.bytes, into: &out)
        sequence += 1
        PNGEncoder.filter(frame, x: region.x, y: region.y, width: region.width, height: region.height, into: &raw)
        let data = PNGEncoder.zlib(raw, rowLength: region.width * 4 + 1)
        if written == 0 {
            PNGEncoder.chunk("IDAT", data, into: &out)
        } else {
            PNGEncoder.chunk("fdAT", PNGEncoder.be32(sequence) + data, into: &out)
            sequence += 1
        }
        written += 1
        remember(frame, region)
    }

    public func finish() -> [UInt8] {
        var file = out
        PNGEncoder.chunk("IEND", [], into: &file)
        return file
    }

    /// The smallest rectangle holding every pixel that differs from the previous frame (one pixel when
    /// nothing does: a frame must have one).
    private func changedRegion(_ frame: Canvas) -> (x: Int, y: Int, width: Int, height: Int) {
        var minX = width, minY = height, maxX = -1, maxY = -1
        frame.pixels.withUnsafeBufferPointer { now in
            previous.withUnsafeBufferPointer { before in
                guard let now = now.baseAddress, let before = before.baseAddress else { return }
                for y in 0..<height {
                    let row = y * width * 4
                    var x = 0
                    while x < width, Self.same(now + row, before + row, x) { x += 1 }
                    guard x < width else { continue }
                    var last = width - 1
                    while last > x, Self.same(now + row, before + row, last) { last -= 1 }
                    minX = min(minX, x); maxX = max(maxX, last)
                    minY = min(minY, y); maxY = y
                }
            }
        }
        guard maxX >= 0 else { return (0, 0, 1, 1) }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    /// Whether pixel `x` of two rows is the same. A pixel is sixteen bytes: equal bytes are equal
    /// pixels, compared eight at a time; where the bytes differ, the channels are compared as numbers.
    @inline(__always)
    private static func same(_ now: UnsafePointer<Float>, _ before: UnsafePointer<Float>, _ x: Int) -> Bool {
        let a = UnsafeRawPointer(now + x * 4), b = UnsafeRawPointer(before + x * 4)
        if a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self),
           a.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: 8, as: UInt64.self) {
            return true
        }
        let i = x * 4
        return now[i] == before[i] && now[i + 1] == before[i + 1] && now[i + 2] == before[i + 2] && now[i + 3] == before[i + 3]
    }

    /// Keeps the frame for the next comparison: outside `region` it equals the one kept already.
    private mutating func remember(_ frame: Canvas, _ region: (x: Int, y: Int, width: Int, height: Int)) {
        if previous.count != frame.pixels.count {
            previous = frame.pixels
            return
        }
        let stride = width * 4
        previous.withUnsafeMutableBufferPointer { keep in
            frame.pixels.withUnsafeBufferPointer { now in
                guard let target = keep.baseAddress, let source = now.baseAddress else { return }
                for y in region.y..<(region.y + region.height) {
                    let start = y * stride + region.x * 4
                    (target + start).update(from: source + start, count: region.width * 4)
                }
            }
        }
    }
}
