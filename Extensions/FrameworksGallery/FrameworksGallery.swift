// Widgets written as shipping widget targets are when they import more than SwiftUI and WidgetKit:
// Swift Charts, SwiftData, Core Data, Combine, OSLog, TipKit, Core Location. The tests run this as a
// real extension and assert on what each widget draws.
import SwiftUI
import WidgetKit

@main
struct FrameworksGallery: WidgetBundle {
    var body: some Widget {
        PlaceholderFrameworkWidget()
    }
}

/// Stands in until the framework widgets are listed above.
struct PlaceholderFrameworkWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Placeholder", provider: PlaceholderProvider()) { entry in Text("\(entry.date)") }
    }
}

struct PlaceholderEntry: TimelineEntry { let date: Date }

struct PlaceholderProvider: TimelineProvider {
    func placeholder(in context: Context) -> PlaceholderEntry { PlaceholderEntry(date: Date()) }
    func getSnapshot(in context: Context, completion: @escaping (PlaceholderEntry) -> Void) { completion(PlaceholderEntry(date: Date())) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<PlaceholderEntry>) -> Void) {
        completion(Timeline(entries: [PlaceholderEntry(date: Date())], policy: .never))
    }
}
