import Foundation

/// `NSManagedObjectContext`: the objects read from the store (or from a parent context), the
/// changes made to them, and `save()`. Each object exists once per context.
///
/// A context may be used from several queues, as Apple's may through `perform`: its state is
/// guarded by a recursive lock, and `perform` runs blocks one at a time on a serial queue of the
/// context's own (for a main-queue context too: a widget extension's main thread is the host
/// connection's, which a Core Data block must not wait on).
open class NSManagedObjectContext: NSObject, @unchecked Sendable {
    public enum ConcurrencyType: UInt, Sendable {
        case confinementConcurrencyType = 0
        case privateQueueConcurrencyType = 1
        case mainQueueConcurrencyType = 2
    }

    public enum ScheduledTaskType: Int, Sendable {
        case immediate
        case enqueued
    }

    public let concurrencyType: ConcurrencyType
    let lock = NSRecursiveLock()
    private let queue: DispatchQueue

    /// The objects of this context by key.
    var registry: [ObjectKey: NSManagedObject] = [:]
    /// Inserted and not yet saved, in order of insertion.
    var insertedKeys: [ObjectKey] = []
    /// Deleted and not yet saved (objects read from the store or the parent).
    var deletedKeys: Set<ObjectKey> = []

    private var coordinator: NSPersistentStoreCoordinator?
    private var parentContext: NSManagedObjectContext?
    private var children: [WeakChild] = []
    private struct WeakChild { weak var context: NSManagedObjectContext? }

    open var name: String?
    open var transactionAuthor: String?
    /// Whether saves of sibling contexts (and of the parent) refresh this context's objects.
    open var automaticallyMergesChangesFromParent = false
    /// Accepted and kept: saves merge by property (what `NSMergeByPropertyObjectTrumpMergePolicy`
    /// does) whatever is set.
    open var mergePolicy: Any = NSErrorMergePolicy
    /// Accepted (`context.undoManager = nil`); there is no undo here.
    open var undoManager: Any?
    open var stalenessInterval: TimeInterval = -1
    open var shouldDeleteInaccessibleFaults = true
    open var retainsRegisteredObjects = false
    open var propagatesDeletesAtEndOfEvent = true
    open var userInfo = NSMutableDictionary()

    public init(concurrencyType: ConcurrencyType) {
        self.concurrencyType = concurrencyType
        queue = DispatchQueue(label: "CoreData.NSManagedObjectContext")
        super.init()
    }

    public override convenience init() { self.init(concurrencyType: .confinementConcurrencyType) }

    open var persistentStoreCoordinator: NSPersistentStoreCoordinator? {
        get { lock.withLock { coordinator ?? parentContext?.persistentStoreCoordinator } }
        set {
            lock.withLock { coordinator = newValue }
            newValue?.attach(self)
        }
    }

    open var parent: NSManagedObjectContext? {
        get { lock.withLock { parentContext } }
        set {
            lock.withLock { parentContext = newValue }
            newValue?.attachChild(self)
        }
    }

    private func attachChild(_ child: NSManagedObjectContext) {
        lock.withLock {
            children.removeAll { $0.context == nil }
            children.append(WeakChild(context: child))
        }
    }

    var childContexts: [NSManagedObjectContext] { lock.withLock { children.compactMap(\.context) } }

    /// The model of the coordinator this context reads through.
    var model: NSManagedObjectModel? { persistentStoreCoordinator?.managedObjectModel }

    // MARK: - Objects

    open var registeredObjects: Set<NSManagedObject> { lock.withLock { Set(registry.values) } }
    open var insertedObjects: Set<NSManagedObject> { lock.withLock { Set(insertedKeys.compactMap { registry[$0] }) } }
    open var deletedObjects: Set<NSManagedObject> { lock.withLock { Set(deletedKeys.compactMap { registry[$0] }) } }
    open var updatedObjects: Set<NSManagedObject> {
        lock.withLock { Set(registry.values.filter { $0.state == .persisted && !$0.changedKeys.isEmpty }) }
    }

    open var hasChanges: Bool {
        lock.withLock { !insertedKeys.isEmpty || !deletedKeys.isEmpty || registry.values.contains { $0.state == .persisted && !$0.changedKeys.isEmpty } }
    }

    /// Inserts an object made in no context (`init(entity:insertInto: nil)`); `awakeFromInsert()`
    /// is called. An object of another context stays there (said on stderr).
    open func insert(_ object: NSManagedObject) {
        let inserted: Bool = lock.withLock {
            if let owner = object.managedObjectContext, owner !== self {
                CoreDataDiagnostics.report("insert(_:): the object belongs to another context")
                return false
            }
            let key = object.objectID.key
            guard registry[key] !== object || object.state == .deleted else { return false }
            object.managedObjectContext = self
            if deletedKeys.remove(key) != nil {
                object.state = .persisted
                return false
            }
            object.state = .inserted
            object.changedKeys = Set(object.values.keys)
            registry[key] = object
            insertedKeys.append(key)
            return true
        }
        if inserted { object.awakeFromInsert() }
    }

    /// The object for a key: registered, or made from the store's (or parent's) row; nil when
    /// neither has it.
    func object(forKey key: ObjectKey) -> NSManagedObject? {
        lock.withLock {
            if let known = registry[key] { return known }
            guard let base = baseRow(key) else { return nil }
            return materialize(key, values: base.values, temporary: base.temporary, store: base.store)
        }
    }

    /// A key's values as this context's parent (or store) has them.
    func baseRow(_ key: ObjectKey) -> (values: [String: Any], temporary: Bool, store: NSPersistentStore?)? {
        if let parent { return parent.rowForChild(key) }
        return persistentStoreCoordinator?.row(key).map { ($0.values, false, $0.store) }
    }

    /// A key's values as a child context sees them: this context's current values.
    func rowForChild(_ key: ObjectKey) -> (values: [String: Any], temporary: Bool, store: NSPersistentStore?)? {
        lock.withLock {
            guard !deletedKeys.contains(key) else { return nil }
            if let object = registry[key] { return (object.values, object.objectID.isTemporaryID, object.objectID.persistentStore) }
            return baseRow(key)
        }
    }

    /// The rows of entities as this context's parent (or store) has them.
    func baseRows(of entities: Set<String>) -> [(key: ObjectKey, values: [String: Any], temporary: Bool, store: NSPersistentStore?)] {
        if let parent { return parent.rowsForChild(of: entities) }
        return (persistentStoreCoordinator?.rows(of: entities) ?? []).map { ($0.key, $0.values, false, $0.store) }
    }

    func rowsForChild(of entities: Set<String>) -> [(key: ObjectKey, values: [String: Any], temporary: Bool, store: NSPersistentStore?)] {
        lock.withLock {
            var out: [(key: ObjectKey, values: [String: Any], temporary: Bool, store: NSPersistentStore?)] = []
            var seen: Set<ObjectKey> = []
            for row in baseRows(of: entities) where !deletedKeys.contains(row.key) {
                seen.insert(row.key)
                if let object = registry[row.key] {
                    out.append((row.key, object.values, object.objectID.isTemporaryID, row.store))
                } else {
                    out.append(row)
                }
            }
            for key in insertedKeys where entities.contains(key.entity) && !seen.contains(key) {
                if let object = registry[key] { out.append((key, object.values, true, nil)) }
            }
            return out
        }
    }

    /// Makes the object of a row and registers it (the lock held).
    func materialize(_ key: ObjectKey, values: [String: Any], temporary: Bool, store: NSPersistentStore?) -> NSManagedObject? {
        guard let entity = model?.entitiesByName[key.entity] else { return nil }
        let object = EntityClasses.objectClass(for: entity).init(entity: entity, insertInto: nil)
        object.objectID = NSManagedObjectID(key: key, entity: entity, temporary: temporary, store: store)
        object.values = values
        object.committed = values
        object.changedKeys = []
        object.state = .persisted
        object.managedObjectContext = self
        registry[key] = object
        object.awakeFromFetch()
        return object
    }

    /// `object(with:)`: the object of an ID; one the store lacks is an object of the entity with no
    /// values, in no context (Apple's is a fault that raises when read).
    open func object(with objectID: NSManagedObjectID) -> NSManagedObject {
        if let found = object(forKey: objectID.key) { return found }
        CoreDataDiagnostics.report("object(with:): no object \(objectID); an empty one is given")
        return EntityClasses.objectClass(for: objectID.entity).init(entity: objectID.entity, insertInto: nil)
    }

    open func existingObject(with objectID: NSManagedObjectID) throws -> NSManagedObject {
        guard let found = object(forKey: objectID.key) else { throw CoreDataError.noSuchObject(objectID.description) }
        return found
    }

    open func registeredObject(for objectID: NSManagedObjectID) -> NSManagedObject? { lock.withLock { registry[objectID.key] } }

    open func obtainPermanentIDs(for objects: [NSManagedObject]) throws {}

    open func processPendingChanges() {}

    // MARK: - Deleting

    /// Deletes an object: its relationships are handled by their delete rules (nullify, cascade,
    /// deny at save, no action) as Core Data does.
    open func delete(_ object: NSManagedObject) {
        guard object.managedObjectContext === self, object.state != .deleted, object.state != .detached else { return }
        object.prepareForDeletion()
        lock.withLock {
            let key = object.objectID.key
            markDeleted(object, key: key)
            for case let relationship as NSRelationshipDescription in object.entity.allProperties {
                let related = object.relatedKeys(relationship.name).compactMap { self.object(forKey: $0) }
                switch relationship.deleteRule {
                case .cascadeDeleteRule:
                    for other in related { delete(other) }
                case .nullifyDeleteRule:
                    guard let inverse = relationship.inverseRelationship else { continue }
                    for other in related { other.removeInverse(inverse, of: key) }
                case .denyDeleteRule, .noActionDeleteRule:
                    continue
                }
            }
            if insertedKeys.contains(key) == false, registry[key] == nil { object.managedObjectContext = nil }
        }
    }

    // MARK: - Queues

    /// The context running the current `perform`/`performAndWait` block (for `NSFetchRequest.execute()`).
    static var current: NSManagedObjectContext? {
        (Thread.current.threadDictionary[currentKey] as? WeakBox)?.context
    }

    private static let currentKey = "CoreData.NSManagedObjectContext.current"

    private final class WeakBox {
        weak var context: NSManagedObjectContext?
        init(_ context: NSManagedObjectContext?) { self.context = context }
    }

    private func runAsCurrent<T>(_ block: () throws -> T) rethrows -> T {
        let dictionary = Thread.current.threadDictionary
        let previous = dictionary[Self.currentKey]
        dictionary[Self.currentKey] = WeakBox(self)
        defer { dictionary[Self.currentKey] = previous }
        return try lock.withLock { try block() }
    }

    /// `perform(_:)`: runs the block on the context's queue, after the blocks before it.
    open func perform(_ block: @escaping () -> Void) {
        let work = UncheckedBox(block)
        queue.async { [self] in runAsCurrent { work.value() } }
    }

    /// `performAndWait(_:)`: runs the block now, on this thread, with the context to itself.
    open func performAndWait<T>(_ block: () throws -> T) rethrows -> T {
        try runAsCurrent(block)
    }

    /// `perform(schedule:_:)` (async): the block's result.
    public func perform<T>(schedule: ScheduledTaskType = .immediate, _ block: @escaping () throws -> T) async rethrows -> T {
        try runAsCurrent(block)
    }
}

/// A value handed to another queue whose safety the context's lock ensures.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

extension NSManagedObjectContext {
    /// An object leaves the context: one never saved is forgotten, one saved is deleted at the next
    /// save. Called with `lock` held.
    func markDeleted(_ object: NSManagedObject, key: ObjectKey) {
        if object.state == .inserted {
            insertedKeys.removeAll { $0 == key }
            registry[key] = nil
        } else {
            deletedKeys.insert(key)
        }
        object.state = .deleted
    }
}
