import Foundation
import WidgetAnimation
import WidgetArchive
import WidgetLayout
import WidgetRender
import XCTest

/// The seed's caffeine example, planned and drawn from two archives: the total rolls up, the new drink
/// pushes in from the bottom and the older one moves down, all with a smooth 1.8 s animation.
final class TransitionPlanTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_763_712_000)

    /// The caffeine widget's entry: the total, then the drinks newest first.
    private func entry(total: Int, drinks: [String], animation: AnimationValue? = AnimationValue(.smooth(duration: 1.8, extraBounce: 0)),
                       numeric: Bool = true) -> RenderTree {
        let totalText = ViewNode.modified(.text(TextNode("\(total) mg")), numeric ? .numericTextValue(Double(total)) : .opacity(1))
        let rows = drinks.map { ViewNode.modified(.modified(.text(TextNode($0)), .identity($0)), .transition(.push(.bottom))) }
        var root = ViewNode.stack(StackNode(axis: .vertical, children: [totalText] + rows))
        if let animation { root = .modified(root, .animation(animation, valueDigest: UInt64(total))) }
        let archive = WidgetArchiveValue(kind: "CaffeineTracker", family: .systemSmall, entryDate: t0, root: root)
        return WidgetRenderer.render(archive, context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0))
    }

    private func change(_ plan: TransitionPlan, _ key: String) -> TransitionPlan.Change? { plan.changes.first { $0.key == key } }

    func testTheNewDrinkPushesInTheOldMovesDownAndTheTotalRollsUp() throws {
        let plan = TransitionPlanner.plan(from: entry(total: 200, drinks: ["Latte"]), to: entry(total: 280, drinks: ["Espresso", "Latte"]))
        let espresso = try XCTUnwrap(change(plan, "#Espresso"))
        XCTAssertEqual(espresso.kind, .inserted)
        XCTAssertEqual(espresso.transition, .push(.bottom))
        XCTAssertEqual(espresso.animation, AnimationValue(.smooth(duration: 1.8, extraBounce: 0)))
        let latte = try XCTUnwrap(change(plan, "#Latte"))
        XCTAssertEqual(latte.kind, .moved)
        XCTAssertGreaterThan(latte.to!.y, latte.from!.y, "moves down")
        let total = try XCTUnwrap(plan.changes.first { $0.role == .text && $0.textChange != nil })
        XCTAssertEqual(total.textChange, .rollUp)
        XCTAssertEqual(total.kind, .changed)
        XCTAssertTrue(total.differences.contains(.text(from: "200 mg", to: "280 mg")), "\(total.differences)")
        // A smooth spring of 1.8 s settles in about its duration.
        XCTAssertEqual(plan.duration, 1.8, accuracy: 0.5)
        XCTAssertEqual(espresso.duration, plan.duration, accuracy: 0.001)
        // The JSON form writes each value as SwiftUI code and a reader would.
        let json = plan.json()
        XCTAssertTrue(json.contains(#""transition" : ".push(from: .bottom)""#), json)
        XCTAssertTrue(json.contains(#""animation" : ".smooth(duration: 1.8, extraBounce: 0)""#), json)
        XCTAssertTrue(json.contains(#""text \"200 mg\" → \"280 mg\"""#), json)
    }

    func testTheTotalRollsDownWhenItFalls() {
        let plan = TransitionPlanner.plan(from: entry(total: 280, drinks: []), to: entry(total: 80, drinks: []))
        XCTAssertEqual(plan.changes.first { $0.textChange != nil }?.textChange, .rollDown)
        let plain = TransitionPlanner.plan(from: entry(total: 280, drinks: [], numeric: false), to: entry(total: 80, drinks: [], numeric: false))
        XCTAssertEqual(plain.changes.first { $0.textChange != nil }?.textChange, .crossFade, "without a numeric content transition, text cross-fades")
    }

    /// Without `.animation(_:value:)` the system's implicit spring applies; written as nil, nothing
    /// animates; and an animation applies only when its watched value changed.
    func testWhichAnimationApplies() {
        let implicit = TransitionPlanner.plan(from: entry(total: 1, drinks: [], animation: nil), to: entry(total: 2, drinks: [], animation: nil))
        XCTAssertEqual(implicit.changes.first?.animation, .widgetDefault)
        XCTAssertEqual(implicit.duration, AnimationCurve(.widgetDefault).duration, accuracy: 0.001)
        let none = TransitionPlanner.plan(from: entry(total: 1, drinks: [], animation: nil), to: entry(total: 2, drinks: [], animation: AnimationValue?.none))
        XCTAssertEqual(none.changes.first?.animation, .widgetDefault, "no scope in the old entry: the value did not change from anything")
        var removedNil = entry(total: 2, drinks: [], animation: nil)
        removedNil = entry(total: 2, drinks: [], animation: nil)
        let nilScope = TransitionPlanner.plan(from: entryWithNilAnimation(total: 1), to: entryWithNilAnimation(total: 2))
        XCTAssertNil(nilScope.changes.first?.animation)
        XCTAssertEqual(nilScope.duration, 0)
        _ = removedNil
    }

    private func entryWithNilAnimation(total: Int) -> RenderTree {
        let root = ViewNode.modified(.stack(StackNode(axis: .vertical, children: [.text(TextNode("\(total) mg"))])),
                                     .animation(nil, valueDigest: UInt64(total)))
        return WidgetRenderer.render(WidgetArchiveValue(kind: "K", family: .systemSmall, entryDate: t0, root: root),
                                     context: RenderContext(placement: .iPhoneHomeScreen, family: .systemSmall, date: t0))
    }

    /// Pixels of a tree drawn at 1×.
    private func pixels(_ tree: RenderTree) -> Canvas { PNGRenderer(regular: nil, bold: nil).canvas(tree, scale: 1) }

    /// How many pixels differ by more than a rounding step in any channel.
    private func differing(_ a: Canvas, _ b: Canvas) -> Int {
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width where zip(a.pixel(x: x, y: y).bytes, b.pixel(x: x, y: y).bytes).contains(where: { abs(Int($0) - Int($1)) > 2 }) {
                count += 1
            }
        }
        return count
    }

    /// The first frame is the old entry and the last the new one; in between, something else.
    func testFramesRunFromTheOldEntryToTheNewOne() {
        let old = entry(total: 200, drinks: ["Latte"]), new = entry(total: 280, drinks: ["Espresso", "Latte"])
        let frames = TransitionFrames(TransitionPlanner.plan(from: old, to: new))
        let first = pixels(frames.tree(at: 0)), last = pixels(frames.tree(at: frames.plan.duration))
        XCTAssertEqual(differing(first, pixels(old)), 0)
        XCTAssertEqual(differing(last, pixels(new)), 0)
        let middle = pixels(frames.tree(at: 0.3))
        XCTAssertGreaterThan(differing(middle, pixels(old)), 0)
        XCTAssertGreaterThan(differing(middle, pixels(new)), 0)
    }

    /// Frames at the same instants are the same bytes, every time.
    func testFramesAndTheAnimatedPNGAreDeterministic() {
        func apng() -> [UInt8] {
            let frames = TransitionFrames(TransitionPlanner.plan(from: entry(total: 200, drinks: ["Latte"]), to: entry(total: 280, drinks: ["Espresso", "Latte"])))
            let painter = PNGRenderer(regular: nil, bold: nil)
            return APNGEncoder.encode(frames.instants(fps: 30).map { painter.canvas(frames.tree(at: $0), scale: 2) }, delayNumerator: 1, delayDenominator: 30)
        }
        let a = apng()
        XCTAssertEqual(a, apng())
        // The chunks: IHDR, acTL with the frame count, then fcTL before each frame's data.
        let chunks = Self.chunks(a)
        XCTAssertEqual(chunks.first?.type, "IHDR")
        XCTAssertEqual(chunks[1].type, "acTL")
        let frameCount = Int(chunks[1].data[0...3].reduce(0) { $0 << 8 | UInt32($1) })
        XCTAssertEqual(chunks.filter { $0.type == "fcTL" }.count, frameCount)
        XCTAssertEqual(chunks.filter { $0.type == "fdAT" }.count, frameCount - 1)
        XCTAssertEqual(chunks.last?.type, "IEND")
        // Sequence numbers run 0, 1, 2… across fcTL and fdAT.
        let sequence = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }.map { $0.data[0...3].reduce(0) { $0 << 8 | UInt32($1) } }
        XCTAssertEqual(sequence, (0..<UInt32(sequence.count)).map { $0 })
    }

    static let goldenDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Archives/golden/renders", isDirectory: true)

    /// The caffeine transition at 12 frames a second, as committed: the same instants give the same
    /// bytes on every machine (the built-in glyphs, no system font). Regenerate deliberately with
    /// `UPDATE_GOLDENS=1 swift test --filter TransitionPlanTests`.
    func testTheGoldenTransitionIsBitExact() throws {
        let frames = TransitionFrames(TransitionPlanner.plan(from: entry(total: 200, drinks: ["Latte"]), to: entry(total: 280, drinks: ["Espresso", "Latte"])))
        let painter = PNGRenderer(regular: nil, bold: nil)
        let apng = APNGEncoder.encode(frames.instants(fps: 12).map { painter.canvas(frames.tree(at: $0), scale: 2) }, delayNumerator: 1, delayDenominator: 12)
        let url = Self.goldenDirectory.appendingPathComponent("caffeine-transition.png")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" { try Data(apng).write(to: url) }
        let golden = [UInt8](try Data(contentsOf: url))
        XCTAssertTrue(apng == golden, "frames changed (\(apng.count) bytes vs golden \(golden.count)); regenerate goldens if intended")
    }

    static func chunks(_ png: [UInt8]) -> [(type: String, data: [UInt8])] {
        var out: [(String, [UInt8])] = []
        var i = 8
        while i + 8 <= png.count {
            let length = Int(png[i..<i + 4].reduce(0) { $0 << 8 | UInt32($1) })
            let type = String(decoding: png[i + 4..<i + 8], as: UTF8.self)
            out.append((type, Array(png[i + 8..<min(png.count, i + 8 + length)])))
            i += 12 + length
        }
        return out
    }
}
