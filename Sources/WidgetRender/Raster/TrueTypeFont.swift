import Foundation
import WidgetLayout

/// A TrueType font's outlines, read defensively: every offset is bounds-checked, and anything
/// malformed makes that glyph (or the whole font) unavailable rather than trapping. Only what drawing
/// needs is read: `head`, `maxp`, `cmap` (formats 4 and 12), `loca`, `glyf` (simple and composite),
/// `hhea`/`hmtx` advances. Layout never uses it: glyphs are drawn at the positions the built-in
/// metrics chose.
///
/// A font file is mapped read-only rather than read: drawing a few glyphs touches a few pages of a
/// 700 KB file, which matters to a process that renders one widget and exits. (A mapped file that is
/// truncated while in use would fault; fonts are not rewritten in place.)
// `@unchecked Sendable`: immutable after init: a read-only mapping (or an owned copy) and the table ranges found in it.
public final class TrueTypeFont: @unchecked Sendable {
    /// The font file's bytes: a private read-only mapping, or a copy owned by this object.
    let data: UnsafeBufferPointer<UInt8>
    private let mapped: Bool
    let unitsPerEm: Double
    private let glyf: Range<Int>
    private let loca: Range<Int>
    private let longLoca: Bool
    private let numGlyphs: Int
    private let cmapFormat: Int
    private let cmapOffset: Int
    private let hmtxOffset: Int
    private let advanceCount: Int
    private var cache: [Int: [[(Double, Double, Bool)]]] = [:]
    private let lock = NSLock()

    public convenience init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 12, info.st_size < 64 << 20,
              let base = mmap(nil, Int(info.st_size), PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else { return nil }
        self.init(storage: UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: Int(info.st_size)), mapped: true)
    }

    public convenience init?(bytes: [UInt8]) {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = copy.initialize(from: bytes)
        self.init(storage: UnsafeBufferPointer(copy), mapped: false)
    }

    deinit { release(data, mapped: mapped) }

    /// Takes ownership of `storage`; releases it again if the bytes are not a usable font.
    private init?(storage bytes: UnsafeBufferPointer<UInt8>, mapped: Bool) {
        data = bytes
        self.mapped = mapped
        guard let layout = Self.parse(bytes) else {
            release(bytes, mapped: mapped)
            return nil
        }
        (unitsPerEm, glyf, loca, longLoca, numGlyphs, cmapFormat, cmapOffset, hmtxOffset, advanceCount) = layout
    }

    private typealias Layout = (unitsPerEm: Double, glyf: Range<Int>, loca: Range<Int>, longLoca: Bool, numGlyphs: Int,
                                cmapFormat: Int, cmapOffset: Int, hmtxOffset: Int, advanceCount: Int)

    /// Reads the table directory and the few header fields drawing needs; nil for anything malformed.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Layout? {
        let unitsPerEm: Double, glyf: Range<Int>, loca: Range<Int>, longLoca: Bool, numGlyphs: Int
        let cmapFormat: Int, cmapOffset: Int, hmtxOffset: Int, advanceCount: Int
        func u16(_ o: Int) -> Int? { o >= 0 && o + 2 <= bytes.count ? Int(bytes[o]) << 8 | Int(bytes[o + 1]) : nil }
        func u32(_ o: Int) -> Int? { o >= 0 && o + 4 <= bytes.count ? Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3]) : nil }
        guard let tableCount = u16(4), tableCount < 256 else { return nil }
        var tables: [String: Range<Int>] = [:]
        for i in 0..<tableCount {
            let rec = 12 + i * 16
            guard rec + 16 <= bytes.count, let off = u32(rec + 8), let len = u32(rec + 12), off + len <= bytes.count else { return nil }
            let tag = String(decoding: bytes[rec..<(rec + 4)], as: UTF8.self)
            tables[tag] = off..<(off + len)
        }
        guard let head = tables["head"], let maxp = tables["maxp"], let cmapT = tables["cmap"], let locaT = tables["loca"],
              let glyfT = tables["glyf"], let upm = u16(head.lowerBound + 18), upm > 0,
              let locFormat = u16(head.lowerBound + 50), let n = u16(maxp.lowerBound + 4) else { return nil }
        unitsPerEm = Double(upm)
        longLoca = locFormat == 1
        numGlyphs = n
        glyf = glyfT
        loca = locaT
        // Advances are read on demand from hmtx.
        if let hhea = tables["hhea"], let hmtx = tables["hmtx"], let count = u16(hhea.lowerBound + 34), count > 0 {
            hmtxOffset = hmtx.lowerBound
            advanceCount = min(count, n)
        } else {
            hmtxOffset = 0
            advanceCount = 0
        }
        // Character map: prefer format 12, then 4, from a Unicode subtable; looked up lazily.
        var best: (Int, Int)?  // (format, offset)
        if let subtables = u16(cmapT.lowerBound + 2) {
            for i in 0..<min(subtables, 64) {
                let rec = cmapT.lowerBound + 4 + i * 8
                guard let platform = u16(rec), let off = u32(rec + 4), let format = u16(cmapT.lowerBound + off) else { continue }
                guard platform == 0 || platform == 3, format == 4 || format == 12 else { continue }
                if best == nil || format > best!.0 { best = (format, cmapT.lowerBound + off) }
            }
        }
        guard let (format, base) = best else { return nil }
        cmapFormat = format
        cmapOffset = base
        return (unitsPerEm, glyf, loca, longLoca, numGlyphs, cmapFormat, cmapOffset, hmtxOffset, advanceCount)
    }

    /// The first font found among the usual system locations (Debian's fonts-dejavu-core first).
    /// The installed face closest to Apple's system font, measured against iOS's own renders
    /// (`Tools/Fidelity`): Liberation Sans, else DejaVu Sans.
    public static func system(bold: Bool) -> TrueTypeFont? { liberationSans(bold: bold) ?? dejaVuSans(bold: bold) }

    /// Liberation Sans (Debian's `fonts-liberation2`): its advances are those of the layout's
    /// measurement table, so its glyphs are drawn at their own widths.
    public static func liberationSans(bold: Bool) -> TrueTypeFont? {
        let style = bold ? "Bold" : "Regular"
        return first(of: ["/usr/share/fonts/truetype/liberation2/LiberationSans-\(style).ttf",
                          "/usr/share/fonts/truetype/liberation/LiberationSans-\(style).ttf",
                          "/usr/share/fonts/liberation/LiberationSans-\(style).ttf", "/usr/share/fonts/TTF/LiberationSans-\(style).ttf"])
    }

    /// DejaVu Sans: the widest coverage of the usual faces (symbols, Greek, Cyrillic…).
    public static func dejaVuSans(bold: Bool) -> TrueTypeFont? {
        let name = bold ? "DejaVuSans-Bold.ttf" : "DejaVuSans.ttf"
        return first(of: ["/usr/share/fonts/truetype/dejavu/", "/usr/share/fonts/TTF/", "/usr/share/fonts/dejavu/"].map { $0 + name })
    }

    private static func first(of paths: [String]) -> TrueTypeFont? {
        for path in paths { if let font = TrueTypeFont(path: path) { return font } }
        return nil
    }

    /// The glyph for a character: a binary search of the character map's groups or segments.
    public func glyphIndex(_ scalar: Unicode.Scalar) -> Int? {
        let c = Int(scalar.value)
        func u32(_ o: Int) -> Int? { o >= 0 && o + 4 <= data.count ? Int(data[o]) << 24 | Int(data[o + 1]) << 16 | Int(data[o + 2]) << 8 | Int(data[o + 3]) : nil }
        var glyph: Int?
        if cmapFormat == 12 {
            guard let groups = u32(cmapOffset + 12) else { return nil }
            var lo = 0, hi = groups - 1
            while lo <= hi {
                let mid = (lo + hi) / 2, rec = cmapOffset + 16 + mid * 12
                guard let start = u32(rec), let end = u32(rec + 4), let first = u32(rec + 8) else { return nil }
                if c < start { hi = mid - 1 } else if c > end { lo = mid + 1 } else { glyph = first + c - start; break }
            }
        } else {
            guard c <= 0xFFFF, let segX2 = u16(cmapOffset + 6) else { return nil }
            let segs = segX2 / 2
            let ends = cmapOffset + 14, starts = ends + segX2 + 2, deltas = starts + segX2, ranges = deltas + segX2
            var lo = 0, hi = segs - 1
            while lo <= hi {
                let mid = (lo + hi) / 2
                guard let end = u16(ends + mid * 2), let start = u16(starts + mid * 2) else { return nil }
                if c > end { lo = mid + 1; continue }
                if c < start { hi = mid - 1; continue }
                guard let delta = u16(deltas + mid * 2), let rangeOffset = u16(ranges + mid * 2) else { return nil }
                if rangeOffset == 0 {
                    glyph = (c + delta) & 0xFFFF
                } else if let g = u16(ranges + mid * 2 + rangeOffset + (c - start) * 2) {
                    glyph = g == 0 ? 0 : (g + delta) & 0xFFFF
                }
                break
            }
        }
        guard let g = glyph, g > 0, g < numGlyphs else { return nil }
        return g
    }

    public func advance(_ glyph: Int) -> Double {
        guard advanceCount > 0, let a = u16(hmtxOffset + min(glyph, advanceCount - 1) * 4) else { return unitsPerEm * 0.6 }
        return Double(a)
    }

    /// The outline of `scalar` in font units (y up), as contours of on/off-curve points.
    func contours(_ glyph: Int) -> [[(Double, Double, Bool)]] {
        if let cached = lock.withLock({ cache[glyph] }) { return cached }
        var visited = Set<Int>()
        let result = parseGlyph(glyph, depth: 0, visited: &visited) ?? []
        lock.withLock { cache[glyph] = result }
        return result
    }

    private func u16(_ o: Int) -> Int? { o >= 0 && o + 2 <= data.count ? Int(data[o]) << 8 | Int(data[o + 1]) : nil }
    private func i16(_ o: Int) -> Int? { u16(o).map { $0 >= 0x8000 ? $0 - 0x10000 : $0 } }

    private func glyphRange(_ g: Int) -> Range<Int>? {
        guard g >= 0, g < numGlyphs else { return nil }
        let start: Int, end: Int
        if longLoca {
            let o = loca.lowerBound + g * 4
            guard o + 8 <= loca.upperBound else { return nil }
            start = Int(data[o]) << 24 | Int(data[o + 1]) << 16 | Int(data[o + 2]) << 8 | Int(data[o + 3])
            end = Int(data[o + 4]) << 24 | Int(data[o + 5]) << 16 | Int(data[o + 6]) << 8 | Int(data[o + 7])
        } else {
            let o = loca.lowerBound + g * 2
            guard o + 4 <= loca.upperBound, let s = u16(o), let e = u16(o + 2) else { return nil }
            start = s * 2
            end = e * 2
        }
        guard start <= end, glyf.lowerBound + end <= glyf.upperBound else { return nil }
        return (glyf.lowerBound + start)..<(glyf.lowerBound + end)
    }

    private func parseGlyph(_ g: Int, depth: Int, visited: inout Set<Int>) -> [[(Double, Double, Bool)]]? {
        guard depth < 8, !visited.contains(g), let range = glyphRange(g) else { return nil }
        visited.insert(g)
        defer { visited.remove(g) }
        if range.isEmpty { return [] }
        guard let contourCount = i16(range.lowerBound) else { return nil }
        if contourCount >= 0 {
            var ends: [Int] = []
            for c in 0..<contourCount {
                guard let e = u16(range.lowerBound + 10 + c * 2) else { return nil }
                ends.append(e)
            }
            let pointCount = (ends.last ?? -1) + 1
            guard pointCount < 10_000 else { return nil }
            var p = range.lowerBound + 10 + contourCount * 2
            guard let instructionLength = u16(p) else { return nil }
            p += 2 + instructionLength
            var flags: [UInt8] = []
            while flags.count < pointCount {
                guard p < range.upperBound else { return nil }
                let f = data[p]; p += 1
                flags.append(f)
                if f & 8 != 0 {
                    guard p < range.upperBound else { return nil }
                    let repeats = Int(data[p]); p += 1
                    for _ in 0..<repeats where flags.count < pointCount { flags.append(f) }
                }
            }
            func coords(short: UInt8, same: UInt8) -> [Int]? {
                var values: [Int] = []
                var v = 0
                for f in flags {
                    if f & short != 0 {
                        guard p < range.upperBound else { return nil }
                        let d = Int(data[p]); p += 1
                        v += f & same != 0 ? d : -d
                    } else if f & same == 0 {
                        guard let d = i16(p) else { return nil }
                        p += 2
                        v += d
                    }
                    values.append(v)
                }
                return values
            }
            guard let xs = coords(short: 2, same: 16), let ys = coords(short: 4, same: 32) else { return nil }
            var contours: [[(Double, Double, Bool)]] = []
            var start = 0
            for e in ends {
                guard e >= start, e < pointCount else { return nil }
                contours.append((start...e).map { (Double(xs[$0]), Double(ys[$0]), flags[$0] & 1 != 0) })
                start = e + 1
            }
            return contours
        }
        // Composite glyph: components with offsets and optional scale.
        var p = range.lowerBound + 10
        var result: [[(Double, Double, Bool)]] = []
        while true {
            guard let flags = u16(p), let component = u16(p + 2) else { return nil }
            p += 4
            var dx = 0.0, dy = 0.0
            if flags & 1 != 0 {
                guard let a = i16(p), let b = i16(p + 2) else { return nil }
                (dx, dy) = (Double(a), Double(b)); p += 4
            } else {
                guard p + 2 <= range.upperBound else { return nil }
                (dx, dy) = (Double(Int8(bitPattern: data[p])), Double(Int8(bitPattern: data[p + 1]))); p += 2
            }
            var sx = 1.0, sy = 1.0
            if flags & 8 != 0 {
                guard let s = i16(p) else { return nil }
                sx = Double(s) / 16384; sy = sx; p += 2
            } else if flags & 0x40 != 0 {
                guard let a = i16(p), let b = i16(p + 2) else { return nil }
                sx = Double(a) / 16384; sy = Double(b) / 16384; p += 4
            } else if flags & 0x80 != 0 {
                guard let a = i16(p), let d = i16(p + 6) else { return nil }
                sx = Double(a) / 16384; sy = Double(d) / 16384; p += 8
            }
            if let parts = parseGlyph(component, depth: depth + 1, visited: &visited) {
                result += parts.map { $0.map { ($0.0 * sx + dx, $0.1 * sy + dy, $0.2) } }
            }
            if flags & 0x20 == 0 { break }
        }
        return result
    }

    /// The glyph for `scalar` as a pixel-space path: origin at (x, baseline), `size` pixels per em,
    /// stretched horizontally by `stretch`.
    public func path(_ glyph: Int, x: Double, baseline: Double, size: Double, stretch: Double, italic: Bool) -> Path {
        let scale = size / unitsPerEm
        var path = Path()
        for contour in contours(glyph) where !contour.isEmpty {
            func map(_ p: (Double, Double)) -> Point {
                let skew = italic ? p.1 * 0.2 : 0
                return Point(x: x + (p.0 + skew) * scale * stretch, y: baseline - p.1 * scale)
            }
            // Start on an on-curve point (or the midpoint of the first two off-curve points).
            let n = contour.count
            var startIndex = contour.firstIndex { $0.2 } ?? -1
            var startPoint: (Double, Double)
            if startIndex >= 0 {
                startPoint = (contour[startIndex].0, contour[startIndex].1)
            } else {
                startIndex = 0
                startPoint = ((contour[0].0 + contour[n - 1].0) / 2, (contour[0].1 + contour[n - 1].1) / 2)
            }
            path.move(to: map(startPoint))
            var control: (Double, Double)?
            for k in 1...n {
                let pt = contour[(startIndex + k) % n]
                if pt.2 {
                    if let c = control { path.quad(to: map((pt.0, pt.1)), control: map(c)) } else { path.line(to: map((pt.0, pt.1))) }
                    control = nil
                } else {
                    if let c = control {
                        let mid = ((c.0 + pt.0) / 2, (c.1 + pt.1) / 2)
                        path.quad(to: map(mid), control: map(c))
                    }
                    control = (pt.0, pt.1)
                }
            }
            if let c = control { path.quad(to: map(startPoint), control: map(c)) }
            path.close()
        }
        return path
    }
}

/// Unmaps or frees a font's bytes.
private func release(_ bytes: UnsafeBufferPointer<UInt8>, mapped: Bool) {
    guard let base = bytes.baseAddress else { return }
    if mapped {
        munmap(UnsafeMutableRawPointer(mutating: base), bytes.count)
    } else {
        base.deallocate()
    }
}
