// A SiriKit-era configurable widget: `SelectTripIntent` and `TripStyle` are the classes Xcode
// generates from TripIntents.intentdefinition, which is not in the source.
import Intents
import SwiftUI
import WidgetKit

struct ChosenTripEntry: TimelineEntry {
    let date: Date
    let configuration: SelectTripIntent
}

struct ChosenTripProvider: IntentTimelineProvider {
    func placeholder(in context: Context) -> ChosenTripEntry { ChosenTripEntry(date: Date(), configuration: SelectTripIntent()) }

    func getSnapshot(for configuration: SelectTripIntent, in context: Context, completion: @escaping (ChosenTripEntry) -> Void) {
        completion(ChosenTripEntry(date: Date(), configuration: configuration))
    }

    func getTimeline(for configuration: SelectTripIntent, in context: Context, completion: @escaping (Timeline<ChosenTripEntry>) -> Void) {
        completion(Timeline(entries: [ChosenTripEntry(date: Date(), configuration: configuration)], policy: .never))
    }
}

struct ChosenTripWidget: Widget {
    /// How many changes a listener registered with `#selector` hears.
    static func feedChanges() -> Int {
        let center = NotificationCenter()
        let listener = TripFeedListener(center: center)
        center.post(name: .tripFeedChanged, object: nil)
        return listener.changes
    }

    /// What a key-value observer of a player item hears when the item is played.
    static func clipStatus() -> String {
        let heard = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var status = "no answer"
        let thumbnailer = TripClipThumbnailer { answer in
            status = answer
            heard.signal()
        }
        thumbnailer.start(url: URL(fileURLWithPath: "/trips/porto.m3u8"))
        _ = heard.wait(timeout: .now() + 5)
        return status
    }

    /// The destinations the widget ships with, read from its bundle as the app reads them.
    static var destinations: [String] {
        guard let url = Bundle.main.url(forResource: "Destinations", withExtension: "json"), let data = try? Data(contentsOf: url) else { return [] }
        return (try? JSONDecoder().decode([String].self, from: data)) ?? []
    }


    var body: some WidgetConfiguration {
        IntentConfiguration(kind: "ChosenTrip", intent: SelectTripIntent.self, provider: ChosenTripProvider()) { entry in
            VStack {
                Text("Chosen: \(entry.configuration.tripName ?? "none")")
                Text(entry.configuration.style == .detailed ? "detailed view" : "compact view")
                Text("\(entry.configuration.daysAhead?.intValue ?? 0) days ahead")
                Text("next: \(TripFeed.names(in: TripFeed.stored).joined(separator: ", "))")
                    .foregroundStyle(Color.Palette.dusk)
                Text("\(Bundle.main.object(forInfoDictionaryKey: "CFBundleDisplayName") as? String ?? "?") in \(Bundle.main.object(forInfoDictionaryKey: "TripAppGroup") as? String ?? "no group")")
                Text(String(format: NSLocalizedString("destinations.count", comment: ""), Self.destinations.count))
                Text(String.localizedStringWithFormat(NSLocalizedString("trips.count", comment: ""), 2))
                Text("key \(TripSecrets.feedKey)")
                Text("\(Self.feedChanges()) feed change")
                Text(Self.clipStatus())
            }
            .font(.system(size: 9))
            .containerBackground(Color(.brand).opacity(0.2), for: .widget)
        }
        .configurationDisplayName("Chosen trip")
        .supportedFamilies([.systemSmall, .systemLarge])
    }
}
