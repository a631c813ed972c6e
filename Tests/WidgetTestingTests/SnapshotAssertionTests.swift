import Foundation
import WidgetLayout
@testable import WidgetTesting
import XCTest

/// The snapshot library tested on itself, from XCTest: record, pass, fail with artifacts, tolerance,
/// record modes, names.
final class SnapshotAssertionTests: XCTestCase {
    func testAMissingReferenceIsRecordedOnceThenCompared() throws {
        let folder = try SnapshotFixtures.folder()
        let tree = SnapshotFixtures.tree()
        let first = verifySnapshot(of: tree, as: .png, named: "small", snapshotDirectory: folder)
        XCTAssertTrue(first?.hasPrefix("recorded a new reference at \(folder)/testAMissingReferenceIsRecordedOnceThenCompared.small.png") == true, first ?? "")
        XCTAssertNil(verifySnapshot(of: tree, as: .png, named: "small", snapshotDirectory: folder))
        XCTAssertEqual(SnapshotFixtures.files(folder), ["testAMissingReferenceIsRecordedOnceThenCompared.small.png"])
        // The same call from assertSnapshot passes without recording anything in XCTest.
        assertSnapshot(of: tree, as: .png, named: "small", snapshotDirectory: folder)
    }

    func testAMismatchNamesTheReferenceTheActualAndADiffImage() throws {
        let folder = try SnapshotFixtures.folder()
        _ = verifySnapshot(of: SnapshotFixtures.tree(), as: .png, named: "total", snapshotDirectory: folder)
        let message = try XCTUnwrap(verifySnapshot(of: SnapshotFixtures.tree(total: "320 mg"), as: .png, named: "total", snapshotDirectory: folder))
        let base = "\(folder)/testAMismatchNamesTheReferenceTheActualAndADiffImage.total"
        XCTAssertTrue(message.contains("pixels differ"), message)
        XCTAssertTrue(message.contains("reference: \(base).png"), message)
        XCTAssertTrue(message.contains("actual:    \(base).actual.png"), message)
        XCTAssertTrue(message.contains("diff:      \(base).diff.png"), message)
        let diff = try XCTUnwrap(FileManager.default.contents(atPath: "\(base).diff.png"))
        XCTAssertEqual(Array(diff.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        // The reference is kept; once the widget is as it was, the artifacts go.
        XCTAssertNil(verifySnapshot(of: SnapshotFixtures.tree(), as: .png, named: "total", snapshotDirectory: folder))
        XCTAssertEqual(SnapshotFixtures.files(folder), ["testAMismatchNamesTheReferenceTheActualAndADiffImage.total.png"])
    }

    func testToleranceLetsAFewPixelsDiffer() throws {
        let folder = try SnapshotFixtures.folder()
        _ = verifySnapshot(of: SnapshotFixtures.tree(), as: .png, named: "t", snapshotDirectory: folder)
        let changed = SnapshotFixtures.tree(total: "241 mg")
        let strict = try XCTUnwrap(verifySnapshot(of: changed, as: .png, named: "t", snapshotDirectory: folder))
        let share = try XCTUnwrap(Double(strict.split(separator: "(").dropFirst().first?.split(separator: "%").first ?? ""))
        XCTAssertGreaterThan(share, 0)
        XCTAssertNil(verifySnapshot(of: changed, as: .png(tolerance: share / 100 * 1.01), named: "t", snapshotDirectory: folder))
        XCTAssertNotNil(verifySnapshot(of: changed, as: .png(tolerance: share / 100 * 0.5), named: "t", snapshotDirectory: folder))
        // A channel tolerance as large as a channel goes lets every pixel pass.
        XCTAssertNil(verifySnapshot(of: changed, as: .png(channelTolerance: 255), named: "t", snapshotDirectory: folder))
    }

    func testTextAndJSONReferencesShowTheLinesThatDiffer() throws {
        let folder = try SnapshotFixtures.folder()
        _ = verifySnapshot(of: SnapshotFixtures.tree(), as: .text, snapshotDirectory: folder)
        _ = verifySnapshot(of: SnapshotFixtures.tree(), as: .json, snapshotDirectory: folder)
        XCTAssertEqual(SnapshotFixtures.files(folder), ["testTextAndJSONReferencesShowTheLinesThatDiffer.1.txt",
                                                         "testTextAndJSONReferencesShowTheLinesThatDiffer.2.json"])
        let text = try XCTUnwrap(verifySnapshot(of: SnapshotFixtures.tree(total: "320 mg"), as: .text, named: "1", snapshotDirectory: folder))
        XCTAssertTrue(text.contains("line(s) differ"), text)
        XCTAssertTrue(text.contains("240 mg") && text.contains("320 mg"), text)
        XCTAssertFalse(text.contains("diff:"), "no diff image for text")
        let json = try XCTUnwrap(verifySnapshot(of: SnapshotFixtures.tree(color: .blue), as: .json, named: "2", snapshotDirectory: folder))
        XCTAssertTrue(json.contains("+"), json)
    }

    func testRecordModes() throws {
        let folder = try SnapshotFixtures.folder()
        let reference = "\(folder)/testRecordModes.m.txt"
        XCTAssertTrue(verifySnapshot(of: SnapshotFixtures.tree(), as: .text, named: "m", record: .never, snapshotDirectory: folder)?
            .contains("no reference at \(reference), and recording is off") == true)
        XCTAssertFalse(FileManager.default.fileExists(atPath: reference))
        XCTAssertNotNil(verifySnapshot(of: SnapshotFixtures.tree(), as: .text, named: "m", record: .missing, snapshotDirectory: folder))
        let old = try String(contentsOfFile: reference, encoding: .utf8)
        // all: recorded again even though it matches, and the test fails saying so.
        XCTAssertTrue(verifySnapshot(of: SnapshotFixtures.tree(), as: .text, named: "m", record: .all, snapshotDirectory: folder)?
            .contains("recorded the reference at \(reference) again") == true)
        // failed: only a mismatch is recorded again.
        XCTAssertNil(verifySnapshot(of: SnapshotFixtures.tree(), as: .text, named: "m", record: .failed, snapshotDirectory: folder))
        XCTAssertNotNil(verifySnapshot(of: SnapshotFixtures.tree(total: "1 mg"), as: .text, named: "m", record: .failed, snapshotDirectory: folder))
        XCTAssertNotEqual(try String(contentsOfFile: reference, encoding: .utf8), old)
        XCTAssertNil(verifySnapshot(of: SnapshotFixtures.tree(total: "1 mg"), as: .text, named: "m", record: .never, snapshotDirectory: folder))
        // The environment names the mode when the call does not.
        XCTAssertEqual(SnapshotRecordMode.fromEnvironment(["WIDGET_SNAPSHOT_RECORD": "ALL"]), .all)
        XCTAssertNil(SnapshotRecordMode.fromEnvironment(["WIDGET_SNAPSHOT_RECORD": "sometimes"]))
        XCTAssertNil(SnapshotRecordMode.fromEnvironment([:]))
    }

    func testReferencesLiveBesideTheTestFileNamedAfterTheTest() {
        let named = SnapshotReference(file: "/src/Tests/WidgetTests/CaffeineTests.swift", testName: "testSmall()", name: "dark mode",
                                      pathExtension: "png", directory: nil)
        XCTAssertEqual(named.url.path, "/src/Tests/WidgetTests/__Snapshots__/CaffeineTests/testSmall.dark-mode.png")
        let first = SnapshotReference(file: "/src/T/A.swift", testName: "counted()", name: nil, pathExtension: "txt", directory: nil)
        let second = SnapshotReference(file: "/src/T/A.swift", testName: "counted()", name: nil, pathExtension: "txt", directory: nil)
        XCTAssertEqual([first.url.lastPathComponent, second.url.lastPathComponent], ["counted.1.txt", "counted.2.txt"])
        XCTAssertEqual(SnapshotReference.sanitized("`shows the total`()"), "-shows-the-total-")
    }
}

/// Under XCTest, a mismatch is an XCTest failure of the running test, at the assertion's line.
final class SnapshotXCTestFailureTests: XCTestCase {
    private var recorded: [(String, Int)] = []
    /// Only the assertion under test is captured; this test's own checks fail as usual.
    private var capturing = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        guard capturing else {
            return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        recorded.append((description, lineNumber))
    }

    func testAMismatchIsRecordedAsAnXCTestFailureAtTheAssertion() throws {
        let folder = try SnapshotFixtures.folder()
        _ = verifySnapshot(of: SnapshotFixtures.tree(), as: .text, named: "x", snapshotDirectory: folder)
        capturing = true
        let line = #line + 1
        assertSnapshot(of: SnapshotFixtures.tree(total: "9 mg"), as: .text, named: "x", snapshotDirectory: folder)
        capturing = false
        XCTAssertEqual(recorded.count, 1)
        XCTAssertEqual(recorded.first?.1, line)
        XCTAssertTrue(recorded.first?.0.contains("does not match its reference") == true, recorded.first?.0 ?? "")
    }
}
