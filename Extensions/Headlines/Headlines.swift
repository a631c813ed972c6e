// A widget that fetches its data, written as shipping widget code does: the provider awaits
// `URLSession.shared.data(from:)` and decodes JSON; offline, it shows why. Under widget-host the request
// goes through the host's network route (live, recorded, replayed or off).
import AppIntents
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SwiftUI
import WidgetKit

@main
struct HeadlineWidgets: WidgetBundle {
    var body: some Widget {
        HeadlineWidget()
    }
}

struct FeedIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource = "Feed"
    static var description = IntentDescription("The headline feed to show.")

    @Parameter(title: "Feed", default: "https://headlines.example.com/today.json")
    var feed: String
}

/// The feed's JSON: `{"headline": "…", "source": "…"}`.
struct Headline: Decodable {
    let headline: String
    let source: String
}

struct HeadlineEntry: TimelineEntry {
    let date: Date
    let headline: String
    let source: String
    let offline: Bool
}

struct HeadlineProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> HeadlineEntry {
        HeadlineEntry(date: Date(), headline: "Today's headline", source: "Headlines", offline: false)
    }

    func snapshot(for configuration: FeedIntent, in context: Context) async -> HeadlineEntry {
        await entry(for: configuration)
    }

    func timeline(for configuration: FeedIntent, in context: Context) async -> Timeline<HeadlineEntry> {
        let entry = await entry(for: configuration)
        // Offline, try again sooner.
        let next = Calendar.current.date(byAdding: .minute, value: entry.offline ? 15 : 60, to: entry.date) ?? entry.date
        return Timeline(entries: [entry], policy: .after(next))
    }

    private func entry(for configuration: FeedIntent) async -> HeadlineEntry {
        guard let url = URL(string: configuration.feed) else {
            return HeadlineEntry(date: Date(), headline: "Not a feed address", source: configuration.feed, offline: true)
        }
        do {
            let (data, response) = try await URLSession.shared.data(from: url)
            guard (response as? HTTPURLResponse)?.statusCode == 200 else {
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                return HeadlineEntry(date: Date(), headline: "The feed answered \(status)", source: url.host ?? "", offline: true)
            }
            let decoded = try JSONDecoder().decode(Headline.self, from: data)
            return HeadlineEntry(date: Date(), headline: decoded.headline, source: decoded.source, offline: false)
        } catch let error as URLError {
            return HeadlineEntry(date: Date(), headline: "Offline (\(error.code.rawValue))", source: url.host ?? "", offline: true)
        } catch {
            return HeadlineEntry(date: Date(), headline: "The feed is not readable", source: url.host ?? "", offline: true)
        }
    }
}

struct HeadlineView: View {
    let entry: HeadlineEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Label(entry.source, systemImage: entry.offline ? "wifi.slash" : "newspaper")
                .font(.caption)
                .foregroundStyle(.secondary)
            Text(entry.headline)
                .font(.headline)
                .id("headline")
            Spacer(minLength: 0)
        }
        .containerBackground(.fill.tertiary, for: .widget)
    }
}

struct HeadlineWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "Headline", intent: FeedIntent.self, provider: HeadlineProvider()) { entry in
            HeadlineView(entry: entry)
        }
        .configurationDisplayName("Headline")
        .description("Today's headline from a feed.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
