// A step counter: today's steps against a goal, and a button that logs a walk. The walk's intent runs
// in this process and persists to the extension's data folder; the host then reloads the timeline.
import AppIntents
import Foundation
import SwiftUI
import WidgetKit

@main
struct StepCounterWidgets: WidgetBundle {
    var body: some Widget { StepCounterWidget() }
}

struct StepCounterWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "StepCounter", provider: StepProvider()) { entry in
            StepCounterView(entry: entry)
        }
        .configurationDisplayName("Steps")
        .description("Today's steps, and a walk logged with one tap.")
        .supportedFamilies([.systemSmall, .accessoryRectangular])
    }
}

struct StepEntry: TimelineEntry {
    let date: Date
    let steps: Int
    static let goal = 8000
}

struct StepProvider: TimelineProvider {
    func placeholder(in context: Context) -> StepEntry { StepEntry(date: Date(), steps: 4200) }

    func getSnapshot(in context: Context, completion: @escaping (StepEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<StepEntry>) -> Void) {
        // Steps change when a walk is logged; otherwise look again in an hour.
        let entry = StepEntry(date: Date(), steps: StepLog.shared.steps())
        completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(3600))))
    }
}

struct StepCounterView: View {
    let entry: StepEntry
    @Environment(\.widgetFamily) private var family

    var body: some View {
        if family == .accessoryRectangular {
            Text("\(entry.steps) steps").font(.headline).id("steps")
        } else {
            VStack(alignment: .leading, spacing: 8) {
                Text("Steps").font(.caption).foregroundStyle(.secondary)
                Text("\(entry.steps)")
                    .font(.title)
                    .contentTransition(.numericText(value: Double(entry.steps)))
                    .id("steps")
                ProgressView(value: Double(min(entry.steps, StepEntry.goal)), total: Double(StepEntry.goal))
                Button(intent: LogWalkIntent(steps: 1000)) {
                    Text("+1000")
                }
                .id("log-walk")
            }
            .containerBackground(.background, for: .widget)
        }
    }
}

/// Adds a walk's steps. Only `steps` is persisted in the archive.
struct LogWalkIntent: AppIntent {
    static let title: LocalizedStringResource = "Log a walk"

    @Parameter(title: "Steps")
    var steps: Int

    init() {}
    init(steps: Int) { self.steps = steps }

    func perform() async throws -> some IntentResult {
        try StepLog.shared.add(steps)
        return .result()
    }
}

/// Today's steps, kept in the extension's data folder (`WIDGET_EXTENSION_DATA`).
// `@unchecked Sendable`: the count is only read and written with `lock` held.
final class StepLog: @unchecked Sendable {
    static let shared = StepLog()
    private let lock = NSLock()
    private let file = ProcessInfo.processInfo.environment["WIDGET_EXTENSION_DATA"].map {
        URL(fileURLWithPath: $0).appendingPathComponent("steps.txt")
    }

    func steps() -> Int {
        lock.withLock {
            file.flatMap { try? String(contentsOf: $0, encoding: .utf8) }.flatMap { Int($0) } ?? 4200
        }
    }

    func add(_ steps: Int) throws {
        try lock.withLock {
            let now = (file.flatMap { try? String(contentsOf: $0, encoding: .utf8) }.flatMap { Int($0) } ?? 4200) + steps
            if let file { try String(now).write(to: file, atomically: true, encoding: .utf8) }
        }
    }
}
