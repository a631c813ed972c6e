import Foundation
import WidgetArchive
import WidgetArchiveGenerator
import XCTest

final class CodecRoundTripTests: XCTestCase {
    func testGeneratedTreesRoundTrip() throws {
        for seed in 0..<400 as Range<UInt64> {
            var generator = ArchiveGenerator(seed: seed)
            let value = generator.archive()
            let bytes = ArchiveEncoder.encode(value)
            let decoded = try ArchiveDecoder().decode(bytes)
            XCTAssertEqual(decoded, value, "seed \(seed)")
            XCTAssertEqual(ArchiveEncoder.encode(decoded), bytes, "seed \(seed): re-encoding changed the bytes")
        }
    }

    func testStringsAreInternedOnce() {
        let repeated = ViewNode.stack(StackNode(axis: .vertical, children: Array(repeating: .text(TextNode("same words")), count: 50)))
        let bytes = ArchiveEncoder.encode(WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: Date(timeIntervalSince1970: 0), root: repeated))
        let occurrences = bytes.indices.filter { bytes[$0...].starts(with: Array("same words".utf8)) }.count
        XCTAssertEqual(occurrences, 1)
    }

    func testEncodingIsDeterministic() {
        var a = ArchiveGenerator(seed: 42), b = ArchiveGenerator(seed: 42)
        XCTAssertEqual(ArchiveEncoder.encode(a.archive()), ArchiveEncoder.encode(b.archive()))
    }
}
