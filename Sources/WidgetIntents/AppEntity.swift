import Foundation

/// `AppEntity`: a value a parameter can hold, persisted by its identifier and rebuilt through its
/// `defaultQuery` when the intent runs.
public protocol AppEntity: Identifiable, Sendable where ID: EntityIdentifierConvertible {
    associatedtype DefaultQuery: EntityQuery where DefaultQuery.Entity == Self
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    static var defaultQuery: DefaultQuery { get }
    var displayRepresentation: DisplayRepresentation { get }
}

/// `EntityQuery`: finds entities by identifier.
public protocol EntityQuery: Sendable {
    associatedtype Entity: AppEntity
    init()
    func entities(for identifiers: [Entity.ID]) async throws -> [Entity]
    func suggestedEntities() async throws -> [Entity]
    /// The entity a parameter of this type holds when nothing chose one: what a widget shows before
    /// it is configured.
    func defaultResult() async -> Entity?
}

extension EntityQuery {
    public func suggestedEntities() async throws -> [Entity] { [] }
    public func defaultResult() async -> Entity? { nil }
}

/// `EntityIdentifierConvertible`: an identifier that round-trips through a string.
public protocol EntityIdentifierConvertible {
    var entityIdentifierString: String { get }
    static func entityIdentifier(for entityIdentifierString: String) -> Self?
}

extension String: EntityIdentifierConvertible {
    public var entityIdentifierString: String { self }
    public static func entityIdentifier(for entityIdentifierString: String) -> String? { entityIdentifierString }
}

extension Int: EntityIdentifierConvertible {
    public var entityIdentifierString: String { String(self) }
    public static func entityIdentifier(for entityIdentifierString: String) -> Int? { Int(entityIdentifierString) }
}

extension UUID: EntityIdentifierConvertible {
    public var entityIdentifierString: String { uuidString }
    public static func entityIdentifier(for entityIdentifierString: String) -> UUID? { UUID(uuidString: entityIdentifierString) }
}

extension AppEntity {
    /// `defaultQuery.defaultResult()`, type-erased for a parameter that has no value yet.
    static func _defaultResult() async -> Any? { await defaultQuery.defaultResult() }

    /// Resolves identifiers through `defaultQuery` (type-erased so the parameter codec can call it).
    static func _resolve(_ identifier: String) async throws -> Self? {
        guard let id = ID.entityIdentifier(for: identifier) else { return nil }
        return try await defaultQuery.entities(for: [id]).first
    }
}
