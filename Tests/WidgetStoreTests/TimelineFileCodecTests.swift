import ByteCoding
import Foundation
import WidgetArchive
import WidgetArchiveGenerator
import WidgetProtocol
import WidgetStore
import XCTest

/// The `.timeline` format's own errors, each with the offset in the file where decoding stopped.
final class TimelineFileCodecTests: XCTestCase {
    private func timeline(_ archive: [UInt8]) -> StoredTimeline {
        StoredTimeline(extensionID: "Ext", kind: "Kind", family: .systemSmall, fetchedAt: Date(timeIntervalSince1970: 100),
                       policy: .atEnd, variants: [.standard],
                       entries: [StoredTimeline.Entry(date: Date(timeIntervalSince1970: 0), relevance: nil, archives: [archive])])
    }

    /// Recomputes the header's length and checksum after an edit, so decoding reaches the payload.
    private func resealed(_ bytes: [UInt8]) -> [UInt8] {
        var file = bytes
        let payload = Array(file[16...])
        let length = UInt32(payload.count), crc = CRC32.checksum(payload)
        for i in 0..<4 {
            file[8 + i] = UInt8(truncatingIfNeeded: length >> (8 * UInt32(i)))
            file[12 + i] = UInt8(truncatingIfNeeded: crc >> (8 * UInt32(i)))
        }
        return file
    }

    func testAnArchiveInsideThatIsNotValidIsNamedWithItsOffset() throws {
        var generator = ArchiveGenerator(seed: 2)
        let archive = ArchiveEncoder.encode(generator.archive())
        var file = TimelineFileCodec.encode(timeline(archive))
        // The stored archive is the only copy of its magic bytes in the file.
        let start = try XCTUnwrap((0..<file.count - 4).first { i in i > 16 && Array(file[i..<i + 4]) == Array("WGAR".utf8) })
        file[start] = UInt8(ascii: "X")
        XCTAssertThrowsError(try TimelineFileCodec.decode(resealed(file))) { error in
            guard case .embeddedArchive(let index, let offset, .badMagic) = error as? TimelineFileError else { return XCTFail("\(error)") }
            XCTAssertEqual(index, 0)
            XCTAssertEqual(offset, start)
            XCTAssertEqual((error as? TimelineFileError)?.offset, start)
            XCTAssertTrue("\(error)".hasPrefix("archive 0 at offset \(start) is not valid: not a widget archive"), "\(error)")
        }
    }

    func testHeaderAndPayloadFailuresSayWhere() throws {
        let file = TimelineFileCodec.encode(timeline(ArchiveEncoder.encode(ArchiveGenerator(seed: 3).archiveCopy())))
        var flipped = file
        flipped[20] ^= 0xFF
        XCTAssertThrowsError(try TimelineFileCodec.decode(flipped)) { error in
            guard case .checksumMismatch = error as? TimelineFileError else { return XCTFail("\(error)") }
            XCTAssertEqual((error as? TimelineFileError)?.offset, 12)
        }
        XCTAssertThrowsError(try TimelineFileCodec.decode(resealed(file + [7, 7]))) { error in
            XCTAssertEqual(error as? TimelineFileError, .trailingBytes(offset: file.count, count: 2))
        }
        XCTAssertThrowsError(try TimelineFileCodec.decode(Array("WGAR".utf8) + file.dropFirst(4))) { error in
            XCTAssertTrue("\(error)".hasPrefix("not a timeline file: magic bytes are [57 47 41 52]"), "\(error)")
        }
        XCTAssertThrowsError(try TimelineFileCodec.decode(Array(file.prefix(10)))) { error in
            XCTAssertEqual(error as? TimelineFileError, .truncated(offset: 10, needed: 6))
        }
    }
}

private extension ArchiveGenerator {
    /// One archive from a generator that is not kept.
    func archiveCopy() -> WidgetArchiveValue {
        var copy = self
        return copy.archive()
    }
}
