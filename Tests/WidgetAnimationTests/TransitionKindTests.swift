import Foundation
import WidgetAnimation
import WidgetArchive
import WidgetLayout
import XCTest

/// Every transition and content transition, drawn halfway through a one-second linear animation (so
/// progress is exactly one half): where the view is, how opaque, how large.
final class TransitionKindTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_763_712_000)
    let linear = AnimationValue(.linear(duration: 1))

    /// A ZStack of views the same size, so the container does not move when one comes or goes (a moving
    /// container would add its own shift to what is measured).
    private func tree(_ children: [ViewNode], digest: UInt64) -> RenderTree {
        let stack = ViewNode.modified(.stack(StackNode(axis: .depth, children: children)), .frame(.fixed(width: 100, height: 100)))
        let root = ViewNode.modified(stack, .animation(linear, valueDigest: digest))
        return WidgetRenderer.render(WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: t0, root: root),
                                     context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0))
    }

    private func view(_ transition: TransitionValue) -> ViewNode {
        .modified(.modified(.color(.system(.red, opacity: 1)), .frame(.fixed(width: 40, height: 20))), .transition(transition))
    }

    /// The transitioning view halfway, coming in (`insertion`) or going out.
    private func halfway(_ transition: TransitionValue, insertion: Bool = true) throws -> RenderNode {
        let kept = ViewNode.modified(.color(.system(.blue, opacity: 1)), .frame(.fixed(width: 40, height: 20)))
        let moving = ViewNode.modified(view(transition), .identity("moving"))
        let without = tree([kept], digest: 1), with = tree([kept, moving], digest: 2)
        let frames = TransitionFrames(insertion ? TransitionPlanner.plan(from: without, to: with) : TransitionPlanner.plan(from: with, to: without))
        return try XCTUnwrap(frames.tree(at: 0.5).root.allNodes().first { $0.id == "moving" }, "\(transition)")
    }

    func testEachTransitionHalfwayIn() throws {
        XCTAssertEqual(try halfway(.opacity).opacity ?? 1, 0.5, accuracy: 1e-9)
        let identity = try halfway(.identity)
        XCTAssertNil(identity.transform)
        XCTAssertNil(identity.opacity)
        XCTAssertEqual(try halfway(.scale(0, anchor: UnitPointValue(x: 0.5, y: 0.5))).transform?.a ?? 1, 0.5, accuracy: 1e-9)
        XCTAssertLessThan(try halfway(.slide).transform?.tx ?? 0, 0, "in from the leading edge")
        XCTAssertGreaterThan(try halfway(.move(.trailing)).transform?.tx ?? 0, 0)
        XCTAssertLessThan(try halfway(.move(.top)).transform?.ty ?? 0, 0)
        let push = try halfway(.push(.bottom))
        XCTAssertGreaterThan(push.transform?.ty ?? 0, 0, "in from below")
        XCTAssertEqual(push.opacity ?? 1, 0.5, accuracy: 1e-9, "and fading in")
        XCTAssertEqual(try halfway(.offset(x: 10, y: 0)).transform?.tx ?? 0, 5, accuracy: 1e-9)
        let combined = try halfway(.combined(.opacity, .offset(x: 0, y: 20)))
        XCTAssertEqual(combined.opacity ?? 1, 0.5, accuracy: 1e-9)
        XCTAssertEqual(combined.transform?.ty ?? 0, 10, accuracy: 1e-9)
        XCTAssertEqual(try halfway(.asymmetric(insertion: .offset(x: 10, y: 0), removal: .opacity)).transform?.tx ?? 0, 5, accuracy: 1e-9)
        // Its own animation (2 s, linear) is a quarter of the way in at 0.5 s.
        XCTAssertEqual(try halfway(.animated(.opacity, AnimationValue(.linear(duration: 2)))).opacity ?? 1, 0.25, accuracy: 1e-9)
    }

    func testEachTransitionHalfwayOut() throws {
        XCTAssertEqual(try halfway(.opacity, insertion: false).opacity ?? 1, 0.5, accuracy: 1e-9)
        XCTAssertGreaterThan(try halfway(.slide, insertion: false).transform?.tx ?? 0, 0, "out by the trailing edge")
        XCTAssertLessThan(try halfway(.push(.bottom), insertion: false).transform?.ty ?? 0, 0, "out through the top")
        XCTAssertLessThan(try halfway(.move(.leading), insertion: false).transform?.tx ?? 0, 0, "back to its edge")
        let asymmetric = try halfway(.asymmetric(insertion: .offset(x: 10, y: 0), removal: .opacity), insertion: false)
        XCTAssertEqual(asymmetric.opacity ?? 1, 0.5, accuracy: 1e-9)
        XCTAssertNil(asymmetric.transform)
    }

    /// A view that comes in is clipped to its container.
    func testInsertionsAreClippedToTheirContainer() throws {
        let kept = ViewNode.text(TextNode("kept"))
        let moving = ViewNode.modified(view(.push(.bottom)), .identity("moving"))
        let frames = TransitionFrames(TransitionPlanner.plan(from: tree([kept], digest: 1), to: tree([kept, moving], digest: 2)))
        let clip = try XCTUnwrap(frames.tree(at: 0.5).root.allNodes().first { $0.clips == true && $0.children.contains { $0.id == "moving" } })
        let stack = try XCTUnwrap(frames.plan.to.root.allNodes().first { $0.role == .stack })
        XCTAssertEqual(clip.frame.width, stack.frame.width, accuracy: 1e-9)
        XCTAssertEqual(clip.frame.height, stack.frame.height, accuracy: 1e-9)
    }

    private func textTransition(_ transition: ContentTransitionValue, from a: String, to b: String) -> (TransitionPlan.Change?, RenderTree) {
        func entry(_ text: String, _ digest: UInt64) -> RenderTree { tree([.modified(.text(TextNode(text)), .contentTransition(transition))], digest: digest) }
        let plan = TransitionPlanner.plan(from: entry(a, 1), to: entry(b, 2))
        return (plan.changes.first { $0.textChange != nil }, TransitionFrames(plan).tree(at: 0.5))
    }

    func testEachContentTransition() {
        XCTAssertEqual(textTransition(.identity, from: "one", to: "two").0?.textChange, .swap)
        XCTAssertEqual(textTransition(.identity, from: "one", to: "two").1.root.allText, ["two"], "swapped at once")
        XCTAssertEqual(textTransition(.opacity, from: "one", to: "two").0?.textChange, .crossFade)
        XCTAssertEqual(textTransition(.interpolate, from: "one", to: "two").0?.textChange, .crossFade)
        XCTAssertEqual(textTransition(.numericText, from: "9", to: "10").0?.textChange, .rollUp)
        XCTAssertEqual(textTransition(.numericText, from: "10", to: "9").0?.textChange, .rollDown)
        XCTAssertEqual(textTransition(.numericTextCountsDown, from: "9", to: "10").0?.textChange, .rollDown, "counts down whatever the value")
        // Rolling by character: "12 mg" → "13 mg" keeps "1" and " mg", rolls "2" out and "3" in.
        let rolled = textTransition(.numericText, from: "12 mg", to: "13 mg").1.root.allNodes()
        let runs = rolled.flatMap { $0.lines ?? [] }.flatMap(\.runs).map(\.text)
        XCTAssertEqual(Set(runs), ["1", " ", "m", "g", "2", "3"], "\(runs)")
        XCTAssertEqual(runs.filter { $0 == "1" }.count, 1, "the kept digit is drawn once")
    }
}
