/// SplitMix64: a small, fast, seedable generator. The same seed gives the same sequence on every
/// machine, so generated trees, fuzz runs and simulations are reproducible from their seed.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    @usableFromInline var state: UInt64
    public init(seed: UInt64) { state = seed }
    /// The generator as it is after `draws` calls to `next()` from `seed`, in constant time: a
    /// simulation draws the jitter of a day's events only when it reaches that day.
    public init(seed: UInt64, skipping draws: UInt64) { state = seed &+ draws &* 0x9E37_79B9_7F4A_7C15 }
    @inlinable public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
