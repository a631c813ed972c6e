/// PNG's five row filters (none, sub, up, average, Paeth), undone: shared by the PNG decoder and
/// PDF streams with PNG predictors.
enum PNGRowFilter {
    /// Undoes `filter` on `row` in place: `row` holds the filtered bytes, `previous` the row above
    /// (zeros for the first), `distance` the bytes per pixel (at least 1). False for an unknown filter.
    static func undo(_ filter: UInt8, row: inout [UInt8], previous: [UInt8], distance: Int) -> Bool {
        guard filter <= 4 else { return false }
        for i in 0..<row.count {
            let a = i >= distance ? Int(row[i - distance]) : 0
            let b = Int(previous[i])
            let c = i >= distance ? Int(previous[i - distance]) : 0
            let predicted: Int
            switch filter {
            case 0: predicted = 0
            case 1: predicted = a
            case 2: predicted = b
            case 3: predicted = (a + b) / 2
            default:
                let pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c)
                predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
            }
            row[i] = row[i] &+ UInt8(truncatingIfNeeded: predicted)
        }
        return true
    }
}
