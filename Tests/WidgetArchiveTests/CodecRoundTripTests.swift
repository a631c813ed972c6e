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

    /// Tag 10, `timingCurve(_:_:_:_:duration:)`: its five numbers round-trip, and a truncated one
    /// is an error at its offset.
    func testTimingCurvesRoundTrip() throws {
        let animation = AnimationValue(.timingCurve(c0x: 0.2, c0y: -0.4, c1x: 0.3, c1y: 1.6, duration: 0.8), delay: 0.1, speed: 1)
        let value = WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: Date(timeIntervalSince1970: 0),
                                       root: .modified(.text(TextNode("x")), .animation(animation, valueDigest: 7)))
        let bytes = ArchiveEncoder.encode(value)
        XCTAssertEqual(try ArchiveDecoder().decode(bytes), value)
        XCTAssertEqual(animation.description, ".timingCurve(0.2, -0.4, 0.3, 1.6, duration: 0.8).delay(0.1)")
        XCTAssertThrowsError(try ArchiveDecoder().decode(Array(bytes.dropLast(30))))
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
