import Foundation
import HostTestSupport
import WidgetArchive
import WidgetHostCore
import WidgetLayout
import WidgetProtocol
import WidgetRender
import WidgetStore
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

final class ResourceIsolationTests: XCTestCase {
    func testAssetNamesCannotEscapeTheResourceFolder() throws {
        let dir = try temporaryDirectory(self)
        let exe = dir.appendingPathComponent("MyExtension").path
        let resources = ExtensionResources(executable: exe)
        XCTAssertEqual(resources.root.lastPathComponent, "MyExtension.resources")
        try FileManager.default.createDirectory(at: resources.root.appendingPathComponent("icons"), withIntermediateDirectories: true)
        try Data([1]).write(to: resources.root.appendingPathComponent("hero.png"))
        try Data([2]).write(to: resources.root.appendingPathComponent("icons/cup.png"))
        let secret = dir.appendingPathComponent("secret.png")
        try Data([3]).write(to: secret)
        try FileManager.default.createSymbolicLink(atPath: resources.root.appendingPathComponent("link.png").path, withDestinationPath: secret.path)
        try FileManager.default.createSymbolicLink(atPath: resources.root.appendingPathComponent("inside.png").path,
                                                   withDestinationPath: resources.root.appendingPathComponent("hero.png").path)

        guard case .found(let hero) = resources.resolve("hero") else { return XCTFail("hero not found") }
        XCTAssertTrue(hero.hasSuffix("/MyExtension.resources/hero.png"))
        guard case .found = resources.resolve("icons/cup.png") else { return XCTFail("nested asset not found") }
        guard case .found = resources.resolve("inside") else { return XCTFail("a link within the folder is fine") }
        XCTAssertEqual(resources.resolve("nothing"), .missing)
        for attack in ["../secret", "icons/../../secret.png", "/etc/passwd", "", "a\0b"] {
            guard case .refused = resources.resolve(attack) else { return XCTFail("\(attack) was not refused") }
        }
        guard case .refused(let why) = resources.resolve("link") else { return XCTFail("a link leading outside was not refused") }
        XCTAssertTrue(why.contains("outside"))
    }

    /// A catalog may be a link to a project's catalog (as `import` ships them); its images are found
    /// there, but a file the catalog names outside itself, through `..` or a link, is still refused.
    func testALinkedCatalogIsFollowedButConfined() throws {
        let dir = try temporaryDirectory(self)
        let resources = dir.appendingPathComponent("W.resources")
        let project = dir.appendingPathComponent("Project/Assets.xcassets")
        for set in ["Logo.imageset", "Sneaky.imageset", "Linked.imageset"] {
            try FileManager.default.createDirectory(at: project.appendingPathComponent(set), withIntermediateDirectories: true)
        }
        try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
        try Data([1]).write(to: project.appendingPathComponent("Logo.imageset/logo.png"))
        try Data(#"{"images":[{"filename":"logo.png","idiom":"universal"}]}"#.utf8).write(to: project.appendingPathComponent("Logo.imageset/Contents.json"))
        try Data([9]).write(to: dir.appendingPathComponent("Project/secret.png"))
        try Data(#"{"images":[{"filename":"../../secret.png","idiom":"universal"}]}"#.utf8).write(to: project.appendingPathComponent("Sneaky.imageset/Contents.json"))
        try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("Linked.imageset/l.png").path,
                                                   withDestinationPath: dir.appendingPathComponent("Project/secret.png").path)
        try Data(#"{"images":[{"filename":"l.png","idiom":"universal"}]}"#.utf8).write(to: project.appendingPathComponent("Linked.imageset/Contents.json"))
        try FileManager.default.createSymbolicLink(atPath: resources.appendingPathComponent("Assets.xcassets").path, withDestinationPath: project.path)

        let found = ExtensionResources(root: resources)
        guard case .found(let logo) = found.resolve("Logo") else { return XCTFail("the linked catalog's image") }
        XCTAssertTrue(logo.hasSuffix("Project/Assets.xcassets/Logo.imageset/logo.png"))
        guard case .refused = found.resolve("Linked") else { return XCTFail("a link inside the catalog leading out") }
        XCTAssertNotEqual(found.resolve("Sneaky"), .found(dir.appendingPathComponent("Project/secret.png").path))
    }
}
