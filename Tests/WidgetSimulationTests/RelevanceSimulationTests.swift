import Foundation
import LiveActivities
import SmartStack
import WidgetHostCore
import WidgetProtocol
import WidgetSimulation
import XCTest

/// A scenario's Smart Stacks and Live Activity pushes, played over its days.
final class RelevanceSimulationTests: XCTestCase {
    let start = Date(timeIntervalSince1970: 1_800_000_000 - 1_800_000_000.truncatingRemainder(dividingBy: 86_400))

    func scenario(_ json: String) throws -> Scenario {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        return try Scenario.load(path: path.path)
    }

    func testPushesBeyondTheBudgetAreThrottledAndTheActivityEndsAfterEightHours() throws {
        let s = try scenario("""
        { "instances": [ { "id": "w" } ],
          "activities": [ { "id": "delivery", "app": "Pizza", "start": 3600,
                            "pushes": [ { "every": 300, "from": 3600, "to": 7200 },
                                        { "every": 600, "from": 7200, "to": 10800, "priority": 5 } ] } ],
          "liveActivities": { "pushBudgetPerHour": 6, "lowPriorityMinutes": 10 } }
        """)
        let result = ActivityPushSimulation.run(s, start: start, days: 1)
        let totals = try XCTUnwrap(result.totals["delivery"])
        XCTAssertEqual(totals.pushes, 18, "12 at priority 10 in the first hour, 6 at priority 5 in the next")
        XCTAssertEqual(totals.delivered, 6, "the hour's budget")
        XCTAssertEqual(totals.throttled, 6)
        XCTAssertEqual(totals.lowPriority, 6)
        XCTAssertEqual(totals.endedBy, "lifetimeLimit")
        XCTAssertEqual(totals.endedAt, start.addingTimeInterval(3600 + 8 * 3600))
        XCTAssertTrue(ActivityPushSimulation.text(result, scenario: s, start: start).contains("6 delivered at once, 6 throttled to priority 5"))
    }

    func testAWatchStackFollowsTheDaysSituationsCluesAndLiveActivities() throws {
        let s = try scenario("""
        { "instances": [
            { "id": "weather" },
            { "id": "gym", "clues": [ { "context": "fitness", "condition": "workoutActive" } ] },
            { "id": "agenda", "relevanceOnly": true,
              "clues": [ { "context": "date", "from": 32400, "to": 34200, "kind": "scheduled" } ] } ],
          "stacks": [ { "id": "watch", "platform": "watchOS", "members": ["weather", "gym", "agenda"] } ],
          "situations": [ { "from": 64800, "to": 68400, "fitness": ["workoutActive"] } ],
          "activities": [ { "id": "delivery", "start": 43200, "end": 45000 } ] }
        """)
        let activities = ActivityPushSimulation.run(s, start: start, days: 1)
        let names = Dictionary(uniqueKeysWithValues: activities.ids.map { ($0.value, $0.key) })
        let result = StackSimulation.run(s, start: start, days: 1, activities: activities.board, activityNames: names)
        let spans = try XCTUnwrap(result.spans["watch"])
        func top(at seconds: Double) -> String? {
            spans.first { $0.start <= start.addingTimeInterval(seconds) && start.addingTimeInterval(seconds) < $0.end }?.top
        }
        XCTAssertEqual(top(at: 3600), "weather", "nothing relevant: the person's top")
        XCTAssertEqual(top(at: 33000), "agenda", "its scheduled date")
        XCTAssertEqual(top(at: 44000), "delivery", "a running Live Activity")
        XCTAssertEqual(top(at: 66000), "gym", "the workout")
        XCTAssertEqual(top(at: 80000), "weather")
        XCTAssertEqual(spans.reduce(0) { $0 + $1.end.timeIntervalSince($1.start) }, 86_400, "the whole day, in spans")
        let text = StackSimulation.text(result, scenario: s, start: start)
        XCTAssertTrue(text.contains("agenda: date relevance (scheduled)"), text)
    }

    func testAnIOSStackRotatesUpByEntryRelevance() throws {
        let s = try scenario("""
        { "instances": [
            { "id": "photos" },
            { "id": "commute", "relevance": [ { "from": 28800, "to": 32400, "score": 90, "daily": true } ] } ],
          "stacks": [ { "id": "home", "members": ["photos", "commute"] } ] }
        """)
        let result = StackSimulation.run(s, start: start, days: 2, activities: nil)
        let spans = try XCTUnwrap(result.spans["home"]).filter { $0.top == "commute" }
        XCTAssertEqual(spans.map { $0.start.timeIntervalSince(start) }, [28800, 86_400 + 28800])
        XCTAssertEqual(spans.map { $0.end.timeIntervalSince($0.start) }, [3600, 3600])
    }

    func testAScenarioWithBadRelevanceIsRefusedWithTheReason() {
        XCTAssertThrowsError(try scenario(#"{ "instances": [ { "id": "w" } ], "stacks": [ { "id": "s", "members": ["nobody"] } ] }"#)) {
            XCTAssertTrue("\($0)".contains("stack s: unknown instance nobody"), "\($0)")
        }
        XCTAssertThrowsError(try scenario(#"{ "instances": [ { "id": "w" } ], "activities": [ { "id": "a", "start": 0, "pushes": [ { "every": 0.5, "from": 0, "to": 10 } ] } ] }"#)) {
            XCTAssertTrue("\($0)".contains("at least 1 second"), "\($0)")
        }
        XCTAssertThrowsError(try scenario(#"{ "instances": [ { "id": "w", "clues": [ { "context": "mood" } ] } ] }"#)) {
            XCTAssertTrue("\($0)".contains("context is date, location"), "\($0)")
        }
    }
}
