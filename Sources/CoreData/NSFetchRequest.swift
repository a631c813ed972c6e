import Foundation

/// `NSPersistentStoreRequest`: what a context executes.
open class NSPersistentStoreRequest: NSObject {
    public enum RequestType: UInt, Sendable { case fetchRequestType = 1, saveRequestType, batchInsertRequestType = 5, batchUpdateRequestType, batchDeleteRequestType }
    open var affectedStores: [NSPersistentStore]?
    open var requestType: RequestType { .fetchRequestType }
}

/// `NSFetchRequestResultType`.
public struct NSFetchRequestResultType: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let managedObjectResultType = NSFetchRequestResultType([])
    public static let managedObjectIDResultType = NSFetchRequestResultType(rawValue: 1)
    public static let dictionaryResultType = NSFetchRequestResultType(rawValue: 2)
    public static let countResultType = NSFetchRequestResultType(rawValue: 4)
}

/// `NSFetchRequest`: which objects of an entity a fetch returns, filtered, sorted and cut.
///
/// `ResultType` is not constrained (Apple's is `NSFetchRequestResult`, an Objective-C protocol, so
/// `NSFetchRequest<NSFetchRequestResult>` is valid there); without the constraint that spelling
/// compiles here too. A request typed with a managed object class tells which class the entity's
/// objects are (see `EntityClasses`).
open class NSFetchRequest<ResultType>: NSPersistentStoreRequest {
    open var entityName: String?
    open var entity: NSEntityDescription? {
        didSet { if let name = entity?.name, entityName == nil { entityName = name } }
    }
    open var predicate: NSPredicate?
    open var sortDescriptors: [NSSortDescriptor]?
    /// 0: no limit.
    open var fetchLimit = 0
    open var fetchOffset = 0
    open var fetchBatchSize = 0
    open var resultType: NSFetchRequestResultType = .managedObjectResultType
    open var includesSubentities = true
    open var includesPendingChanges = true
    open var includesPropertyValues = true
    open var returnsObjectsAsFaults = true
    open var returnsDistinctResults = false
    open var shouldRefreshRefetchedObjects = false
    open var relationshipKeyPathsForPrefetching: [String]?
    /// Names or property descriptions; read for `.dictionaryResultType`.
    open var propertiesToFetch: [Any]?
    open var propertiesToGroupBy: [Any]?
    open var havingPredicate: NSPredicate?

    public override init() { super.init() }

    public convenience init(entityName: String) {
        self.init()
        self.entityName = entityName
        EntityClasses.register(ResultType.self, forEntityNamed: entityName)
    }

    /// `execute()`: the fetch in the context whose `perform`/`performAndWait` block is running.
    open func execute() throws -> [ResultType] {
        guard let context = NSManagedObjectContext.current else {
            throw CoreDataError.noContext("NSFetchRequest.execute() runs inside a context's perform or performAndWait block")
        }
        return try context.fetch(self)
    }

    open override var description: String {
        "<NSFetchRequest \(entityName ?? "?"): \(predicate == nil ? "no predicate" : "a predicate"), \(sortDescriptors?.count ?? 0) sort descriptors, limit \(fetchLimit), offset \(fetchOffset)>"
    }
}

/// `NSBatchDeleteRequest`: deletes what a fetch request finds, saved at once.
open class NSBatchDeleteRequest: NSPersistentStoreRequest {
    public enum ResultType: UInt, Sendable { case resultTypeStatusOnly, resultTypeObjectIDs, resultTypeCount }
    public let fetchRequest: NSFetchRequest<NSFetchRequestResult>
    open var resultType: ResultType = .resultTypeStatusOnly
    open override var requestType: RequestType { .batchDeleteRequestType }

    public init(fetchRequest: NSFetchRequest<NSFetchRequestResult>) {
        self.fetchRequest = fetchRequest
        super.init()
    }

    public convenience init(objectIDs: [NSManagedObjectID]) {
        let request = NSFetchRequest<NSFetchRequestResult>(entityName: objectIDs.first?.entity.name ?? "")
        let keys = objectIDs.map(\.key)
        request.predicate = NSPredicate(block: { object, _ in (object as? NSManagedObject).map { keys.contains($0.objectID.key) } ?? false })
        self.init(fetchRequest: request)
    }
}

/// `NSPersistentStoreResult` and `NSBatchDeleteResult`.
open class NSPersistentStoreResult: NSObject {}

open class NSBatchDeleteResult: NSPersistentStoreResult {
    /// `true`, the deleted objects' IDs, or their count, as the request's `resultType` asks.
    public let result: Any?
    init(result: Any?) { self.result = result }
}

/// `NSAsynchronousFetchResult` is not provided: fetches here are synchronous.
open class NSPersistentStoreAsynchronousResult: NSPersistentStoreResult {}
