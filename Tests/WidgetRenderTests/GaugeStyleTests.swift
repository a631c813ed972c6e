import Foundation
import WidgetArchive
import WidgetLayout
import WidgetRender
import XCTest

/// Accessory gauges as iOS draws them: a capacity ring fills up to the value, an accessory circular
/// gauge draws its whole open arc and marks the value, and a gradient tint runs along the arc or bar.
final class GaugeStyleTests: XCTestCase {
    private let red = ColorValue.rgba(red: 1, green: 0, blue: 0, opacity: 1)
    private let blue = ColorValue.rgba(red: 0, green: 0, blue: 1, opacity: 1)

    private func tree(_ style: ProgressStyleValue, value: Double, gradient: Bool, family: WidgetFamily = .accessoryCircular,
                      placement: Placement = .watchSmartStack) -> RenderTree {
        var root = ViewNode.gauge(GaugeNode(value: value, style: style))
        if gradient {
            root = .modified(.modified(root, .tintGradient([GradientStop(color: red, location: 0), GradientStop(color: blue, location: 1)])),
                             .tint(red))
        }
        let archive = WidgetArchiveValue(kind: "G", family: family, entryDate: Date(timeIntervalSince1970: 0), root: root)
        return WidgetRenderer.render(archive, context: RenderContext(placement: placement, family: family, date: Date(timeIntervalSince1970: 0)))
    }

    private func gauge(_ tree: RenderTree) throws -> RenderNode {
        try XCTUnwrap(tree.root.allNodes().first { $0.role == .gauge })
    }

    /// A pixel at `angle` (radians from the top, clockwise) on the gauge's ring, at 1×.
    private func pixel(_ tree: RenderTree, _ node: RenderNode, angle: Double) -> RGBA {
        let canvas = PNGRenderer().canvas(tree, scale: 1)
        let r = node.frame
        let d = min(r.width, r.height), width = max(2, d * 0.1), radius = d / 2 - width / 2
        let x = r.x + r.width / 2 + radius * sin(angle), y = r.y + r.height / 2 - radius * cos(angle)
        return canvas.pixel(x: Int(x), y: Int(y))
    }

    func testAnAccessoryCircularGaugeMarksItsValueOnAnOpenArc() throws {
        let t = tree(.accessoryCircular, value: 0.5, gradient: false)
        let node = try gauge(t)
        XCTAssertEqual(node.marksValue, true)
        XCTAssertEqual(node.openArc, true)
        let capacity = try gauge(tree(.accessoryCircularCapacity, value: 0.5, gradient: false))
        XCTAssertNil(capacity.marksValue, "a capacity ring fills up to its value")
        XCTAssertNil(capacity.openArc)
        // The bottom of the open arc is its gap: nothing drawn there but the background.
        let bottom = pixel(t, node, angle: .pi), side = pixel(t, node, angle: .pi / 2)
        XCTAssertNotEqual(bottom, side, "the arc is drawn at three o'clock and open at six")
    }

    func testAGradientTintRunsAroundTheArcAndAlongTheBar() throws {
        let t = tree(.accessoryCircularCapacity, value: 1, gradient: true)
        let node = try gauge(t)
        XCTAssertEqual(node.gradient?.stops.count, 2)
        let nearStart = pixel(t, node, angle: 0.15), nearEnd = pixel(t, node, angle: 2 * .pi - 0.15)
        XCTAssertGreaterThan(nearStart.r, nearStart.b, "red where the ring starts")
        XCTAssertGreaterThan(nearEnd.b, nearEnd.r, "blue where it ends")

        let bar = tree(.accessoryLinearCapacity, value: 1, gradient: true, family: .accessoryRectangular, placement: .watchSmartStack)
        let barNode = try XCTUnwrap(bar.root.allNodes().first { $0.role == .gauge })
        let track = try XCTUnwrap(barNode.children.first { $0.role == .shape }?.frame)
        let canvas = PNGRenderer().canvas(bar, scale: 1)
        let y = Int(track.y + track.height / 2)
        let left = canvas.pixel(x: Int(track.x + 4), y: y), right = canvas.pixel(x: Int(track.x + track.width - 4), y: y)
        XCTAssertGreaterThan(left.r, left.b)
        XCTAssertGreaterThan(right.b, right.r)
    }
}
