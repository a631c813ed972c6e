// The caffeine tracker's Live Activity: a caffeine session, started by the app when you log the first
// drink, counting down to when you are calm again. A button logs another espresso from the Lock Screen
// or the expanded island (a LiveActivityIntent, performed in this process, which updates the activity).
import ActivityKit
import AppIntents
import CaffeineShared
import SwiftUI
import WidgetKit

struct CaffeineSessionLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: CaffeineSessionAttributes.self) { context in
            CaffeineSessionView(context: context)
                .activityBackgroundTint(Color.crema)
                .activitySystemActionForegroundColor(.espresso)
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.leading) {
                    Label("\(Int(context.state.activeMilligrams.rounded())) mg", systemImage: "cup.and.saucer.fill")
                        .font(.headline)
                }
                DynamicIslandExpandedRegion(.trailing) {
                    Text("\(context.state.drinks) drink\(context.state.drinks == 1 ? "" : "s")")
                        .font(.caption)
                        .foregroundStyle(.secondary)
                }
                DynamicIslandExpandedRegion(.center) {
                    if context.isStale {
                        Text("Not updated lately").font(.caption)
                    } else {
                        Text("Calm in \(Text(timerInterval: Date()...max(Date(), context.state.calmAt)))").font(.caption)
                    }
                }
                DynamicIslandExpandedRegion(.bottom) {
                    LogAnotherEspressoButton()
                }
            } compactLeading: {
                Image(systemName: "cup.and.saucer.fill")
                    .foregroundStyle(.orange)
            } compactTrailing: {
                Text("\(Int(context.state.activeMilligrams.rounded()))")
                    .font(.caption)
            } minimal: {
                Text("\(Int(context.state.activeMilligrams.rounded()))")
                    .font(.caption2)
            }
            .keylineTint(.orange)
            .widgetURL(URL(string: "caffeine://session"))
        }
        .supplementalActivityFamilies([.small])
    }
}

struct CaffeineSessionView: View {
    let context: ActivityViewContext<CaffeineSessionAttributes>
    @Environment(\.activityFamily) private var family

    var body: some View {
        if family == .small {
            VStack(alignment: .leading, spacing: 2) {
                Label("\(Int(context.state.activeMilligrams.rounded())) mg", systemImage: "cup.and.saucer.fill")
                    .font(.headline)
                Text("calm \(context.state.calmAt, style: .time)")
                    .font(.caption2)
            }
            .foregroundColor(.espresso)
        } else {
            HStack(alignment: .center, spacing: 12) {
                Image(systemName: "cup.and.saucer.fill")
                    .font(.title)
                VStack(alignment: .leading, spacing: 2) {
                    Text("Caffeine session")
                        .font(.caption)
                    Text("\(Int(context.state.activeMilligrams.rounded())) mg active")
                        .font(.title2)
                        .bold()
                    if context.isStale {
                        Text("Not updated lately").font(.caption)
                    } else {
                        Text("\(context.state.lastDrink) · calm at \(context.state.calmAt, style: .time)").font(.caption)
                    }
                }
                Spacer()
                LogAnotherEspressoButton()
            }
            .foregroundColor(.espresso)
            .padding(14)
        }
    }
}

struct LogAnotherEspressoButton: View {
    var body: some View {
        Button(intent: LogEspressoToSessionIntent()) {
            Label("Espresso", systemImage: "plus")
                .font(.caption)
        }
        .tint(.espresso)
        .id("session-espresso")
    }
}

/// Logs an espresso from the Live Activity: kept in the drinks log, and the session updated.
struct LogEspressoToSessionIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "Log an espresso"

    init() {}

    func perform() async throws -> some IntentResult {
        let now = Date()
        try DrinkStore.shared.log(DrinkLog(name: "Espresso", milligrams: 64, date: now))
        for activity in Activity<CaffeineSessionAttributes>.activities {
            let state = CaffeineMath.adding("Espresso", milligrams: 64, to: activity.content.state, at: now)
            await activity.update(ActivityContent(state: state, staleDate: now.addingTimeInterval(2 * 3600), relevanceScore: state.activeMilligrams))
        }
        FileHandle.standardError.write(Data("CaffeineTracker[\(getpid())]: logged an espresso from the Live Activity\n".utf8))
        return .result()
    }
}

#Preview("Caffeine session", as: .content, using: CaffeineSessionAttributes(startedAt: Date(timeIntervalSince1970: 1_763_712_000))) {
    CaffeineSessionLiveActivity()
} contentStates: {
    CaffeineMath.adding("Espresso", milligrams: 64, to: nil, at: Date(timeIntervalSince1970: 1_763_712_000))
    CaffeineMath.adding("Latte", milligrams: 96, to: CaffeineMath.adding("Espresso", milligrams: 64, to: nil,
                                                                         at: Date(timeIntervalSince1970: 1_763_712_000)),
                        at: Date(timeIntervalSince1970: 1_763_715_600))
}
