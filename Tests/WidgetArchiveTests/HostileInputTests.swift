import ByteCoding
import Foundation
import WidgetArchive
import WidgetArchiveGenerator
import WidgetRandom
import XCTest

/// Hostile bytes get a typed error with an offset: never a trap, never a different tree.
final class HostileInputTests: XCTestCase {
    private func sample(_ seed: UInt64 = 7) -> [UInt8] {
        var generator = ArchiveGenerator(seed: seed)
        return ArchiveEncoder.encode(generator.archive())
    }

    /// Re-seals a payload with a correct header, so the decoder's payload checks are reached.
    private func sealed(_ payload: [UInt8]) -> [UInt8] {
        var w = ByteWriter()
        w.raw(ArchiveHeader.magic)
        w.u16(1)
        w.u16(0)
        w.u32(UInt32(payload.count))
        w.u32(CRC32.checksum(payload))
        w.raw(payload)
        return w.bytes
    }

    func testEveryTruncationIsAnError() {
        let bytes = sample()
        for length in 0..<bytes.count {
            XCTAssertThrowsError(try ArchiveDecoder().decode(Array(bytes[0..<length])), "length \(length)")
        }
    }

    func testEveryTruncatedPayloadResealedIsAnErrorNotAnotherTree() {
        let bytes = sample(11)
        let payload = Array(bytes[16...])
        for length in 0..<payload.count {
            XCTAssertThrowsError(try ArchiveDecoder().decode(sealed(Array(payload[0..<length]))), "payload length \(length)")
        }
    }

    func testEverySingleBitFlipIsDetected() {
        let bytes = sample(3)
        for index in bytes.indices {
            for bit in 0..<8 {
                var flipped = bytes
                flipped[index] ^= 1 << UInt8(bit)
                XCTAssertThrowsError(try ArchiveDecoder().decode(flipped), "byte \(index) bit \(bit)")
            }
        }
    }

    func testRandomPayloadsBehindAValidChecksumNeverTrap() {
        var rng = SeededRandom(seed: 99)
        var errors = 0
        for _ in 0..<3000 {
            let payload = (0..<Int.random(in: 0...200, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            do {
                let value = try ArchiveDecoder().decode(sealed(payload))
                XCTAssertEqual(try ArchiveDecoder().decode(ArchiveEncoder.encode(value)), value)
            } catch {
                errors += 1
                XCTAssertLessThanOrEqual(error.offset, 16 + payload.count)
            }
        }
        XCTAssertGreaterThan(errors, 2900)
    }

    func testErrorsNameTheOffset() throws {
        XCTAssertEqual(catchError { try ArchiveDecoder().decode(Array("NOPE0000000000000".utf8)) },
                       .badMagic(found: Array("NOPE".utf8)))
        var wrongVersion = sample()
        wrongVersion[4] = 9
        XCTAssertEqual(catchError { try ArchiveDecoder().decode(wrongVersion) }, .unsupportedVersion(found: 9, supported: 1...1))
        // A node tag that does not exist, right after a minimal metadata block.
        let payload: [UInt8] = [1, 1, 0x4B, 0, 0] + Array(repeating: 0, count: 8) + [0, 0, 0, 0, 0] + [0xEE]
        let error = catchError { try ArchiveDecoder().decode(sealed(payload)) }
        XCTAssertEqual(error, .invalidTag(offset: 16 + payload.count - 1, tag: 0xEE, context: "node"))
        XCTAssertTrue("\(error!)".contains("offset \(16 + payload.count - 1)"))
    }

    func testDepthLimit() {
        var node = ViewNode.empty
        for _ in 0..<200 { node = .modified(node, .hidden) }
        let bytes = ArchiveEncoder.encode(WidgetArchiveValue(kind: "", family: .systemSmall, entryDate: Date(timeIntervalSince1970: 0), root: node))
        guard case .limitExceeded(.depth, _)? = catchError({ try ArchiveDecoder().decode(bytes) }) else {
            return XCTFail("expected the depth limit")
        }
        var options = ArchiveDecodingOptions()
        options.maxDepth = 300
        XCTAssertNoThrow(try ArchiveDecoder(options: options).decode(bytes))
    }

    func testCountsAreCheckedAgainstTheBytesLeft() {
        // A string table claiming 2^40 entries in a few bytes: rejected before allocating.
        var w = ByteWriter()
        w.varint(UInt64(1) << 40)
        guard case .limitExceeded(.stringCount, let offset)? = catchError({ try ArchiveDecoder().decode(sealed(w.bytes)) }) else {
            return XCTFail("expected the string count limit")
        }
        XCTAssertEqual(offset, 16)
        var options = ArchiveDecodingOptions()
        options.maxStringCount = .max
        guard case .truncated? = catchError({ try ArchiveDecoder(options: options).decode(sealed(w.bytes)) }) else {
            return XCTFail("expected truncation")
        }
    }

    func testOverlongVarintIsMalformed() {
        let payload: [UInt8] = Array(repeating: 0xFF, count: 11) + [0]
        XCTAssertEqual(catchError { try ArchiveDecoder().decode(sealed(payload)) }, .malformedVarint(offset: 16))
    }

    private func catchError(_ body: () throws -> WidgetArchiveValue) -> ArchiveDecodingError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error as? ArchiveDecodingError
        }
    }
}

/// Memory used while decoding stays within a small multiple of the input: allocation is bounded by
/// what the bytes present can justify.
final class DecodingMemoryTests: XCTestCase {
    private func residentBytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = Int(statm.split(separator: " ")[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    func testDecodingTheMostAllocatingInputsStaysWithinAMultipleOfTheirSize() throws {
        // Many tiny nodes (the most allocation per input byte): 64 stacks of 4,000 spacers and texts.
        let rows = (0..<64).map { _ in
            ViewNode.stack(StackNode(axis: .vertical, children: (0..<4000).map { $0 % 2 == 0 ? .spacer(minLength: nil) : .text(TextNode("x")) }))
        }
        let value = WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: Date(timeIntervalSince1970: 0),
                                       root: .stack(StackNode(axis: .vertical, children: rows)))
        let bytes = ArchiveEncoder.encode(value)
        var options = ArchiveDecodingOptions()
        options.maxNodeCount = 1_000_000
        options.maxArchiveSize = 16 << 20
        let before = residentBytes()
        let decoded = try ArchiveDecoder(options: options).decode(bytes)
        let grown = residentBytes() - before
        XCTAssertEqual(decoded.root.nodeCount, value.root.nodeCount)
        XCTAssertLessThan(grown, 64 * bytes.count + (4 << 20), "decoding \(bytes.count) bytes grew memory by \(grown) bytes")
        // A length field claiming more than is present allocates nothing before failing.
        var lie = ByteWriter()
        lie.varint(1)
        lie.varint(UInt64(1) << 30)
        XCTAssertThrowsError(try ArchiveDecoder().decode(ArchiveHeader.magic + [1, 0, 0, 0] + [UInt8](repeating: 0, count: 8) + lie.bytes))
    }
}
