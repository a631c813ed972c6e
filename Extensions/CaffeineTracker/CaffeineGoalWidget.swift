// A configurable widget: how much of your daily caffeine limit you have had. The limit is a
// parameter of the widget's configuration intent; on the watch, where there is no configuration UI,
// the recommendations offer two ready-made limits.
import AppIntents
import SwiftUI
import WidgetKit

struct CaffeineGoalIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Caffeine limit"
    static let description = IntentDescription("Your daily caffeine limit.")

    @Parameter(title: "Daily limit (mg)", default: 400)
    var limit: Int

    init() {}
    init(limit: Int) { self.limit = limit }
}

struct GoalEntry: TimelineEntry {
    let date: Date
    let total: Double
    let limit: Int
}

struct GoalProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> GoalEntry { GoalEntry(date: Date(), total: 128, limit: 400) }

    func snapshot(for configuration: CaffeineGoalIntent, in context: Context) async -> GoalEntry {
        GoalEntry(date: Date(), total: 128, limit: configuration.limit)
    }

    func timeline(for configuration: CaffeineGoalIntent, in context: Context) async -> Timeline<GoalEntry> {
        let now = Date()
        let today = DrinkStore.shared.logs().filter { $0.date > now.addingTimeInterval(-24 * 3600) && $0.date <= now }
        let entry = GoalEntry(date: now, total: today.reduce(0) { $0 + $1.milligrams }, limit: configuration.limit)
        return Timeline(entries: [entry], policy: .after(now.addingTimeInterval(3600)))
    }

    func recommendations() -> [AppIntentRecommendation<CaffeineGoalIntent>] {
        [AppIntentRecommendation(intent: CaffeineGoalIntent(limit: 400), description: "400 mg a day"),
         AppIntentRecommendation(intent: CaffeineGoalIntent(limit: 200), description: "200 mg a day")]
    }
}

struct CaffeineGoalView: View {
    let entry: GoalEntry
    @Environment(\.widgetFamily) private var family

    var body: some View {
        let limit = Double(max(entry.limit, 1))
        if family == .accessoryCircular {
            Gauge(value: min(entry.total, limit), in: 0...limit) {
                Text("mg")
            } currentValueLabel: {
                Text("\(Int(entry.total))")
            }
            .gaugeStyle(.accessoryCircular)
            .widgetAccentable()
        } else {
            VStack(alignment: .leading, spacing: 6) {
                Text("Daily limit").font(.caption)
                Text("\(Int(entry.total)) of \(entry.limit) mg")
                    .font(.headline)
                    .minimumScaleFactor(0.7)
                ProgressView(value: min(entry.total, limit), total: limit)
                    .tint(entry.total > limit ? .red : .orange)
            }
            .containerBackground(for: .widget) { Color.crema }
        }
    }
}

struct CaffeineGoalWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "CaffeineGoal", intent: CaffeineGoalIntent.self, provider: GoalProvider()) { entry in
            CaffeineGoalView(entry: entry)
        }
        .configurationDisplayName("Caffeine limit")
        .description("How much of your daily limit you have had.")
        .supportedFamilies([.systemSmall, .accessoryCircular])
    }
}
