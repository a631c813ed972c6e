import ByteCoding
import WidgetArchive
import WidgetArchiveGenerator
import WidgetRandom
import WidgetStore

/// Mutations that know the format: byte flips, truncations, insertions, length-field lies (varints
/// rewritten to huge or off-by-one values), tag swaps, splices of two inputs, and checksum repair so
/// mutated payloads get past the container check and reach the tree decoder.
public struct StructuredMutator {
    public var rng: SeededRandom
    public init(seed: UInt64) { rng = SeededRandom(seed: seed) }

    private mutating func below(_ n: Int) -> Int { n <= 1 ? 0 : Int(rng.next() % UInt64(n)) }

    public mutating func mutate(_ input: [UInt8], corpus: [[UInt8]], repairChecksum: Bool) -> [UInt8] {
        var bytes = input
        let rounds = 1 + below(4)
        for _ in 0..<rounds {
            switch below(9) {
            case 0 where !bytes.isEmpty:  // flip bits
                let i = below(bytes.count)
                bytes[i] ^= UInt8(1 << below(8))
            case 1 where !bytes.isEmpty:  // random byte
                bytes[below(bytes.count)] = UInt8(truncatingIfNeeded: rng.next())
            case 2 where !bytes.isEmpty:  // truncate
                bytes.removeLast(below(bytes.count) + 1)
            case 3:  // insert bytes
                let i = below(bytes.count + 1)
                bytes.insert(contentsOf: (0..<(1 + below(8))).map { _ in UInt8(truncatingIfNeeded: rng.next()) }, at: i)
            case 4 where bytes.count > 17:  // length-field lie: overwrite a spot with an extreme varint
                let i = 16 + below(bytes.count - 16)
                let lies: [[UInt8]] = [[0xFF, 0xFF, 0xFF, 0xFF, 0x0F], [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x02], [0x00], [0x7F], [0x81, 0x01]]
                let lie = lies[below(lies.count)]
                for (k, b) in lie.enumerated() where i + k < bytes.count { bytes[i + k] = b }
            case 5 where !bytes.isEmpty:  // tag swap: a node or modifier tag byte for another
                let tags: [UInt8] = [0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0F, 0x10, 0xFF]
                bytes[below(bytes.count)] = tags[below(tags.count)]
            case 6 where !corpus.isEmpty:  // splice with another input
                let other = corpus[below(corpus.count)]
                let cut = below(bytes.count + 1), from = below(other.count + 1)
                bytes = Array(bytes[..<cut]) + Array(other[from...])
            case 7 where bytes.count > 4:  // duplicate a slice (deep nesting, repeated children)
                let a = below(bytes.count), len = 1 + below(min(64, bytes.count - a))
                bytes.insert(contentsOf: bytes[a..<(a + len)], at: below(bytes.count + 1))
            default:  // boundary values
                if !bytes.isEmpty { bytes[below(bytes.count)] = [0x00, 0x01, 0x7F, 0x80, 0xFF][below(5)] }
            }
        }
        if repairChecksum { Self.reseal(&bytes) }
        return bytes
    }

    /// Fixes the header's length and CRC so the payload is what gets tested: an archive's, or a
    /// `.timeline` file's (the same 16-byte layout).
    public static func reseal(_ bytes: inout [UInt8]) {
        guard bytes.count >= 16, [ArchiveHeader.magic, TimelineFileCodec.magic].contains(Array(bytes[0..<4])) else { return }
        ArchiveHeader.reseal(&bytes)
    }
}
