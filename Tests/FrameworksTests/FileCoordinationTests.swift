import Foundation
import FoundationAdditions
import XCTest

/// `NSFileCoordinator`, which Linux's Foundation lacks, as apps use it on the files an app and its
/// widget share (gdombiak/OctoPod deletes its old store files through it): accessors run with the
/// URL given, one at a time in the process, and may coordinate again.
final class FileCoordinationTests: XCTestCase {
    func testAWriterDeletesThroughTheURLItIsGiven() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("coordinated-\(UUID().uuidString).sqlite")
        try Data("store".utf8).write(to: file)
        var given: URL?
        NSFileCoordinator(filePresenter: nil).coordinate(writingItemAt: file, options: .forDeleting, error: nil) { url in
            given = url
            try? FileManager.default.removeItem(at: url)
        }
        XCTAssertEqual(given, file)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
    }

    func testAccessorsRunOneAtATimeAndMayCoordinateAgain() {
        final class Occupancy: @unchecked Sendable {
            let lock = NSLock()
            var inside = 0, most = 0, nested = 0
            func enter() { lock.lock(); inside += 1; most = max(most, inside); lock.unlock() }
            func leave() { lock.lock(); inside -= 1; lock.unlock() }
        }
        let occupancy = Occupancy()
        let url = URL(fileURLWithPath: "/shared/widget.json")
        DispatchQueue.concurrentPerform(iterations: 200) { i in
            let coordinator = NSFileCoordinator()
            let body: (URL) -> Void = { _ in
                occupancy.enter()
                // Some work while inside, so that unguarded accessors would overlap.
                var sum = 0
                for k in 0..<2_000 { sum &+= k * i }
                coordinator.coordinate(readingItemAt: url, options: .withoutChanges, error: nil) { _ in
                    occupancy.lock.lock(); occupancy.nested += sum == -1 ? 0 : 1; occupancy.lock.unlock()
                }
                occupancy.leave()
            }
            if i.isMultiple(of: 2) {
                coordinator.coordinate(writingItemAt: url, error: nil, byAccessor: body)
            } else {
                coordinator.coordinate(readingItemAt: url, error: nil, byAccessor: body)
            }
        }
        XCTAssertEqual(occupancy.most, 1, "coordinated accessors overlapped")
        XCTAssertEqual(occupancy.nested, 200, "an accessor coordinating again is not blocked by its own coordination")
    }

    func testPresentersAreKeptWhileAdded() {
        final class Presenter: NSFilePresenter {
            var presentedItemURL: URL? = URL(fileURLWithPath: "/shared/widget.json")
            let presentedItemOperationQueue = OperationQueue()
        }
        let presenter = Presenter()
        NSFileCoordinator.addFilePresenter(presenter)
        XCTAssertTrue(NSFileCoordinator.filePresenters.contains { $0 === presenter })
        NSFileCoordinator.removeFilePresenter(presenter)
        XCTAssertFalse(NSFileCoordinator.filePresenters.contains { $0 === presenter })
    }
}
