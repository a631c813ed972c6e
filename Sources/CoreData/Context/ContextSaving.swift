import Foundation

/// Notification names and keys, as Apple's.
extension Notification.Name {
    public static let NSManagedObjectContextDidSave = Notification.Name("NSManagedObjectContextDidSaveNotification")
    public static let NSManagedObjectContextWillSave = Notification.Name("NSManagedObjectContextWillSaveNotification")
    public static let NSManagedObjectContextObjectsDidChange = Notification.Name("NSManagedObjectContextObjectsDidChangeNotification")
    public static let NSPersistentStoreRemoteChange = Notification.Name("NSPersistentStoreRemoteChangeNotification")
}

extension NSManagedObjectContext {
    public static let didSaveObjectsNotification = Notification.Name("NSManagedObjectContextDidSaveObjectsNotification")
    public static let didSaveObjectIDsNotification = Notification.Name("NSManagedObjectContextDidSaveObjectIDsNotification")
    public static let willSaveObjectsNotification = Notification.Name.NSManagedObjectContextWillSave
}

public let NSInsertedObjectsKey = "inserted"
public let NSUpdatedObjectsKey = "updated"
public let NSDeletedObjectsKey = "deleted"
public let NSRefreshedObjectsKey = "refreshed"
public let NSInvalidatedObjectsKey = "invalidated"
public let NSInsertedObjectIDsKey = "inserted_objectIDs"
public let NSUpdatedObjectIDsKey = "updated_objectIDs"
public let NSDeletedObjectIDsKey = "deleted_objectIDs"

/// Saving: validation (a non-optional property with no value, a deny rule), then the changes go to
/// the store (or the parent context), the objects take their saved values, the did-save
/// notifications are posted and contexts that merge automatically refresh what changed.
extension NSManagedObjectContext {
    public func save() throws {
        let prepared = try lock.withLock { () throws -> (changes: ChangeSet, inserted: [NSManagedObject], updated: [NSManagedObject], deleted: [NSManagedObject])? in
            guard hasChanges else { return nil }
            NotificationCenter.default.post(name: .NSManagedObjectContextWillSave, object: self)
            let inserted = insertedKeys.compactMap { registry[$0] }
            let updated = registry.values.filter { $0.state == .persisted && !$0.changedKeys.isEmpty }
            let deleted = deletedKeys.compactMap { registry[$0] }
            for object in inserted + updated + deleted { object.willSave() }
            for object in inserted + updated { try validate(object) }
            for object in deleted { try validateDeletion(object) }
            var changes = ChangeSet()
            changes.inserted = inserted.map { ($0.objectID.key, Self.persistentValues($0)) }
            changes.updated = updated.map { object in
                var delta: [String: Any?] = [:]
                for key in object.changedKeys where Self.isPersistent(key, of: object.entity) { delta[key] = object.values[key] }
                return (object.objectID.key, delta)
            }
            changes.deleted = Array(deletedKeys)
            return (changes, inserted, updated, deleted)
        }
        guard let prepared else { return }
        if let parent {
            parent.applyFromChild(prepared.changes)
        } else {
            try writeToStores(prepared.changes)
        }
        // Saved into a parent, an object is not in a store yet: its ID stays temporary.
        let coordinator = parent == nil ? persistentStoreCoordinator : nil
        lock.withLock {
            for object in prepared.inserted + prepared.updated {
                object.committed = object.values
                object.changedKeys = []
                object.state = .persisted
                if let coordinator {
                    object.objectID.makePermanent(in: object.objectID.persistentStore ?? coordinator.store(forEntity: object.objectID.key.entity))
                }
            }
            for object in prepared.deleted {
                registry[object.objectID.key] = nil
                object.managedObjectContext = nil
            }
            insertedKeys = []
            deletedKeys = []
        }
        for object in prepared.inserted + prepared.updated + prepared.deleted { object.didSave() }
        announce(prepared.changes, inserted: prepared.inserted, updated: prepared.updated, deleted: prepared.deleted)
    }

    /// An attribute or relationship the store keeps (not transient).
    static func isPersistent(_ key: String, of entity: NSEntityDescription) -> Bool {
        guard let property = entity.property(named: key) else { return false }
        return !property.isTransient
    }

    static func persistentValues(_ object: NSManagedObject) -> [String: Any] {
        object.values.filter { isPersistent($0.key, of: object.entity) }
    }

    /// Core Data's save-time validation: a non-optional attribute or to-one relationship with no
    /// value (error 1570), and the object's own `validateForInsert`/`validateForUpdate`.
    private func validate(_ object: NSManagedObject) throws {
        let name = object.entity.name ?? "?"
        for property in object.entity.allProperties where !property.isOptional && !property.isTransient {
            if let relationship = property as? NSRelationshipDescription {
                let count = object.relatedKeys(property.name).count
                if relationship.isToMany {
                    if count < relationship.minCount { throw CoreDataError.missingMandatoryProperty(entity: name, property: property.name) }
                } else if count == 0 {
                    throw CoreDataError.missingMandatoryProperty(entity: name, property: property.name)
                }
            } else if object.values[property.name] == nil {
                throw CoreDataError.missingMandatoryProperty(entity: name, property: property.name)
            }
        }
        if object.state == .inserted { try object.validateForInsert() } else { try object.validateForUpdate() }
    }

    private func validateDeletion(_ object: NSManagedObject) throws {
        for case let relationship as NSRelationshipDescription in object.entity.allProperties where relationship.deleteRule == .denyDeleteRule {
            let remaining = object.relatedKeys(relationship.name).filter { key in registry[key].map { $0.state != .deleted } ?? true }
            if !remaining.isEmpty { throw CoreDataError.deleteDenied(entity: object.entity.name ?? "?", relationship: relationship.name) }
        }
        try object.validateForDelete()
    }

    /// Sends each change to the store that keeps its entity (or holds the object).
    private func writeToStores(_ changes: ChangeSet) throws {
        guard let coordinator = persistentStoreCoordinator, !coordinator.persistentStores.isEmpty else {
            throw CoreDataError.noStore("save(): the context's coordinator has no persistent store (call loadPersistentStores first)")
        }
        var byStore: [ObjectIdentifier: (store: NSPersistentStore, changes: ChangeSet)] = [:]
        func store(for key: ObjectKey) -> NSPersistentStore? {
            registry[key]?.objectID.persistentStore ?? coordinator.store(forEntity: key.entity)
        }
        for change in changes.inserted {
            guard let target = store(for: change.key) else { continue }
            byStore[ObjectIdentifier(target), default: (target, ChangeSet())].changes.inserted.append(change)
        }
        for change in changes.updated {
            guard let target = store(for: change.key) else { continue }
            byStore[ObjectIdentifier(target), default: (target, ChangeSet())].changes.updated.append(change)
        }
        for key in changes.deleted {
            guard let target = store(for: key) else { continue }
            byStore[ObjectIdentifier(target), default: (target, ChangeSet())].changes.deleted.append(key)
        }
        for (_, entry) in byStore { try entry.store.apply(entry.changes) }
    }

    /// A child context's save: its changes become this context's unsaved changes.
    func applyFromChild(_ changes: ChangeSet) {
        lock.withLock {
            for (key, values) in changes.inserted {
                if let object = registry[key] {
                    object.values = values
                    object.changedKeys.formUnion(values.keys)
                    continue
                }
                guard let entity = model?.entitiesByName[key.entity] else { continue }
                let object = EntityClasses.objectClass(for: entity).init(entity: entity, insertInto: nil)
                object.objectID = NSManagedObjectID(key: key, entity: entity, temporary: true, store: nil)
                object.values = values
                object.changedKeys = Set(values.keys)
                object.state = .inserted
                object.managedObjectContext = self
                registry[key] = object
                insertedKeys.append(key)
            }
            for (key, delta) in changes.updated {
                guard let object = object(forKey: key) else { continue }
                for (name, value) in delta { object.setRaw(value, forKey: name) }
            }
            for key in changes.deleted {
                guard let object = object(forKey: key) else { continue }
                markDeleted(object, key: key)
            }
        }
    }

    /// Posts the did-save notifications and refreshes the contexts that merge automatically.
    private func announce(_ changes: ChangeSet, inserted: [NSManagedObject], updated: [NSManagedObject], deleted: [NSManagedObject]) {
        let objects: [AnyHashable: Any] = [NSInsertedObjectsKey: Set(inserted), NSUpdatedObjectsKey: Set(updated), NSDeletedObjectsKey: Set(deleted)]
        let ids: [AnyHashable: Any] = [NSInsertedObjectIDsKey: Set(inserted.map(\.objectID)), NSUpdatedObjectIDsKey: Set(updated.map(\.objectID)),
                                       NSDeletedObjectIDsKey: Set(deleted.map(\.objectID))]
        NotificationCenter.default.post(name: .NSManagedObjectContextDidSave, object: self, userInfo: objects)
        NotificationCenter.default.post(name: Self.didSaveObjectsNotification, object: self, userInfo: objects)
        NotificationCenter.default.post(name: Self.didSaveObjectIDsNotification, object: self, userInfo: ids)
        let siblings = parent.map { $0.childContexts } ?? (persistentStoreCoordinator?.attachedContexts.filter { $0.parent == nil } ?? [])
        let changed = changes.inserted.map(\.key) + changes.updated.map(\.key)
        for context in siblings + childContexts where context !== self && context.automaticallyMergesChangesFromParent {
            context.refresh(keys: changed, deleted: changes.deleted)
        }
    }

    /// Takes the current values of `keys` from the parent or store, for the registered objects
    /// with no unsaved change; the objects of `deleted` leave the context.
    func refresh(keys: [ObjectKey], deleted: [ObjectKey]) {
        lock.withLock {
            for key in keys {
                guard let object = registry[key], object.changedKeys.isEmpty, object.state == .persisted, let base = baseRow(key) else { continue }
                object.values = base.values
                object.committed = base.values
            }
            for key in deleted {
                guard let object = registry[key], object.state != .inserted else { continue }
                registry[key] = nil
                deletedKeys.remove(key)
                object.state = .deleted
                object.managedObjectContext = nil
            }
        }
    }

    /// `mergeChanges(fromContextDidSave:)`: the saved objects' current values taken in.
    public func mergeChanges(fromContextDidSave notification: Notification) {
        let info = notification.userInfo ?? [:]
        func keys(_ name: String) -> [ObjectKey] {
            ((info[name] as? Set<NSManagedObject>) ?? []).map(\.objectID.key) + ((info[name] as? Set<NSManagedObjectID>) ?? []).map(\.key)
        }
        refresh(keys: keys(NSInsertedObjectsKey) + keys(NSUpdatedObjectsKey), deleted: keys(NSDeletedObjectsKey))
    }

    /// `mergeChanges(fromRemoteContextSave:into:)`: each context takes in the changes.
    public class func mergeChanges(fromRemoteContextSave changeNotificationData: [AnyHashable: Any], into contexts: [NSManagedObjectContext]) {
        for context in contexts {
            context.mergeChanges(fromContextDidSave: Notification(name: .NSManagedObjectContextDidSave, object: nil, userInfo: changeNotificationData))
        }
    }

    // MARK: - Undoing changes

    /// `rollback()`: unsaved changes undone (inserted objects leave, deleted ones return).
    public func rollback() {
        lock.withLock {
            for key in insertedKeys {
                registry[key]?.managedObjectContext = nil
                registry[key]?.state = .detached
                registry[key] = nil
            }
            insertedKeys = []
            for key in deletedKeys { registry[key]?.state = .persisted }
            deletedKeys = []
            for object in registry.values where !object.changedKeys.isEmpty {
                object.values = object.committed
                object.changedKeys = []
            }
        }
    }

    /// `reset()`: every object leaves the context.
    public func reset() {
        lock.withLock {
            for object in registry.values { object.managedObjectContext = nil }
            registry = [:]
            insertedKeys = []
            deletedKeys = []
        }
    }

    /// `refresh(_:mergeChanges:)`: the saved values read again; with `mergeChanges` the unsaved
    /// changes are kept over them.
    public func refresh(_ object: NSManagedObject, mergeChanges flag: Bool) {
        lock.withLock {
            guard object.managedObjectContext === self, object.state == .persisted, let base = baseRow(object.objectID.key) else { return }
            let kept = flag ? object.values.filter { object.changedKeys.contains($0.key) } : [:]
            object.values = base.values.merging(kept) { _, mine in mine }
            object.committed = base.values
            if !flag { object.changedKeys = [] }
        }
    }

    public func refreshAllObjects() {
        for object in registeredObjects { refresh(object, mergeChanges: true) }
    }
}
