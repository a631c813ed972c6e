import Foundation
import WidgetAnimation
import WidgetArchive
import XCTest

/// Curves move as SwiftUI's do: springs from their response and damping, timing curves from their
/// Béziers, shifted by `.delay` and scaled by `.speed`.
final class AnimationCurveTests: XCTestCase {
    func testTimingCurvesStartAndEndAtRestAndKeepTheirShape() {
        let linear = AnimationCurve(AnimationValue(.linear(duration: 2)))
        XCTAssertEqual(linear.duration, 2)
        XCTAssertEqual(linear.progress(at: 0.5), 0.25, accuracy: 1e-6)
        let easeInOut = AnimationCurve(AnimationValue(.easeInOut(duration: 1)))
        XCTAssertEqual(easeInOut.progress(at: 0.5), 0.5, accuracy: 1e-3, "symmetric")
        XCTAssertLessThan(easeInOut.progress(at: 0.2), 0.2, "slow start")
        XCTAssertLessThan(AnimationCurve(AnimationValue(.easeIn(duration: 1))).progress(at: 0.5), 0.5)
        XCTAssertGreaterThan(AnimationCurve(AnimationValue(.easeOut(duration: 1))).progress(at: 0.5), 0.5)
        XCTAssertEqual(easeInOut.progress(at: -1), 0)
        XCTAssertEqual(easeInOut.progress(at: 5), 1)
    }

    /// `timingCurve` is its own Bézier: a control point above 1 overshoots, as CSS curves do, and an x
    /// outside [0, 1] (time running backwards) is brought into it.
    func testTimingCurvesFollowTheirControlPoints() {
        let fast = AnimationCurve(AnimationValue(.timingCurve(c0x: 0.1, c0y: 0.9, c1x: 0.2, c1y: 1, duration: 1)))
        XCTAssertEqual(fast.duration, 1)
        XCTAssertGreaterThan(fast.progress(at: 0.2), 0.6, "a fast start")
        let overshoot = AnimationCurve(AnimationValue(.timingCurve(c0x: 0.3, c0y: 1.6, c1x: 0.6, c1y: 1.4, duration: 1)))
        XCTAssertGreaterThan((0...20).map { overshoot.progress(at: Double($0) / 20) }.max() ?? 0, 1, "past the end, then back")
        XCTAssertEqual(overshoot.progress(at: 1), 1, accuracy: 1e-6)
        let backwards = AnimationCurve(AnimationValue(.timingCurve(c0x: -5, c0y: 0, c1x: 7, c1y: 1, duration: .infinity)))
        XCTAssertEqual(backwards.duration, 0.35, "an absurd duration gets the timing curves' default")
        XCTAssertTrue((0...10).map { backwards.progress(at: Double($0) * 0.035) }.allSatisfy(\.isFinite))
    }

    func testDelayAndSpeed() {
        let curve = AnimationCurve(AnimationValue(.linear(duration: 2), delay: 1, speed: 2))
        XCTAssertEqual(curve.delay, 0.5, "the delay runs at the animation's speed too")
        XCTAssertEqual(curve.duration, 1.5)
        XCTAssertEqual(curve.progress(at: 0.5), 0)
        XCTAssertEqual(curve.progress(at: 1), 0.5, accuracy: 1e-6)
    }

    /// `.default` is critically damped (no overshoot); `.bouncy` overshoots; both settle.
    func testSpringsSettleAndOnlyBouncyOnesOvershoot() {
        let standard = AnimationCurve(.widgetDefault)
        let samples = stride(from: 0.0, through: standard.duration, by: 0.01).map(standard.progress(at:))
        XCTAssertEqual(zip(samples, samples.dropFirst()).allSatisfy { $0 <= $1 + 1e-9 }, true, "no overshoot")
        XCTAssertEqual(standard.progress(at: standard.duration), 1)
        XCTAssertEqual(samples[samples.count - 2], 1, accuracy: 0.015, "10 ms before it settles (within 1 % of rest), it is nearly there")
        let bouncy = AnimationCurve(AnimationValue(.bouncy(duration: 0.5, extraBounce: 0.2)))
        XCTAssertGreaterThan(stride(from: 0.0, to: bouncy.duration, by: 0.005).map(bouncy.progress(at:)).max() ?? 0, 1.05)
        // A spring's perceptual duration is about its settling time: smooth(1.8) settles within ~1.8 s.
        XCTAssertEqual(AnimationCurve(AnimationValue(.smooth(duration: 1.8, extraBounce: 0))).duration, 1.8, accuracy: 0.5)
    }

    func testAbsurdArchivedNumbersStillEnd() {
        // Slowed a hundredfold and delayed an hour, it still waits at most 30 s and plays at most 30 s.
        let slow = AnimationCurve(AnimationValue(.easeIn(duration: 60), delay: 3600, speed: 0.0001))
        XCTAssertEqual(slow.delay, 30)
        XCTAssertEqual(slow.duration, 60)
        XCTAssertEqual(slow.progress(at: 45), AnimationCurve(AnimationValue(.easeIn(duration: 1))).progress(at: 0.5), accuracy: 1e-9)
        for value in [AnimationValue(.linear(duration: .infinity)), AnimationValue(.spring(response: -1, dampingFraction: 0)),
                      AnimationValue(.easeIn(duration: 1e300), delay: .infinity, speed: 0)] {
            let curve = AnimationCurve(value)
            XCTAssertTrue(curve.duration.isFinite, "\(value)")
            XCTAssertEqual(curve.progress(at: curve.duration + 1), 1)
        }
    }
}
