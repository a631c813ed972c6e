import Foundation
import WidgetArchive
import WidgetHostCore
import WidgetProtocol
import WidgetRender
import WidgetTesting
import XCTest

/// One extension must never reach beyond what is its own.
final class IsolationTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_763_712_000)

    func testWidgetURLsAreLimitedToDeclaredSchemes() throws {
        let host = try WidgetTestHost(extension: try BuiltProducts.executable("Misbehaving"), start: t0)
        addTeardownBlock { host.shutdown() }
        let widget = try host.instance(kind: "badLink", family: .systemSmall)
        let link = try XCTUnwrap(widget.render().root.allNodes().first { $0.action?.kind == .url })
        let tap = try widget.tap(at: Point(x: link.frame.x + 1, y: link.frame.y + 1))
        XCTAssertEqual(tap.outcome, .refused(url: "file:///etc/passwd"))
        XCTAssertFalse(widget.events.contains { if case .appLaunched = $0.kind { true } else { false } })
        // The declared scheme of another extension is fine for that extension (ToDoList declares todo).
        let todo = try WidgetTestHost(extension: try BuiltProducts.executable("ToDoList"), start: t0)
        addTeardownBlock { todo.shutdown() }
        XCTAssertEqual(try todo.host.connection(to: todo.extensionPath).hello.urlSchemes, ["todo"])
    }

    func testEachExtensionHasItsOwnStoreFolderAndOnlyItsOwnWidgets() throws {
        let root = try temporaryDirectory(self)
        let host = WidgetHost(store: ArchiveStore(root: root), clock: VirtualClock(start: t0))
        defer { host.shutdown() }
        let todo = try BuiltProducts.executable("ToDoList"), caffeine = try BuiltProducts.executable("CaffeineTracker")
        _ = try host.reload(executable: todo, kind: "ToDoList", family: .systemSmall)
        _ = try host.reload(executable: caffeine, kind: "CaffeineTracker", family: .systemSmall)
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: root.path)), ["ToDoList", "CaffeineTracker"])
        // Asking one extension for another's widget is refused before any request is sent.
        XCTAssertThrowsError(try host.reload(executable: todo, kind: "CaffeineTracker", family: .systemSmall)) { error in
            XCTAssertEqual(error as? HostError, .unknownWidget(extensionID: "ToDoList", kind: "CaffeineTracker", family: "systemSmall"))
        }
        // Each got its own data folder (WIDGET_EXTENSION_DATA): the to-do tasks are not in the caffeine one.
        let store = ArchiveStore(root: root)
        _ = try WidgetSession(host: host, instance: WidgetInstance(id: "t", extensionPath: todo, kind: "ToDoList", family: .systemSmall)).tap(element: "milk")
        XCTAssertTrue(FileManager.default.fileExists(atPath: store.dataDirectory("ToDoList").appendingPathComponent("tasks.json").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.dataDirectory("CaffeineTracker").appendingPathComponent("tasks.json").path))
        var st = stat()
        XCTAssertEqual(stat(store.extensionDirectory("ToDoList").path, &st), 0)
        XCTAssertEqual(st.st_mode & 0o077, 0, "extension folders are owner-only")
    }
}
