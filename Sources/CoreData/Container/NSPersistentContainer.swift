import CoreDataModelFile
import Foundation

/// `NSPersistentContainer`: the model found by name in the extension's resources, a coordinator,
/// and the stores its descriptions describe (by default `<name>.sqlite` in `defaultDirectoryURL()`).
open class NSPersistentContainer: NSObject, @unchecked Sendable {
    open var name: String
    public let managedObjectModel: NSManagedObjectModel
    public let persistentStoreCoordinator: NSPersistentStoreCoordinator
    open var persistentStoreDescriptions: [NSPersistentStoreDescription]
    private let lock = NSLock()
    private var mainContext: NSManagedObjectContext?

    /// The model named `name` (`name.xcdatamodeld` among the resources); when there is none, every
    /// model found there merged, and failing that an empty model (said on stderr: Apple's logs
    /// "Failed to load model named" and fails later too).
    public convenience init(name: String) {
        self.init(name: name, managedObjectModel: Self.model(named: name))
    }

    public init(name: String, managedObjectModel model: NSManagedObjectModel) {
        self.name = name
        managedObjectModel = model
        persistentStoreCoordinator = NSPersistentStoreCoordinator(managedObjectModel: model)
        persistentStoreDescriptions = []
        super.init()
        persistentStoreDescriptions = [NSPersistentStoreDescription(url: type(of: self).defaultDirectoryURL().appendingPathComponent(name + ".sqlite"))]
    }

    static func model(named name: String) -> NSManagedObjectModel {
        if let file = ModelResources.modelFile(named: name) {
            do {
                return NSManagedObjectModel(file: try ModelFile.read(file))
            } catch {
                CoreDataDiagnostics.report("NSPersistentContainer(name: \"\(name)\"): \(error)")
            }
        }
        let all = ModelResources.allModelFiles().compactMap { try? ModelFile.read($0) }
        if !all.isEmpty, let merged = NSManagedObjectModel(byMerging: all.map(NSManagedObjectModel.init(file:))) {
            CoreDataDiagnostics.report("NSPersistentContainer(name: \"\(name)\"): no model of that name among the resources; the \(all.count) found are merged")
            return merged
        }
        CoreDataDiagnostics.report("NSPersistentContainer(name: \"\(name)\"): no model named \(name) among the extension's resources (\(ModelResources.roots.map(\.path).joined(separator: ", "))); the model is empty")
        return NSManagedObjectModel()
    }

    /// Where stores are kept by default: the extension's data folder (`WIDGET_EXTENSION_DATA`, which
    /// the host gives each extension), under `Library/Application Support` as on a device; outside a
    /// host, under the temporary folder. Subclasses override it (an app group's folder), as on Apple's.
    open class func defaultDirectoryURL() -> URL {
        let base = ProcessInfo.processInfo.environment["WIDGET_EXTENSION_DATA"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("widget-coredata", isDirectory: true)
        return base.appendingPathComponent("Library/Application Support", isDirectory: true)
    }

    /// The context of the main queue: made once, merging saves of the background contexts when set to.
    open var viewContext: NSManagedObjectContext {
        lock.withLock {
            if let mainContext { return mainContext }
            let context = NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
            context.persistentStoreCoordinator = persistentStoreCoordinator
            mainContext = context
            return context
        }
    }

    /// Adds each description's store; the handler is called for each before this returns (also when
    /// `shouldAddStoreAsynchronously` is set). A store that cannot be read (a damaged file, a SQLite
    /// file from an Apple platform) is reported to the handler as an `NSError`, never a crash.
    open func loadPersistentStores(completionHandler block: @escaping (NSPersistentStoreDescription, (any Error)?) -> Void) {
        for description in persistentStoreDescriptions {
            persistentStoreCoordinator.addPersistentStore(with: description, completionHandler: block)
        }
    }

    open func newBackgroundContext() -> NSManagedObjectContext {
        let context = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        context.persistentStoreCoordinator = persistentStoreCoordinator
        return context
    }

    /// Runs the block with a new background context, on that context's queue.
    open func performBackgroundTask(_ block: @escaping (NSManagedObjectContext) -> Void) {
        let context = newBackgroundContext()
        context.perform { block(context) }
    }

    open func performBackgroundTask<T>(_ block: @escaping (NSManagedObjectContext) throws -> T) async rethrows -> T {
        let context = newBackgroundContext()
        return try context.performAndWait { try block(context) }
    }
}

/// `NSPersistentCloudKitContainer`: the same container, offline (nothing is mirrored to CloudKit).
open class NSPersistentCloudKitContainer: NSPersistentContainer, @unchecked Sendable {
    /// `initializeCloudKitSchema(options:)`: nothing to initialize offline.
    open func initializeCloudKitSchema(options: Int = 0) throws {}

    open func canUpdateRecord(forManagedObjectWith objectID: NSManagedObjectID) -> Bool { true }
    open func canDeleteRecord(forManagedObjectWith objectID: NSManagedObjectID) -> Bool { true }
    open func canModifyManagedObjects(in store: NSPersistentStore) -> Bool { !store.isReadOnly }
}
