import ByteCoding

/// The archive's string table while it is written: each distinct string once, in the order of first
/// use, so a string used by many nodes is stored once.
///
/// Open addressing keyed by FNV-1a rather than `Dictionary`: Swift's per-process seeded hash costs
/// more to set up and finish than the short strings archives hold take to hash, and was a third of
/// encoding's time. Strings crafted to collide (an archive is encoded again from hostile input when
/// fuzzing) cannot make it quadratic: past a long probe the table moves its look-ups to a `Dictionary`.
struct StringTable {
    private(set) var strings: [String] = []
    private var hashes: [UInt64] = []
    /// Each slot holds a string's index plus one; zero is empty.
    private var slots: [Int32]
    private var fallback: [String: Int]?

    static let longestProbe = 32

    /// Whether look-ups have moved to the dictionary (after a probe longer than `longestProbe`).
    var usesFallback: Bool { fallback != nil }

    init(capacity: Int = 64) {
        let size = max(8, capacity.nextPowerOfTwo)
        slots = Array(repeating: 0, count: size)
    }

    /// The index of `string` in the table, appended if it is new.
    mutating func index(of string: String) -> Int {
        if fallback != nil { return indexInFallback(of: string) }
        let hash = FNV1a.hash(string)
        let mask = slots.count - 1
        var slot = Self.home(hash, mask)
        for _ in 0..<Self.longestProbe {
            let entry = Int(slots[slot])
            if entry == 0 {
                let index = append(string, hash)
                slots[slot] = Int32(index + 1)
                if strings.count * 2 > slots.count { grow() }
                return index
            }
            if hashes[entry - 1] == hash && strings[entry - 1] == string { return entry - 1 }
            slot = (slot + 1) & mask
        }
        fallback = Dictionary(uniqueKeysWithValues: strings.enumerated().map { ($1, $0) })
        return indexInFallback(of: string)
    }

    private mutating func indexInFallback(of string: String) -> Int {
        if let index = fallback?[string] { return index }
        let index = append(string, 0)
        fallback?[string] = index
        return index
    }

    private mutating func append(_ string: String, _ hash: UInt64) -> Int {
        strings.append(string)
        hashes.append(hash)
        return strings.count - 1
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, hash) in hashes.enumerated() {
            var slot = Self.home(hash, mask)
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }

    /// FNV-1a's low bits depend on few input bits; folding the high half in spreads short strings.
    static func home(_ hash: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
    }
}

private extension Int {
    var nextPowerOfTwo: Int { self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount) }
}
