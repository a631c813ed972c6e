import Foundation
import SwiftUI
import WidgetArchive
import WidgetKit
import WidgetUI
import XCTest

/// `.tint(_:)` with a shape style, and a `Gradient` as a shape style, as real widget code writes them
/// (`Gauge(…).tint(Gradient(colors: […]))`).
final class ShapeStyleTintTests: XCTestCase {
    private func tints<V: View>(_ view: V) -> (tints: [ColorValue], diagnostics: [String]) {
        let (node, diagnostics) = ViewArchiver.archive(view, environment: EnvironmentValues(), locate: nil)
        var found: [ColorValue] = []
        node.forEachNode { if case .modified(_, .tint(let color)) = $0 { found.append(color) } }
        return (found, diagnostics)
    }

    /// The middle colour for views that take one colour, and the gradient for the gauge, which draws
    /// it: nothing to report.
    func testAGradientTintsWithItsMiddleColourAndCarriesTheGradient() {
        let gradient = Gradient(colors: [.green, .yellow, .red])
        let view = Gauge(value: 0.4) { Text("Days") }.tint(gradient)
        let result = tints(view)
        XCTAssertEqual(result.tints, [Color.yellow._colorValue])
        XCTAssertEqual(result.diagnostics, [])
        let (node, _) = ViewArchiver.archive(view, environment: EnvironmentValues(), locate: nil)
        var stops: [GradientStop] = []
        node.forEachNode { if case .modified(_, .tintGradient(let found)) = $0 { stops = found } }
        XCTAssertEqual(stops.map(\.color), [Color.green, .yellow, .red].map(\._colorValue))
    }

    func testAColourStyleTintsAsTheColour() {
        let style: AnyShapeStyle? = AnyShapeStyle(Color.orange)
        XCTAssertEqual(tints(Text("x").tint(style)).tints, [Color.orange._colorValue])
        XCTAssertEqual(tints(Text("x").tint(Color.blue)).tints, [Color.blue._colorValue])
        XCTAssertEqual(tints(Text("x").tint(nil)).tints, [])
    }

    func testAGradientFillsTopToBottom() {
        guard case .linearGradient(let stops, let start, let end) = Gradient(colors: [.white, .black])._paint else {
            return XCTFail("a gradient is a linear gradient")
        }
        XCTAssertEqual(stops.count, 2)
        XCTAssertEqual([start.x, start.y, end.x, end.y], [0.5, 0, 0.5, 1])
    }
}
