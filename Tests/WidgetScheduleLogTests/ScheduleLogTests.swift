import Foundation
import WidgetScheduleLog
import WidgetScheduling
import XCTest

/// The decision log: each line as `JSONEncoder` would write it, streamed to a file in chunks.
final class ScheduleLogTests: XCTestCase {
    private func sample() -> [ScheduleEvent] {
        var rng = SystemRandomNumberGenerator()
        var events: [ScheduleEvent] = [
            ScheduleEvent(time: 0, instance: "w", cause: .initial, outcome: .exempt, budgetLeft: 70, detail: .timeline(entries: 4, policy: .atEnd)),
            ScheduleEvent(time: 2700, instance: "a/b \"quoted\" \\ é \u{2028}", cause: nil, outcome: .shown, budgetLeft: 0),
            ScheduleEvent(time: 1e-7, instance: "ctl\u{1}\u{8}\u{c}\n\r\t\u{1f}\u{7f}", cause: .appBackground, outcome: .deferred,
                          until: 1e20, budgetLeft: 3, detail: .budgetSpent),
            ScheduleEvent(time: 86_400.000_000_01, instance: "", cause: .policy, outcome: .resumed, until: 2.5e16, budgetLeft: -1),
        ]
        for i in 0..<500 {
            let time = Double.random(in: 0..<3e6, using: &rng)
            // Whole seconds, a few decimals (jittered times), and any double.
            let decimals = [10.0, 100, 1000, 10_000, 100_000][i % 5]
            let written = [time.rounded(), (time * decimals).rounded() / decimals, -(time * decimals).rounded() / decimals / 1e3, time][i % 4]
            events.append(ScheduleEvent(time: written, instance: "widget-\(i)",
                                        cause: ReloadCause.allCases.randomElement(using: &rng), outcome: .granted,
                                        until: i % 2 == 0 ? time + 300 : nil, budgetLeft: i % 71, detail: [nil, .failure("n=\(i) / \"x\""), .tooSoon, .joinsWaitingRequest, .timeline(entries: i, policy: .after(seconds: i * 7))][i % 5]))
        }
        return events
    }

    func testEachLineIsWhatJSONEncoderWrites() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for event in sample() {
            var line: [UInt8] = []
            ScheduleEventLine.append(event, to: &line)
            XCTAssertEqual(String(decoding: line, as: UTF8.self), String(decoding: try encoder.encode(event), as: UTF8.self) + "\n")
            XCTAssertEqual(try JSONDecoder().decode(ScheduleEvent.self, from: Data(line.dropLast())), event)
        }
    }

    func testAFileLogAppearsWholeOnlyWhenFinished() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("schedule-log-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("events.jsonl").path
        try Data("the earlier log\n".utf8).write(to: URL(fileURLWithPath: path))
        let events = sample()
        var expected: [UInt8] = []
        do {
            let file = try ScheduleLogFile(path: path, chunkSize: 3)
            for e in events {
                file.record(e)
                ScheduleEventLine.append(e, to: &expected)
            }
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "the earlier log\n", "not replaced before it is whole")
            // Dropped without finishing (an interrupted run): the earlier log stays, nothing is left behind.
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "the earlier log\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["events.jsonl"])

        let file = try ScheduleLogFile(path: path, chunkSize: 3)
        events.forEach(file.record)
        try file.finish()
        XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), expected)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["events.jsonl"])
    }

    func testALiveLogCanBeReadWhileItGrows() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("schedule-log-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("events.jsonl").path
        let file = try ScheduleLogFile(path: path, chunkSize: 1, inPlace: true)
        let event = ScheduleEvent(time: 5, instance: "w", cause: .policy, outcome: .granted, budgetLeft: 69)
        file.record(event)
        var line: [UInt8] = []
        ScheduleEventLine.append(event, to: &line)
        XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), line)
        try file.finish()
    }

    func testALogThatCannotBeOpenedSaysWhere() {
        XCTAssertThrowsError(try ScheduleLogFile(path: "/nonexistent-folder/events.jsonl")) { error in
            XCTAssertEqual("\(error)", "cannot write /nonexistent-folder/events.jsonl: open failed: No such file or directory")
        }
    }
}
