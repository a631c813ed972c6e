import Foundation
import WidgetProtocol
import WidgetScheduling
import XCTest

/// The decisions themselves, one request at a time, without a simulator or a host around them.
final class ReloadSchedulerTests: XCTestCase {
    let start = Date(timeIntervalSince1970: 1_763_683_200)
    var log = ScheduleRecorder()

    private func scheduler(budget: Int, minimumInterval: TimeInterval = 300) -> ReloadScheduler {
        log = ScheduleRecorder()
        var s = ReloadScheduler(start: start, minimumInterval: minimumInterval, log: log)
        _ = s.addInstance(id: "w", dailyBudget: budget)
        return s
    }

    private func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }
    private let oneEntry = Result<ScheduledTimeline, any Error>.success(ScheduledTimeline(entryDates: [], policy: .never))

    /// A reconfigured host puts a new instance in a stopped one's place: the newcomer starts with a
    /// whole budget, under its own id, and the stopped one's waiting request does not wake it.
    func testAReplacedInstanceStartsAfreshAndIsNotWokenForTheOneBefore() throws {
        var s = scheduler(budget: 1)
        XCTAssertEqual(s.request(0, cause: .policy, at: at(0)), .reload(.granted))
        guard case .deferred(let waiting) = s.request(0, cause: .appBackground, at: at(10)) else { return XCTFail("not deferred") }
        s.replaceInstance(0, id: "newcomer", dailyBudget: 3)
        XCTAssertEqual(s.id(of: 0), "newcomer")
        XCTAssertEqual(s.instanceCount, 1, "in place, not added")
        XCTAssertEqual(s.budgetLeft(0, at: at(20)), 3)
        XCTAssertNil(s.deferredUntil(0))
        XCTAssertFalse(s.isCurrent(waiting), "the stopped instance's wake")
        XCTAssertNil(s.wake(waiting, at: waiting.date))
        XCTAssertEqual(s.request(0, cause: .appBackground, at: at(30)), .reload(.granted))
    }

    func testCountedRequestsSpendTheBudgetAndExemptOnesDoNot() {
        var s = scheduler(budget: 2)
        XCTAssertEqual(s.request(0, cause: .appBackground, at: at(0)), .reload(.granted))
        XCTAssertEqual(s.budgetLeft(0, at: at(0)), 1)
        XCTAssertEqual(s.request(0, cause: .interaction, at: at(10)), .reload(.exempt))
        XCTAssertEqual(s.request(0, cause: .appForeground, at: at(20)), .reload(.exempt))
        XCTAssertEqual(s.budgetLeft(0, at: at(20)), 1)
        XCTAssertEqual(s.request(0, cause: .policy, at: at(400)), .reload(.granted))
        XCTAssertEqual(s.budgetLeft(0, at: at(400)), 0)
    }

    func testARequestOverBudgetWaitsUntilTheWindowRollsThenRuns() throws {
        var s = scheduler(budget: 1)
        XCTAssertEqual(s.request(0, cause: .policy, at: at(100)), .reload(.granted))
        guard case .deferred(let wake) = s.request(0, cause: .appBackground, at: at(1000)) else { return XCTFail("not deferred") }
        XCTAssertEqual(wake.date, at(100 + 86_400), "when the first reload leaves the 24-hour window")
        XCTAssertEqual(wake.kind, .resume)
        XCTAssertEqual(log.events.last?.outcome, .deferred)
        XCTAssertEqual(log.events.last?.until, 100 + 86_400)
        XCTAssertEqual(log.events.last?.detail, .budgetSpent)
        XCTAssertEqual(s.deferredUntil(0), wake.date)
        let resumed = try XCTUnwrap(s.wake(wake))
        XCTAssertEqual(resumed.decision, .reload(.resumed))
        XCTAssertEqual(resumed.cause, .policy)
        XCTAssertEqual(s.budgetLeft(0, at: wake.date), 0, "a resumed reload is counted")
        XCTAssertNil(s.deferredUntil(0))
        XCTAssertNil(s.wake(wake), "a wake is delivered once")
    }

    func testTheMinimumIntervalSeparatesCountedReloadsOnly() {
        var s = scheduler(budget: 10)
        XCTAssertEqual(s.request(0, cause: .appBackground, at: at(0)), .reload(.granted))
        XCTAssertEqual(s.request(0, cause: .interaction, at: at(10)), .reload(.exempt), "exempt reloads are never held back")
        guard case .deferred(let wake) = s.request(0, cause: .appBackground, at: at(60)) else { return XCTFail("not deferred") }
        XCTAssertEqual(wake.date, at(300))
        XCTAssertEqual(log.events.last?.detail, .tooSoon)
    }

    func testARequestWhileOneWaitsJoinsIt() {
        var s = scheduler(budget: 10)
        _ = s.request(0, cause: .appBackground, at: at(0))
        guard case .deferred(let wake) = s.request(0, cause: .appBackground, at: at(60)) else { return XCTFail("not deferred") }
        XCTAssertEqual(s.request(0, cause: .policy, at: at(120)), .joined(until: wake.date))
        XCTAssertEqual(log.events.last?.detail, .joinsWaitingRequest)
        XCTAssertEqual(s.wake(wake)?.decision, .reload(.resumed))
        XCTAssertEqual(s.budgetLeft(0, at: at(300)), 8, "two counted reloads, not three")
    }

    func testAnExemptReloadSatisfiesAWaitingRequest() {
        var s = scheduler(budget: 0)
        guard case .deferred(let wake) = s.request(0, cause: .appBackground, at: at(0)) else { return XCTFail("not deferred") }
        XCTAssertEqual(wake.date, .distantFuture, "a budget of zero never comes back")
        XCTAssertEqual(s.request(0, cause: .interaction, at: at(10)), .reload(.exempt))
        XCTAssertNil(s.deferredUntil(0))
        XCTAssertNil(s.wake(wake), "the waiting request was satisfied")
    }

    func testThePolicyAsksForTheNextReloadAndANewerTimelineReplacesTheAsk() throws {
        var s = scheduler(budget: 10)
        let first = try XCTUnwrap(s.reloaded(0, cause: .initial, outcome: .exempt, at: at(0),
                                             result: .success(ScheduledTimeline(entryDates: [at(0), at(900)], policy: .atEnd))))
        XCTAssertEqual(first.date, at(900))
        XCTAssertEqual(first.kind, .policyDue)
        XCTAssertEqual(log.events.last?.detail?.description, "2 entries, policy atEnd")
        let second = try XCTUnwrap(s.reloaded(0, cause: .interaction, outcome: .exempt, at: at(100),
                                              result: .success(ScheduledTimeline(entryDates: [at(100)], policy: .after(at(700))))))
        XCTAssertEqual(second.date, at(700))
        XCTAssertEqual(log.events.last?.detail?.description, "1 entries, policy after +700s")
        XCTAssertNil(s.wake(first), "the older timeline's ask is obsolete")
        XCTAssertEqual(s.wake(second)?.decision, .reload(.granted))
        XCTAssertNil(s.reloaded(0, cause: .policy, outcome: .granted, at: at(700), result: oneEntry), "never asks for nothing")
    }

    func testAFailedReloadIsLoggedAndTriedAgainAfterTheMinimumInterval() throws {
        struct Broken: Error, CustomStringConvertible { var description: String { "extension crashed" } }
        var s = scheduler(budget: 10)
        let retry = try XCTUnwrap(s.reloaded(0, cause: .policy, outcome: .granted, at: at(50), result: .failure(Broken())))
        XCTAssertEqual(log.events.last?.outcome, .failed)
        XCTAssertEqual(log.events.last?.detail, .failure("extension crashed"))
        XCTAssertEqual(retry.date, at(350))
        XCTAssertEqual(s.wake(retry)?.cause, .policy)
    }

    func testALateWakeIsDecidedAtTheTimeItIsDelivered() throws {
        var s = scheduler(budget: 1)
        let due = try XCTUnwrap(s.reloaded(0, cause: .initial, outcome: .exempt, at: at(0),
                                           result: .success(ScheduledTimeline(entryDates: [], policy: .after(at(600))))))
        XCTAssertEqual(s.wake(due, at: at(605))?.decision, .reload(.granted))
        guard case .deferred(let wake) = s.request(0, cause: .appBackground, at: at(700)) else { return XCTFail("not deferred") }
        XCTAssertEqual(wake.date, at(605 + 86_400), "the budget was spent when the reload ran")
    }
}
