// Widgets for Apple Vision Pro (visionOS 26): a poster on paper that simplifies itself when seen from
// across the room, and a window into a view that can only be recessed into a wall.
import SwiftUI
import WidgetKit

struct PosterView: View {
    let entry: GalleryEntry
    @Environment(\.levelOfDetail) private var levelOfDetail

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text("Harbour Lights").font(.largeTitle).bold()
            if levelOfDetail == .default {
                // Up close: the details. From afar: the title alone, large.
                Text("Festival of light, boats and music").font(.title3)
                Text("Tonight, 21:00 · Pier 4").font(.headline).foregroundStyle(.secondary)
            }
        }
        .containerBackground(for: .widget) { Color(red: 0.96, green: 0.91, blue: 0.80) }
    }
}

struct PosterWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Poster", provider: HourlyProvider()) { entry in PosterView(entry: entry) }
            .configurationDisplayName("Poster")
            .description("A poster for your wall.")
            .supportedFamilies([.systemExtraLargePortrait, .systemLarge])
            .supportedMountingStyles([.elevated])
            .widgetTexture(.paper)
    }
}

struct WindowWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Window", provider: HourlyProvider()) { _ in
            VStack {
                Spacer()
                Text("Fjord at dawn").font(.headline).foregroundStyle(.white)
            }
            .containerBackground(for: .widget) {
                LinearGradient(colors: [Color(red: 0.98, green: 0.75, blue: 0.55), Color(red: 0.20, green: 0.35, blue: 0.60)],
                               startPoint: .top, endPoint: .bottom)
            }
        }
        .configurationDisplayName("Window")
        .description("A window into another place, set into the wall.")
        .supportedFamilies([.systemExtraLargePortrait])
        .supportedMountingStyles([.recessed])
    }
}
