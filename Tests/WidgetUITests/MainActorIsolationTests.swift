import Foundation
import SwiftUI
import WidgetArchive
import WidgetKit
import WidgetUI
import XCTest

/// SwiftUI's `View` and WidgetKit's `Widget` are main-actor isolated as a whole, not only their
/// `body`: a view's stored defaults and other members may use main-actor models, as apps written for
/// Swift 6 do (Loriage/Beszel-Swift-App's widget makes a `@MainActor` manager in a stored default).
/// This file compiles only if that holds; the tests check what such views and widgets produce.
final class MainActorIsolationTests: XCTestCase {
    func testAViewsOtherMembersMayUseAMainActorModel() {
        // XCTest runs tests on the main thread, where a view is made as on a device.
        let (root, _) = MainActor.assumeIsolated {
            ViewArchiver.archive(ServerCard(id: 7), environment: EnvironmentValues())
        }
        XCTAssertEqual(texts(in: root), ["server 7", "3 servers"])
    }

    func testBuiltInValuesStayFreeOfTheMainActor() async {
        // Colours, gradients, text and shapes are made anywhere (a timeline provider, a detached
        // task), as SwiftUI's are: only views' own members are main-actor isolated.
        let made = await Task.detached {
            let colour = Color.red.opacity(0.5)
            let gradient = LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom)
            return (colour.description, Text("off the main actor"), Circle(), gradient)
        }.value
        XCTAssertEqual(made.0, "50% red")
        let (root, _) = ViewArchiver.archive(made.1, environment: EnvironmentValues())
        XCTAssertEqual(texts(in: root), ["off the main actor"])
    }

    func testAWidgetsMembersMayUseAMainActorModel() {
        let widgets = ServerWidget()._widgets()
        XCTAssertEqual(widgets.map(\.kind), ["servers"])
        XCTAssertEqual(widgets.map(\.displayName), ["3 servers"])
    }

    private func texts(in root: ViewNode) -> [String] {
        var found: [String] = []
        root.forEachNode { if case .text(let t) = $0, case .literal(let s)? = t.runs.first?.content { found.append(s) } }
        return found
    }
}

/// An app's main-actor model, as apps write their managers.
@MainActor private final class ServerDirectory {
    static let shared = ServerDirectory()
    let count = 3
    func name(for id: Int) -> String { "server \(id)" }
}

private struct ServerCard: View {
    private let directory = ServerDirectory()
    let id: Int

    private var name: String { directory.name(for: id) }

    var body: some View {
        VStack {
            Text(name)
            Text("\(ServerDirectory.shared.count) servers")
        }
    }
}

private struct ServerEntry: TimelineEntry {
    let date: Date
}

private struct ServerProvider: TimelineProvider {
    func placeholder(in context: Context) -> ServerEntry { ServerEntry(date: Date()) }
    func getSnapshot(in context: Context, completion: @escaping (ServerEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<ServerEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}

private struct ServerWidget: Widget {
    private let title = "\(ServerDirectory.shared.count) servers"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "servers", provider: ServerProvider()) { _ in
            ServerCard(id: 1)
        }
        .configurationDisplayName(title)
    }
}
