// The widget: a shared SwiftData model, a helper from the app's synchronized folder, a local Swift
// package, asset symbols Xcode generates (`Color.brand`, `.widgetBackground`, `Image(.skyline)`, a JPEG),
// a vector PDF image set by name,
// a chart, and compilation conditions from the build settings.
import Charts
import OSLog
import SwiftData
import SwiftUI
import TripKit
import WidgetKit

struct TripEntry: TimelineEntry {
    let date: Date
    let trips: [(name: String, legs: Int)]
}

struct TripProvider: TimelineProvider {
    private let log = Logger(subsystem: "com.example.trips", category: "widget")

    func placeholder(in context: Context) -> TripEntry { TripEntry(date: Date(), trips: [("Lisbon", 2)]) }

    func getSnapshot(in context: Context, completion: @escaping (TripEntry) -> Void) { completion(placeholder(in: context)) }

    func getTimeline(in context: Context, completion: @escaping (Timeline<TripEntry>) -> Void) {
        let trips = Self.storedTrips()
        log.info("\(trips.count) trips")
        completion(Timeline(entries: [TripEntry(date: Date(), trips: trips)], policy: .never))
    }

    /// The trips in the shared store; a first run seeds two.
    static func storedTrips() -> [(name: String, legs: Int)] {
        guard let container = try? ModelContainer(for: Trip.self) else { return [] }
        let context = ModelContext(container)
        let descriptor = FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.start)])
        var trips = (try? context.fetch(descriptor)) ?? []
        if trips.isEmpty {
            context.insert(Trip(name: "Oslo", start: Date(timeIntervalSince1970: 1_800_000_000), legs: 3))
            context.insert(Trip(name: "Kyoto", start: Date(timeIntervalSince1970: 1_900_000_000), legs: 1))
            try? context.save()
            trips = (try? context.fetch(descriptor)) ?? []
        }
        return trips.map { ($0.name, $0.legs) }
    }
}

/// A main-actor model, as apps write their view models: a view may make one in a stored default and
/// call it from its other members, because SwiftUI's `View` is main-actor isolated as a whole.
@MainActor final class TripGreeting {
    func text(for name: String) -> String { "Welcome to \(name)" }
}

struct NextTripView: View {
    private let greeting = TripGreeting()
    let entry: TripEntry

    private var welcome: String { greeting.text(for: entry.trips.first?.name ?? "nowhere") }

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack {
                Image(.skyline)
                    .resizable()
                    .frame(width: TripFormatting.thumbnail.width, height: TripFormatting.thumbnail.height)
                Text(entry.trips.first?.name ?? "No trips")
                    .font(.headline)
                    .foregroundStyle(Color.brand)
                Image("Compass")
                    .resizable()
                    .frame(width: 20, height: 20)
            }
            Text(TripFormatting.legs(entry.trips.first?.legs ?? 0))
            Text(welcome)
            TripBadge(TripKitFormat.countdown(days: 12))
            #if FIXTURE_CONDITION && FIXTURE_DEFINE
            Text("built with both conditions")
            #endif
            Chart(entry.trips, id: \.name) { trip in
                BarMark(x: .value("Trip", trip.name), y: .value("Legs", trip.legs))
            }
        }
        .containerBackground(.widgetBackground, for: .widget)
    }
}

struct NextTripWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "NextTrip", provider: TripProvider()) { entry in
            NextTripView(entry: entry)
        }
        .configurationDisplayName("Next trip")
        .supportedFamilies([.systemMedium])
    }
}
