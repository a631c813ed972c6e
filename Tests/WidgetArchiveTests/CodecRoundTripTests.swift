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

    /// A geometry probe lives only between the extension's layout passes: an archive holds the probed
    /// content alone.
    func testGeometryProbesAreNeverArchived() throws {
        let content = ViewNode.stack(StackNode(axis: .vertical, children: [.text(TextNode("inside"))]))
        let probed = ViewNode.modified(.modified(content, .geometryProbe(GeometryProbe(path: [0, 2]))), .opacity(0.5))
        func bytes(_ root: ViewNode) -> [UInt8] {
            ArchiveEncoder.encode(WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: Date(timeIntervalSince1970: 0), root: root))
        }
        XCTAssertEqual(bytes(probed), bytes(.modified(content, .opacity(0.5))))
        XCTAssertEqual(try ArchiveDecoder().decode(bytes(probed)).root, .modified(content, .opacity(0.5)))
        XCTAssertEqual(GeometryProbe(path: [0, 2]).description, "/0/2")
    }

    func testEncodingIsDeterministic() {
        var a = ArchiveGenerator(seed: 42), b = ArchiveGenerator(seed: 42)
        XCTAssertEqual(ArchiveEncoder.encode(a.archive()), ArchiveEncoder.encode(b.archive()))
    }
}

/// Device settings in an archive: written only when not standard (older archives read as they
/// did), read back whole, and refused with the offset when hostile.
final class DeviceSettingsCodecTests: XCTestCase {
    private func archive(_ device: DeviceSettings, root: ViewNode = .text(TextNode("x"))) -> WidgetArchiveValue {
        WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: Date(timeIntervalSince1970: 0),
                           variant: EnvironmentVariant(device: device), root: root)
    }

    func testStandardSettingsWriteNothingAndOthersRoundTrip() throws {
        let standard = ArchiveEncoder.encode(archive(.standard))
        let other = DeviceSettings(textSize: .accessibility3, layoutDirection: .rightToLeft, locale: "ar_SA", timeZone: "Asia/Riyadh")
        let bytes = ArchiveEncoder.encode(archive(other))
        XCTAssertEqual(bytes.count, standard.count + 2 + "ar_SA".utf8.count + "Asia/Riyadh".utf8.count + 2 + 2,
                       "two codes, two string references, the two strings with their lengths")
        let decoded = try ArchiveDecoder().decode(bytes)
        XCTAssertEqual(decoded.variant.device, other)
        XCTAssertEqual(decoded.variant.description, "fullColor-light-AX3-rtl-ar_SA-Asia+Riyadh")
        XCTAssertEqual(try ArchiveDecoder().decode(standard).variant.device, .standard)
    }

    func testAnImplausibleLocaleIsRefusedAtItsOffset() throws {
        let bytes = ArchiveEncoder.encode(archive(DeviceSettings(locale: "de DE;x")))
        XCTAssertThrowsError(try ArchiveDecoder().decode(bytes)) { error in
            guard case .invalidValue(_, let field, let length)? = error as? ArchiveDecodingError else { return XCTFail("\(error)") }
            XCTAssertEqual(field, "locale identifier")
            XCTAssertEqual(length, 7)
        }
    }

    func testATextSizeRangeRoundTripsAndAnInvertedOneIsRefused() throws {
        let value = archive(.standard, root: .modified(.text(TextNode("x")), .textSizeRange(.small ... .accessibility2)))
        let bytes = ArchiveEncoder.encode(value)
        XCTAssertEqual(try ArchiveDecoder().decode(bytes), value)
        XCTAssertEqual(ArchiveTextDump.dump(value).contains(".dynamicTypeSize(.small ... .accessibility2)"), true)
        // Modifier 40 and its two sizes (small 1, accessibility2 8): swap the sizes.
        let tag = try XCTUnwrap(bytes.indices.first { bytes[$0...].starts(with: [40, 1, 8]) })
        var inverted = bytes
        inverted.swapAt(tag + 1, tag + 2)
        XCTAssertThrowsError(try ArchiveDecoder().decode(resealed(inverted))) { error in
            XCTAssertEqual(error as? ArchiveDecodingError,
                           .invalidValue(offset: tag + 1, field: "text size range", value: UInt64(TextSizeValue.accessibility2.rawValue)))
        }
        XCTAssertEqual(try ArchiveDecoder().decode(resealed(bytes)), value, "resealing alone changes nothing")
    }
}

/// A shape's dash flag promises a pattern: an empty one is refused (it was once read, and its phase
/// lost on the way back out, which fuzzing found).
final class DashPatternCodecTests: XCTestCase {
    func testAnEmptyDashPatternIsRefusedAtItsCount() throws {
        let style = StrokeStyleValue(cap: .round, dash: [3], dashPhase: 1.5)
        let value = WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: Date(timeIntervalSince1970: 0),
                                       root: .shape(ShapeNode(kind: .circle, strokeWidth: 2, strokeStyle: style)))
        let bytes = ArchiveEncoder.encode(value)
        let pattern: [UInt8] = [1] + withUnsafeBytes(of: (3.0).bitPattern.littleEndian, Array.init)
        let at = try XCTUnwrap(bytes.indices.first { bytes[$0...].starts(with: pattern) })
        var empty = bytes
        empty.replaceSubrange(at..<(at + pattern.count), with: [0])
        XCTAssertThrowsError(try ArchiveDecoder().decode(resealed(empty))) { error in
            XCTAssertEqual(error as? ArchiveDecodingError, .invalidValue(offset: at, field: "dash count", value: 0))
        }
        XCTAssertEqual(try ArchiveDecoder().decode(bytes), value)
    }

    /// `ArchiveHeader.reseal` sets the payload's length and checksum from what follows the header, as
    /// a fuzzer needs after changing a payload's size; it leaves a file shorter than a header alone.
    func testResealingFixesLengthAndChecksumAfterThePayloadChanges() throws {
        let value = WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: Date(timeIntervalSince1970: 0), root: .text(TextNode("reseal")))
        var bytes = ArchiveEncoder.encode(value)
        bytes += [0, 0]
        XCTAssertThrowsError(try ArchiveDecoder().validateContainer(bytes), "the length no longer matches")
        ArchiveHeader.reseal(&bytes)
        XCTAssertNoThrow(try ArchiveDecoder().validateContainer(bytes))
        let length = bytes[8..<12].reversed().reduce(0) { $0 << 8 | Int($1) }
        XCTAssertEqual(length, bytes.count - ArchiveHeader.size)
        var short: [UInt8] = Array(bytes.prefix(ArchiveHeader.size - 1))
        let before = short
        ArchiveHeader.reseal(&short)
        XCTAssertEqual(short, before)
    }
}
