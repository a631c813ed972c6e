// A widget that adapts to the person's device as shipping widgets do: a tighter layout at the
// accessibility text sizes, a forward chevron and artwork that follow the reading direction, and
// numbers and dates in the person's language.
import SwiftUI
import WidgetKit

struct ReadingWidget: Widget {
    let kind = "Reading"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: HourlyProvider()) { entry in
            ReadingView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Reading")
        .description("How far into the book you are.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

struct ReadingView: View {
    var entry: GalleryEntry
    @Environment(\.dynamicTypeSize) private var textSize

    private let page = 41
    private let pages = 120

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack {
                Image(systemName: "book.fill")
                    .flipsForRightToLeftLayoutDirection(true)
                Text("Chapter 3").font(.headline)
                Spacer()
                Image(systemName: "chevron.forward")
            }
            ProgressView(value: Double(page), total: Double(pages))
            if textSize.isAccessibilitySize {
                Text("\(page)/\(pages)")
            } else {
                Text("Page \(page) of \(pages)").font(.footnote)
            }
            Text(Double(entry.count) * 1_000.5, format: .number).font(.caption)
            Text(entry.date, style: .date).font(.caption2)
        }
        .dynamicTypeSize(...DynamicTypeSize.accessibility3)
    }
}
