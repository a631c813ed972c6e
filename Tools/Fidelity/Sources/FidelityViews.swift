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
        // Effects. ferrostar's navigation button: a label on a white capsule with the default shadow
        // (radius 8), in the test's 430 × 932 frame on its green.
        "shadow-capsule-button": render(Text("Start Navigation").padding().background(Color.white).clipShape(Capsule())
            .frame(minWidth: 52, minHeight: 52).shadow(radius: 8)
            .frame(width: 430, height: 932).background(Color(red: 130 / 255, green: 203 / 255, blue: 114 / 255))),
        // ViewSnapshots' layered shadows: a green disc under four coloured shadows of radius 10.
        "shadows-layered": render(Circle().fill(Color.green).frame(width: 100, height: 100)
            .shadow(color: .black, radius: 10).shadow(color: .green, radius: 10).shadow(color: .red, radius: 10)
            .shadow(color: .blue, radius: 10).padding(50)),
        // ViewSnapshots' popularity badge at 80: a dashed, trimmed ring with a green glow, and its score.
        "dashed-badge": render(PopularityBadge()),
    ]
}

/// A score ring: four fifths of a circle in one-point dashes from the top, glowing in its colour.
private struct PopularityBadge: View {
    var body: some View {
        ZStack {
            Circle().foregroundColor(.clear).frame(width: 40)
                .overlay(
                    Circle().trim(from: 0, to: 0.8).stroke(style: StrokeStyle(lineWidth: 2, dash: [1])).foregroundColor(.green)
                        .rotationEffect(.degrees(-90)))
                .shadow(color: .green, radius: 4)
            Text("80%").font(.system(size: 10)).fontWeight(.bold).foregroundColor(.primary)
        }
        .frame(width: 40, height: 40)
        .padding(4)
    }
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
