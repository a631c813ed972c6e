import ByteCoding
import Foundation
import WidgetArchive

/// `Animation`. A widget's view code runs only when it is archived, so an animation is a description
/// the archive keeps; the host animates between entries with it. Defaults are Apple's, as documented
/// for each member (`Animation.default`, `spring(response:dampingFraction:blendDuration:)`,
/// `smooth/snappy/bouncy(duration:extraBounce:)`, the 0.35 s timing curves).
public struct Animation: Hashable, Sendable {
    package let value: AnimationValue

    package init(_ value: AnimationValue) { self.value = value }
    init(_ curve: AnimationValue.Curve) { value = AnimationValue(curve) }

    public static let `default` = Animation(.default)
    public static let linear = Animation(.linear(duration: 0.35))
    public static let easeIn = Animation(.easeIn(duration: 0.35))
    public static let easeOut = Animation(.easeOut(duration: 0.35))
    public static let easeInOut = Animation(.easeInOut(duration: 0.35))
    public static let spring = Animation(.spring(response: 0.5, dampingFraction: 0.825))
    public static let smooth = Animation(.smooth(duration: 0.5, extraBounce: 0))
    public static let snappy = Animation(.snappy(duration: 0.5, extraBounce: 0))
    public static let bouncy = Animation(.bouncy(duration: 0.5, extraBounce: 0))
    public static let interactiveSpring = Animation(.spring(response: 0.15, dampingFraction: 0.86))

    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        Animation(.smooth(duration: duration, extraBounce: extraBounce))
    }
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        Animation(.snappy(duration: duration, extraBounce: extraBounce))
    }
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        Animation(.bouncy(duration: duration, extraBounce: extraBounce))
    }
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation {
        Animation(.spring(response: response, dampingFraction: dampingFraction))
    }
    public static func spring(duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Animation {
        Animation(.springDuration(duration: duration, bounce: bounce))
    }
    public static func interpolatingSpring(duration: Double = 0.5, bounce: Double = 0, initialVelocity: Double = 0) -> Animation {
        Animation(.springDuration(duration: duration, bounce: bounce))
    }
    public static func linear(duration: Double) -> Animation { Animation(.linear(duration: duration)) }
    public static func easeInOut(duration: Double) -> Animation { Animation(.easeInOut(duration: duration)) }
    public static func easeIn(duration: Double) -> Animation { Animation(.easeIn(duration: duration)) }
    public static func easeOut(duration: Double) -> Animation { Animation(.easeOut(duration: duration)) }
    /// A cubic Bézier timing curve through the control points (c0x, c0y) and (c1x, c1y).
    public static func timingCurve(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double, duration: TimeInterval = 0.35) -> Animation {
        Animation(.timingCurve(c0x: c0x, c0y: c0y, c1x: c1x, c1y: c1y, duration: duration))
    }

    /// Starts `delay` seconds later.
    public func delay(_ delay: Double) -> Animation {
        Animation(AnimationValue(value.curve, delay: value.delay + delay, speed: value.speed))
    }

    /// Runs `speed` times as fast.
    public func speed(_ speed: Double) -> Animation {
        Animation(AnimationValue(value.curve, delay: value.delay, speed: value.speed * speed))
    }
}

/// `AnyTransition`: how a view comes in and goes out when entries change.
public struct AnyTransition: Sendable {
    package let value: TransitionValue

    package init(_ value: TransitionValue) { self.value = value }

    public static let identity = AnyTransition(.identity)
    public static let opacity = AnyTransition(.opacity)
    public static let scale = AnyTransition(.scale(0, anchor: UnitPointValue(x: 0.5, y: 0.5)))
    public static let slide = AnyTransition(.slide)
    public static func push(from edge: Edge) -> AnyTransition { AnyTransition(.push(edge.value)) }
    public static func move(edge: Edge) -> AnyTransition { AnyTransition(.move(edge.value)) }
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> AnyTransition { AnyTransition(.offset(x: Double(x), y: Double(y))) }
    public static func offset(_ offset: CGSize) -> AnyTransition { AnyTransition(.offset(x: Double(offset.width), y: Double(offset.height))) }
    public static func scale(scale: CGFloat, anchor: UnitPoint = .center) -> AnyTransition {
        AnyTransition(.scale(Double(scale), anchor: UnitPointValue(x: Double(anchor.x), y: Double(anchor.y))))
    }
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition(.asymmetric(insertion: insertion.value, removal: removal.value))
    }
    public func combined(with other: AnyTransition) -> AnyTransition { AnyTransition(.combined(value, other.value)) }
    /// The transition with an animation of its own.
    public func animation(_ animation: Animation?) -> AnyTransition {
        guard let animation else { return self }
        return AnyTransition(.animated(value, animation.value))
    }
}

extension Edge {
    var value: EdgeValue {
        switch self {
        case .top: .top
        case .leading: .leading
        case .bottom: .bottom
        case .trailing: .trailing
        }
    }
}

/// `ContentTransition`.
public struct ContentTransition: Hashable, Sendable {
    let value: ContentTransitionValue
    /// `numericText(value:)`: the value, whose rise or fall says which way the digits roll.
    let numericValue: Double?

    init(value: ContentTransitionValue, numericValue: Double? = nil) {
        self.value = value
        self.numericValue = numericValue
    }

    public static let identity = ContentTransition(value: .identity)
    public static let opacity = ContentTransition(value: .opacity)
    public static let interpolate = ContentTransition(value: .interpolate)
    public static func numericText(countsDown: Bool = false) -> ContentTransition {
        ContentTransition(value: countsDown ? .numericTextCountsDown : .numericText)
    }
    public static func numericText(value: Double) -> ContentTransition { ContentTransition(value: .numericText, numericValue: value) }
}

nonisolated extension View {
    /// `.contentTransition(_:)`: how the view's content (text above all) changes between entries.
    public func contentTransition(_ transition: ContentTransition) -> some View {
        if let value = transition.numericValue { return archived(.numericTextValue(value)) }
        return archived(.contentTransition(transition.value))
    }

    /// `.transition(_:)`: how the view comes in and goes out between entries.
    public func transition(_ t: AnyTransition) -> some View { archived(.transition(t.value)) }

    /// `.animation(_:value:)`: the animation for what changes inside when `value` changes. The value
    /// is archived as a digest of its description, stable across processes, so the host can tell
    /// whether it changed between two entries.
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View {
        archived(.animation(animation?.value, valueDigest: ValueDigest.of(value)))
    }

    /// `.animation(_:)` (deprecated): the animation for any change inside. The watched value is the
    /// content itself: its archived nodes' digest changes whenever what the view shows does.
    public func animation(_ animation: Animation?) -> some View { modifier(ContentAnimationModifier(animation: animation)) }
}

/// `.animation(_:)` without a value: archives the content first, then marks each of its nodes with the
/// animation and the digest of what it archived.
struct ContentAnimationModifier: ViewModifier {
    typealias Body = Never
    let animation: Animation?

    func _archive(content: _ViewModifier_Content<Self>, into builder: inout _ArchiveBuilder) { _archive(view: content, into: &builder) }

    func _archive<V: View>(view content: V, into builder: inout _ArchiveBuilder) {
        let nodes = builder.nodes(of: content)
        let marker = ViewModifierNode.animation(animation?.value, valueDigest: ValueDigest.of(nodes))
        for node in nodes { builder.append(node.modified(marker)) }
    }
}

/// `withAnimation(_:_:)`: runs `body` and returns its result. State changes in a widget happen in an
/// intent's `perform()`, and the next entry is what animates, with the views' own `.animation`s.
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try body()
}

/// A stable digest of a value's description: 64-bit FNV-1a over its UTF-8 bytes.
enum ValueDigest {
    static func of<V>(_ value: V) -> UInt64 { FNV1a.hash(String(describing: value)) }
}
