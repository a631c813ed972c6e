import Foundation
import WidgetArchive

/// `Animation`: widgets animate between entries on the host; the archive keeps no timing.
public struct Animation: Hashable, Sendable {
    let name: String
    public static let `default` = Animation(name: "default")
    public static let linear = Animation(name: "linear")
    public static let easeIn = Animation(name: "easeIn")
    public static let easeOut = Animation(name: "easeOut")
    public static let easeInOut = Animation(name: "easeInOut")
    public static let spring = Animation(name: "spring")
    public static let smooth = Animation(name: "smooth")
    public static let snappy = Animation(name: "snappy")
    public static let bouncy = Animation(name: "bouncy")
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation { .smooth }
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation { .snappy }
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation { .bouncy }
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation { .spring }
    public static func linear(duration: Double) -> Animation { .linear }
    public static func easeInOut(duration: Double) -> Animation { .easeInOut }
    public static func easeIn(duration: Double) -> Animation { .easeIn }
    public static func easeOut(duration: Double) -> Animation { .easeOut }
}

/// `AnyTransition`.
public struct AnyTransition: Sendable {
    let name: String
    public static let identity = AnyTransition(name: "identity")
    public static let opacity = AnyTransition(name: "opacity")
    public static let scale = AnyTransition(name: "scale")
    public static let slide = AnyTransition(name: "slide")
    public static func push(from edge: Edge) -> AnyTransition { AnyTransition(name: "push") }
    public static func move(edge: Edge) -> AnyTransition { AnyTransition(name: "move") }
    public func combined(with other: AnyTransition) -> AnyTransition { self }
}

/// `ContentTransition`.
public struct ContentTransition: Hashable, Sendable {
    let value: ContentTransitionValue
    public static let identity = ContentTransition(value: .identity)
    public static let opacity = ContentTransition(value: .opacity)
    public static let interpolate = ContentTransition(value: .interpolate)
    public static func numericText(countsDown: Bool = false) -> ContentTransition {
        ContentTransition(value: countsDown ? .numericTextCountsDown : .numericText)
    }
    public static func numericText(value: Double) -> ContentTransition { ContentTransition(value: .numericText) }
}

extension View {
    /// `.contentTransition(_:)`: kept in the archive as a hint.
    public func contentTransition(_ transition: ContentTransition) -> some View { archived(.contentTransition(transition.value)) }

    /// `.transition(_:)`: entry-to-entry transitions are the host's business; nothing is archived.
    public func transition(_ t: AnyTransition) -> some View { self }

    /// `.animation(_:value:)`: nothing is archived.
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { self }
}

extension AnyTransition {
    /// `.asymmetric(insertion:removal:)`.
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition { insertion }
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> AnyTransition { AnyTransition(name: "offset") }
    public static func scale(scale: CGFloat, anchor: UnitPoint = .center) -> AnyTransition { AnyTransition(name: "scale") }
}
