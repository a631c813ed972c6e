// A gallery of widgets written the way shipping widget code is written, one per family of the APIs a
// survey of 87 open-source widget extensions found most used: it compiles unchanged against the compat
// modules, and the tests preview every widget and assert on what is drawn.
import SwiftUI
import WidgetKit

@main
struct GalleryWidgets: WidgetBundle {
    var body: some Widget {
        TypographyWidget()
        StylesWidget()
        LayoutWidget()
        AssetsWidget()
        TripWidget()
        CityWidget()
        OutlineWidget()
        UnsupportedViewsWidget()
        DeliveryLiveActivity()
        LampControl()
        PosterWidget()
        WindowWidget()
        ReadingWidget()
        CommuteWidget()
        AgendaWidget()
    }
}

/// The entry most gallery widgets show: a date and a counter that grows hour by hour.
struct GalleryEntry: TimelineEntry {
    let date: Date
    let count: Int
}

/// Xcode's template provider: five entries an hour apart, reloaded at the end.
struct HourlyProvider: TimelineProvider {
    func placeholder(in context: Context) -> GalleryEntry { GalleryEntry(date: Date(), count: 0) }

    func getSnapshot(in context: Context, completion: @escaping (GalleryEntry) -> Void) {
        completion(GalleryEntry(date: Date(), count: 3))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<GalleryEntry>) -> Void) {
        var entries: [GalleryEntry] = []
        let currentDate = Date()
        for hourOffset in 0..<5 {
            let entryDate = Calendar.current.date(byAdding: .hour, value: hourOffset, to: currentDate)!
            entries.append(GalleryEntry(date: entryDate, count: 42 + hourOffset))
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}
