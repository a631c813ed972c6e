import Foundation

/// `ModelContainer`: the models of a schema, read from the configuration's store file when made and
/// written back by `ModelContext.save()`. One set of objects per container: every context of a
/// container sees the same models (a widget has one context at a time).
// `@unchecked Sendable`: as Apple declares it; `objects` and `order` are only touched with `lock` held.
public final class ModelContainer: @unchecked Sendable {
    public let schema: Schema
    public let configurations: [ModelConfiguration]
    let lock = NSRecursiveLock()
    var objects: [String: any PersistentModel] = [:]
    var order: [String] = []
    private var loading: Set<String> = []
    private var pending: [String: (type: any PersistentModel.Type, values: [String: StoredValue])] = [:]

    public convenience init(for forTypes: any PersistentModel.Type..., configurations: ModelConfiguration...) throws {
        try self.init(for: Schema(forTypes), configurations: configurations)
    }

    public convenience init(for schema: Schema, configurations: ModelConfiguration...) throws {
        try self.init(for: schema, configurations: configurations)
    }

    public init(for schema: Schema, configurations: [ModelConfiguration]) throws {
        self.schema = schema
        self.configurations = configurations.isEmpty ? [ModelConfiguration()] : configurations
        try load()
        ModelContainerRegistry.register(self)
    }

    /// An in-memory container of no model, which reads nothing and so cannot fail.
    init(empty: Void) {
        schema = Schema([])
        configurations = [ModelConfiguration(isStoredInMemoryOnly: true)]
    }

    var configuration: ModelConfiguration { configurations[0] }

    @MainActor public lazy var mainContext = ModelContext(self)

    /// `deleteAllData()`: every model gone, the store file too.
    public func deleteAllData() {
        lock.withLock {
            objects.removeAll()
            order.removeAll()
        }
        try? FileManager.default.removeItem(at: configuration.url)
    }

    private func load() throws {
        guard !configuration.isStoredInMemoryOnly, FileManager.default.fileExists(atPath: configuration.url.path) else { return }
        let file = try StoreFile.read(configuration.url)
        for (name, entries) in file.models.sorted(by: { $0.key < $1.key }) {
            guard let type = schema.types.first(where: { String(describing: $0) == name }) else { continue }
            for entry in entries { pending[entry.id] = (type, entry.values) }
        }
        for id in pending.keys.sorted() { _ = resolve(id) }
    }

    /// The model `id`, rebuilding it from the store the first time it is asked for. A model being
    /// rebuilt that is asked for again (two models referring to each other) is not there yet: the
    /// second reference reads as none.
    func resolve(_ id: String) -> (any PersistentModel)? {
        if let found = objects[id] { return found }
        guard let (type, values) = pending[id], loading.insert(id).inserted else { return nil }
        defer { loading.remove(id) }
        let stored = PersistedValues(model: String(describing: type), identifier: PersistentIdentifier(id), values: values) { [unowned self] in self.resolve($0) }
        guard let model = try? type.init(_persistedValues: stored) else { return nil }
        objects[id] = model
        order.append(id)
        pending[id] = nil
        return model
    }

    func insert(_ model: any PersistentModel) {
        lock.withLock {
            let id = model.persistentModelID.storeIdentifier
            if objects[id] == nil { order.append(id) }
            objects[id] = model
        }
    }

    func remove(_ model: any PersistentModel) {
        lock.withLock {
            let id = model.persistentModelID.storeIdentifier
            objects[id] = nil
            order.removeAll { $0 == id }
        }
    }

    func models<T: PersistentModel>(of type: T.Type) -> [T] {
        lock.withLock { order.compactMap { objects[$0] as? T } }
    }

    func contains(_ model: any PersistentModel) -> Bool {
        lock.withLock { objects[model.persistentModelID.storeIdentifier] === model }
    }

    /// Writes every model to the store file, whole (written beside it, then renamed).
    func write() throws {
        guard !configuration.isStoredInMemoryOnly, configuration.allowsSave else { return }
        var file = StoreFile()
        lock.withLock {
            for id in order {
                guard let model = objects[id] else { continue }
                file.models[String(describing: type(of: model)), default: []].append(StoreFile.Entry(id: id, values: Self.snapshot(model)))
            }
        }
        try file.write(to: configuration.url)
    }

    /// A model's stored properties, read with `Mirror`: every one the store can keep.
    static func snapshot(_ model: any PersistentModel) -> [String: StoredValue] {
        var values: [String: StoredValue] = [:]
        let kept = Set(type(of: model)._persistedPropertyNames)
        for child in Mirror(reflecting: model).children {
            guard var label = child.label else { continue }
            if label.hasPrefix("_") { label.removeFirst() }
            guard kept.contains(label) else { continue }
            if let value = StoredValue.from(child.value) { values[label] = value }
        }
        return values
    }
}

/// Which container holds a model (for `model.modelContext`).
enum ModelContainerRegistry {
    // `nonisolated(unsafe)`: only touched with `lock` held.
    nonisolated(unsafe) private static var containers: [WeakContainer] = []
    private static let lock = NSLock()

    private struct WeakContainer { weak var container: ModelContainer? }

    static func register(_ container: ModelContainer) {
        lock.withLock {
            containers.removeAll { $0.container == nil }
            containers.append(WeakContainer(container: container))
        }
    }

    static func context(holding model: any PersistentModel) -> ModelContext? {
        let all = lock.withLock { containers.compactMap(\.container) }
        return all.first { $0.contains(model) }.map(ModelContext.init)
    }
}

/// The store file: `{"format": 1, "models": {"Trip": [{"id": "…", "values": {"name": "Oslo", …}}]}}`.
struct StoreFile: Codable {
    struct Entry: Codable {
        var id: String
        var values: [String: StoredValue]
    }

    var format = 1
    var models: [String: [Entry]] = [:]

    /// Store files larger than this are refused before they are read.
    static let maximumSize = 256 << 20

    static func read(_ url: URL) throws -> StoreFile {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= maximumSize else { throw SwiftDataError.unreadableStore(path: url.path, why: "\(size) bytes, over \(maximumSize)") }
        do {
            return try JSONDecoder().decode(StoreFile.self, from: Data(contentsOf: url))
        } catch {
            throw SwiftDataError.unreadableStore(path: url.path, why: "\(error)")
        }
    }

    func write(to url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            try encoder.encode(self).write(to: url, options: .atomic)
        } catch {
            throw SwiftDataError.unwritableStore(path: url.path, why: "\(error)")
        }
    }
}
