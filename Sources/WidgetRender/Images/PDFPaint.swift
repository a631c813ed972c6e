import Foundation
import WidgetLayout

/// What PDF paints with (PDF 1.7 §8.3, §8.6, §8.7, §7.10): the affine matrices of its coordinate
/// spaces, colour spaces reduced to sRGB, the functions that shadings and tint transforms use, and
/// axial and radial shadings evaluated at a point.

/// `[a b c d e f]` (§8.3.3): a point maps as `x' = a·x + c·y + e`, `y' = b·x + d·y + f`.
struct PDFMatrix: Sendable, Equatable {
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, e = 0.0, f = 0.0

    static let identity = PDFMatrix()

    init(a: Double = 1, b: Double = 0, c: Double = 0, d: Double = 1, e: Double = 0, f: Double = 0) {
        (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
    }

    /// Six numbers, or nil (a malformed `/Matrix` is ignored as readers ignore it).
    init?(_ numbers: [Double]) {
        guard numbers.count == 6, numbers.allSatisfy(\.isFinite) else { return nil }
        self.init(a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3], e: numbers[4], f: numbers[5])
    }

    /// This transformation followed by `next` (`cm` sets the CTM to `M.concatenating(CTM)`).
    func concatenating(_ next: PDFMatrix) -> PDFMatrix {
        PDFMatrix(a: a * next.a + b * next.c, b: a * next.b + b * next.d,
                  c: c * next.a + d * next.c, d: c * next.b + d * next.d,
                  e: e * next.a + f * next.c + next.e, f: e * next.b + f * next.d + next.f)
    }

    func apply(_ p: Point) -> Point { Point(x: a * p.x + c * p.y + e, y: b * p.x + d * p.y + f) }

    var determinant: Double { a * d - b * c }

    /// How much lengths grow on average (the square root of the area scale): what a line width or a
    /// dash length is multiplied by when the transformation is not uniform.
    var lengthScale: Double {
        let scale = abs(determinant).squareRoot()
        return scale.isFinite ? scale : 0
    }

    var inverted: PDFMatrix? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let inverse = PDFMatrix(a: d / det, b: -b / det, c: -c / det, d: a / det,
                                e: (c * f - d * e) / det, f: (b * e - a * f) / det)
        return [inverse.a, inverse.b, inverse.c, inverse.d, inverse.e, inverse.f].allSatisfy(\.isFinite) ? inverse : nil
    }
}

/// A colour space reduced to what drawing needs: how many components a colour has, and its sRGB value.
indirect enum PDFColorSpace: Sendable {
    case gray, rgb, cmyk, lab
    /// `[/Indexed base hival lookup]` (§8.6.6.3): colours by index into a table of base components.
    case indexed(base: PDFColorSpace, table: [UInt8], highest: Int)
    /// Separation and DeviceN (§8.6.6.4–5): tints turned into the alternate space by a function.
    case tinted(components: Int, alternate: PDFColorSpace, transform: PDFFunction)
    /// Pattern (§8.6.6.2): the colour is a pattern named by `scn`.
    case pattern

    var componentCount: Int {
        switch self {
        case .gray, .indexed: 1
        case .rgb, .lab: 3
        case .cmyk: 4
        case .tinted(let components, _, _): components
        case .pattern: 0
        }
    }

    /// The colour a space starts with after `cs` (§8.6.8): black, index 0, or full tint.
    var initialComponents: [Double] {
        switch self {
        case .gray, .rgb, .lab, .indexed: [Double](repeating: 0, count: componentCount)
        case .cmyk: [0, 0, 0, 1]
        case .tinted(let components, _, _): [Double](repeating: 1, count: components)
        case .pattern: []
        }
    }

    /// The components as sRGB; missing components count as 0, out-of-range ones are clamped.
    func color(_ components: [Double]) -> RGBA {
        func at(_ i: Int) -> Double { i < components.count && components[i].isFinite ? components[i] : 0 }
        switch self {
        case .gray: return RGBA(at(0), at(0), at(0))
        case .rgb: return RGBA(at(0), at(1), at(2))
        case .cmyk:
            // Naive, without a profile: each ink subtracts its primary, black subtracts all.
            let k = 1 - min(1, max(0, at(3)))
            return RGBA((1 - at(0)) * k, (1 - at(1)) * k, (1 - at(2)) * k)
        case .lab: return Self.labToSRGB(at(0), at(1), at(2))
        case .indexed(let base, let table, let highest):
            let index = Int(min(Double(highest), max(0, at(0).rounded())))
            let n = base.componentCount
            let start = index * n
            guard n > 0, start + n <= table.count else { return .black }
            return base.color(table[start..<(start + n)].map { Double($0) / 255 })
        case .tinted(_, let alternate, let transform):
            return alternate.color(transform.evaluate(at(0)))
        case .pattern: return .black
        }
    }

    /// CIE L*a*b* (D65 white assumed) to sRGB: close enough for the rare icon that uses Lab.
    private static func labToSRGB(_ l: Double, _ a: Double, _ b: Double) -> RGBA {
        func finv(_ t: Double) -> Double { t > 6.0 / 29 ? t * t * t : 3 * (6.0 / 29) * (6.0 / 29) * (t - 4.0 / 29) }
        let fy = (l + 16) / 116
        let x = 0.9505 * finv(fy + a / 500), y = finv(fy), z = 1.089 * finv(fy - b / 200)
        func encode(_ linear: Double) -> Double {
            let v = min(1, max(0, linear))
            return v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055
        }
        return RGBA(encode(3.2406 * x - 1.5372 * y - 0.4986 * z),
                    encode(-0.9689 * x + 1.8758 * y + 0.0415 * z),
                    encode(0.0557 * x - 0.2040 * y + 1.0570 * z))
    }
}

/// A one-input function (§7.10): what shadings and Separation tint transforms use. Types 0 (sampled,
/// one input), 2 (exponential) and 3 (stitching); type 4 (PostScript calculator) is not read.
indirect enum PDFFunction: Sendable {
    case sampled(domain: ClosedRange<Double>, encode: (Double, Double), decode: [Double], size: Int, outputs: Int, samples: [Double], range: [Double]?)
    case exponential(domain: ClosedRange<Double>, c0: [Double], c1: [Double], exponent: Double, range: [Double]?)
    case stitching(domain: ClosedRange<Double>, functions: [PDFFunction], bounds: [Double], encode: [Double])
    /// An array of functions, one per output component.
    case combined([PDFFunction])

    func evaluate(_ input: Double) -> [Double] {
        switch self {
        case .sampled(let domain, let encode, let decode, let size, let outputs, let samples, let range):
            let x = Self.clamp(input, domain)
            let e = min(Double(size - 1), max(0, Self.interpolate(x, domain.lowerBound, domain.upperBound, encode.0, encode.1)))
            let i0 = Int(e.rounded(.down)), i1 = min(size - 1, i0 + 1), t = e - Double(i0)
            let out = (0..<outputs).map { j -> Double in
                let s = samples[i0 * outputs + j] * (1 - t) + samples[i1 * outputs + j] * t
                return Self.interpolate(s, 0, 1, decode[2 * j], decode[2 * j + 1])
            }
            return Self.clip(out, range)
        case .exponential(let domain, let c0, let c1, let exponent, let range):
            let x = Self.clamp(input, domain)
            let power = pow(x, exponent)
            let factor = power.isFinite ? power : 0
            return Self.clip(zip(c0, c1).map { $0 + factor * ($1 - $0) }, range)
        case .stitching(let domain, let functions, let bounds, let encode):
            let x = Self.clamp(input, domain)
            var k = 0
            while k < bounds.count, x >= bounds[k] { k += 1 }
            let low = k == 0 ? domain.lowerBound : bounds[k - 1]
            let high = k == bounds.count ? domain.upperBound : bounds[k]
            return functions[k].evaluate(Self.interpolate(x, low, high, encode[2 * k], encode[2 * k + 1]))
        case .combined(let functions):
            return functions.map { $0.evaluate(input).first ?? 0 }
        }
    }

    static func clamp(_ x: Double, _ domain: ClosedRange<Double>) -> Double {
        x.isFinite ? min(domain.upperBound, max(domain.lowerBound, x)) : domain.lowerBound
    }

    /// §7.10.2's Interpolate: `x` in `[x0, x1]` mapped linearly onto `[y0, y1]`.
    static func interpolate(_ x: Double, _ x0: Double, _ x1: Double, _ y0: Double, _ y1: Double) -> Double {
        x1 == x0 ? y0 : y0 + (x - x0) * (y1 - y0) / (x1 - x0)
    }

    private static func clip(_ values: [Double], _ range: [Double]?) -> [Double] {
        guard let range else { return values }
        return values.enumerated().map { j, v in
            2 * j + 1 < range.count ? min(range[2 * j + 1], max(range[2 * j], v)) : v
        }
    }
}

/// An axial or radial shading (§8.7.4.5.3–4) with its colours sampled once along its parameter, so
/// filling a shape costs one lookup per pixel.
struct PDFShading: Sendable {
    enum Geometry: Sendable {
        case axial(start: Point, end: Point)
        case radial(start: Point, startRadius: Double, end: Point, endRadius: Double)
    }

    let geometry: Geometry
    let extendsStart: Bool
    let extendsEnd: Bool
    /// Colours at evenly spaced parameters from the domain's start to its end.
    let ramp: [RGBA]
    /// `/BBox`, in shading space: nothing is painted outside it.
    let bounds: (x0: Double, y0: Double, x1: Double, y1: Double)?

    static let rampSize = 256

    /// The colour at a point of shading space; nil where the shading paints nothing (beyond an
    /// unextended end, outside every circle of a radial shading, outside `/BBox`).
    func color(at p: Point) -> RGBA? {
        if let b = bounds, p.x < b.x0 || p.x > b.x1 || p.y < b.y0 || p.y > b.y1 { return nil }
        guard let s = parameter(at: p) else { return nil }
        let index = Int((min(1, max(0, s)) * Double(ramp.count - 1)).rounded())
        return ramp[index]
    }

    /// The fraction `s` along the shading (0 at its start, 1 at its end), before extension.
    private func parameter(at p: Point) -> Double? {
        switch geometry {
        case .axial(let start, let end):
            let dx = end.x - start.x, dy = end.y - start.y
            let length2 = dx * dx + dy * dy
            guard length2 > 0 else { return nil }
            return extended(((p.x - start.x) * dx + (p.y - start.y) * dy) / length2)
        case .radial(let c0, let r0, let c1, let r1):
            return radialParameter(p, c0, r0, c1, r1)
        }
    }

    private func extended(_ s: Double) -> Double? {
        guard s.isFinite else { return nil }
        if s < 0 { return extendsStart ? 0 : nil }
        if s > 1 { return extendsEnd ? 1 : nil }
        return s
    }

    /// The largest `s` whose circle (centre and radius interpolated) passes through `p` with a
    /// non-negative radius, within the extension (§8.7.4.5.4): later circles paint over earlier ones.
    private func radialParameter(_ p: Point, _ c0: Point, _ r0: Double, _ c1: Point, _ r1: Double) -> Double? {
        let cdx = c1.x - c0.x, cdy = c1.y - c0.y, dr = r1 - r0
        let px = p.x - c0.x, py = p.y - c0.y
        let a = cdx * cdx + cdy * cdy - dr * dr
        let b = px * cdx + py * cdy + r0 * dr
        let c = px * px + py * py - r0 * r0
        var roots: [Double] = []
        if abs(a) < 1e-12 {
            if b != 0 { roots = [c / (2 * b)] }
        } else {
            let discriminant = b * b - a * c
            guard discriminant >= 0 else { return nil }
            let root = discriminant.squareRoot()
            roots = [(b + root) / a, (b - root) / a].sorted(by: >)
        }
        for s in roots where s.isFinite && r0 + s * dr >= 0 {
            if s >= 0 && s <= 1 { return s }
            if s > 1 && extendsEnd { return 1 }
            if s < 0 && extendsStart { return 0 }
        }
        return nil
    }
}

/// Reads colour spaces, functions and shadings from a file's objects, noting what it cannot read.
struct PDFPaintReader {
    let store: PDFObjectStore
    /// Features met and not drawn, for `PDFVectorImage.skipped`.
    var skipped: Set<String> = []

    /// Deeper than any real colour space or function tree (an Indexed base, a stitching function's parts).
    static let maxDepth = 8
    /// Functions in one function tree: a stitching function of a hundred gradient stops is real, but
    /// shared references could otherwise spell a tree of 256^8 nodes.
    static let maxFunctionNodes = 256
    /// Samples read and colours evaluated (for shading ramps) across the whole page.
    static let maxWork = 20_000_000

    private var functionNodesLeft = 0
    private var workLeft = maxWork

    init(store: PDFObjectStore) { self.store = store }

    /// Counts `amount` of sampling work; false (noted) once the page has used its share.
    private mutating func spend(_ amount: Int) -> Bool {
        guard amount <= workLeft else {
            skipped.insert("colour functions beyond the work limit")
            return false
        }
        workLeft -= amount
        return true
    }

    // MARK: colour spaces

    /// A colour space given by name or array (§8.6.3), looking names up in `resources` /ColorSpace.
    mutating func colorSpace(_ object: PDFObject, resources: PDFDictionary, depth: Int = 0) -> PDFColorSpace? {
        guard depth < Self.maxDepth else { return nil }
        let object = store.resolved(object)
        if let name = object.name {
            switch name {
            case "DeviceGray", "G", "CalGray": return .gray
            case "DeviceRGB", "RGB", "CalRGB": return .rgb
            case "DeviceCMYK", "CMYK": return .cmyk
            case "Pattern": return .pattern
            default:
                let named = store.resolved(store.resolved(resources["ColorSpace"]).dictionary?[name])
                guard case .null = named else { return colorSpace(named, resources: resources, depth: depth + 1) }
                return nil
            }
        }
        guard let array = object.array, let family = store.resolved(array.first).name else { return nil }
        let operand = array.count > 1 ? store.resolved(array[1]) : .null
        switch family {
        case "DeviceGray", "CalGray": return .gray
        case "DeviceRGB", "CalRGB": return .rgb
        case "DeviceCMYK": return .cmyk
        case "Lab": return .lab
        case "Pattern": return .pattern
        case "ICCBased":
            // The profile is not applied: the space is taken as the device space of as many components.
            switch operand.dictionary.flatMap({ store.resolved($0["N"]).integer }) {
            case 1: return .gray
            case 4: return .cmyk
            default: return .rgb
            }
        case "Indexed", "I":
            return indexed(array, resources: resources, depth: depth)
        case "Separation", "DeviceN":
            return tinted(array, family: family, resources: resources, depth: depth)
        default:
            skipped.insert("colour space \(family)")
            return nil
        }
    }

    private mutating func indexed(_ array: [PDFObject], resources: PDFDictionary, depth: Int) -> PDFColorSpace? {
        guard array.count >= 4, let base = colorSpace(array[1], resources: resources, depth: depth + 1),
              let highest = store.resolved(array[2]).integer, (0...255).contains(highest)
        else { return nil }
        let table: [UInt8]
        switch store.resolved(array[3]) {
        case .string(let bytes): table = bytes
        case .stream(let stream): table = (try? store.decodedData(stream)) ?? []
        default: return nil
        }
        return .indexed(base: base, table: table, highest: highest)
    }

    private mutating func tinted(_ array: [PDFObject], family: String, resources: PDFDictionary, depth: Int) -> PDFColorSpace? {
        guard array.count >= 4, let alternate = colorSpace(array[2], resources: resources, depth: depth + 1) else { return nil }
        let components = family == "DeviceN" ? (store.resolved(array[1]).array?.count ?? 1) : 1
        guard components == 1 else {
            skipped.insert("DeviceN colour spaces")
            return nil
        }
        guard let transform = function(array[3]) else { return nil }
        return .tinted(components: 1, alternate: alternate, transform: transform.function)
    }

    // MARK: functions

    /// A function tree, with its node count (the cost of evaluating it, at most).
    mutating func function(_ object: PDFObject) -> (function: PDFFunction, nodes: Int)? {
        functionNodesLeft = Self.maxFunctionNodes
        guard let function = function(object, depth: 0) else { return nil }
        return (function, Self.maxFunctionNodes - functionNodesLeft)
    }

    private mutating func function(_ object: PDFObject, depth: Int) -> PDFFunction? {
        guard depth < Self.maxDepth, functionNodesLeft > 0 else { return nil }
        functionNodesLeft -= 1
        let object = store.resolved(object)
        if let parts = object.array {
            let functions = parts.prefix(32).compactMap { function($0, depth: depth + 1) }
            return functions.count == parts.count && !functions.isEmpty ? .combined(functions) : nil
        }
        guard let dictionary = object.dictionary else { return nil }
        let domain = numbers(dictionary["Domain"])
        guard domain.count >= 2, domain[0] <= domain[1] else { return nil }
        let range = dictionary["Range"].map { numbers($0) }
        switch store.resolved(dictionary["FunctionType"]).integer {
        case 0: return sampled(object.stream, dictionary, domain: domain[0]...domain[1], range: range)
        case 2: return exponential(dictionary, domain: domain[0]...domain[1], range: range)
        case 3: return stitching(dictionary, domain: domain[0]...domain[1], depth: depth)
        case 4:
            skipped.insert("PostScript calculator functions")
            return nil
        default: return nil
        }
    }

    private func exponential(_ dictionary: PDFDictionary, domain: ClosedRange<Double>, range: [Double]?) -> PDFFunction? {
        let c0 = dictionary["C0"].map { numbers($0) } ?? [0]
        let c1 = dictionary["C1"].map { numbers($0) } ?? [1]
        guard let exponent = store.resolved(dictionary["N"]).number, exponent.isFinite, c0.count == c1.count, !c0.isEmpty, c0.count <= 32
        else { return nil }
        return .exponential(domain: domain, c0: c0, c1: c1, exponent: exponent, range: range)
    }

    private mutating func stitching(_ dictionary: PDFDictionary, domain: ClosedRange<Double>, depth: Int) -> PDFFunction? {
        guard let parts = store.resolved(dictionary["Functions"]).array, (1...256).contains(parts.count) else { return nil }
        let functions = parts.compactMap { function($0, depth: depth + 1) }
        let bounds = numbers(dictionary["Bounds"]), encode = numbers(dictionary["Encode"])
        guard functions.count == parts.count, bounds.count == parts.count - 1, encode.count >= 2 * parts.count else { return nil }
        return .stitching(domain: domain, functions: functions, bounds: bounds, encode: encode)
    }

    /// A type 0 function of one input: `/Size [n]` samples of `/BitsPerSample` bits per output, big-endian.
    private mutating func sampled(_ stream: PDFStream?, _ dictionary: PDFDictionary, domain: ClosedRange<Double>, range: [Double]?) -> PDFFunction? {
        let size = numbers(dictionary["Size"]).map { Int($0) }
        guard let stream, let range, range.count >= 2, range.count <= 64 else { return nil }
        guard size.count == 1 else {
            skipped.insert("sampled functions of several inputs")
            return nil
        }
        let bits = store.resolved(dictionary["BitsPerSample"]).integer ?? 0
        let outputs = range.count / 2, count = size[0]
        guard [1, 2, 4, 8, 12, 16, 24, 32].contains(bits), (1...65536).contains(count), spend(count * outputs),
              let data = try? store.decodedData(stream), data.count * 8 >= count * outputs * bits
        else { return nil }
        var samples: [Double] = []
        samples.reserveCapacity(count * outputs)
        let maximum = Double((UInt64(1) << UInt64(bits)) - 1)
        for i in 0..<(count * outputs) {
            samples.append(Double(Self.bitField(data, bitOffset: i * bits, width: bits)) / maximum)
        }
        let encode = numbers(dictionary["Encode"]), decode = numbers(dictionary["Decode"])
        return .sampled(domain: domain, encode: encode.count >= 2 ? (encode[0], encode[1]) : (0, Double(count - 1)),
                        decode: decode.count >= 2 * outputs ? decode : range, size: count, outputs: outputs,
                        samples: samples, range: range)
    }

    private static func bitField(_ data: [UInt8], bitOffset: Int, width: Int) -> UInt64 {
        var value: UInt64 = 0
        for bit in bitOffset..<(bitOffset + width) {
            value = value << 1 | UInt64((data[bit / 8] >> (7 - UInt8(bit % 8))) & 1)
        }
        return value
    }

    // MARK: shadings

    /// An axial (2) or radial (3) shading, its colours sampled into a ramp; nil (noted) for the others.
    mutating func shading(_ object: PDFObject, resources: PDFDictionary) -> PDFShading? {
        let object = store.resolved(object)
        guard let dictionary = object.dictionary else { return nil }
        let type = store.resolved(dictionary["ShadingType"]).integer ?? 0
        guard type == 2 || type == 3 else {
            skipped.insert("shading type \(type)")
            return nil
        }
        let coords = numbers(dictionary["Coords"])
        guard let space = colorSpace(dictionary["ColorSpace"] ?? .null, resources: resources),
              let (function, nodes) = function(dictionary["Function"] ?? .null),
              spend(PDFShading.rampSize * nodes)
        else { return nil }
        let geometry: PDFShading.Geometry
        if type == 2, coords.count == 4 {
            geometry = .axial(start: Point(x: coords[0], y: coords[1]), end: Point(x: coords[2], y: coords[3]))
        } else if type == 3, coords.count == 6, coords[2] >= 0, coords[5] >= 0 {
            geometry = .radial(start: Point(x: coords[0], y: coords[1]), startRadius: coords[2],
                               end: Point(x: coords[3], y: coords[4]), endRadius: coords[5])
        } else {
            return nil
        }
        let domain = numbers(dictionary["Domain"])
        let (t0, t1) = domain.count >= 2 ? (domain[0], domain[1]) : (0.0, 1.0)
        let ramp = (0..<PDFShading.rampSize).map { i in
            space.color(function.evaluate(t0 + (t1 - t0) * Double(i) / Double(PDFShading.rampSize - 1)))
        }
        let extend = store.resolved(dictionary["Extend"]).array ?? []
        func extends(_ i: Int) -> Bool {
            if i < extend.count, case .boolean(let value) = store.resolved(extend[i]) { return value }
            return false
        }
        let box = numbers(dictionary["BBox"])
        return PDFShading(geometry: geometry, extendsStart: extends(0), extendsEnd: extends(1), ramp: ramp,
                          bounds: box.count == 4 ? (min(box[0], box[2]), min(box[1], box[3]), max(box[0], box[2]), max(box[1], box[3])) : nil)
    }

    /// An array of numbers, resolved; non-numbers are dropped, non-finite ones too.
    func numbers(_ object: PDFObject?) -> [Double] {
        (store.resolved(object).array ?? []).prefix(1024).compactMap { store.resolved($0).number }.filter(\.isFinite)
    }
}
