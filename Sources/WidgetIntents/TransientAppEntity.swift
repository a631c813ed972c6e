import Foundation

/// `TransientAppEntity` (iOS 18): an entity made on the spot (an intent's input or result), never
/// looked up again, so it comes with a query that finds nothing.
public protocol TransientAppEntity: AppEntity {
    init()
}

extension TransientAppEntity {
    public static var defaultQuery: _TransientAppEntityQuery<Self> { _TransientAppEntityQuery() }
}

/// The query of a transient entity: no entity can be found by identifier.
public struct _TransientAppEntityQuery<Entity: AppEntity>: EntityQuery {
    public init() {}
    public func entities(for identifiers: [Entity.ID]) async throws -> [Entity] { [] }
}
