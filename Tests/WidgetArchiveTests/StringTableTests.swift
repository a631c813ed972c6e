import XCTest
import ByteCoding
@testable import WidgetArchive

/// The encoder's string table: each distinct string once, in the order of first use, whatever the
/// table's size and whichever way it looks strings up.
final class StringTableTests: XCTestCase {
    func testEachStringOnceInFirstUseOrder() {
        var table = StringTable()
        let uses = ["title", "", "value", "title", "ünïcödé ✓", "value", "", "a longer string than eight bytes"]
        let indices = uses.map { table.index(of: $0) }
        XCTAssertEqual(indices, [0, 1, 2, 0, 3, 2, 1, 4])
        XCTAssertEqual(table.strings, ["title", "", "value", "ünïcödé ✓", "a longer string than eight bytes"])
    }

    func testManyStringsThroughGrowth() {
        var table = StringTable(capacity: 8)
        let strings = (0..<5_000).map { "row-\($0)" }
        for (i, string) in strings.enumerated() { XCTAssertEqual(table.index(of: string), i) }
        for (i, string) in strings.enumerated().reversed() { XCTAssertEqual(table.index(of: string), i) }
        XCTAssertEqual(table.strings, strings)
    }

    /// Once a look-up probes past `longestProbe` slots the table moves to a dictionary; indices already
    /// given stay what they were. Strings chosen to share their home slot in a table of 128 (the size
    /// it has while it holds 33 to 64) make that probe.
    func testLongProbesMoveToTheFallbackKeepingIndices() {
        var colliding: [String] = []
        var candidate = 0
        while colliding.count < StringTable.longestProbe + 8 {
            let string = "s\(candidate)"
            if StringTable.home(FNV1a.hash(string), 127) == 5 { colliding.append(string) }
            candidate += 1
        }
        var table = StringTable(capacity: 8)
        for (i, string) in colliding.enumerated() { XCTAssertEqual(table.index(of: string), i) }
        XCTAssertTrue(table.usesFallback)
        for (i, string) in colliding.enumerated() { XCTAssertEqual(table.index(of: string), i) }
        XCTAssertEqual(table.index(of: "new"), colliding.count)
        XCTAssertEqual(table.strings, colliding + ["new"])
    }

    /// What the encoder writes with the table decodes to the same tree, shared strings included.
    func testArchiveWithRepeatedStringsRoundTrips() throws {
        let rows = (0..<300).map { i in ViewNode.text(TextNode(i % 3 == 0 ? "same" : "row \(i)")) }
        let value = WidgetArchiveValue(kind: "Rows", family: .systemLarge, entryDate: Date(timeIntervalSince1970: 0),
                                       root: .stack(StackNode(axis: .vertical, alignment: .center, spacing: nil, children: rows)))
        XCTAssertEqual(try ArchiveDecoder().decode(ArchiveEncoder.encode(value)), value)
    }
}
