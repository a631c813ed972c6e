import Foundation

/// `NSPersistentStoreDescription`: where and how a container's store is added.
open class NSPersistentStoreDescription: NSObject, @unchecked Sendable {
    open var url: URL?
    open var type: String = NSSQLiteStoreType
    open var configuration: String?
    open var isReadOnly = false
    open var timeout: TimeInterval = 240
    open var shouldAddStoreAsynchronously = false
    open var shouldMigrateStoreAutomatically = true
    open var shouldInferMappingModelAutomatically = true
    open private(set) var options: [String: NSObject] = [:]
    open private(set) var sqlitePragmas: [String: NSObject] = [:]
    /// Accepted; nothing syncs here.
    open var cloudKitContainerOptions: NSPersistentCloudKitContainerOptions?

    public override init() { super.init() }

    public convenience init(url: URL) {
        self.init()
        self.url = url
    }

    open func setOption(_ option: NSObject?, forKey key: String) { options[key] = option }

    open func setValue(_ value: NSObject?, forPragmaNamed name: String) { sqlitePragmas[name] = value }

    open override var description: String { "<NSPersistentStoreDescription> (type: \(type), url: \(url?.path ?? "none"))" }
}

/// `NSPersistentCloudKitContainerOptions`: accepted; the container works offline.
open class NSPersistentCloudKitContainerOptions: NSObject, @unchecked Sendable {
    public let containerIdentifier: String
    /// `CKDatabase.Scope`'s raw value (CloudKit is not provided).
    open var databaseScope: Int = 2

    public init(containerIdentifier: String) {
        self.containerIdentifier = containerIdentifier
        super.init()
    }
}
