import Foundation
import LiveActivities
import WidgetProtocol
import XCTest

final class ActivityBoardTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    let hour: TimeInterval = 3600

    func at(_ hours: Double) -> Date { t0.addingTimeInterval(hours * hour) }

    func start(_ n: Int = 1, score: Double = 0, stale: Date? = nil, state: String = #"{"stopsAway":3}"#, push: ActivityPushType? = nil,
               scheduled: Date? = nil) -> ActivityStart {
        ActivityStart(id: String(format: "00000000-0000-0000-0000-%012d", n), attributesType: "DeliveryAttributes",
                      attributes: Array(#"{"order":"A-17"}"#.utf8),
                      content: ActivityContentValue(state: Array(state.utf8), staleDate: stale, relevanceScore: score), pushType: push,
                      start: scheduled)
    }

    func id(_ n: Int) -> String { String(format: "00000000-0000-0000-0000-%012d", n) }

    func content(_ text: String, stale: Date? = nil, score: Double = 0) -> ActivityContentValue {
        ActivityContentValue(state: Array(text.utf8), staleDate: stale, relevanceScore: score)
    }

    func rules(in log: [ActivityLogEntry]) -> [ActivityLogEntry.Rule] { log.map(\.rule) }

    // MARK: Starting

    func testStartsAreLimitedPerAppAndOnTheDevice() throws {
        var rules = ActivityRules()
        rules.maximumPerApp = 2
        rules.maximumOnDevice = 3
        var board = ActivityBoard(rules: rules)
        _ = try board.request(start(1), extensionID: "Pizza", at: t0)
        _ = try board.request(start(2), extensionID: "Pizza", at: t0)
        XCTAssertEqual(board.startsLeft(for: "Pizza", at: t0), 0)
        XCTAssertThrowsError(try board.request(start(3), extensionID: "Pizza", at: t0)) { XCTAssertEqual($0 as? ActivityRefusal, .targetMaximumExceeded) }
        _ = try board.request(start(4), extensionID: "Taxi", at: t0)
        XCTAssertThrowsError(try board.request(start(5), extensionID: "Taxi", at: t0)) { XCTAssertEqual($0 as? ActivityRefusal, .globalMaximumExceeded) }
        XCTAssertEqual(board.takeLog().filter { $0.rule == .refused }.map(\.detail.first), ["t", "g"])
        // An ended activity still counts until it leaves the Lock Screen; a dismissed one does not.
        board.apply(.end(id: id(1), content: nil, dismissal: .standard, timestamp: nil), at: at(1))
        XCTAssertEqual(board.startsLeft(for: "Pizza", at: at(1)), 0)
        board.apply(.end(id: id(2), content: nil, dismissal: .immediate, timestamp: nil), at: at(1))
        XCTAssertEqual(board.startsLeft(for: "Pizza", at: at(1)), 1)
    }

    func testAttributesAndStateTogetherAreBoundedByFourKilobytes() throws {
        var board = ActivityBoard()
        let attributes = Array(#"{"order":"A-17"}"#.utf8)
        let fits = String(repeating: "x", count: 4096 - attributes.count - 8)
        XCTAssertNoThrow(try board.request(start(1, state: #"{"s":""# + fits + #""}"#), extensionID: "Pizza", at: t0))
        XCTAssertThrowsError(try board.request(start(2, state: #"{"s":""# + fits + #"x"}"#), extensionID: "Pizza", at: t0)) {
            XCTAssertEqual($0 as? ActivityRefusal, .attributesTooLarge)
        }
    }

    func testIdentifiersMustBeWellFormedAndFree() throws {
        var board = ActivityBoard()
        _ = try board.request(start(1), extensionID: "Pizza", at: t0)
        XCTAssertThrowsError(try board.request(start(1), extensionID: "Pizza", at: t0)) {
            XCTAssertEqual($0 as? ActivityRefusal, .malformedActivityIdentifier)
        }
        var bad = start(2)
        bad.id = "not-a-uuid"
        XCTAssertThrowsError(try board.request(bad, extensionID: "Pizza", at: t0))
        board.disabled = ["Taxi"]
        XCTAssertThrowsError(try board.request(start(3), extensionID: "Taxi", at: t0)) { XCTAssertEqual($0 as? ActivityRefusal, .denied) }
    }

    // MARK: Lifetime

    func testTheSystemEndsAnActivityAfterEightHoursAndRemovesItFourHoursLater() throws {
        var board = ActivityBoard()
        _ = try board.request(start(1), extensionID: "Pizza", at: t0)
        XCTAssertEqual(board.nextDate(after: t0), at(8))
        XCTAssertEqual(board.advance(to: at(7.99)), [])
        XCTAssertEqual(board.record(id(1))?.state(at: at(7.99)), .active)
        XCTAssertEqual(board.advance(to: at(9)), [id(1)])
        let record = try XCTUnwrap(board.record(id(1)))
        XCTAssertEqual(record.endedAt, at(8))
        XCTAssertEqual(record.removedAt, at(12))
        XCTAssertEqual(record.state(at: at(9)), .ended)
        XCTAssertEqual(board.island(at: at(9)), IslandArrangement(), "an ended activity leaves the Dynamic Island at once")
        XCTAssertEqual(board.lockScreen(at: at(9)).map(\.id), [id(1)], "and stays on the Lock Screen")
        board.advance(to: at(12))
        XCTAssertEqual(board.record(id(1))?.state(at: at(12)), .dismissed)
        XCTAssertEqual(rules(in: board.takeLog()), [.started, .lifetimeLimit, .removed])
        // Updates after the end are ignored.
        XCTAssertNil(board.apply(.update(id: id(1), content: content(#"{"s":1}"#), alert: nil, timestamp: nil), at: at(12)))
        XCTAssertEqual(rules(in: board.takeLog()), [.notRunning])
    }

    func testDismissalPolicies() throws {
        var board = ActivityBoard()
        let policies: [ActivityDismissal] = [.standard, .immediate, .after(at(2)), .after(at(9)), .after(at(0.5))]
        for (n, policy) in policies.enumerated() {
            _ = try board.request(start(n + 1), extensionID: "App\(n)", at: t0)
            board.apply(.end(id: id(n + 1), content: nil, dismissal: policy, timestamp: nil), at: at(1))
        }
        let removals = (1...5).map { board.record(id($0))?.removedAt }
        // Default: 4 hours; immediate: at once; a date: then, never past the 4 hours; a past date: at once.
        XCTAssertEqual(removals, [at(5), at(1), at(2), at(5), at(1)])
        XCTAssertEqual((1...5).map { board.record(id($0))!.state(at: at(1)) }, [.ended, .dismissed, .ended, .ended, .dismissed])
    }

    func testAScheduledActivityIsPendingUntilItsStartAndCountsMeanwhile() throws {
        var rules = ActivityRules()
        rules.maximumPerApp = 1
        var board = ActivityBoard(rules: rules)
        _ = try board.request(start(1, scheduled: at(2)), extensionID: "Pizza", at: t0)
        XCTAssertEqual(board.record(id(1))?.state(at: at(1)), .pending)
        XCTAssertThrowsError(try board.request(start(2), extensionID: "Pizza", at: at(1)))
        XCTAssertEqual(board.advance(to: at(2)), [id(1)])
        XCTAssertEqual(board.record(id(1))?.state(at: at(2)), .active)
        XCTAssertEqual(board.record(id(1))?.lifetimeEnd(rules), at(10), "the 8 hours count from the start")
        XCTAssertEqual(self.rules(in: board.takeLog()).filter { $0 != .refused }, [.scheduled, .started])
    }

    // MARK: Content

    func testStaleDatesAndUpdatesThatFreshenThem() throws {
        var board = ActivityBoard()
        _ = try board.request(start(1, stale: at(1)), extensionID: "Pizza", at: t0)
        XCTAssertEqual(board.advance(to: at(1.5)), [id(1)])
        XCTAssertEqual(board.record(id(1))?.state(at: at(1.5)), .stale)
        board.apply(.update(id: id(1), content: content(#"{"s":1}"#, stale: at(3)), alert: nil, timestamp: nil), at: at(1.5))
        XCTAssertEqual(board.record(id(1))?.state(at: at(1.5)), .active, "a later stale date freshens it")
        XCTAssertEqual(board.record(id(1))?.content.state, Array(#"{"s":1}"#.utf8))
        board.advance(to: at(3))
        XCTAssertEqual(rules(in: board.takeLog()), [.started, .becameStale, .updated, .becameStale])
    }

    func testOlderTimestampsAndOversizedUpdatesAreIgnored() throws {
        var board = ActivityBoard()
        _ = try board.request(start(1), extensionID: "Pizza", at: t0)
        board.apply(.update(id: id(1), content: content(#"{"s":2}"#), alert: nil, timestamp: at(0.5)), at: at(1))
        XCTAssertNil(board.apply(.update(id: id(1), content: content(#"{"s":9}"#), alert: nil, timestamp: at(0.4)), at: at(1)))
        XCTAssertNil(board.apply(.update(id: id(1), content: content(String(repeating: "x", count: 4097)), alert: nil, timestamp: nil), at: at(1)))
        XCTAssertEqual(board.record(id(1))?.content.state, Array(#"{"s":2}"#.utf8))
        XCTAssertEqual(rules(in: board.takeLog()), [.started, .updated, .olderTimestamp, .tooLarge])
        let alert = ActivityAlert(title: "Delivered", body: "Enjoy")
        board.apply(.update(id: id(1), content: content(#"{"s":0}"#), alert: alert, timestamp: nil), at: at(2))
        XCTAssertEqual(board.record(id(1))?.alertedAt, at(2))
        XCTAssertEqual(rules(in: board.takeLog()), [.updated, .alerted])
    }

    // MARK: Pushes

    func testPriorityTenPushesBeyondTheBudgetAreThrottledToTheNextBurst() throws {
        var rules = ActivityRules()
        rules.pushBudgetPerHour = 3
        rules.lowPriorityInterval = 600
        var board = ActivityBoard(rules: rules)
        _ = try board.request(start(1, push: .token), extensionID: "Pizza", at: t0)
        func push(_ n: Int, priority: Int = 10) -> ActivityPush {
            ActivityPush(target: .activity(id(1)), event: .update, content: content(#"{"s":\#(n)}"#), timestamp: at(Double(n) / 100),
                         priority: priority, payloadSize: 100)
        }
        for n in 1...3 { XCTAssertEqual(board.push(push(n), at: at(Double(n) / 100)), .delivered([id(1)])) }
        XCTAssertEqual(board.pushBudgetLeft(for: "Pizza", at: at(0.04)), 0)
        let throttled = board.push(push(4), at: at(0.04))
        guard case .held(let due) = throttled else { return XCTFail("\(throttled)") }
        XCTAssertEqual(due.timeIntervalSince1970.truncatingRemainder(dividingBy: 600), 0)
        XCTAssertEqual(board.record(id(1))?.content.state, Array(#"{"s":3}"#.utf8), "not yet")
        XCTAssertEqual(board.nextDate(after: at(0.04)), due)
        board.advance(to: due)
        XCTAssertEqual(board.record(id(1))?.content.state, Array(#"{"s":4}"#.utf8), "delivered with the burst")
        // Priority 5 is never counted, and waits for the burst too.
        guard case .held = board.push(push(5, priority: 5), at: due) else { return XCTFail() }
        // An hour after the first pushes, the budget is back.
        XCTAssertEqual(board.pushBudgetLeft(for: "Pizza", at: at(1.02)), 2)
        XCTAssertEqual(self.rules(in: board.takeLog()),
                       [.started, .pushDelivered, .updated, .pushDelivered, .updated, .pushDelivered, .updated, .pushThrottled, .updated, .pushHeld])
    }

    func testFrequentUpdatesWidenTheBudget() throws {
        var rules = ActivityRules()
        rules.pushBudgetPerHour = 1
        rules.frequentPushBudgetPerHour = 5
        var board = ActivityBoard(rules: rules)
        board.frequentUpdates = ["Pizza"]
        _ = try board.request(start(1, push: .token), extensionID: "Pizza", at: t0)
        XCTAssertEqual(board.pushBudgetLeft(for: "Pizza", at: t0), 5)
    }

    func testPushesStartUpdateByChannelAndEnd() throws {
        var board = ActivityBoard()
        let started = board.push(ActivityPush(
            target: .pushToStart(extensionID: "Scores", attributesType: "Match"),
            event: .start(attributesType: "Match", attributes: Array(#"{"home":"A"}"#.utf8), id: id(7), token: [9, 9]),
            content: content(#"{"score":"0-0"}"#), alert: ActivityAlert(title: "Kick-off", body: "A v B"), payloadSize: 200), at: t0)
        XCTAssertEqual(started, .delivered([id(7)]))
        XCTAssertEqual(board.record(id(7))?.pushToken, [9, 9])
        _ = try board.request(start(1, push: .channel("match-12")), extensionID: "Scores", at: t0)
        _ = try board.request(start(2, push: .channel("other")), extensionID: "Scores", at: t0)
        let update = ActivityPush(target: .channel("match-12"), event: .update, content: content(#"{"score":"1-0"}"#), payloadSize: 100)
        XCTAssertEqual(board.push(update, at: at(0.5)), .delivered([id(1)]))
        XCTAssertEqual(board.record(id(2))?.content.state, Array(#"{"stopsAway":3}"#.utf8), "another channel's activity is untouched")
        let end = ActivityPush(target: .activity(id(7)), event: .end, dismissalDate: at(1), payloadSize: 80)
        XCTAssertEqual(board.push(end, at: at(0.5)), .delivered([id(7)]))
        XCTAssertEqual(board.record(id(7))?.removedAt, at(1))
        let tooLarge = ActivityPush(target: .activity(id(1)), event: .update, content: content("{}"), payloadSize: 4097)
        guard case .refused = board.push(tooLarge, at: at(0.6)) else { return XCTFail() }
        guard case .refused = board.push(ActivityPush(target: .channel("nobody"), event: .update, content: content("{}")), at: at(0.6)) else {
            return XCTFail()
        }
    }

    // MARK: What shows

    func testTheIslandGoesToTheMostRelevantThenTheFirstStarted() throws {
        var board = ActivityBoard()
        _ = try board.request(start(1), extensionID: "Pizza", at: t0)
        XCTAssertEqual(board.island(at: t0), IslandArrangement(compact: id(1)))
        _ = try board.request(start(2), extensionID: "Taxi", at: at(0.1))
        XCTAssertEqual(board.island(at: at(0.1)), IslandArrangement(attached: id(1), detached: id(2)), "ties: the first started")
        board.apply(.update(id: id(2), content: content("{}", score: 100), alert: nil, timestamp: nil), at: at(0.2))
        XCTAssertEqual(board.island(at: at(0.2)), IslandArrangement(attached: id(2), detached: id(1)), "the more relevant")
        XCTAssertEqual(board.island(at: at(0.2)).placement(of: id(1)), "island-minimal")
        board.apply(.end(id: id(2), content: nil, dismissal: .standard, timestamp: nil), at: at(0.3))
        XCTAssertEqual(board.island(at: at(0.3)), IslandArrangement(compact: id(1)))
        XCTAssertEqual(board.lockScreen(at: at(0.3)).map(\.id), [id(2), id(1)])
    }

    func testPersonDismissalEndsAndRemoves() throws {
        var board = ActivityBoard()
        _ = try board.request(start(1), extensionID: "Pizza", at: t0)
        XCTAssertNotNil(board.dismiss(id(1), at: at(1)))
        XCTAssertEqual(board.record(id(1))?.state(at: at(1)), .dismissed)
        XCTAssertNil(board.dismiss(id(1), at: at(2)))
        XCTAssertEqual(rules(in: board.takeLog()), [.started, .dismissedByPerson])
    }
}
