import Foundation
import WidgetAnimation
import WidgetArchive
import WidgetArchiveGenerator
import WidgetLayout
import WidgetRender
import XCTest

/// Archives are hostile input: any two the generator makes (every transition, curve and number it can
/// write) plan and draw without trapping, and every transition ends within a minute.
final class HostileTransitionTests: XCTestCase {
    func testGeneratedArchivesPlanAndDrawWithinBounds() {
        var generator = ArchiveGenerator(seed: 2026)
        let t0 = Date(timeIntervalSince1970: 1_763_712_000)
        let painter = PNGRenderer(regular: nil, bold: nil)
        for _ in 0..<40 {
            let trees = (0..<2).map { _ in
                WidgetRenderer.render(generator.archive(), context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0))
            }
            let plan = TransitionPlanner.plan(from: trees[0], to: trees[1])
            XCTAssertLessThanOrEqual(plan.duration, 60)
            let frames = TransitionFrames(plan)
            for instant in [0, plan.duration / 3, plan.duration] {
                let canvas = painter.canvas(frames.tree(at: instant), scale: 1)
                XCTAssertGreaterThan(canvas.width, 0)
            }
        }
    }
}
