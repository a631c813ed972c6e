// Sizes and environment: GeometryReader proportions, grids, ViewThatFits, label styles, the widget's
// environment (family, container background, a custom key) and state wrappers.
import GalleryModels
import SwiftUI
import WidgetKit

private struct AccentShadeKey: EnvironmentKey {
    static let defaultValue: Double = 0.8
}

extension EnvironmentValues {
    var accentShade: Double {
        get { self[AccentShadeKey.self] }
        set { self[AccentShadeKey.self] = newValue }
    }
}

struct LayoutWidget: Widget {
    let kind = "Layout"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: HourlyProvider()) { entry in
            LayoutView(entry: entry)
                .environment(\.accentShade, 0.5)
                .containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("Layout")
        .description("Proportions, grids and the environment.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge])
    }
}

/// A bar whose filled part is a fraction of the width GeometryReader reports.
struct FractionBar: View {
    let fraction: Double

    var body: some View {
        GeometryReader { proxy in
            ZStack(alignment: .leading) {
                Capsule().fill(.gray.opacity(0.3))
                Capsule().fill(.green)
                    .frame(width: proxy.size.width * fraction)
                Text("bar \(Int(proxy.size.width))pt")
                    .font(.caption2)
                    .padding(.leading, 4)
            }
        }
        .frame(height: 16)
    }
}

struct LayoutView: View {
    var entry: GalleryEntry
    @Environment(\.widgetFamily) private var family
    @Environment(\.showsWidgetContainerBackground) private var showsBackground
    @Environment(\.accentShade) private var shade
    @State private var expanded = false
    @AppStorage("units", store: UserDefaults(suiteName: "group.example.gallery")) private var units = "metric"

    private let columns = [GridItem(.flexible()), GridItem(.flexible())]

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Label("\(sampleOutline.title) \(sampleOutline.count)", systemImage: "leaf")
                .labelStyle(.titleAndIcon)
            FractionBar(fraction: 0.25)
            switch family {
            case .systemSmall:
                ViewThatFits(in: .horizontal) {
                    Text("A line far too long to fit in a small widget at all")
                    Text("Fits")
                }
            case .systemMedium:
                Grid(horizontalSpacing: 8, verticalSpacing: 4) {
                    GridRow {
                        Text("Units")
                        Text(units)
                    }
                    Divider()
                    GridRow {
                        Text("Shade")
                        Text(shade, format: .number)
                    }
                }
            default:
                LazyVGrid(columns: columns, spacing: 6) {
                    ForEach(Paint.allCases, id: \.self) { paint in
                        Text(paint.rawValue)
                            .frame(maxWidth: .infinity)
                            .background(Color(red: paint.rgb.red, green: paint.rgb.green, blue: paint.rgb.blue).opacity(shade))
                    }
                }
            }
            Text(showsBackground ? "background shown" : "background removed")
                .font(.caption2)
                .foregroundStyle(.tertiary)
            if expanded { Text("never archived") }
        }
    }
}
