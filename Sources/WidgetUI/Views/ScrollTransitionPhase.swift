/// Where a view stands in a scroll view's visible region. App screens that a widget target compiles
/// extend it; a widget does not scroll, so the only phase it meets is `identity`.
public enum ScrollTransitionPhase: Hashable, Sendable {
    case topLeading
    case identity
    case bottomTrailing

    public var isIdentity: Bool { self == .identity }

    /// -1 before the visible region, 0 inside it, 1 past it, as SwiftUI reports it.
    public var value: Double {
        switch self {
        case .topLeading: -1
        case .identity: 0
        case .bottomTrailing: 1
        }
    }
}
