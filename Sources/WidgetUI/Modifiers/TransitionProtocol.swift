import CoreGraphics
import Foundation
import WidgetArchive

/// `Transition` (iOS 17): the protocol form of transitions (`.scale(0.1).combined(with: .opacity)`).
/// Each built-in transition stands for the `AnyTransition` the archive already carries, so both
/// spellings draw the same. Custom transitions written with `body(content:phase:)` are not supported:
/// the host draws only the built-in ones.
public protocol Transition {
    var _anyTransition: AnyTransition { get }
}

public struct IdentityTransition: Transition {
    public init() {}
    public var _anyTransition: AnyTransition { .identity }
}

public struct OpacityTransition: Transition {
    public init() {}
    public var _anyTransition: AnyTransition { .opacity }
}

public struct ScaleTransition: Transition {
    public var scale: Double
    public var anchor: UnitPoint
    public init(_ scale: Double, anchor: UnitPoint = .center) { (self.scale, self.anchor) = (scale, anchor) }
    public var _anyTransition: AnyTransition { .scale(scale: CGFloat(scale), anchor: anchor) }
}

public struct SlideTransition: Transition {
    public init() {}
    public var _anyTransition: AnyTransition { .slide }
}

public struct MoveTransition: Transition {
    public var edge: Edge
    public init(edge: Edge) { self.edge = edge }
    public var _anyTransition: AnyTransition { .move(edge: edge) }
}

public struct PushTransition: Transition {
    public var edge: Edge
    public init(edge: Edge) { self.edge = edge }
    public var _anyTransition: AnyTransition { .push(from: edge) }
}

public struct OffsetTransition: Transition {
    public var offset: CGSize
    public init(_ offset: CGSize) { self.offset = offset }
    public var _anyTransition: AnyTransition { .offset(offset) }
}

/// Two transitions at once (`combined(with:)`), or one with its own animation.
struct ComposedTransition: Transition {
    let _anyTransition: AnyTransition
}

extension Transition where Self == IdentityTransition { public static var identity: IdentityTransition { IdentityTransition() } }
extension Transition where Self == OpacityTransition { public static var opacity: OpacityTransition { OpacityTransition() } }
extension Transition where Self == SlideTransition { public static var slide: SlideTransition { SlideTransition() } }
extension Transition where Self == ScaleTransition {
    public static var scale: ScaleTransition { ScaleTransition(0) }
    public static func scale(_ scale: Double, anchor: UnitPoint = .center) -> ScaleTransition { ScaleTransition(scale, anchor: anchor) }
}
extension Transition where Self == MoveTransition { public static func move(edge: Edge) -> MoveTransition { MoveTransition(edge: edge) } }
extension Transition where Self == PushTransition { public static func push(from edge: Edge) -> PushTransition { PushTransition(edge: edge) } }
extension Transition where Self == OffsetTransition {
    public static func offset(_ offset: CGSize) -> OffsetTransition { OffsetTransition(offset) }
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> OffsetTransition { OffsetTransition(CGSize(width: x, height: y)) }
}

extension Transition {
    /// `combined(with:)`: both transitions at once.
    public func combined<T: Transition>(with other: T) -> some Transition {
        ComposedTransition(_anyTransition: _anyTransition.combined(with: other._anyTransition))
    }

    /// `animation(_:)`: the transition with an animation of its own.
    public func animation(_ animation: Animation?) -> some Transition {
        ComposedTransition(_anyTransition: _anyTransition.animation(animation))
    }
}

extension AnyTransition {
    /// `AnyTransition(_:)` from the protocol form.
    public init<T: Transition>(_ transition: T) { self = transition._anyTransition }
}

nonisolated extension View {
    /// `.transition(_:)` with the protocol form.
    public func transition<T: Transition>(_ t: T) -> some View { transition(t._anyTransition) }
}
