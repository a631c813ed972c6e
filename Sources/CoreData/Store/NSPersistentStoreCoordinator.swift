import Foundation

/// Store option keys, as Apple's (accepted; the ones that change something here are read).
public let NSReadOnlyPersistentStoreOption = "NSReadOnlyPersistentStoreOption"
public let NSMigratePersistentStoresAutomaticallyOption = "NSMigratePersistentStoresAutomaticallyOption"
public let NSInferMappingModelAutomaticallyOption = "NSInferMappingModelAutomaticallyOption"
public let NSPersistentHistoryTrackingKey = "NSPersistentHistoryTrackingKey"
public let NSPersistentStoreRemoteChangeNotificationPostOptionKey = "NSPersistentStoreRemoteChangeNotificationOptionKey"
public let NSPersistentStoreFileProtectionKey = "NSPersistentStoreFileProtectionKey"
public let NSSQLitePragmasOption = "NSSQLitePragmasOption"
public let NSPersistentStoreTimeoutOption = "NSPersistentStoreTimeoutOption"

/// `NSPersistentStoreCoordinator`: the model and the stores a context reads and saves through.
open class NSPersistentStoreCoordinator: NSObject, @unchecked Sendable {
    public let managedObjectModel: NSManagedObjectModel
    private let lock = NSLock()
    private var stores: [NSPersistentStore] = []
    private var contexts: [WeakContext] = []
    open var name: String?

    private struct WeakContext { weak var context: NSManagedObjectContext? }

    public init(managedObjectModel model: NSManagedObjectModel) {
        managedObjectModel = model
        super.init()
        EntityClasses.remember(model)
    }

    open var persistentStores: [NSPersistentStore] { lock.withLock { stores } }

    @discardableResult
    open func addPersistentStore(ofType storeType: String, configurationName configuration: String?, at storeURL: URL?,
                                 options: [AnyHashable: Any]? = nil) throws -> NSPersistentStore {
        let store = try NSPersistentStore(type: storeType, configuration: configuration, url: storeURL, options: options, model: managedObjectModel)
        store.persistentStoreCoordinator = self
        lock.withLock { stores.append(store) }
        return store
    }

    @discardableResult
    open func addPersistentStore(type: NSPersistentStore.StoreType, configuration: String? = nil, at storeURL: URL,
                                 options: [AnyHashable: Any]? = nil) throws -> NSPersistentStore {
        try addPersistentStore(ofType: type.rawValue, configurationName: configuration, at: storeURL, options: options)
    }

    /// Adds the store a description describes; the handler is called before this returns.
    open func addPersistentStore(with description: NSPersistentStoreDescription,
                                 completionHandler block: @escaping (NSPersistentStoreDescription, (any Error)?) -> Void) {
        do {
            var options: [AnyHashable: Any] = description.options
            if description.isReadOnly { options[NSReadOnlyPersistentStoreOption] = true }
            try addPersistentStore(ofType: description.type, configurationName: description.configuration, at: description.url, options: options)
            block(description, nil)
        } catch {
            block(description, error)
        }
    }

    open func remove(_ store: NSPersistentStore) throws {
        lock.withLock { stores.removeAll { $0 === store } }
    }

    open func persistentStore(for url: URL) -> NSPersistentStore? {
        persistentStores.first { $0.url?.standardizedFileURL == url.standardizedFileURL }
    }

    /// Deletes the store's file (and the lock file beside it).
    open func destroyPersistentStore(at url: URL, ofType storeType: String, options: [AnyHashable: Any]? = nil) throws {
        if let store = persistentStore(for: url) { try remove(store) }
        for path in [url.path, url.path + ".lock"] where FileManager.default.fileExists(atPath: path) {
            do {
                try FileManager.default.removeItem(atPath: path)
            } catch {
                throw CoreDataError.unwritableStore(path: path, why: error.localizedDescription)
            }
        }
    }

    open func destroyPersistentStore(at url: URL, type: NSPersistentStore.StoreType, options: [AnyHashable: Any]? = nil) throws {
        try destroyPersistentStore(at: url, ofType: type.rawValue, options: options)
    }

    /// The ID an `x-coredata:` URI names, if a store of this coordinator holds the object.
    open func managedObjectID(forURIRepresentation url: URL) -> NSManagedObjectID? {
        guard let (storeID, key) = NSManagedObjectID.key(fromURI: url), let entity = managedObjectModel.entitiesByName[key.entity] else { return nil }
        for store in persistentStores where storeID.isEmpty || store.identifier == storeID {
            if store.row(key) != nil { return NSManagedObjectID(key: key, entity: entity, temporary: false, store: store) }
        }
        return nil
    }

    // MARK: - Rows

    /// The store that keeps new objects of an entity: the first whose configuration has it.
    func store(forEntity name: String) -> NSPersistentStore? {
        let all = persistentStores
        return all.first { $0.entityNames.contains(name) } ?? all.first
    }

    func row(_ key: ObjectKey) -> (values: [String: Any], store: NSPersistentStore)? {
        for store in persistentStores {
            if let values = store.row(key) { return (values, store) }
        }
        return nil
    }

    func rows(of entities: Set<String>) -> [(key: ObjectKey, values: [String: Any], store: NSPersistentStore)] {
        persistentStores.flatMap { store in store.rows(of: entities).map { ($0.key, $0.values, store) } }
    }

    // MARK: - Contexts

    func attach(_ context: NSManagedObjectContext) {
        lock.withLock {
            contexts.removeAll { $0.context == nil }
            contexts.append(WeakContext(context: context))
        }
    }

    var attachedContexts: [NSManagedObjectContext] { lock.withLock { contexts.compactMap(\.context) } }
}
