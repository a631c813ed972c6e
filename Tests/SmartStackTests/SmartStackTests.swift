import Foundation
import SmartStack
import WidgetProtocol
import XCTest

final class SmartStackTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    func at(_ minutes: Double) -> Date { t0.addingTimeInterval(minutes * 60) }

    func testOnIOSTheCurrentEntrysRelativeScoreDecidesForItsDuration() {
        var stack = SmartStack(platform: .iOS, members: [
            .init(id: "weather", entries: [(t0, 10, 0), (at(60), 10, 0)]),
            .init(id: "calendar", entries: [(t0, 0, 0), (at(30), 50, 20 * 60), (at(120), 0, 0)]),
        ])
        XCTAssertEqual(stack.choose(at: at(5), situation: Situation()).top, "weather", "a score of 0 never rotates up")
        let meeting = stack.choose(at: at(31), situation: Situation())
        XCTAssertEqual(meeting.top, "calendar")
        XCTAssertTrue(meeting.reason.contains("relevance 50"), meeting.reason)
        // After its 20 minutes the calendar's relevance ends (and with it the hold).
        XCTAssertEqual(stack.choose(at: at(55), situation: Situation()).top, "weather")
    }

    func testScoresAreRelativeToEachWidgetsOwnHighest() {
        var stack = SmartStack(platform: .iOS, members: [
            .init(id: "weather", entries: [(t0, 70, 0), (at(10), 70, 0)]),
            .init(id: "steps", entries: [(t0, 1000, 0), (at(10), 500, 0)]),
            .init(id: "news", entries: [(t0, 2, 0), (at(10), 8, 0)]),
        ])
        stack.holdTime = 0
        XCTAssertEqual(stack.choose(at: at(1), situation: Situation()).top, "steps", "100 % of its highest against news' 25 %")
        XCTAssertEqual(stack.choose(at: at(11), situation: Situation()).top, "news", "50 % against 100 %")
        XCTAssertNotEqual(stack.choose(at: at(11), situation: Situation()).top, "weather", "always 70: never rotated up by it")
    }

    func testOnWatchOSCluesMatchTheSituationAndGroupsShowOneMember() {
        let work = RelevanceClue(context: .location("work"))
        let workout = RelevanceClue(context: .fitness("workoutActive"), group: "fitness")
        let rings = RelevanceClue(context: .fitness("workoutActive"), group: "fitness")
        let meeting = RelevanceClue(context: .date(start: at(60), end: at(90), kind: 2))
        var stack = SmartStack(platform: .watchOS, members: [
            .init(id: "weather"),
            .init(id: "commute", clues: [work]),
            .init(id: "workout", clues: [workout]),
            .init(id: "rings", clues: [rings]),
            .init(id: "agenda", clues: [meeting], relevanceOnly: true),
        ])
        stack.holdTime = 0
        XCTAssertEqual(stack.choose(at: at(0), situation: Situation()).top, "weather", "nothing relevant: the person's top")
        XCTAssertEqual(stack.choose(at: at(10), situation: Situation(location: "work")).top, "commute")
        let exercising = stack.choose(at: at(20), situation: Situation(fitness: ["workoutActive"]))
        XCTAssertEqual(exercising.top, "workout", "of a group, one member: the first")
        let scheduled = stack.choose(at: at(61), situation: Situation(location: "work"))
        XCTAssertEqual(scheduled.top, "agenda", "a scheduled date (1.0) above a place (0.9)")
        XCTAssertTrue(scheduled.reason.contains("scheduled"), scheduled.reason)
        XCTAssertEqual(stack.choose(at: at(61), situation: Situation(), liveActivities: ["Delivery"]).top, "Delivery",
                       "a running Live Activity tops the watch's stack")
    }

    func testARotatedWidgetIsHeldUnlessItsRelevanceEnds() {
        var stack = SmartStack(platform: .watchOS, members: [
            .init(id: "a", clues: [RelevanceClue(context: .date(start: at(0), end: at(60), kind: 0))]),
            .init(id: "b", clues: [RelevanceClue(context: .date(start: at(5), end: at(60), kind: 2))]),
        ])
        XCTAssertEqual(stack.choose(at: at(1), situation: Situation()).top, "a")
        let held = stack.choose(at: at(6), situation: Situation())
        XCTAssertEqual(held.top, "a", "b is more relevant, but a was rotated up 5 minutes ago")
        XCTAssertTrue(held.reason.contains("held"), held.reason)
        XCTAssertEqual(stack.choose(at: at(16), situation: Situation()).top, "b")
    }
}
