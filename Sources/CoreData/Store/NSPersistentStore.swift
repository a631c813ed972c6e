import Foundation

/// Store type names, as Apple's.
public let NSSQLiteStoreType = "SQLite"
public let NSInMemoryStoreType = "InMemory"
public let NSBinaryStoreType = "Binary"
public let NSXMLStoreType = "XML"

/// `NSPersistentStore`: the objects saved at one URL. Every kind Apple has (SQLite, binary, XML) is
/// kept here in one JSON format at the URL the app gives; an in-memory store (and one at
/// `/dev/null`, which Apple's templates use for previews) keeps its rows in memory only.
///
/// The rows are read when the store is added, read again whenever the file has changed since (an
/// other container or process saved), and each save reads, applies its changes and writes the file
/// under a lock, so that two containers on one file see each other's saves.
open class NSPersistentStore: NSObject, @unchecked Sendable {
    /// `NSPersistentStore.StoreType`.
    public struct StoreType: Hashable, Sendable, RawRepresentable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let sqlite = StoreType(rawValue: NSSQLiteStoreType)
        public static let inMemory = StoreType(rawValue: NSInMemoryStoreType)
        public static let binary = StoreType(rawValue: NSBinaryStoreType)
    }

    open var url: URL?
    public let type: String
    public let configurationName: String
    public let options: [AnyHashable: Any]?
    open var identifier: String!
    open var isReadOnly: Bool
    open var metadata: [String: Any]! = [:]
    public internal(set) weak var persistentStoreCoordinator: NSPersistentStoreCoordinator?

    let lock = NSLock()
    let model: NSManagedObjectModel
    var rows = StoreRows()
    private var stamp: StoreFile.Stamp?

    var isInMemory: Bool { type == NSInMemoryStoreType || url == nil || url?.path == "/dev/null" }

    /// Reads the store (an unreadable one is an error) and, where there is no file yet, writes an
    /// empty one as Apple's does when it adds a store.
    init(type: String, configuration: String?, url: URL?, options: [AnyHashable: Any]?, model: NSManagedObjectModel) throws(CoreDataError) {
        guard [NSSQLiteStoreType, NSInMemoryStoreType, NSBinaryStoreType, NSXMLStoreType].contains(type) else { throw .unknownStoreType(type) }
        self.type = type
        configurationName = configuration ?? "PF_DEFAULT_CONFIGURATION_NAME"
        self.url = url
        self.options = options
        self.model = model
        isReadOnly = (options?[NSReadOnlyPersistentStoreOption] as? Bool) ?? ((options?[NSReadOnlyPersistentStoreOption] as? NSNumber)?.boolValue ?? false)
        super.init()
        identifier = UUID().uuidString
        guard !isInMemory, let url else { return }
        if let read = try StoreFile.read(url, model: model) {
            identifier = read.identifier
            rows = read.rows
            stamp = StoreFile.stamp(url)
        } else if !isReadOnly {
            try StoreFileLock.withLock(url) { () throws(CoreDataError) in try writeFile(url) }
        }
    }

    /// The entities this store holds (its configuration's, or all).
    var entityNames: Set<String> {
        Set((model.entities(forConfigurationName: configurationName) ?? model.entities).compactMap(\.name))
    }

    /// Reads the file again if it changed since it was read or written. A file that no longer reads
    /// keeps the rows read before (said on stderr).
    func refreshIfChanged() {
        guard !isInMemory, let url else { return }
        lock.withLock {
            let current = StoreFile.stamp(url)
            guard current != stamp else { return }
            do {
                if let read = try StoreFile.read(url, model: model) {
                    rows = read.rows
                } else {
                    rows = StoreRows()
                }
                stamp = current
            } catch {
                CoreDataDiagnostics.report("\(error); the store's earlier contents are used")
                stamp = current
            }
        }
    }

    func row(_ key: ObjectKey) -> [String: Any]? {
        refreshIfChanged()
        return lock.withLock { rows.row(key) }
    }

    /// The rows of the entities named.
    func rows(of entities: Set<String>) -> [(key: ObjectKey, values: [String: Any])] {
        refreshIfChanged()
        return lock.withLock {
            var out: [(key: ObjectKey, values: [String: Any])] = []
            for name in entities.sorted() {
                for (identifier, values) in rows.entities[name] ?? [:] {
                    out.append((ObjectKey(entity: name, identifier: identifier), values))
                }
            }
            return out
        }
    }

    /// Applies a save's changes and writes the file.
    func apply(_ changes: ChangeSet) throws(CoreDataError) {
        guard !isReadOnly else { throw .unwritableStore(path: url?.path ?? "(in memory)", why: "the store was added read-only") }
        guard !isInMemory, let url else {
            lock.withLock { changes.apply(to: &rows) }
            return
        }
        try StoreFileLock.withLock(url) { () throws(CoreDataError) in
            lock.lock()
            defer { lock.unlock() }
            // Another process may have saved since this one read the file.
            if StoreFile.stamp(url) != stamp, let read = try StoreFile.read(url, model: model) {
                rows = read.rows
            }
            changes.apply(to: &rows)
            try writeFile(url)
        }
    }

    /// Writes the rows (the store's lock, or the store not yet shared, held).
    private func writeFile(_ url: URL) throws(CoreDataError) {
        let data = try StoreFile.encode(identifier: identifier ?? UUID().uuidString, rows: rows, model: model)
        try StoreFile.write(data, to: url)
        stamp = StoreFile.stamp(url)
    }
}

/// What a save changes: inserted objects with all their values, updated ones with the values
/// changed (nil for one set to nil), deleted ones.
struct ChangeSet {
    var inserted: [(key: ObjectKey, values: [String: Any])] = []
    var updated: [(key: ObjectKey, values: [String: Any?])] = []
    var deleted: [ObjectKey] = []

    var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }

    /// Applies the changes: an update changes only the values it changed, so that two saves of
    /// different properties of one object both last (Core Data's "property object trump" policy).
    func apply(to rows: inout StoreRows) {
        for (key, values) in inserted { rows.entities[key.entity, default: [:]][key.identifier] = values }
        for (key, values) in updated {
            // An object deleted elsewhere since it was read stays deleted.
            guard var row = rows.entities[key.entity]?[key.identifier] else { continue }
            for (name, value) in values { row[name] = value }
            rows.entities[key.entity, default: [:]][key.identifier] = row
        }
        for key in deleted { rows.entities[key.entity]?[key.identifier] = nil }
    }
}
