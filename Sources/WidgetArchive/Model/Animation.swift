/// An animation as SwiftUI names it: a curve with its parameters, then `.delay(_:)` and `.speed(_:)`.
/// The host turns it into motion (`WidgetRender`'s transition planner); the archive keeps what was
/// written, so a plan can say which animation applies.
public struct AnimationValue: Hashable, Sendable, Codable {
    public enum Curve: Hashable, Sendable, Codable {
        /// `Animation.default`: since iOS 17 `spring(response: 0.55, dampingFraction: 1.0)` (Apple's
        /// documentation of `Animation.default`); what a widget gets when it names no animation.
        case `default`
        /// `spring(response:dampingFraction:blendDuration:)` (defaults 0.5, 0.825) and `.spring`.
        case spring(response: Double, dampingFraction: Double)
        /// `spring(duration:bounce:)` (defaults 0.5, 0).
        case springDuration(duration: Double, bounce: Double)
        /// `smooth(duration:extraBounce:)`: a spring of base bounce 0 (defaults 0.5, 0).
        case smooth(duration: Double, extraBounce: Double)
        /// `snappy(duration:extraBounce:)`: base bounce 0.15 (defaults 0.5, 0).
        case snappy(duration: Double, extraBounce: Double)
        /// `bouncy(duration:extraBounce:)`: base bounce 0.3 (defaults 0.5, 0).
        case bouncy(duration: Double, extraBounce: Double)
        /// Timing curves; the static members (`.linear`, `.easeInOut`…) last 0.35 s.
        case linear(duration: Double)
        case easeIn(duration: Double)
        case easeOut(duration: Double)
        case easeInOut(duration: Double)
        /// `timingCurve(_:_:_:_:duration:)`: a cubic Bézier through (0, 0), the two control points
        /// and (1, 1), as CSS writes one (defaults: 0.35 s).
        case timingCurve(c0x: Double, c0y: Double, c1x: Double, c1y: Double, duration: Double)
    }

    public var curve: Curve
    /// Seconds before it starts (`.delay(_:)`).
    public var delay: Double
    /// How much faster than written it runs (`.speed(_:)`).
    public var speed: Double

    public init(_ curve: Curve, delay: Double = 0, speed: Double = 1) {
        self.curve = curve
        self.delay = delay
        self.speed = speed
    }

    /// What the system animates a widget's changes with when it names nothing.
    public static let widgetDefault = AnimationValue(.default)
}

/// An edge of a view (`Edge`), for transitions.
public enum EdgeValue: UInt8, Hashable, Sendable, Codable, CaseIterable {
    case top = 0, leading, bottom, trailing
}

/// How a view comes in and goes out (`AnyTransition`).
public indirect enum TransitionValue: Hashable, Sendable, Codable {
    case identity
    case opacity
    /// `.slide`: in from the leading edge, out to the trailing edge.
    case slide
    /// `.scale` (0) or `.scale(scale:anchor:)`: from that scale to full size.
    case scale(Double, anchor: UnitPointValue)
    /// `.move(edge:)`: from (and back to) that edge of its container.
    case move(EdgeValue)
    /// `.push(from:)`: in from that edge, out to the opposite one, fading as it goes.
    case push(EdgeValue)
    case offset(x: Double, y: Double)
    case asymmetric(insertion: TransitionValue, removal: TransitionValue)
    case combined(TransitionValue, TransitionValue)
    /// `.animation(_:)` on a transition: its own animation.
    case animated(TransitionValue, AnimationValue)

    /// The transition a widget's views get when they name none.
    public static let widgetDefault = TransitionValue.opacity
}

/// Written as SwiftUI code would name it: what the text dump and a transition plan print.
extension AnimationValue: CustomStringConvertible {
    public var description: String {
        var text: String
        switch curve {
        case .default: text = ".default"
        case .spring(let response, let damping): text = ".spring(response: \(short(response)), dampingFraction: \(short(damping)))"
        case .springDuration(let duration, let bounce): text = ".spring(duration: \(short(duration)), bounce: \(short(bounce)))"
        case .smooth(let duration, let extra): text = ".smooth(duration: \(short(duration)), extraBounce: \(short(extra)))"
        case .snappy(let duration, let extra): text = ".snappy(duration: \(short(duration)), extraBounce: \(short(extra)))"
        case .bouncy(let duration, let extra): text = ".bouncy(duration: \(short(duration)), extraBounce: \(short(extra)))"
        case .linear(let duration): text = ".linear(duration: \(short(duration)))"
        case .easeIn(let duration): text = ".easeIn(duration: \(short(duration)))"
        case .easeOut(let duration): text = ".easeOut(duration: \(short(duration)))"
        case .easeInOut(let duration): text = ".easeInOut(duration: \(short(duration)))"
        case .timingCurve(let c0x, let c0y, let c1x, let c1y, let duration):
            text = ".timingCurve(\(short(c0x)), \(short(c0y)), \(short(c1x)), \(short(c1y)), duration: \(short(duration)))"
        }
        if delay != 0 { text += ".delay(\(short(delay)))" }
        if speed != 1 { text += ".speed(\(short(speed)))" }
        return text
    }
}

extension TransitionValue: CustomStringConvertible {
    public var description: String {
        switch self {
        case .identity: ".identity"
        case .opacity: ".opacity"
        case .slide: ".slide"
        case .scale(let scale, let anchor): ".scale(scale: \(short(scale)), anchor: (\(short(anchor.x)), \(short(anchor.y))))"
        case .move(let edge): ".move(edge: .\(edge))"
        case .push(let edge): ".push(from: .\(edge))"
        case .offset(let x, let y): ".offset(x: \(short(x)), y: \(short(y)))"
        case .asymmetric(let insertion, let removal): ".asymmetric(insertion: \(insertion), removal: \(removal))"
        case .combined(let a, let b): "\(a).combined(with: \(b))"
        case .animated(let inner, let animation): "\(inner).animation(\(animation))"
        }
    }
}

private func short(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x) }
