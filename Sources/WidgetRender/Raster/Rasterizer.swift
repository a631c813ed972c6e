import Foundation
import WidgetLayout

/// The pixel rectangle a path's coverage was accumulated over.
struct CoverageArea {
    let x0: Int, y0: Int, width: Int, height: Int
}

/// Signed-area cells for one path at a time, kept between fills so a render allocates (and the kernel
/// zero-fills) its largest mask once rather than once per shape. Every sweep leaves the cells zeroed.
struct CoverageAccumulator {
    private var cells: [Double] = []
    private var row: [Float] = []

    /// Adds every edge of `path` (clipped to the canvas) into the cells; nil if nothing is visible.
    mutating func accumulate(_ path: Path, canvasWidth: Int, canvasHeight: Int) -> CoverageArea? {
        guard let b = path.bounds else { return nil }
        let x0 = max(0, Int(max(-1, min(Double(canvasWidth), b.x)).rounded(.down)))
        let y0 = max(0, Int(max(-1, min(Double(canvasHeight), b.y)).rounded(.down)))
        let x1 = min(canvasWidth, Int(max(0, min(Double(canvasWidth), b.maxX)).rounded(.up)) + 1)
        let y1 = min(canvasHeight, Int(max(0, min(Double(canvasHeight), b.maxY)).rounded(.up)) + 1)
        guard x1 > x0, y1 > y0 else { return nil }
        let w = x1 - x0, h = y1 - y0, stride = w + 2
        if cells.count < stride * h { cells = [Double](repeating: 0, count: stride * h) }
        if row.count < w { row = [Float](repeating: 0, count: w) }
        cells.withUnsafeMutableBufferPointer { acc in
            for polygon in path.polygons {
                for i in polygon.indices {
                    let a = polygon[i], c = polygon[(i + 1) % polygon.count]
                    CoverageMask.drawLine(acc, stride: stride, w: w, h: h,
                                          Point(x: a.x - Double(x0), y: a.y - Double(y0)), Point(x: c.x - Double(x0), y: c.y - Double(y0)))
                }
            }
        }
        return CoverageArea(x0: x0, y0: y0, width: w, height: h)
    }

    /// Turns the cells into coverage one row at a time (a running sum along the row), hands each row to
    /// `body`, and zeroes the cells behind it.
    mutating func sweep(_ area: CoverageArea, _ body: (_ y: Int, _ coverage: UnsafeBufferPointer<Float>) -> Void) {
        let w = area.width, stride = w + 2
        cells.withUnsafeMutableBufferPointer { acc in
            row.withUnsafeMutableBufferPointer { row in
                for y in 0..<area.height {
                    var sum = 0.0
                    let line = y * stride
                    for x in 0..<w {
                        sum += acc[line + x]
                        acc[line + x] = 0
                        row[x] = Float(min(1, abs(sum)))
                    }
                    acc[line + w] = 0
                    acc[line + w + 1] = 0
                    body(y, UnsafeBufferPointer(rebasing: row[0..<w]))
                }
            }
        }
    }
}

/// Coverage of a path over a pixel grid, by signed-area accumulation (the font-rs method): each edge
/// adds its exact area contribution to the cells it crosses; a running sum along each row gives the
/// anti-aliased coverage. Holes are outlines wound the other way. Pure arithmetic on Doubles in a fixed
/// order, so the result is the same bits on every machine.
struct CoverageMask {
    let x0: Int, y0: Int, width: Int, height: Int
    var alpha: [Float]

    func coverage(x: Int, y: Int) -> Float {
        let lx = x - x0, ly = y - y0
        guard lx >= 0, ly >= 0, lx < width, ly < height else { return 0 }
        return alpha[ly * width + lx]
    }

    /// Rasterizes `path` clipped to a canvas of `canvasWidth` × `canvasHeight`.
    static func rasterize(_ path: Path, canvasWidth: Int, canvasHeight: Int) -> CoverageMask? {
        var scratch = CoverageAccumulator()
        return rasterize(path, canvasWidth: canvasWidth, canvasHeight: canvasHeight, using: &scratch)
    }

    /// Rasterizes `path` with a reusable accumulation buffer (left zeroed for the next use).
    static func rasterize(_ path: Path, canvasWidth: Int, canvasHeight: Int, using scratch: inout CoverageAccumulator) -> CoverageMask? {
        guard let area = scratch.accumulate(path, canvasWidth: canvasWidth, canvasHeight: canvasHeight) else { return nil }
        let w = area.width
        let alpha = [Float](unsafeUninitializedCapacity: w * area.height) { alpha, initialized in
            scratch.sweep(area) { ly, row in
                guard let source = row.baseAddress, let target = alpha.baseAddress else { return }
                (target + ly * w).update(from: source, count: w)
            }
            initialized = w * area.height
        }
        return CoverageMask(x0: area.x0, y0: area.y0, width: w, height: area.height, alpha: alpha)
    }

    fileprivate static func drawLine(_ acc: UnsafeMutableBufferPointer<Double>, stride: Int, w: Int, h: Int, _ a: Point, _ b: Point) {
        guard a.y != b.y, a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return }
        let (dir, p0, p1): (Double, Point, Point) = a.y < b.y ? (1, a, b) : (-1, b, a)
        // Clamp x into the mask: coverage right of the mask is irrelevant, left of it is carried by x = 0.
        let clampX: (Double) -> Double = { min(Double(w), max(0, $0)) }
        let dxdy = (p1.x - p0.x) / (p1.y - p0.y)
        var x = p0.x
        let yStart = max(0, p0.y)
        if p0.y < 0 { x -= p0.y * dxdy }
        // Rows are counted in `Double` until they are within the mask: a coordinate beyond `Int`'s range
        // would trap in the conversion.
        let yFirst = Int(min(yStart, Double(h)).rounded(.down))
        let yLast = Int(min(p1.y, Double(h)).rounded(.up))
        guard yFirst < yLast else { return }
        for y in yFirst..<yLast {
            let line = y * stride
            let dy = min(Double(y + 1), p1.y) - max(Double(y), yStart)
            let xNext = x + dxdy * dy
            let d = dy * dir
            let cx = clampX(x), cxNext = clampX(xNext)
            let (l, r) = cx < cxNext ? (cx, cxNext) : (cxNext, cx)
            let lFloor = l.rounded(.down)
            let li = Int(lFloor)
            let rCeil = r.rounded(.up)
            let ri = Int(rCeil)
            if ri <= li + 1 {
                let xmf = 0.5 * (cx + cxNext) - lFloor
                acc[line + li] += d - d * xmf
                acc[line + li + 1] += d * xmf
            } else {
                let s = 1 / (r - l)
                let lf = l - lFloor
                let a0 = 0.5 * s * (1 - lf) * (1 - lf)
                let rf = r - rCeil + 1
                let am = 0.5 * s * rf * rf
                acc[line + li] += d * a0
                if ri == li + 2 {
                    acc[line + li + 1] += d * (1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - lf)
                    acc[line + li + 1] += d * (a1 - a0)
                    if li + 2 < ri - 1 {
                        for xi in (li + 2)..<(ri - 1) { acc[line + xi] += d * s }
                    }
                    let a2 = a1 + Double(ri - li - 3) * s
                    acc[line + ri - 1] += d * (1 - a2 - am)
                }
                acc[line + ri] += d * am
            }
            x = xNext
        }
    }
}
