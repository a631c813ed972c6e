import SwiftUI
import WidgetLayout
import WidgetTesting

/// The subjects of the pairs in `pairs.tsv`, written here from what each reference's test renders
/// (the repository, commit and file are in `pairs.tsv`): small views, so that a difference points at
/// one thing (text, a symbol, a stroke).
@MainActor
enum FidelityViews {
    typealias Render = (ViewSnapshotLayout, Double, RGBA?) -> RenderTree

    static func render<V: View>(_ view: V) -> Render {
        { layout, scale, background in ViewRendering.renderTree(of: view, layout: layout, scale: scale, background: background) }
    }

    static let all: [String: Render] = [
        // swift-snapshot-testing-macros' plain text, at its ideal size.
        "text-body": render(Text("Some SwiftUI text")),
        // The same library's traits: 16 points of padding and the system red behind the text.
        "text-padded-red": render(Text("paddingAndBackground()").padding(16).background(Color.red)),
        // swift-snapshot-testing's own SwiftUI test view: a symbol and a label on a blue rounded
        // rectangle, on yellow, fixed at 200 × 100 and at its ideal size.
        "checked-label-fixed": render(CheckedLabel().background(Color.yellow)),
        "checked-label-fits": render(CheckedLabel().background(Color.yellow)),
        // SwiftClockUI's classic border: a 2-point circle inside the padding.
        "clock-border": render(Circle().strokeBorder(lineWidth: 2).padding()),
        // Meshtastic's MQTT and battery indicators: title-sized symbols in green, hierarchical and multicolour.
        "mqtt-connected": render(Image(systemName: "arrow.up.arrow.down.circle.fill").foregroundColor(.green)
            .symbolRenderingMode(.hierarchical).font(.title).padding(2)),
        "battery-charging": render(Image(systemName: "battery.100.bolt").font(.title).foregroundColor(.green)
            .symbolRenderingMode(.multicolor).padding(4)),
        // Home Assistant's calendar widget before a calendar is chosen, at a medium widget's size, with
        // the test's 16 points of padding on the system background.
        "ha-calendar-not-configured": render(CalendarNotConfigured().padding(16).background(Color.white)),
    ]
}

/// The calendar widget's first state: its glyph in the app's brand blue, a title and a hint.
private struct CalendarNotConfigured: View {
    private static let brand = Color(red: 0, green: 154 / 255, blue: 199 / 255)

    var body: some View {
        VStack(spacing: 4) {
            VStack(spacing: 8) {
                Image(systemName: "calendar").font(.system(size: 32)).foregroundStyle(Self.brand)
                Text("Calendar").font(.callout.bold())
                Text("Edit widget to select calendars.").font(.caption).foregroundStyle(.secondary).multilineTextAlignment(.center)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity)
        }
    }
}

private struct CheckedLabel: View {
    var body: some View {
        HStack {
            Image(systemName: "checkmark.circle.fill")
            Text("Checked").fixedSize()
        }
        .padding(5)
        .background(RoundedRectangle(cornerRadius: 5).fill(Color.blue))
        .padding(10)
    }
}
