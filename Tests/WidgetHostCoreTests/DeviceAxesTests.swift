import Foundation
import HostTestSupport
import WidgetArchive
import WidgetHostCore
import WidgetLayout
import WidgetTesting
import XCTest

/// The device's text size, direction and locale reach a real extension (its body reads them) and the
/// host's layout (text styles, mirroring, dates): the gallery's Reading widget in each.
final class DeviceAxesTests: XCTestCase {
    private let t0 = Date(timeIntervalSince1970: 1_763_712_000)  // 2025-11-21T08:00:00Z

    private func host() throws -> WidgetTestHost {
        let host = try WidgetTestHost(extension: try BuiltProducts.executable("WidgetGallery"), start: t0)
        addTeardownBlock { host.host.shutdown() }
        return host
    }

    private func render(_ host: WidgetTestHost, _ device: DeviceSettings, family: WidgetFamily = .systemMedium) throws -> RenderTree {
        let cell = RenderMatrix.Cell(family: family, placement: .iPhoneHomeScreen, colorScheme: .light, flags: [], device: device)
        return try host.render(kind: "Reading", cell: cell, at: t0)
    }

    private func node(_ tree: RenderTree, image name: String) throws -> RenderNode {
        try XCTUnwrap(tree.root.allNodes().first { $0.role == .image && $0.imageName == name }, "no \(name) in \(tree.texts)")
    }

    /// The size of the run that begins with `text` (at large sizes, a text may be truncated).
    private func fontSize(_ tree: RenderTree, of text: String) throws -> Double {
        let runs = tree.root.allNodes().compactMap(\.lines).joined().flatMap(\.runs)
        return try XCTUnwrap(runs.first { $0.text.hasPrefix(text) }?.fontSize, "no run \(text) in \(tree.texts)")
    }

    func testTheMatrixAddsACellPerFamilyAndAxisValueInTheNaturalPlacement() throws {
        let cells = try host().matrix(kind: "Reading", platforms: [.iOS], axes: .common)
        let varied = cells.filter { !$0.device.isStandard }
        let moved = cells.filter { $0.placement.id.contains("@") }
        XCTAssertEqual((varied + moved).map(\.name), [
            "systemSmall-iphone-home-fullColor-light-xS", "systemSmall-iphone-home-fullColor-light-AX3",
            "systemSmall-iphone-home-fullColor-light-rtl", "systemSmall-iphone-home-fullColor-light-de_DE",
            "systemMedium-iphone-home-fullColor-light-xS", "systemMedium-iphone-home-fullColor-light-AX3",
            "systemMedium-iphone-home-fullColor-light-rtl", "systemMedium-iphone-home-fullColor-light-de_DE",
            "systemSmall-iphone-home@iphone-se-fullColor-light", "systemMedium-iphone-home@iphone-se-fullColor-light",
        ])
        XCTAssertEqual(cells.count - varied.count - moved.count, try host().matrix(kind: "Reading", platforms: [.iOS]).count,
                       "the standard cells are the matrix without axes")
    }

    func testAnAccessibilityTextSizeReachesTheBodyAndSetsTheTextStyles() throws {
        let host = try host()
        let standard = try render(host, .standard)
        XCTAssertTrue(standard.texts.contains("Page 41 of 120"), "\(standard.texts)")
        XCTAssertEqual(try fontSize(standard, of: "Chapte"), 17, "headline at Large")

        let ax3 = try render(host, DeviceSettings(textSize: .accessibility3))
        XCTAssertTrue(ax3.texts.contains("41/120"), "the body chose its accessibility layout: \(ax3.texts)")
        XCTAssertFalse(ax3.texts.contains("Page 41 of 120"))
        XCTAssertEqual(try fontSize(ax3, of: "Chapte"), 40, "headline at AX3, Apple's table")

        let xSmall = try render(host, DeviceSettings(textSize: .xSmall))
        XCTAssertEqual(try fontSize(xSmall, of: "Chapte"), 14, "headline at xSmall")

        // `.dynamicTypeSize(...DynamicTypeSize.accessibility3)` holds AX5 at AX3.
        let ax5 = try render(host, DeviceSettings(textSize: .accessibility5))
        XCTAssertEqual(try fontSize(ax5, of: "Chapte"), 40)
    }

    func testRightToLeftMirrorsTheStackTheBarAndTheForwardChevron() throws {
        let host = try host()
        let ltr = try render(host, .standard)
        let rtl = try render(host, DeviceSettings(layoutDirection: .rightToLeft))

        XCTAssertLessThan(try node(ltr, image: "book.fill").frame.x, try node(ltr, image: "chevron.forward").frame.x)
        XCTAssertGreaterThan(try node(rtl, image: "book.fill").frame.x, try node(rtl, image: "chevron.forward").frame.x,
                             "the first child of the HStack is at the right")
        XCTAssertEqual(try node(rtl, image: "book.fill").frame.maxX, ltr.size.width - (try node(ltr, image: "book.fill").frame.x),
                       accuracy: 0.01, "mirrored about the widget's centre")

        XCTAssertEqual(try node(rtl, image: "chevron.forward").mirrored, true, "a forward symbol points the reading way")
        XCTAssertNil(try node(ltr, image: "chevron.forward").mirrored)
        let flipped = rtl.root.allNodes().contains { $0.transform?.a == -1 && $0.children.contains { $0.imageName == "book.fill" } }
        XCTAssertTrue(flipped, "flipsForRightToLeftLayoutDirection(true) was archived by a body that saw right to left")

        let bar = try XCTUnwrap(rtl.root.allNodes().first { $0.role == .progress })
        XCTAssertEqual(bar.mirrored, true, "the bar fills from the right")
        let caption = try XCTUnwrap(rtl.root.allNodes().first { $0.role == .text && $0.text == "Page 41 of 120" })
        XCTAssertEqual(caption.frame.maxX, rtl.size.width - 16, accuracy: 0.01, "leading is the right-hand margin")
    }

    func testALocaleReachesFormatStylesInTheBodyAndDatesInTheHost() throws {
        let host = try host()
        let english = try render(host, .standard)
        XCTAssertTrue(english.texts.contains("42,021"), "\(english.texts)")
        XCTAssertTrue(english.texts.contains("November 21, 2025"), "\(english.texts)")

        let german = try render(host, DeviceAxes.settings(locale: "de_DE"))
        XCTAssertTrue(german.texts.contains("42.021"), "the format style took the device's locale: \(german.texts)")
        XCTAssertTrue(german.texts.contains("21. November 2025"), "the host wrote the date in German: \(german.texts)")
        XCTAssertNil(german.root.allNodes().first { $0.role == .progress }?.mirrored)

        let arabic = DeviceAxes.settings(locale: "ar_SA")
        XCTAssertEqual(arabic.layoutDirection, .rightToLeft, "a right-to-left language lays the widget out right to left")
        XCTAssertEqual(try render(host, arabic).root.allNodes().first { $0.role == .progress }?.mirrored, true)
    }

    func testAnIPhoneModelSizesTheWidgetAndTheExtensionIsToldItsSize() throws {
        let host = try host()
        for (id, width, height) in [("iphone-se", 321.0, 148.0), ("iphone-max", 364, 170)] {
            let model = try XCTUnwrap(DeviceModel.named(id))
            let placement = Placement.iPhoneHomeScreen.on(model)
            XCTAssertEqual(placement.id, "iphone-home@\(id)")
            XCTAssertEqual(Placement.named(placement.id), placement, "the extension resolves the same placement from the request")
            let cell = RenderMatrix.Cell(family: .systemMedium, placement: placement, colorScheme: .light, flags: [])
            let tree = try host.render(kind: "Reading", cell: cell, at: t0)
            XCTAssertEqual(tree.size, Size(width: width, height: height))
            XCTAssertEqual(tree.placement, "iphone-home@\(id)")
        }
        XCTAssertNil(Placement.named("iphone-home@iphone-99"), "an unknown model names no placement")
        XCTAssertEqual(Placement.standByDay.on(DeviceModel.all[0]), .standByDay, "StandBy is not a home or lock screen")
        XCTAssertEqual(Placement.iPhoneHomeScreen.on(.standard), .iPhoneHomeScreen)
        let se = try XCTUnwrap(DeviceModel.named("iphone-se")), max = try XCTUnwrap(DeviceModel.named("iphone-max"))
        XCTAssertEqual(Placement.iPhoneHomeScreen.on(se).on(max), Placement.iPhoneHomeScreen.on(max), "a model replaces another")
        XCTAssertEqual(Placement.iPhoneHomeScreen.on(se).on(.standard), .iPhoneHomeScreen)
    }
}
