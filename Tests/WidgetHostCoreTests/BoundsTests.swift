import Foundation
import HostTestSupport
import WidgetArchive
import WidgetHostCore
import WidgetLayout
import WidgetRender
import WidgetStore
import XCTest

/// Amplification is bounded apart from file sizes: entries and decoded nodes across a stored
/// timeline, and decoded asset pixels across a run.
final class BoundsTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_763_712_000)

    /// An archive of `texts` text nodes (plus their stack).
    private func archive(texts: Int) -> [UInt8] {
        ArchiveEncoder.encode(WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: t0,
                                                 root: .stack(StackNode(axis: .vertical, children: (0..<texts).map { _ in .text(TextNode("x")) }))))
    }

    /// A timeline whose `entries` entries all name one stored archive.
    private func timeline(entries: Int, archive: [UInt8]) -> [UInt8] {
        TimelineFileCodec.encode(StoredTimeline(
            extensionID: "E", kind: "K", family: .systemSmall, fetchedAt: t0, policy: .never, variants: [EnvironmentVariant()],
            entries: (0..<entries).map { StoredTimeline.Entry(date: t0.addingTimeInterval(Double($0)), relevance: nil, archives: [archive]) }))
    }

    func testAStoredTimelineHasAtMostAThousandEntries() throws {
        let small = archive(texts: 1)
        XCTAssertEqual(try TimelineFileCodec.decode(timeline(entries: 1_000, archive: small)).entries.count, 1_000)
        XCTAssertThrowsError(try TimelineFileCodec.decode(timeline(entries: 1_001, archive: small))) { error in
            guard case .tooLong(_, .timelineEntries) = error as? TimelineFileError else { return XCTFail("\(error)") }
        }
    }

    /// A file of a few kilobytes naming one 2,000-node archive a thousand times: decoding every entry
    /// would be two million nodes; the budget stops it at a million, wherever it is counted.
    func testNodesDecodedAcrossATimelineAreBounded() throws {
        let large = archive(texts: 1_999)
        let file = timeline(entries: 1_000, archive: large)
        XCTAssertLessThan(file.count, large.count + 20_000, "the archive is stored once")
        let stored = try TimelineFileCodec.decode(file)
        var nodes = 0
        var decoded = 0
        XCTAssertThrowsError(try stored.entries.forEach { entry in
            _ = try ArchiveDecoder().decode(entry.archives[0], addingNodesTo: &nodes)
            decoded += 1
        }) { error in
            XCTAssertEqual(error as? ArchiveDecodingError, .limitExceeded(.timelineNodeCount, offset: 0))
        }
        XCTAssertEqual(decoded, 500, "2,000 nodes each: the 501st archive passes a million")
    }

    private func assetFolder(_ names: [String]) throws -> ExtensionResources {
        let dir = try temporaryDirectory(self)
        // A small widget drawn at 1× (158 × 158 points on this placement): 24,964 pixels each.
        let tree = WidgetRenderer.render(WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: t0, root: .text(TextNode("a"))),
                                         context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0))
        let png = PNGRenderer(regular: nil, bold: nil).png(tree, scale: 1)
        XCTAssertEqual(PNGDecoder.dimensions(png).map { $0.width * $0.height }, 24_964)
        for name in names { try Data(png).write(to: dir.appendingPathComponent("\(name).png")) }
        return ExtensionResources(root: dir)
    }

    func testAssetImagesAreDecodedWithinARunBudgetAndCachedWithinALimit() throws {
        let resources = try assetFolder(["a", "b", "c"])
        let loader = AssetImageLoader(resources: resources, cachedPixelLimit: 40_000, pixelBudget: 60_000)
        XCTAssertEqual(loader.image("a", dark: false)?.width, 158)
        XCTAssertEqual(loader.image("b", dark: false)?.width, 158)
        XCTAssertLessThanOrEqual(loader.cachedPixelCount, 40_000, "the least recently used image was let go")
        XCTAssertFalse(loader.budgetSpent)
        XCTAssertNil(loader.image("c", dark: false), "a third image would pass the run's budget")
        XCTAssertTrue(loader.budgetSpent)
        XCTAssertEqual(loader.image("b", dark: false)?.width, 158, "a cached image costs nothing")
    }
}
