import Foundation
import WidgetAnimation
import WidgetArchive
import WidgetHostCore
import WidgetLayout
import WidgetRender

/// A transition the host plays between two states of a widget, for a test to assert on: the plan
/// (what changes, with which animation and transition, when and for how long) and the frames.
///
/// ```swift
/// let before = try widget.render()
/// let tap = try widget.tap(element: "log-espresso")
/// let transition = tap.transition(from: before)
/// let drink = try XCTUnwrap(transition.change(idPrefix: "last-drink"))
/// XCTAssertEqual(drink.transition, .push(.bottom))
/// XCTAssertEqual(drink.animation, AnimationValue(.smooth(duration: 1.8, extraBounce: 0)))
/// XCTAssertEqual(transition.change(id: "total")?.textChange, .rollUp)
/// ```
public struct WidgetTransition: Sendable {
    public let plan: TransitionPlan
    public let frames: TransitionFrames

    public init(from old: RenderTree, to new: RenderTree) {
        plan = TransitionPlanner.plan(from: old, to: new)
        frames = TransitionFrames(plan)
    }

    /// The change of the view with `.id(id)`.
    public func change(id: String) -> TransitionPlan.Change? { plan.changes.first { $0.key == "#\(id)" } }

    /// The change of the first view whose `.id` starts with `prefix` (ids that carry a date or count).
    public func change(idPrefix prefix: String) -> TransitionPlan.Change? { plan.changes.first { $0.key.hasPrefix("#\(prefix)") } }

    /// The widget as drawn `seconds` into the transition.
    public func tree(at seconds: Double) -> RenderTree { frames.tree(at: seconds) }

    /// The frame as PNG bytes, `seconds` into the transition.
    public func png(at seconds: Double, scale: Double? = nil) -> [UInt8] { PNGRenderer.snapshotFaces.png(frames.tree(at: seconds), scale: scale) }
}

extension WidgetSession {
    /// The transition from what the widget shows at `from` (the clock's now by default) to what it shows
    /// at `to`: the next entry's arrival, as the host animates it.
    public func transition(from: Date? = nil, to: Date) throws(HostError) -> WidgetTransition {
        WidgetTransition(from: try render(at: from), to: try render(at: to))
    }
}

extension TapResult {
    /// After a tap, the host animates from what was shown (`before`) to the optimistic state at once, then
    /// to the final entry: this is the second part, from the optimistic state to the final entry.
    public func transition(from before: RenderTree? = nil) -> WidgetTransition {
        WidgetTransition(from: before ?? optimistic, to: final)
    }
}
