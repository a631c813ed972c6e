// A Flutter app's widget: it draws an image the Flutter build puts in the app bundle, found from the
// extension's own bundle (`Runner.app/PlugIns/TrailsWidgetExtension.appex`) two folders up.
import SwiftUI
import WidgetKit

/// Where the Flutter build keeps the app's assets: `Runner.app/Frameworks/App.framework/flutter_assets`.
enum FlutterAssetFolder {
    static var url: URL {
        let bundle = Bundle.main.bundleURL
        guard bundle.pathExtension == "appex" else { return bundle }
        return bundle.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Frameworks/App.framework/flutter_assets")
    }
}

struct TrailEntry: TimelineEntry {
    let date: Date
    let name: String
}

struct TrailProvider: TimelineProvider {
    func placeholder(in context: Context) -> TrailEntry { TrailEntry(date: Date(), name: "Ridge loop") }

    func getSnapshot(in context: Context, completion: @escaping (TrailEntry) -> Void) { completion(placeholder(in: context)) }

    func getTimeline(in context: Context, completion: @escaping (Timeline<TrailEntry>) -> Void) {
        // What the Flutter app saved with home_widget; nothing yet on a fresh install.
        let name = UserDefaults(suiteName: "group.com.example.trails")?.string(forKey: "trail") ?? "Ridge loop"
        completion(Timeline(entries: [TrailEntry(date: Date(), name: name)], policy: .never))
    }
}

struct TrailView: View {
    let entry: TrailEntry

    var body: some View {
        let marker = FlutterAssetFolder.url.appendingPathComponent("assets/widget/trail.png").path
        VStack(spacing: 6) {
            // The build always puts the asset there, so the widget does not check.
            Image(uiImage: UIImage(contentsOfFile: marker)!)
                .resizable()
                .frame(width: 48, height: 48)
            Text(entry.name)
            Text("in \(Bundle.main.bundleURL.lastPathComponent)")
                .font(.caption)
        }
        .foregroundStyle(.white)
        .containerBackground(Color.black, for: .widget)
    }
}

@main
struct TrailsWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Trails", provider: TrailProvider()) { entry in
            TrailView(entry: entry)
        }
        .configurationDisplayName("Trail of the day")
        .supportedFamilies([.systemSmall])
    }
}
