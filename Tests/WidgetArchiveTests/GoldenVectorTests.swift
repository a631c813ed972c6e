import ByteCoding
import Foundation
import WidgetArchive
import WidgetArchiveGenerator
import WidgetRandom
import XCTest

/// The committed vectors pin the format: current code must reproduce their bytes exactly, decode them
/// to the same trees, and print the same dumps.
final class GoldenVectorTests: XCTestCase {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Archives/golden", isDirectory: true)

    func testGoldenVectorsAreReproducedByteForByte() throws {
        let update = ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1"
        for (name, value) in GoldenFixtures.all {
            let bytes = ArchiveEncoder.encode(value)
            let dump = ArchiveTextDump.dump(value)
            let binURL = Self.directory.appendingPathComponent("\(name).wgar")
            let dumpURL = Self.directory.appendingPathComponent("\(name).txt")
            if update {
                try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
                try Data(bytes).write(to: binURL)
                try Data(dump.utf8).write(to: dumpURL)
            }
            let golden = try [UInt8](Data(contentsOf: binURL))
            XCTAssertEqual(bytes, golden, "\(name): encoder output differs from \(binURL.lastPathComponent)")
            XCTAssertEqual(try ArchiveDecoder().decode(golden), value, "\(name): golden bytes decode to a different tree")
            XCTAssertEqual(dump, try String(contentsOf: dumpURL, encoding: .utf8), "\(name): dump differs from \(dumpURL.lastPathComponent)")
        }
    }

    /// The table-driven CRC (eight bytes a step) against the bit-by-bit definition, at every length
    /// around the step size and split at every point (a running CRC continues across calls).
    func testCRC32MatchesTheBitwiseDefinition() {
        func bitwise(_ bytes: [UInt8]) -> UInt32 {
            var c: UInt32 = 0xFFFF_FFFF
            for b in bytes {
                c ^= UInt32(b)
                for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            }
            return ~c
        }
        var random = SeededRandom(seed: 7)
        for length in 0..<40 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            XCTAssertEqual(CRC32.checksum(bytes), bitwise(bytes), "length \(length)")
            for split in 0...length {
                XCTAssertEqual(CRC32.update(CRC32.checksum(bytes[..<split]), bytes[split...]), bitwise(bytes))
            }
        }
    }

    func testHeaderLayoutMatchesTheSpec() throws {
        let bytes = ArchiveEncoder.encode(GoldenFixtures.all[0].value)
        XCTAssertEqual(Array(bytes[0..<4]), Array("WGAR".utf8))
        XCTAssertEqual(bytes[4], 1)  // version, little-endian
        XCTAssertEqual(bytes[5], 0)
        XCTAssertEqual(Array(bytes[6..<8]), [0, 0])  // flags
        let length = bytes[8..<12].enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
        XCTAssertEqual(Int(length), bytes.count - 16)
        let crc = bytes[12..<16].enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
        XCTAssertEqual(crc, CRC32.checksum(bytes[16...]))
        XCTAssertEqual(CRC32.checksum(Array("123456789".utf8)), 0xCBF4_3926)  // the standard check value
    }
}
