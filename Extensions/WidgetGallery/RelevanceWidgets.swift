// Relevance, as widgets declare it for Smart Stacks: a timeline widget whose entries say how relevant
// they are (iOS's Smart Rotate) and whose provider names the situations it is worth showing in (iOS 18,
// watchOS 11), and a watchOS 26 relevance widget shown only while one of its clues holds.
import AppIntents
import RelevanceKit
import SwiftUI
import WidgetKit

struct CommuteWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Commute", provider: CommuteProvider()) { entry in
            VStack(alignment: .leading) {
                Text("Next train").font(.caption)
                Text(entry.departure, style: .time).font(.headline)
            }
            .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Commute")
        .supportedFamilies([.systemSmall, .accessoryRectangular])
    }
}

struct CommuteEntry: TimelineEntry {
    let date: Date
    let departure: Date
    let relevance: TimelineEntryRelevance?
}

/// Entries every half hour; the rush-hour ones (from an hour after now, for an hour) say they matter.
struct CommuteProvider: TimelineProvider {
    func placeholder(in context: Context) -> CommuteEntry { CommuteEntry(date: Date(), departure: Date(), relevance: nil) }

    func getSnapshot(in context: Context, completion: @escaping (CommuteEntry) -> Void) { completion(placeholder(in: context)) }

    func getTimeline(in context: Context, completion: @escaping (Timeline<CommuteEntry>) -> Void) {
        let now = Date()
        let entries = (0..<8).map { half in
            let date = now.addingTimeInterval(Double(half) * 1800)
            let rush = (2...3).contains(half)
            return CommuteEntry(date: date, departure: date.addingTimeInterval(600),
                                relevance: TimelineEntryRelevance(score: rush ? 90 : 10, duration: rush ? 1800 : 0))
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }

    func relevance() async -> WidgetRelevance<Void> {
        WidgetRelevance([
            WidgetRelevanceAttribute(context: .location(inferred: .commute)),
            WidgetRelevanceAttribute(context: .date(interval: DateInterval(start: Date().addingTimeInterval(3600), duration: 3600), kind: .scheduled)),
            WidgetRelevanceAttribute(group: .named("travel")),
        ])
    }
}

struct AgendaEventIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource = "Event"

    @Parameter(title: "Title", default: "Stand-up")
    var title: String

    init() {}
    init(title: String) { self.title = title }
}

struct AgendaEntry: RelevanceEntry {
    let title: String
}

/// The day's two events, each relevant (scheduled) from half an hour before it.
struct AgendaProvider: RelevanceEntriesProvider {
    func relevance() async -> WidgetRelevance<AgendaEventIntent> {
        let now = Date()
        return WidgetRelevance([
            WidgetRelevanceAttribute(configuration: AgendaEventIntent(title: "Stand-up"),
                                     context: .date(interval: DateInterval(start: now.addingTimeInterval(1800), duration: 1800), kind: .scheduled)),
            WidgetRelevanceAttribute(configuration: AgendaEventIntent(title: "Dentist"),
                                     context: .date(interval: DateInterval(start: now.addingTimeInterval(5 * 3600), duration: 3600), kind: .scheduled)),
        ])
    }

    func entry(configuration: AgendaEventIntent, context: Context) async throws -> AgendaEntry { AgendaEntry(title: configuration.title) }

    func placeholder(context: Context) -> AgendaEntry { AgendaEntry(title: "Event") }
}

struct AgendaWidget: Widget {
    var body: some WidgetConfiguration {
        RelevanceConfiguration(kind: "Agenda", provider: AgendaProvider()) { entry in
            Label(entry.title, systemImage: "calendar")
        }
        .associatedKind("Commute")
    }
}
