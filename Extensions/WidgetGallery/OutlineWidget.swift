// Previews in the same file, both kinds: PreviewProvider with preview contexts, and the #Preview macro
// for a widget's timeline, for a timeline provider, and for a view.
import GalleryModels
import SwiftUI
import WidgetKit

struct OutlineEntry: TimelineEntry {
    let date: Date
    let outline: ViewNode
}

struct OutlineProvider: TimelineProvider {
    func placeholder(in context: Context) -> OutlineEntry { OutlineEntry(date: Date(), outline: sampleOutline) }
    func getSnapshot(in context: Context, completion: @escaping (OutlineEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<OutlineEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}

struct OutlineView: View {
    let entry: OutlineEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text(entry.outline.title).font(.headline)
            ForEach(entry.outline.children, id: \.title) { child in
                Text("• \(child.title)").font(.caption)
            }
            Text("#\(CRC32.shortID(entry.outline.title)) \(ByteReader("first\nsecond").firstLine)")
                .font(.caption2)
                .foregroundStyle(.quaternary)
        }
    }
}

struct OutlineWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Outline", provider: OutlineProvider()) { entry in
            OutlineView(entry: entry)
                .containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("Outline")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

struct OutlineWidget_Previews: PreviewProvider {
    static var previews: some View {
        Group {
            OutlineView(entry: OutlineEntry(date: .now, outline: ViewNode(title: "Preview small")))
                .previewContext(WidgetPreviewContext(family: .systemSmall))
            OutlineView(entry: OutlineEntry(date: .now, outline: ViewNode(title: "Preview medium")))
                .previewContext(WidgetPreviewContext(family: .systemMedium))
                .previewDisplayName("Medium")
        }
    }
}

#Preview(as: .systemSmall) {
    OutlineWidget()
} timeline: {
    OutlineEntry(date: .now, outline: ViewNode(title: "First step"))
    OutlineEntry(date: .now, outline: ViewNode(title: "Second step"))
}

#Preview("From the provider", as: .systemMedium, widget: { OutlineWidget() }, timelineProvider: { OutlineProvider() })

#Preview("Just the view") {
    @Previewable @State var title = "View preview"
    OutlineView(entry: OutlineEntry(date: .now, outline: ViewNode(title: title)))
}
