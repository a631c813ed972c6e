// The two ways widgets are configured: App Intents (with an enum parameter, an options provider and a
// parameter summary) and the SiriKit-era INIntent that shipping widgets still carry.
import AppIntents
import Intents
import SwiftUI
import WidgetKit

// MARK: App Intents

enum TravelMode: String, AppEnum {
    case walking, cycling, transit

    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Travel mode"
    static var caseDisplayRepresentations: [TravelMode: DisplayRepresentation] = [
        .walking: "Walking", .cycling: "Cycling", .transit: "Transit",
    ]
}

struct DestinationOptions: DynamicOptionsProvider {
    func results() async throws -> [String] { ["Harbour", "Old Town", "Airport"] }
}

struct TripIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource = "Trip"
    static var description = IntentDescription("Where you are going, and how.")

    @Parameter(title: "Mode", default: .cycling)
    var mode: TravelMode

    @Parameter(title: "Destination", default: "Harbour", optionsProvider: DestinationOptions())
    var destination: String

    static var parameterSummary: some ParameterSummary {
        Summary("Go to \(\.$destination) by \(\.$mode)")
    }
}

struct TripEntry: TimelineEntry {
    let date: Date
    let mode: TravelMode
    let destination: String
}

struct TripProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> TripEntry { TripEntry(date: Date(), mode: .walking, destination: "Harbour") }

    func snapshot(for configuration: TripIntent, in context: Context) async -> TripEntry {
        TripEntry(date: Date(), mode: configuration.mode, destination: configuration.destination)
    }

    func timeline(for configuration: TripIntent, in context: Context) async -> Timeline<TripEntry> {
        Timeline(entries: [TripEntry(date: Date(), mode: configuration.mode, destination: configuration.destination)], policy: .never)
    }

    func recommendations() -> [AppIntentRecommendation<TripIntent>] {
        let intent = TripIntent()
        intent.mode = .transit
        intent.destination = "Airport"
        return [AppIntentRecommendation(intent: intent, description: "Airport by transit")]
    }
}

struct TripWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "Trip", intent: TripIntent.self, provider: TripProvider()) { entry in
            VStack(alignment: .leading) {
                Text(entry.destination).font(.headline)
                Text(TravelMode.caseDisplayRepresentations[entry.mode]?.title.key ?? entry.mode.rawValue)
                    .foregroundStyle(.secondary)
            }
            .containerBackground(.fill.secondary, for: .widget)
        }
        .configurationDisplayName("Trip")
        .supportedFamilies([.systemSmall])
    }
}

// MARK: SiriKit intents

/// The class Xcode would generate from an intent definition, written out.
class CityIntent: INIntent {
    var cityName: String? = "Lisbon"
}

struct CityEntry: TimelineEntry {
    let date: Date
    let city: String
}

struct CityProvider: IntentTimelineProvider {
    func placeholder(in context: Context) -> CityEntry { CityEntry(date: Date(), city: "—") }

    func getSnapshot(for configuration: CityIntent, in context: Context, completion: @escaping (CityEntry) -> Void) {
        completion(CityEntry(date: Date(), city: configuration.cityName ?? "—"))
    }

    func getTimeline(for configuration: CityIntent, in context: Context, completion: @escaping (Timeline<CityEntry>) -> Void) {
        completion(Timeline(entries: [CityEntry(date: Date(), city: configuration.cityName ?? "—")], policy: .atEnd))
    }
}

struct CityWidget: Widget {
    var body: some WidgetConfiguration {
        IntentConfiguration(kind: "City", intent: CityIntent.self, provider: CityProvider()) { entry in
            Text("City: \(entry.city)")
                .containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("City")
        .supportedFamilies([.systemSmall, .accessoryInline])
    }
}
