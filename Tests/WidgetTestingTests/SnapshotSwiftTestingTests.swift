import Foundation
import Testing
import WidgetLayout
import WidgetTesting

/// The snapshot library from Swift Testing: a match passes, a mismatch is recorded as an issue of the
/// running test (not as an XCTest failure).
@Suite struct SnapshotSwiftTestingTests {
    @Test func aMatchingSnapshotPasses() throws {
        let folder = try SnapshotFixtures.folder()
        #expect(verifySnapshot(of: SnapshotFixtures.tree(), as: .text, named: "tree", snapshotDirectory: folder) != nil)
        assertSnapshot(of: SnapshotFixtures.tree(), as: .text, named: "tree", snapshotDirectory: folder)
        #expect(verifySnapshot(of: SnapshotFixtures.tree(), as: .png, named: "tree", snapshotDirectory: folder) != nil)
        assertSnapshot(of: SnapshotFixtures.tree(), as: .png, named: "tree", snapshotDirectory: folder)
    }

    @Test func aMissingReferenceFailsOnceSayingItWasRecorded() throws {
        let folder = try SnapshotFixtures.folder()
        withKnownIssue {
            assertSnapshot(of: SnapshotFixtures.tree(), as: .json, named: "new", snapshotDirectory: folder)
        } matching: { issue in
            issue.description.contains("recorded a new reference")
        }
        assertSnapshot(of: SnapshotFixtures.tree(), as: .json, named: "new", snapshotDirectory: folder)
    }

    @Test func aMismatchIsRecordedAsAnIssueOfThisTest() throws {
        let folder = try SnapshotFixtures.folder()
        _ = verifySnapshot(of: SnapshotFixtures.tree(), as: .png, named: "total", snapshotDirectory: folder)
        withKnownIssue {
            assertSnapshot(of: SnapshotFixtures.tree(total: "320 mg"), as: .png, named: "total", snapshotDirectory: folder)
        } matching: { issue in
            issue.description.contains("does not match its reference") && issue.description.contains(".diff.png")
        }
        let files = SnapshotFixtures.files(folder)
        #expect(files.contains("aMismatchIsRecordedAsAnIssueOfThisTest.total.actual.png"))
    }
}
