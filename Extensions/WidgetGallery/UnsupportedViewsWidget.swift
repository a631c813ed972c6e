// Views and modifiers a widget cannot use: the system shows a placeholder for the views, and the
// modifiers do nothing. They still compile, so a file that has them builds.
import SwiftUI
import WidgetKit

struct UnsupportedViewsWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Unsupported", provider: HourlyProvider()) { _ in
            VStack {
                Text("Above the list")
                List {
                    Text("Row")
                }
                .frame(height: 40)
                Text("Below the list")
                    .accessibilityLabel("Below")
                    .symbolEffect(.bounce, value: 1)
                    .onTapGesture { print("tapped") }
            }
            .containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("Unsupported")
        .supportedFamilies([.systemSmall])
    }
}
