// A Live Activity declared beside the widgets, with its Lock Screen preview.
import ActivityKit
import SwiftUI
import WidgetKit

struct DeliveryAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var stopsAway: Int
    }
    var orderNumber: String
}

struct DeliveryLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: DeliveryAttributes.self) { context in
            HStack {
                Text("Order \(context.attributes.orderNumber)")
                Spacer()
                Text("\(context.state.stopsAway) stops away")
            }
            .padding()
            .activityBackgroundTint(.black.opacity(0.8))
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.leading) { Text("Order") }
                DynamicIslandExpandedRegion(.bottom) { Text("\(context.state.stopsAway) stops") }
            } compactLeading: {
                Image(systemName: "shippingbox")
            } compactTrailing: {
                Text("\(context.state.stopsAway)")
            } minimal: {
                Text("\(context.state.stopsAway)")
            }
            .keylineTint(.orange)
        }
    }
}

#Preview("Delivery", as: .content, using: DeliveryAttributes(orderNumber: "A-17")) {
    DeliveryLiveActivity()
} contentStates: {
    DeliveryAttributes.ContentState(stopsAway: 3)
    DeliveryAttributes.ContentState(stopsAway: 1)
}
