// From coefficients to pixels: the inverse DCT (ITU T.81 A.3.3), chroma upsampling and colour conversion
// (JFIF: BT.601 YCbCr at full range; Adobe RGB, CMYK and YCCK).

extension JPEGDecoder {
    // MARK: Inverse DCT

    /// cos(kπ/16) / 2 for k = 0...7: the 1-D inverse DCT's weights with the C(u)/2 factor folded in
    /// (for k = 0, C(0) = 1/√2, which gives the same value as k = 4). Two passes give T.81's 1/4.
    private static let c1 = Float(0.49039264020161522), c2 = Float(0.46193976625564337)
    private static let c3 = Float(0.41573480615127262), c4 = Float(0.35355339059327379)
    private static let c5 = Float(0.27778511650980114), c6 = Float(0.19134171618254492)
    private static let c7 = Float(0.097545161008064124)

    /// One 1-D 8-point inverse DCT, from the even/odd split of the cosine basis: the even coefficients
    /// form a 4-point transform (itself two rotations), the odd ones add to output n and subtract from
    /// output 7 − n. 22 multiplications instead of 64.
    @inline(__always)
    private static func inverseDCT8(_ x: UnsafeMutablePointer<Float>, _ step: Int) {
        let x0 = x[0], x1 = x[step], x2 = x[2 * step], x3 = x[3 * step]
        let x4 = x[4 * step], x5 = x[5 * step], x6 = x[6 * step], x7 = x[7 * step]
        let sum04 = (x0 + x4) * c4, difference04 = (x0 - x4) * c4
        let rotated26a = x2 * c2 + x6 * c6, rotated26b = x2 * c6 - x6 * c2
        let even0 = sum04 + rotated26a, even3 = sum04 - rotated26a
        let even1 = difference04 + rotated26b, even2 = difference04 - rotated26b
        let odd0 = x1 * c1 + x3 * c3 + x5 * c5 + x7 * c7
        let odd1 = x1 * c3 - x3 * c7 - x5 * c1 - x7 * c5
        let odd2 = x1 * c5 - x3 * c1 + x5 * c7 + x7 * c3
        let odd3 = x1 * c7 - x3 * c5 + x5 * c3 - x7 * c1
        x[0] = even0 + odd0; x[7 * step] = even0 - odd0
        x[step] = even1 + odd1; x[6 * step] = even1 - odd1
        x[2 * step] = even2 + odd2; x[5 * step] = even2 - odd2
        x[3 * step] = even3 + odd3; x[4 * step] = even3 - odd3
    }

    /// Dequantizes a block (natural order), transforms it back to samples, level-shifts by 128 and
    /// writes the clamped 8×8 result at `output` (rows `stride` apart). Columns whose AC coefficients
    /// are all zero, most of them in practice, take the shortcut of a constant column.
    static func inverseDCT(_ coefficients: UnsafePointer<Int16>, _ quantization: UnsafePointer<Float>,
                           _ workspace: UnsafeMutablePointer<Float>, into output: UnsafeMutablePointer<UInt8>, stride: Int) {
        for i in 0..<64 { workspace[i] = Float(coefficients[i]) * quantization[i] }
        for column in 0..<8 {
            let x = workspace + column
            if x[8] == 0, x[16] == 0, x[24] == 0, x[32] == 0, x[40] == 0, x[48] == 0, x[56] == 0 {
                let dc = x[0] * c4
                for row in 0..<8 { x[row * 8] = dc }
            } else {
                inverseDCT8(x, 8)
            }
        }
        for row in 0..<8 {
            let x = workspace + row * 8
            inverseDCT8(x, 1)
            let line = output + row * stride
            for column in 0..<8 { line[column] = clampedSample(x[column] + 128) }
        }
    }

    /// Rounds to the nearest sample value, clamping to 0...255 (NaN, which corrupt data cannot
    /// produce from finite coefficients, would come out 0 rather than trap).
    @inline(__always)
    static func clampedSample(_ value: Float) -> UInt8 {
        guard value > 0 else { return 0 }
        guard value < 254.5 else { return 255 }
        return UInt8(value + 0.5)
    }

    /// Progressive images are transformed once all scans are in: every stored block of every component,
    /// each component's coefficients released as soon as its samples exist.
    static func reconstructProgressive(_ frame: Frame, _ data: inout [ComponentData]) {
        var workspace = [Float](repeating: 0, count: 64)
        var natural = [Int16](repeating: 0, count: 64)
        for index in data.indices {
            let component = frame.components[index]
            let stride = component.blocksPerLine * 8
            let coefficients = data[index].coefficients
            data[index].coefficients = []
            data[index].samples = [UInt8](repeating: 128, count: component.blocksPerLine * component.blocksPerColumn * 64)
            // A component no scan reached stays grey.
            guard let quantization = data[index].quantization, coefficients.count == data[index].samples.count else { continue }
            quantization.withUnsafeBufferPointer { quantization in
                workspace.withUnsafeMutableBufferPointer { workspace in
                    natural.withUnsafeMutableBufferPointer { natural in
                        data[index].samples.withUnsafeMutableBufferPointer { samples in
                            guard let multipliers = quantization.baseAddress, let scratch = workspace.baseAddress,
                                  let block = natural.baseAddress, let output = samples.baseAddress else { return }
                            for row in 0..<component.blocksPerColumn {
                                for column in 0..<component.blocksPerLine {
                                    let start = (row * component.blocksPerLine + column) * 64
                                    for k in 0..<64 { block[zigzag[k]] = coefficients[start + k] }
                                    inverseDCT(block, multipliers, scratch, into: output + row * 8 * stride + column * 8, stride: stride)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    // MARK: Upsampling

    /// One output position's two nearest source samples and the weight (of 256) of the second.
    private struct Tap {
        let first: Int, second: Int, weight: Int
    }

    /// Where each of `outputCount` pixels falls among `sourceCount` samples, `factor`/`maxFactor` as
    /// dense: sample centres sit in the middle of the pixels they cover (JFIF's centred siting), and a
    /// pixel between two centres blends them linearly. At the edges the outermost sample repeats.
    private static func taps(outputCount: Int, sourceCount: Int, factor: Int, maxFactor: Int) -> [Tap] {
        let last = max(sourceCount - 1, 0)
        return (0..<outputCount).map { x in
            let position = (Double(x) + 0.5) * Double(factor) / Double(maxFactor) - 0.5
            let below = position.rounded(.down)
            let weight = Int(((position - below) * 256).rounded())
            let first = min(max(Int(below), 0), last), second = min(max(Int(below) + 1, 0), last)
            return Tap(first: first, second: second, weight: weight)
        }
    }

    /// A subsampled component brought to full size by bilinear interpolation (libjpeg's "fancy"
    /// upsampling for 2×1 and 2×2, generalised to any factor), as a `width`-stride plane.
    static func upsample(_ samples: [UInt8], stride: Int, component: Component, frame: Frame) -> [UInt8] {
        let across = taps(outputCount: frame.width, sourceCount: component.width, factor: component.h, maxFactor: frame.maxH)
        let down = taps(outputCount: frame.height, sourceCount: component.height, factor: component.v, maxFactor: frame.maxV)
        var output = [UInt8](repeating: 128, count: frame.width * frame.height)
        // Taps stay inside the component, which its padded plane holds: checked once, so the loops
        // below can use unchecked pointers.
        guard component.width <= stride, component.height * stride <= samples.count else { return output }
        var blended = [Int](repeating: 0, count: component.width)
        samples.withUnsafeBufferPointer { samples in
            blended.withUnsafeMutableBufferPointer { blended in
                output.withUnsafeMutableBufferPointer { output in
                    for y in 0..<frame.height {
                        let tap = down[y], top = tap.first * stride, bottom = tap.second * stride
                        for i in 0..<component.width {
                            blended[i] = (256 - tap.weight) * Int(samples[top + i]) + tap.weight * Int(samples[bottom + i])
                        }
                        let line = y * frame.width
                        for x in 0..<frame.width {
                            let tap = across[x]
                            output[line + x] = UInt8(truncatingIfNeeded: ((256 - tap.weight) * blended[tap.first] + tap.weight * blended[tap.second] + 32768) >> 16)
                        }
                    }
                }
            }
        }
        return output
    }

    // MARK: Colour

    /// BT.601 full-range YCbCr → RGB (JFIF) in 16.16 fixed point, by table: the chroma terms for each
    /// of the 256 values of Cb and Cr.
    private struct YCbCrTables {
        let redFromCr: [Int], blueFromCb: [Int], greenFromCb: [Int], greenFromCr: [Int]
        init() {
            func table(_ factor: Double) -> [Int] { (0..<256).map { Int((factor * Double($0 - 128) * 65536).rounded()) } }
            redFromCr = table(1.402)
            blueFromCb = table(1.772)
            greenFromCb = table(-0.344136)
            greenFromCr = table(-0.714136)
        }

        @inline(__always)
        func rgb(_ y: UInt8, _ cb: UInt8, _ cr: UInt8) -> (UInt8, UInt8, UInt8) {
            let luma = Int(y) << 16 + 32768
            return (clamp((luma + redFromCr[Int(cr)]) >> 16), clamp((luma + greenFromCb[Int(cb)] + greenFromCr[Int(cr)]) >> 16),
                    clamp((luma + blueFromCb[Int(cb)]) >> 16))
        }
    }

    @inline(__always)
    private static func clamp(_ value: Int) -> UInt8 { UInt8(min(max(value, 0), 255)) }

    /// A full-size component plane: `samples[y * stride + x]` for x < width, y < height.
    private struct Plane {
        let samples: [UInt8]
        let stride: Int
    }

    /// Each component at full size (subsampled ones upsampled).
    private static func fullSizePlanes(_ frame: Frame, _ samples: [[UInt8]]) -> [Plane] {
        zip(frame.components, samples).map { component, plane in
            let stride = component.blocksPerLine * 8
            if component.h == frame.maxH, component.v == frame.maxV { return Plane(samples: plane, stride: stride) }
            return Plane(samples: upsample(plane, stride: stride, component: component, frame: frame), stride: frame.width)
        }
    }

    /// The image as opaque RGBA, row by row. CMYK and YCCK are taken as Adobe stores them, inverted
    /// (255 is no ink), so each of R, G, B is the inverted ink times the inverted black.
    static func convertToRGBA(_ frame: Frame, _ samples: [[UInt8]], _ space: ColourSpace) -> [UInt8] {
        var rgba = [UInt8](repeating: 255, count: frame.width * frame.height * 4)
        var planes = fullSizePlanes(frame, samples)
        guard let first = planes.first else { return rgba }
        while planes.count < 4 { planes.append(first) } // greyscale reads plane 0 only
        // Every plane covers the image: checked once, so the loops below can use unchecked pointers.
        guard planes.allSatisfy({ $0.stride >= frame.width && $0.samples.count >= frame.height * $0.stride }) else { return rgba }
        let tables = YCbCrTables()
        planes[0].samples.withUnsafeBufferPointer { p0 in
            planes[1].samples.withUnsafeBufferPointer { p1 in
                planes[2].samples.withUnsafeBufferPointer { p2 in
                    planes[3].samples.withUnsafeBufferPointer { p3 in
                        rgba.withUnsafeMutableBufferPointer { out in
                            for y in 0..<frame.height {
                                let rows = (p0.baseAddress.map { $0 + y * planes[0].stride }, p1.baseAddress.map { $0 + y * planes[1].stride },
                                            p2.baseAddress.map { $0 + y * planes[2].stride }, p3.baseAddress.map { $0 + y * planes[3].stride })
                                guard let a = rows.0, let b = rows.1, let c = rows.2, let d = rows.3, let line = out.baseAddress else { return }
                                convertRow(space, a, b, c, d, into: line + y * frame.width * 4, width: frame.width, tables: tables)
                            }
                        }
                    }
                }
            }
        }
        return rgba
    }

    /// One row of pixels from the rows of the (up to four) planes, by colour space.
    private static func convertRow(_ space: ColourSpace, _ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ c: UnsafePointer<UInt8>,
                                   _ d: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, width: Int, tables: YCbCrTables) {
        for x in 0..<width {
            let rgb: (UInt8, UInt8, UInt8)
            switch space {
            case .greyscale: rgb = (a[x], a[x], a[x])
            case .rgb: rgb = (a[x], b[x], c[x])
            case .yCbCr: rgb = tables.rgb(a[x], b[x], c[x])
            case .cmyk: rgb = inked(a[x], b[x], c[x], black: d[x])
            case .ycck:
                let (red, green, blue) = tables.rgb(a[x], b[x], c[x])
                rgb = inked(255 - red, 255 - green, 255 - blue, black: d[x])
            }
            out[x * 4] = rgb.0
            out[x * 4 + 1] = rgb.1
            out[x * 4 + 2] = rgb.2
        }
    }

    /// Adobe's inverted CMYK to RGB: each channel is what the ink leaves times what black leaves.
    @inline(__always)
    private static func inked(_ c: UInt8, _ m: UInt8, _ y: UInt8, black: UInt8) -> (UInt8, UInt8, UInt8) {
        let k = Int(black)
        return (UInt8((Int(c) * k + 127) / 255), UInt8((Int(m) * k + 127) / 255), UInt8((Int(y) * k + 127) / 255))
    }
}
