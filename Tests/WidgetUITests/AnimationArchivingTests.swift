import Foundation
import SwiftUI
import WidgetArchive
import WidgetUI
import XCTest

/// What drives animation between entries is archived as written: identity, transitions, animations
/// with their curves and a digest of the watched value, content transitions.
final class AnimationArchivingTests: XCTestCase {
    private func modifiers<V: View>(_ view: V) -> [ViewModifierNode] {
        let (node, _) = ViewArchiver.archive(view, environment: EnvironmentValues(), locate: nil)
        var out: [ViewModifierNode] = []
        node.forEachNode { if case .modified(_, let m) = $0 { out.append(m) } }
        return out
    }

    func testTheSeedsCaffeineExampleArchivesEverythingItNames() {
        let view = VStack {
            Text("\(240) mg").contentTransition(.numericText(value: 240))
            Text("Espresso").id("Espresso").transition(.push(from: .bottom))
        }.animation(.smooth(duration: 1.8), value: 240)
        let found = modifiers(view)
        XCTAssertTrue(found.contains(.numericTextValue(240)))
        XCTAssertTrue(found.contains(.identity("Espresso")))
        XCTAssertTrue(found.contains(.transition(.push(.bottom))))
        XCTAssertTrue(found.contains { if case .animation(AnimationValue(.smooth(duration: 1.8, extraBounce: 0)), _) = $0 { true } else { false } })
    }

    func testCurvesKeepSwiftUIsParametersAndDefaults() {
        let cases: [(Animation, AnimationValue)] = [
            (.default, AnimationValue(.default)),
            (.spring, AnimationValue(.spring(response: 0.5, dampingFraction: 0.825))),
            (.spring(response: 0.3, dampingFraction: 0.6), AnimationValue(.spring(response: 0.3, dampingFraction: 0.6))),
            (.spring(duration: 0.8, bounce: 0.2), AnimationValue(.springDuration(duration: 0.8, bounce: 0.2))),
            (.smooth, AnimationValue(.smooth(duration: 0.5, extraBounce: 0))),
            (.snappy(duration: 0.4, extraBounce: 0.1), AnimationValue(.snappy(duration: 0.4, extraBounce: 0.1))),
            (.bouncy, AnimationValue(.bouncy(duration: 0.5, extraBounce: 0))),
            (.linear, AnimationValue(.linear(duration: 0.35))),
            (.easeIn(duration: 1), AnimationValue(.easeIn(duration: 1))),
            (.easeOut, AnimationValue(.easeOut(duration: 0.35))),
            (.easeInOut(duration: 2).delay(0.5).speed(2), AnimationValue(.easeInOut(duration: 2), delay: 0.5, speed: 2)),
            (.timingCurve(0.2, 0.8, 0.2, 1), AnimationValue(.timingCurve(c0x: 0.2, c0y: 0.8, c1x: 0.2, c1y: 1, duration: 0.35))),
        ]
        for (animation, expected) in cases {
            let found = modifiers(Text("x").animation(animation, value: 1))
            guard case .animation(let archived, _)? = found.first else { return XCTFail("\(found)") }
            XCTAssertEqual(archived, expected)
        }
        let none = modifiers(Text("x").animation(nil, value: 1))
        XCTAssertEqual(none.first.map { if case .animation(let a, _) = $0 { a == nil } else { false } }, true, "no animation")
    }

    func testTransitionsNestAsWritten() {
        let transition = AnyTransition.asymmetric(insertion: .move(edge: .leading).combined(with: .opacity),
                                                  removal: .scale(scale: 0.5, anchor: .top).animation(.easeOut))
        XCTAssertEqual(modifiers(Text("x").transition(transition)), [.transition(.asymmetric(
            insertion: .combined(.move(.leading), .opacity),
            removal: .animated(.scale(0.5, anchor: UnitPointValue(x: 0.5, y: 0)), AnimationValue(.easeOut(duration: 0.35)))))])
        for (t, v) in [(AnyTransition.identity, TransitionValue.identity), (.opacity, .opacity), (.slide, .slide),
                       (.scale, .scale(0, anchor: UnitPointValue(x: 0.5, y: 0.5))), (.offset(x: 3, y: -4), .offset(x: 3, y: -4))] {
            XCTAssertEqual(modifiers(Text("x").transition(t)), [.transition(v)])
        }
    }

    /// The watched value is archived as a digest that is the same in every process and changes with it.
    func testTheWatchedValueIsADigestThatFollowsTheValue() {
        func digest(_ value: Int) -> UInt64? {
            modifiers(Text("x").animation(.default, value: value)).first.flatMap { if case .animation(_, let d) = $0 { d } else { nil } }
        }
        XCTAssertEqual(digest(240), digest(240))
        XCTAssertNotEqual(digest(240), digest(241))
        // FNV-1a of the description: fixed, so archives made by different processes compare.
        XCTAssertEqual(digest(240), Self.fnv1a("240"))
    }

    private static func fnv1a(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
    }

    func testContentTransitionsAreArchived() {
        XCTAssertEqual(modifiers(Text("1").contentTransition(.numericText(countsDown: true))), [.contentTransition(.numericTextCountsDown)])
        XCTAssertEqual(modifiers(Text("1").contentTransition(.interpolate)), [.contentTransition(.interpolate)])
        XCTAssertEqual(modifiers(Text("1").contentTransition(.numericText(value: -3))), [.numericTextValue(-3)])
    }
}
