/// A PNG's header (`IHDR`): size and how its samples are stored, checked against what PNG allows.
struct PNGHeader {
    let width: Int, height: Int
    /// Bits per sample: 1, 2, 4, 8 or 16, as the colour type allows.
    let depth: Int
    /// 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA.
    let colorType: Int
    let interlaced: Bool

    init(_ body: ArraySlice<UInt8>) throws {
        guard body.count >= 13 else { throw PNGDecoder.Failure.malformed("IHDR") }
        let b = Array(body)
        func be32(_ o: Int) -> Int { Int(b[o]) << 24 | Int(b[o + 1]) << 16 | Int(b[o + 2]) << 8 | Int(b[o + 3]) }
        width = be32(0)
        height = be32(4)
        depth = Int(b[8])
        colorType = Int(b[9])
        let allowed: [Int: Set<Int>] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard let depths = allowed[colorType] else { throw PNGDecoder.Failure.unsupported("colour type \(colorType)") }
        guard depths.contains(depth) else { throw PNGDecoder.Failure.malformed("bit depth \(depth) for colour type \(colorType)") }
        guard b[10] == 0, b[11] == 0 else { throw PNGDecoder.Failure.unsupported("compression or filter method") }
        guard b[12] <= 1 else { throw PNGDecoder.Failure.unsupported("interlace method \(b[12])") }
        interlaced = b[12] == 1
        guard width > 0, height > 0, width <= PNGDecoder.maxPixels / height else { throw PNGDecoder.Failure.tooLarge }
    }

    var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 1 }
    var bitsPerPixel: Int { channels * depth }
    /// The distance, in bytes, between a byte and the one its filter predicts from.
    var filterDistance: Int { max(1, bitsPerPixel / 8) }

    /// The sub-images the data holds, in order: the whole image, or Adam7's seven passes (each with
    /// its first column and row and its steps); passes with no pixel are left out.
    var passes: [(x0: Int, y0: Int, dx: Int, dy: Int, width: Int, height: Int)] {
        let layout = interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        return layout.compactMap { x0, y0, dx, dy in
            let w = (width - x0 + dx - 1) / dx, h = (height - y0 + dy - 1) / dy
            return w > 0 && h > 0 ? (x0, y0, dx, dy, w, h) : nil
        }
    }

    func rowBytes(_ passWidth: Int) -> Int { (passWidth * bitsPerPixel + 7) / 8 }

    /// The decompressed size: each row of each pass with its filter byte.
    var filteredSize: Int { passes.reduce(0) { $0 + $1.height * (rowBytes($1.width) + 1) } }
}

/// Turns a PNG's filtered rows into straight-alpha RGBA, 8 bits a channel.
struct PNGSamples {
    let header: PNGHeader
    let palette: [UInt8]
    let transparency: [UInt8]

    func rgba(from raw: [UInt8]) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: header.width * header.height * 4)
        var offset = 0
        for pass in header.passes {
            let stride = header.rowBytes(pass.width)
            var previous = [UInt8](repeating: 0, count: stride), row = previous
            for y in 0..<pass.height {
                try unfilter(raw, at: offset, into: &row, previous: previous)
                offset += stride + 1
                for x in 0..<pass.width {
                    let at = ((pass.y0 + y * pass.dy) * header.width + pass.x0 + x * pass.dx) * 4
                    try pixel(x, in: row, into: &out, at: at)
                }
                swap(&previous, &row)
            }
        }
        return out
    }

    /// Undoes one row's filter (`PNGRowFilter`).
    private func unfilter(_ raw: [UInt8], at offset: Int, into row: inout [UInt8], previous: [UInt8]) throws {
        let filter = raw[offset]
        for i in 0..<row.count { row[i] = raw[offset + 1 + i] }
        guard PNGRowFilter.undo(filter, row: &row, previous: previous, distance: header.filterDistance) else {
            throw PNGDecoder.Failure.malformed("filter \(filter)")
        }
    }

    /// The `index`th sample of a row, as stored (up to 16 bits).
    private func sample(_ index: Int, in row: [UInt8]) -> Int {
        switch header.depth {
        case 16: return Int(row[index * 2]) << 8 | Int(row[index * 2 + 1])
        case 8: return Int(row[index])
        default:
            let bit = index * header.depth
            let shift = 8 - header.depth - bit % 8
            return Int(row[bit / 8] >> UInt8(shift)) & ((1 << header.depth) - 1)
        }
    }

    /// A stored sample as 8 bits (low depths scaled up, 16 bits' high byte).
    private func eightBit(_ value: Int) -> UInt8 {
        switch header.depth {
        case 16: return UInt8(value >> 8)
        case 8: return UInt8(value)
        default: return UInt8(value * 255 / ((1 << header.depth) - 1))
        }
    }

    /// The `tRNS` value at a sample position (two bytes each, for grey and RGB).
    private func transparentValue(_ index: Int) -> Int? {
        guard transparency.count >= index * 2 + 2 else { return nil }
        return Int(transparency[index * 2]) << 8 | Int(transparency[index * 2 + 1])
    }

    private func pixel(_ x: Int, in row: [UInt8], into out: inout [UInt8], at: Int) throws {
        let n = header.channels
        switch header.colorType {
        case 3:
            let index = sample(x, in: row)
            guard index * 3 + 2 < palette.count else { throw PNGDecoder.Failure.malformed("palette index \(index)") }
            out[at] = palette[index * 3]; out[at + 1] = palette[index * 3 + 1]; out[at + 2] = palette[index * 3 + 2]
            out[at + 3] = index < transparency.count ? transparency[index] : 255
        case 0:
            let grey = sample(x, in: row)
            let g = eightBit(grey)
            out[at] = g; out[at + 1] = g; out[at + 2] = g
            out[at + 3] = transparentValue(0) == grey ? 0 : 255
        case 2:
            let r = sample(x * 3, in: row), g = sample(x * 3 + 1, in: row), b = sample(x * 3 + 2, in: row)
            out[at] = eightBit(r); out[at + 1] = eightBit(g); out[at + 2] = eightBit(b)
            let keyed = transparentValue(0) == r && transparentValue(1) == g && transparentValue(2) == b
            out[at + 3] = keyed ? 0 : 255
        case 4:
            let g = eightBit(sample(x * n, in: row))
            out[at] = g; out[at + 1] = g; out[at + 2] = g
            out[at + 3] = eightBit(sample(x * n + 1, in: row))
        default:
            for k in 0..<4 { out[at + k] = eightBit(sample(x * n + k, in: row)) }
        }
    }
}
