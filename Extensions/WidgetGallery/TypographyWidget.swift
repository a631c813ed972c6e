// Text styling on any view (iOS 16+), format styles, and the Foundation formatters widgets use.
import SwiftUI
import WidgetKit

struct TypographyWidget: Widget {
    let kind = "Typography"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: HourlyProvider()) { entry in
            TypographyView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Typography")
        .description("Text styles, formats and formatters.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

struct TypographyView: View {
    var entry: GalleryEntry
    @Environment(\.widgetFamily) private var family

    private static let distance = Measurement(value: 5.2, unit: UnitLength.kilometers)

    private var elapsed: String {
        let formatter = DateComponentsFormatter()
        formatter.unitsStyle = .abbreviated
        formatter.allowedUnits = [.hour, .minute]
        return formatter.string(from: 3_900) ?? ""
    }

    private var relative: String {
        let formatter = RelativeDateTimeFormatter()
        formatter.unitsStyle = .full
        return formatter.localizedString(for: entry.date.addingTimeInterval(-7_200), relativeTo: entry.date)
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text("Headline")
                .font(.headline)
                .textCase(.uppercase)
                .kerning(1.5)
            Text("Done")
                .strikethrough()
                .foregroundStyle(.secondary)
            Text("Linked").underline(true, color: .blue)
            HStack {
                Text(entry.count, format: .number).monospacedDigit().bold()
                Text(0.42, format: .percent).italic()
            }
            Text("\(Self.distance.formatted(.measurement(width: .wide)))")
                .font(.caption)
                .fontDesign(.rounded)
            if family == .systemMedium {
                Text(Duration.seconds(3_725), format: .time(pattern: .hourMinuteSecond))
                    .font(.system(size: 13, weight: .semibold, design: .monospaced))
                Text("Ran \(elapsed), \(relative)")
                    .font(.custom("Avenir Next", size: 12))
                    .fontWidth(.condensed)
                Text("Tracked ") + Text("in bold").bold() + Text(" and tracked").tracking(2)
            }
        }
    }
}
