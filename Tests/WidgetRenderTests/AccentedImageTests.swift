import Foundation
import WidgetArchive
@testable import WidgetLayout
import WidgetRender
import XCTest

/// `Image.widgetAccentedRenderingMode(_:)`: in the accented rendering mode a bitmap is drawn as its
/// group's colour (a silhouette, or its luminance), or in its own colours; in full colour, as it is.
final class AccentedImageTests: XCTestCase {
    private let t0 = Date(timeIntervalSince1970: 1_763_712_000)

    /// A 2×1 PNG: an opaque pure red pixel and an opaque mid-grey one.
    private let png: [UInt8] = PNGEncoder.encode(width: 2, height: 1, rgba: [255, 0, 0, 255, 128, 128, 128, 255])

    private func tree(_ mode: AccentedImageMode?, placement: Placement) -> RenderTree {
        var image = ViewNode.modified(.image(ImageNode(source: .data(png), resizable: true)), .frame(FrameSpec(minWidth: 40, idealWidth: 40, maxWidth: 40, minHeight: 20, idealHeight: 20, maxHeight: 20)))
        if let mode { image = .modified(image, .accentedImageMode(mode)) }
        let family = placement.families[0]
        return WidgetRenderer.render(WidgetArchiveValue(kind: "K", family: family, entryDate: t0, root: image),
                                     context: RenderContext(placement: placement, family: family, date: t0))
    }

    private func treatment(_ mode: AccentedImageMode?, _ placement: Placement) -> ImageTreatment? {
        tree(mode, placement: placement).root.allNodes().first { $0.role == .image }?.imageTreatment
    }

    func testEachModeInTheAccentedMode() throws {
        let tinted = try XCTUnwrap(Placement.all.first { $0.renderingMode == .accented && $0.platform == .macOS })
        let accent = RenderColor(tinted.tint), white = RenderColor(RGBA.white)
        XCTAssertEqual(treatment(nil, tinted), .silhouette(white), "the system default: the default group's colour")
        XCTAssertEqual(treatment(.accented, tinted), .silhouette(accent))
        XCTAssertEqual(treatment(.desaturated, tinted), .luminance(white))
        XCTAssertEqual(treatment(.accentedDesaturated, tinted), .luminance(accent))
        XCTAssertNil(treatment(.fullColor, tinted), "its own colours")
        // A watch face does not honour full colour: it draws the image as the default does.
        let watch = try XCTUnwrap(Placement.all.first { $0.renderingMode == .accented && $0.platform == .watchOS })
        XCTAssertEqual(treatment(.fullColor, watch), .silhouette(RenderColor(RGBA.white)))
        // Outside the accented mode nothing changes.
        XCTAssertNil(treatment(.accented, .iPhoneHomeScreen))
        XCTAssertNil(treatment(nil, .iPhoneHomeScreen))
    }

    func testThePixelsFollowTheTreatment() throws {
        let tinted = try XCTUnwrap(Placement.all.first { $0.renderingMode == .accented && $0.platform == .macOS })
        let renderer = PNGRenderer(regular: nil, bold: nil)
        func pixels(_ mode: AccentedImageMode?) -> (RGBA, RGBA) {
            let t = tree(mode, placement: tinted)
            let node = t.root.allNodes().first { $0.role == .image }!
            let canvas = renderer.canvas(t, scale: 1)
            let y = Int(node.frame.y + node.frame.height / 2)
            return (canvas.pixel(x: Int(node.frame.x + 5), y: y), canvas.pixel(x: Int(node.frame.maxX - 5), y: y))
        }
        let backdrop = renderer.canvas(tree(.fullColor, placement: tinted), scale: 1).pixel(x: 0, y: 0)
        let (red, grey) = pixels(.fullColor)
        XCTAssertEqual(red.r, 1, accuracy: 0.01); XCTAssertEqual(red.g, 0, accuracy: 0.01)
        XCTAssertEqual(grey.r, 128.0 / 255, accuracy: 0.01)
        // A silhouette: both pixels the same colour, whatever they were.
        let (sRed, sGrey) = pixels(.accented)
        XCTAssertEqual(sRed.r, sGrey.r, accuracy: 0.001); XCTAssertEqual(sRed.b, sGrey.b, accuracy: 0.001)
        // Luminance: the red (luminance 0.21) shows less of the white than the grey (0.5) does.
        let (lRed, lGrey) = pixels(.desaturated)
        let lift = { (p: RGBA) in p.r - backdrop.r }
        XCTAssertLessThan(lift(lRed), lift(lGrey))
        XCTAssertGreaterThan(lift(lRed), 0)
    }

    /// iOS 18's tinted Home Screen and the clear and tinted Liquid Glass looks of iOS and macOS 26
    /// are placements: accented, the widget's background replaced by the system's plate.
    func testTodaysHomeScreenLooksArePlacements() throws {
        for id in ["iphone-home-tinted", "iphone-home-clear", "iphone-home-tinted-glass", "mac-desktop-clear"] {
            let placement = try XCTUnwrap(Placement.named(id), id)
            XCTAssertEqual(placement.renderingMode, .accented, id)
            XCTAssertTrue(placement.removesContainerBackground, id)
            XCTAssertEqual(placement.families, id.hasPrefix("mac") ? Placement.macDesktop.families : Placement.iPhoneHomeScreen.families, id)
            // An image in its own colours stays so there; the default draws it in the plate's white or tint.
            XCTAssertNil(treatment(.fullColor, placement), id)
            XCTAssertNotNil(treatment(nil, placement), id)
        }
    }
}
