import Foundation
import WidgetArchive

/// An `AnimationValue` as motion: how far along (0 at the start, 1 at rest; a spring may overshoot)
/// an animated property is at a time, and how long until it settles.
///
/// Springs are damped harmonic oscillators with unit mass: `response` is the period of the undamped
/// spring, `dampingFraction` the damping ratio. A spring given by duration and bounce has response
/// = duration and damping 1 − bounce (1 / (1 + bounce) when the bounce is negative), as SwiftUI's
/// `Spring(duration:bounce:)` documents; `smooth`, `snappy` and `bouncy` add their base bounce (0,
/// 0.15, 0.3). Timing curves are the CSS cubic Béziers SwiftUI's names stand for.
public struct AnimationCurve: Hashable, Sendable {
    public let animation: AnimationValue
    private let kind: Kind
    /// Seconds of the curve itself, before delay and speed.
    private let length: Double

    private enum Kind: Hashable, Sendable {
        case spring(omega: Double, damping: Double)
        case bezier(x1: Double, y1: Double, x2: Double, y2: Double)
    }

    public init(_ animation: AnimationValue) {
        self.animation = animation
        switch animation.curve {
        case .default: kind = Self.spring(response: 0.55, damping: 1)
        case .spring(let response, let damping): kind = Self.spring(response: response, damping: damping)
        case .springDuration(let duration, let bounce): kind = Self.spring(duration: duration, bounce: bounce)
        case .smooth(let duration, let extra): kind = Self.spring(duration: duration, bounce: extra)
        case .snappy(let duration, let extra): kind = Self.spring(duration: duration, bounce: 0.15 + extra)
        case .bouncy(let duration, let extra): kind = Self.spring(duration: duration, bounce: 0.3 + extra)
        case .linear, .easeIn, .easeOut, .easeInOut, .timingCurve: kind = Self.timing(animation.curve)
        }
        length = Self.settlingTime(kind) ?? Self.bounded(Self.timingDuration(animation.curve))
    }

    /// The CSS Bézier a timing curve's name stands for.
    private static func timing(_ curve: AnimationValue.Curve) -> Kind {
        switch curve {
        case .easeIn: .bezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
        case .easeOut: .bezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
        case .easeInOut: .bezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
        // The control points' x must lie in [0, 1] for time to run forward, as CSS requires; y may overshoot.
        case .timingCurve(let c0x, let c0y, let c1x, let c1y, _):
            .bezier(x1: unit(c0x), y1: finite(c0y), x2: unit(c1x), y2: finite(c1y, default: 1))
        default: .bezier(x1: 0, y1: 0, x2: 1, y2: 1)
        }
    }

    private static func timingDuration(_ curve: AnimationValue.Curve) -> Double {
        switch curve {
        case .linear(let d), .easeIn(let d), .easeOut(let d), .easeInOut(let d), .timingCurve(_, _, _, _, let d): d
        default: 0
        }
    }

    private static func unit(_ x: Double) -> Double { x.isFinite ? min(1, max(0, x)) : 0 }
    private static func finite(_ y: Double, default fallback: Double = 0) -> Double { y.isFinite ? min(10, max(-10, y)) : fallback }

    /// Archived numbers are the widget's: anything absurd is brought to something that ends.
    private static func bounded(_ seconds: Double, default fallback: Double = 0.35) -> Double {
        seconds.isFinite ? min(60, max(0, seconds)) : fallback
    }

    private static func spring(response: Double, damping: Double) -> Kind {
        let r = bounded(response, default: 0.55), d = damping.isFinite ? min(10, max(0.01, damping)) : 1
        return .spring(omega: 2 * .pi / max(0.01, r), damping: d)
    }

    private static func spring(duration: Double, bounce: Double) -> Kind {
        let b = bounce.isFinite ? min(0.99, max(-0.99, bounce)) : 0
        return spring(response: duration, damping: b >= 0 ? 1 - b : 1 / (1 + b))
    }

    /// Seconds from start to end, delay and speed included. However an archive slows it down, a change
    /// waits at most 30 s and moves for at most 30 s: a transition always ends within a minute.
    public var duration: Double { delay + playing }

    public var delay: Double { min(30, Self.bounded(animation.delay, default: 0) / speed) }

    /// Seconds the curve plays, after the delay.
    private var playing: Double { min(30, length / speed) }

    private var speed: Double { animation.speed.isFinite ? min(100, max(0.01, animation.speed)) : 1 }

    /// Progress at `time` seconds after the change: 0 before the delay, 1 once settled (within 1 %).
    public func progress(at time: Double) -> Double {
        guard playing > 0 else { return time >= delay ? 1 : 0 }
        let t = (time - delay) / playing * length
        guard t > 0 else { return 0 }
        guard t < length else { return 1 }
        switch kind {
        case .spring(let omega, let damping): return Self.spring(t, omega: omega, damping: damping)
        case .bezier(let x1, let y1, let x2, let y2): return Self.bezier(t / length, x1, y1, x2, y2)
        }
    }

    /// The step response of a damped spring starting at rest at 0, pulled to 1.
    private static func spring(_ t: Double, omega: Double, damping z: Double) -> Double {
        if z < 1 {
            let wd = omega * (1 - z * z).squareRoot()
            return 1 - exp(-z * omega * t) * (cos(wd * t) + z * omega / wd * sin(wd * t))
        }
        if z == 1 { return 1 - exp(-omega * t) * (1 + omega * t) }
        let s = (z * z - 1).squareRoot()
        let r1 = -omega * (z - s), r2 = -omega * (z + s)
        return 1 - (r2 * exp(r1 * t) - r1 * exp(r2 * t)) / (r2 - r1)
    }

    /// When a spring stays within 1 % of rest, SwiftUI's perceptual duration for a spring without bounce:
    /// scanned in 5 ms steps for the first step after which it stays within for 50 ms, then refined to
    /// the millisecond (at most 10 s).
    private static func settlingTime(_ kind: Kind) -> Double? {
        guard case .spring(let omega, let damping) = kind else { return nil }
        func settled(_ t: Double) -> Bool { abs(1 - spring(t, omega: omega, damping: damping)) < 0.01 }
        var since: Double?
        var t = 0.0
        while t < 10 {
            if settled(t) {
                if since == nil { since = t }
                if t - since! >= 0.05 { break }
            } else {
                since = nil
            }
            t += 0.005
        }
        guard var start = since else { return 10 }
        // The last 5 ms before: the first millisecond from which it stays settled.
        var candidate = start - 0.001
        while candidate > start - 0.005, candidate > 0, settled(candidate) {
            start = candidate
            candidate -= 0.001
        }
        return start
    }

    /// The y of a CSS cubic Bézier at x (solved by bisection: monotonic in x for valid curves).
    private static func bezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func at(_ u: Double, _ a: Double, _ b: Double) -> Double { 3 * a * u * (1 - u) * (1 - u) + 3 * b * u * u * (1 - u) + u * u * u }
        var lo = 0.0, hi = 1.0
        for _ in 0..<40 {
            let mid = (lo + hi) / 2
            if at(mid, x1, x2) < x { lo = mid } else { hi = mid }
        }
        return at((lo + hi) / 2, y1, y2)
    }
}
