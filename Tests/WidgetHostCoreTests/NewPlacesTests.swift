import Foundation
import HostTestSupport
import WidgetArchive
import WidgetHostCore
import WidgetLayout
import WidgetProtocol
import WidgetTesting
import XCTest

/// visionOS and CarPlay with the bundled extensions' real processes: the level of detail the viewing
/// distance asks for, mounting styles a widget refuses, the paper coating, CarPlay's look and its
/// disabled interaction for a widget that disfavors it, and `disfavoredLocations` in the matrix.
final class NewPlacesTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_763_712_000)

    private func host(_ name: String) throws -> WidgetTestHost {
        let host = try WidgetTestHost(extension: try BuiltProducts.executable(name), start: t0)
        addTeardownBlock { host.shutdown() }
        return host
    }

    func testAFarViewerGetsTheSimplifiedLevelOfDetail() throws {
        let gallery = try host("WidgetGallery")
        let near = try gallery.instance(kind: "Poster", family: .systemExtraLargePortrait, placement: "vision-wall-elevated", id: "near")
        let far = try gallery.instance(kind: "Poster", family: .systemExtraLargePortrait, placement: "vision-wall-far", id: "far")
        XCTAssertEqual(try near.render().texts, ["Harbour Lights", "Festival of light, boats and music", "Tonight, 21:00 · Pier 4"])
        XCTAssertEqual(try far.render().texts, ["Harbour Lights"], "simplified: the title alone")
        let archive = try gallery.host.decodeEntry(try XCTUnwrap(far.timeline), index: 0)
        XCTAssertTrue(archive.variant.isSimplified)
        XCTAssertTrue(archive.flags.contains(.paperTexture))
        XCTAssertFalse(try gallery.host.decodeEntry(try XCTUnwrap(near.timeline), index: 0).variant.isSimplified)
    }

    func testMountingStylesAWidgetDoesNotSupportAreRefused() throws {
        let gallery = try host("WidgetGallery")
        XCTAssertThrowsError(try gallery.instance(kind: "Window", family: .systemExtraLargePortrait, placement: "vision-table")) { error in
            XCTAssertEqual(error as? HostError, .placementRefused(
                extensionID: "WidgetGallery", kind: "Window", placement: "vision-table",
                reason: "a widget that is only recessed cannot be placed on a horizontal surface"))
        }
        XCTAssertThrowsError(try gallery.instance(kind: "Poster", family: .systemExtraLargePortrait, placement: "vision-wall-recessed"))
        let window = try gallery.instance(kind: "Window", family: .systemExtraLargePortrait, placement: "vision-wall-recessed")
        let rim = try window.render().root.children.last
        XCTAssertEqual(rim?.strokeWidth, 10, "a recessed widget's shadowed rim")
    }

    func testTheMatrixLeavesOutWhatAWidgetCannotOrWouldRatherNotShow() throws {
        let gallery = try host("WidgetGallery")
        let window = try XCTUnwrap(try gallery.host.connection(to: gallery.extensionPath).descriptor(kind: "Window"))
        let matrix = RenderMatrix.cells(for: window)
        XCTAssertEqual(Set(matrix.cells.map(\.placement.id)), ["vision-wall-recessed"])
        XCTAssertEqual(Set(matrix.leftOut.map(\.placement.id)), ["vision-wall-elevated", "vision-wall-far", "vision-table"])
        let todo = try host("ToDoList")
        let list = try XCTUnwrap(try todo.host.connection(to: todo.extensionPath).descriptor(kind: "ToDoList"))
        XCTAssertTrue(list.disfavors(.systemSmall, at: .carPlay))
        XCTAssertEqual(RenderMatrix.cells(for: list).leftOut.map(\.reason), ["disfavored at carPlay"])
        XCTAssertFalse(RenderMatrix.cells(for: list).cells.contains { $0.placement.id == "carplay" })
    }

    func testCarPlayShowsSmallWidgetsLockedAndDisablesADisfavoredWidgetsTaps() throws {
        XCTAssertEqual(Placement.carPlay.families, [.systemSmall])
        XCTAssertTrue(Placement.carPlay.isDeviceLocked)
        let todo = try host("ToDoList")
        let inCar = try todo.instance(kind: "ToDoList", family: .systemSmall, placement: "carplay")
        let tap = try inCar.tap(label: "Buy milk")
        XCTAssertEqual(tap.outcome, .disabled(reason: "the widget disfavors CarPlay"))
        let log = (try? String(contentsOf: todo.host.store.logFile("ToDoList"), encoding: .utf8)) ?? ""
        XCTAssertFalse(log.contains("toggled milk"), "nothing is performed")
        // On the home screen the same widget is interactive.
        let home = try todo.instance(kind: "ToDoList", family: .systemSmall, id: "home")
        XCTAssertEqual(try home.tap(label: "Buy milk").outcome, .performed(intent: "ToDoList.ToggleTaskIntent"))
        // A widget that does not disfavor CarPlay shows there, its removable background removed.
        let caffeine = try host("CaffeineTracker").instance(kind: "CaffeineTracker", family: .systemSmall, placement: "carplay")
        XCTAssertNil(try caffeine.render().root.children.first { $0.role == .background })
    }

    func testTheNewFamilyAndVariantBitRoundTrip() throws {
        let value = WidgetArchiveValue(kind: "Poster", family: .systemExtraLargePortrait, entryDate: t0,
                                       variant: EnvironmentVariant(isSimplified: true), flags: [.notRecessed, .paperTexture],
                                       root: .text(TextNode("Harbour Lights")))
        XCTAssertEqual(try ArchiveDecoder().decode(ArchiveEncoder.encode(value)), value)
        XCTAssertEqual(value.variant.description, "fullColor-light-simplified")
        let request = Message.getTimeline(TimelineRequest(requestID: 1, kind: "Poster", family: .systemExtraLargePortrait,
                                                          variants: [EnvironmentVariant(isSimplified: true)], now: t0))
        XCTAssertEqual(try MessageCodec.decode(MessageCodec.encode(request)), request)
    }

    /// `WidgetTesting`'s matrix leaves out disfavored and unmountable places, and keeps to the
    /// platforms asked for.
    func testTheTestingMatrixHonoursDisfavoredPlacesAndPlatforms() throws {
        let todo = try host("ToDoList")
        let all = try todo.matrix(kind: "ToDoList")
        XCTAssertFalse(all.contains { $0.family == .systemSmall && $0.placement.id == "carplay" })
        XCTAssertTrue(all.contains { $0.placement.platform == .visionOS })
        let iOS = try todo.matrix(kind: "ToDoList", platforms: [.iOS])
        XCTAssertFalse(iOS.isEmpty)
        XCTAssertTrue(iOS.allSatisfy { $0.placement.platform == .iOS })
        let gallery = try host("WidgetGallery")
        XCTAssertEqual(Set(try gallery.matrix(kind: "Window").map(\.placement.id)), ["vision-wall-recessed"])
    }
}
