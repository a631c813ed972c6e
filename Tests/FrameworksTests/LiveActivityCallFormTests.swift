import ActivityKit
import Foundation
import SwiftUI
import WidgetArchive
import WidgetKit
import XCTest

/// Live Activity declarations as shipping widget code writes them (the corpus's call forms): they compile
/// beside the widgets, and the Lock Screen view reads its activity family.
struct DeliveryAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var stopsAway: Int
    }
    var orderNumber: String
}

struct DeliveryStatusView: View {
    @Environment(\.activityFamily) var activityFamily
    let state: DeliveryAttributes.ContentState

    var body: some View {
        switch activityFamily {
        case .small: Text("\(state.stopsAway)")
        case .medium: Text("\(state.stopsAway) stops away")
        }
    }
}

struct DeliveryLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: DeliveryAttributes.self) { context in
            DeliveryStatusView(state: context.state)
        } dynamicIsland: { context in
            DynamicIsland {
                expandedContent(context.state)
            } compactLeading: {
                Text("#\(context.attributes.orderNumber)")
            } compactTrailing: {
                Text("\(context.state.stopsAway)")
            } minimal: {
                Image(systemName: "box.truck")
            }
            .contentMargins(.trailing, 0, for: .compactLeading)
            .contentMargins(.leading, 0, for: .compactTrailing)
        }
        .supplementalActivityFamilies([.small, .medium])
    }

    @DynamicIslandExpandedContentBuilder
    private func expandedContent(_ state: DeliveryAttributes.ContentState) -> DynamicIslandExpandedContent<some View> {
        DynamicIslandExpandedRegion(.leading) { Image(systemName: "box.truck") }
        DynamicIslandExpandedRegion(.trailing) { Text("\(state.stopsAway)") }
        if state.stopsAway < 3 {
            DynamicIslandExpandedRegion(.bottom) { Text("Almost there") }
        }
    }
}

struct DeliveryPreviews: PreviewProvider {
    static var previews: some View {
        DeliveryAttributes(orderNumber: "42")
            .previewContext(DeliveryAttributes.ContentState(stopsAway: 2), viewKind: .dynamicIsland(.compact))
    }
}

final class LiveActivityCallFormTests: XCTestCase {
    private func literals(_ node: ViewNode) -> [String] {
        var out: [String] = []
        node.forEachNode { if case .text(let t) = $0, case .literal(let s)? = t.runs.first?.content { out.append(s) } }
        return out
    }

    func testActivityFamilyIsTheLockScreensAndCanBeSet() {
        let state = DeliveryAttributes.ContentState(stopsAway: 4)
        XCTAssertEqual(EnvironmentValues().activityFamily, .medium)
        XCTAssertEqual(literals(ViewArchiver.archive(DeliveryStatusView(state: state), environment: EnvironmentValues()).root), ["4 stops away"])
        var watch = EnvironmentValues()
        watch.activityFamily = .small
        XCTAssertEqual(literals(ViewArchiver.archive(DeliveryStatusView(state: state), environment: watch).root), ["4"])
    }

    func testSupplementalFamiliesKeepTheLockScreenContent() {
        let configuration = DeliveryLiveActivity().body
        let resolved = configuration._resolve()
        XCTAssertEqual(resolved.count, 1)
        XCTAssertEqual(resolved.first?.activity?.attributesType, "DeliveryAttributes", "a Live Activity, not a widget")
        XCTAssertEqual(resolved.first?.families.contains(._activitySmall), true, ".small among its supplemental families: the watch's own view")
        XCTAssertNotNil(configuration._activityContent(), "its Lock Screen view is still there for previews")
        XCTAssertNotEqual(DynamicIslandMode.compactLeading, .compactTrailing)
        XCTAssertEqual(ActivityPreviewViewKind.dynamicIsland(.expanded), .dynamicIsland(.expanded))
    }

    @MainActor
    func testPreviewContextOfAttributesDrawsNothingAndSaysSo() {
        let (root, warnings) = ViewArchiver.archive(DeliveryPreviews.previews, environment: EnvironmentValues())
        XCTAssertEqual(root, .empty)
        XCTAssertTrue(warnings.contains { $0.contains("previewContext(_:viewKind:)") }, "\(warnings)")
    }
}
