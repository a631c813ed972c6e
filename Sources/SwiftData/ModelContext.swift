import Foundation

/// `FetchDescriptor`: which models to fetch, in which order, how many.
public struct FetchDescriptor<T: PersistentModel> {
    public var predicate: Predicate<T>?
    public var sortBy: [SortDescriptor<T>]
    public var fetchLimit: Int?
    public var fetchOffset: Int?
    public var includePendingChanges = true
    public var propertiesToFetch: [PartialKeyPath<T>] = []
    public var relationshipKeyPathsForPrefetching: [PartialKeyPath<T>] = []

    public init(predicate: Predicate<T>? = nil, sortBy: [SortDescriptor<T>] = []) {
        self.predicate = predicate
        self.sortBy = sortBy
    }
}

/// `ModelContext`: inserts, deletes, fetches and saves the models of a container.
// `@unchecked Sendable`: as Apple declares it; its state is the container's, which locks.
public final class ModelContext: @unchecked Sendable {
    public let container: ModelContainer
    public var autosaveEnabled = true
    public private(set) var hasChanges = false

    public init(_ container: ModelContainer) { self.container = container }

    public func insert<T: PersistentModel>(_ model: T) {
        container.insert(model)
        hasChanges = true
    }

    public func delete<T: PersistentModel>(_ model: T) {
        container.remove(model)
        hasChanges = true
    }

    /// `delete(model:where:includeSubclasses:)`: every model of a type that matches.
    public func delete<T: PersistentModel>(model: T.Type, where predicate: Predicate<T>? = nil, includeSubclasses: Bool = true) throws {
        for item in try fetch(FetchDescriptor<T>(predicate: predicate)) { delete(item) }
    }

    public func save() throws {
        try container.write()
        hasChanges = false
    }

    public func rollback() { hasChanges = false }

    public func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [T] {
        var items = container.models(of: T.self)
        if let predicate = descriptor.predicate { items = try items.filter { try predicate.evaluate($0) } }
        if !descriptor.sortBy.isEmpty { items.sort(using: descriptor.sortBy) }
        let offset = min(max(0, descriptor.fetchOffset ?? 0), items.count)
        items = Array(items[offset...])
        if let limit = descriptor.fetchLimit { items = Array(items.prefix(max(0, limit))) }
        return items
    }

    public func fetchCount<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> Int { try fetch(descriptor).count }

    public func fetchIdentifiers<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [PersistentIdentifier] {
        try fetch(descriptor).map(\.persistentModelID)
    }

    public func model(for id: PersistentIdentifier) -> any PersistentModel {
        container.lock.withLock { container.objects[id.storeIdentifier] } ?? Placeholder()
    }

    public func registeredModel<T: PersistentModel>(for id: PersistentIdentifier) -> T? {
        container.lock.withLock { container.objects[id.storeIdentifier] as? T }
    }

    /// What `model(for:)` returns for an identifier the container does not hold.
    private final class Placeholder: PersistentModel {
        let persistentModelID = PersistentIdentifier()
        init() {}
        init(_persistedValues values: PersistedValues) throws {}
        static var _persistedPropertyNames: [String] { [] }
    }
}
