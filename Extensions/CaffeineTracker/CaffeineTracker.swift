// The bundled example extension: a caffeine tracker. It shows the caffeine still in your system
// (half-life five hours), hour by hour for the next nine hours, how long ago the last drink was (a
// date-driven text the host keeps current by itself), and a button that logs an espresso through an
// App Intent performed in this process.
import AppIntents
import SwiftUI
import WidgetKit

@main
struct CaffeineWidgets: WidgetBundle {
    var body: some Widget {
        CaffeineTrackerWidget()
        CaffeineGoalWidget()
        LogEspressoControl()
        DecafModeControl()
        CaffeineSessionLiveActivity()
    }

    static var urlSchemes: [String] { ["caffeine"] }
}

struct CaffeineTrackerWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "CaffeineTracker", provider: CaffeineProvider()) { entry in
            CaffeineTrackerView(entry: entry)
        }
        .configurationDisplayName("Caffeine")
        .description("Caffeine in your system, and a button to log an espresso.")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryRectangular, .accessoryCircular, .accessoryInline])
        .pushHandler(CaffeinePushHandler.self)
    }
}

/// Told of the widget push token: an app would send it to its server, which pushes when a drink is
/// logged elsewhere (a watch, another phone). Here it is kept in the data folder and logged.
struct CaffeinePushHandler: WidgetPushHandler {
    func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo]) {
        let hex = pushInfo.token.map { String(format: "%02x", $0) }.joined()
        DrinkStore.shared.savePushToken(hex)
        FileHandle.standardError.write(Data("CaffeineTracker[\(getpid())]: push token \(hex.prefix(8))… for \(widgets.count) widget(s)\n".utf8))
    }
}

struct CaffeineEntry: TimelineEntry {
    let date: Date
    /// Milligrams still active at `date`.
    let activeMilligrams: Double
    /// Milligrams logged today.
    let totalMilligrams: Double
    let lastDrink: DrinkLog?
}

struct CaffeineProvider: TimelineProvider {
    func placeholder(in context: Context) -> CaffeineEntry {
        CaffeineEntry(date: Date(), activeMilligrams: 96, totalMilligrams: 128, lastDrink: nil)
    }

    func getSnapshot(in context: Context, completion: @escaping (CaffeineEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<CaffeineEntry>) -> Void) {
        let now = Date()
        let logs = DrinkStore.shared.logs()
        let today = logs.filter { $0.date > now.addingTimeInterval(-24 * 3600) && $0.date <= now }
        let entries = (0...9).map { hour -> CaffeineEntry in
            let date = now.addingTimeInterval(Double(hour) * 3600)
            return CaffeineEntry(
                date: date, activeMilligrams: Caffeine.active(logs: today, at: date),
                totalMilligrams: today.reduce(0) { $0 + $1.milligrams }, lastDrink: today.last)
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

extension Color {
    static let espresso = Color(red: 0.35, green: 0.22, blue: 0.13)
    static let crema = Color(red: 0.98, green: 0.95, blue: 0.88)
}

struct CaffeineTrackerView: View {
    let entry: CaffeineEntry
    @Environment(\.widgetFamily) private var family

    var body: some View {
        switch family {
        case .accessoryInline:
            Text("☕︎ \(Int(entry.activeMilligrams.rounded())) mg active")
        case .accessoryCircular:
            ZStack {
                AccessoryWidgetBackground()
                VStack(spacing: 0) {
                    Text("\(Int(entry.activeMilligrams.rounded()))")
                        .font(.headline)
                        .widgetAccentable()
                    Text("mg").font(.caption2)
                }
            }
        case .accessoryRectangular:
            VStack(alignment: .leading) {
                Text("Caffeine").font(.headline).widgetAccentable()
                Text("\(Int(entry.activeMilligrams.rounded())) mg active")
                if let last = entry.lastDrink {
                    Text("\(last.name) \(last.date, style: .relative) ago")
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .containerBackground(for: .widget) { Color.crema }
        default:
            HStack(alignment: .top) {
                CaffeineSummaryView(entry: entry)
                if family == .systemMedium {
                    Spacer()
                    LogEspressoButton()
                }
            }
            .containerBackground(for: .widget) { Color.crema }
        }
    }
}

struct CaffeineSummaryView: View {
    let entry: CaffeineEntry
    @Environment(\.widgetFamily) private var family

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text("Total Caffeine")
                .font(.caption)
            Text("\(Int(entry.totalMilligrams.rounded())) mg")
                .font(.title)
                .minimumScaleFactor(0.8)
                .contentTransition(.numericText(value: entry.totalMilligrams))
                .invalidatableContent()
                .id("total")
            Text("\(Int(entry.activeMilligrams.rounded())) mg active")
                .font(.caption2)
                .foregroundStyle(.secondary)
            Spacer(minLength: 0)
            if let last = entry.lastDrink {
                // A new drink pushes in from the bottom: a new identity each time one is logged.
                VStack(alignment: .leading) {
                    Text(last.name).bold()
                    Text(last.date, style: .relative)
                }
                .font(.caption)
                .privacySensitive()
                .id("last-drink-\(Int(last.date.timeIntervalSince1970))")
                .transition(.push(from: .bottom))
            } else {
                Text("No drinks yet").font(.caption)
            }
            if family == .systemSmall {
                LogEspressoButton()
            }
        }
        .foregroundColor(.espresso)
        .frame(maxWidth: .infinity, alignment: .leading)
        .animation(.smooth(duration: 1.8), value: entry.totalMilligrams)
    }
}

struct LogEspressoButton: View {
    var body: some View {
        Button(intent: LogDrinkIntent(drink: "Espresso", milligrams: 64)) {
            Label("Espresso", systemImage: "plus")
                .font(.caption)
        }
        .tint(.espresso)
        .id("log-espresso")
    }
}

/// Logs a drink. Only its `@Parameter`s travel in the archive; it runs in this process when tapped.
struct LogDrinkIntent: AppIntent {
    static let title: LocalizedStringResource = "Log a drink"
    static let description = IntentDescription("Log a drink and its caffeine.")

    @Parameter(title: "Drink")
    var drink: String

    @Parameter(title: "Milligrams")
    var milligrams: Double

    init() {}

    init(drink: String, milligrams: Double) {
        self.drink = drink
        self.milligrams = milligrams
    }

    func perform() async throws -> some IntentResult {
        try DrinkStore.shared.log(DrinkLog(name: drink, milligrams: milligrams, date: Date()))
        FileHandle.standardError.write(Data("CaffeineTracker[\(getpid())]: logged \(drink) (\(Int(milligrams)) mg)\n".utf8))
        return .result()
    }
}

// The seed's example of a widget coming to life: step through these entries in `widget-host preview`
// (or Xcode's canvas) and the total rolls up, the newest drink pushes in from the bottom, and the
// older content moves, all with the smooth 1.8 s animation the view asks for.
#Preview(as: .systemSmall) {
    CaffeineTrackerWidget()
} timeline: {
    let morning = Date(timeIntervalSince1970: 1_763_712_000)
    CaffeineEntry(date: morning, activeMilligrams: 0, totalMilligrams: 0, lastDrink: nil)
    CaffeineEntry(date: morning.addingTimeInterval(600), activeMilligrams: 64, totalMilligrams: 64,
                  lastDrink: DrinkLog(name: "Espresso", milligrams: 64, date: morning.addingTimeInterval(600)))
    CaffeineEntry(date: morning.addingTimeInterval(3600), activeMilligrams: 150, totalMilligrams: 160,
                  lastDrink: DrinkLog(name: "Latte", milligrams: 96, date: morning.addingTimeInterval(3600)))
}
