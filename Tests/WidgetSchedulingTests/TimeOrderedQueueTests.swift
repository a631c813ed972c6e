import Foundation
import WidgetScheduling
import XCTest

final class TimeOrderedQueueTests: XCTestCase {
    func testEarliestFirstAndTiesInTheOrderTheyCame() {
        var queue = TimeOrderedQueue<String>()
        let t = Date(timeIntervalSince1970: 0)
        var rng = SystemRandomNumberGenerator()
        var expected: [(Double, Int)] = []
        for i in 0..<2000 {
            let at = Double(Int.random(in: 0..<50, using: &rng))
            queue.insert("\(i)", at: t.addingTimeInterval(at))
            expected.append((at, i))
        }
        expected.sort { ($0.0, $0.1) < ($1.0, $1.1) }
        var taken: [String] = []
        while let (_, element) = queue.removeFirst() { taken.append(element) }
        XCTAssertEqual(taken, expected.map { "\($0.1)" })
    }

    func testOnlyWhatIsDueComesOut() {
        var queue = TimeOrderedQueue<Int>()
        let t = Date(timeIntervalSince1970: 0)
        queue.insert(2, at: t.addingTimeInterval(20))
        queue.insert(1, at: t.addingTimeInterval(10))
        XCTAssertNil(queue.removeFirst(dueBy: t.addingTimeInterval(9)))
        XCTAssertEqual(queue.removeFirst(dueBy: t.addingTimeInterval(10))?.element, 1)
        XCTAssertEqual(queue.nextDate, t.addingTimeInterval(20))
        XCTAssertEqual(queue.count, 1)
    }
}
