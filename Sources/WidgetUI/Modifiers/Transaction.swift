/// `Transaction`: the animation a state change runs with. A widget changes between entries, not by
/// transactions, so it carries what code sets (`AsyncImage(url:transaction:)`, `withTransaction`).
public struct Transaction: Sendable {
    public var animation: Animation?
    public var disablesAnimations = false
    public var isContinuous = false

    public init() {}
    public init(animation: Animation?) { self.animation = animation }
}

/// `withTransaction(_:_:)`: runs `body`; the transaction has no effect on an archived widget.
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result { try body() }
