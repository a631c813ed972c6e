import Foundation

/// A store's rows in memory: per entity, per identifier, the values in their stored form
/// (relationships as `ObjectKey` and `[ObjectKey]`).
struct StoreRows {
    var entities: [String: [String: [String: Any]]] = [:]
    /// Entities of the file that the model lacks, kept as read and written back unchanged (a
    /// widget built from an older model does not drop what the app's newer model stores).
    var unknownEntities: [String: JSONValue] = [:]

    func row(_ key: ObjectKey) -> [String: Any]? { entities[key.entity]?[key.identifier] }
}

/// The store file: JSON, written whole (beside it, then renamed). Its first key marks it as this
/// host's, so that a file of anything else (Apple's SQLite above all) is a clear error:
///
/// ```json
/// { "WidgetHostCoreDataStore": 1,
///   "identifier": "6A1F…",
///   "entities": { "Item": { "milk": { "name": "Milk", "done": false, "list": "List/weekend" } } } }
/// ```
enum StoreFile {
    static let formatKey = "WidgetHostCoreDataStore"
    static let version: Int64 = 1
    /// Store files larger than this are refused before they are read.
    static let maximumSize = 256 << 20
    static let sqliteHeader = Data("SQLite format 3\0".utf8)

    /// The store at `url`: its identifier and rows, or nil when there is no file (or an empty one).
    static func read(_ url: URL, model: NSManagedObjectModel) throws(CoreDataError) -> (identifier: String, rows: StoreRows)? {
        let path = url.path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int ?? 0
        guard size <= maximumSize else { throw .corruptStore(path: path, why: "\(size) bytes, over \(maximumSize)") }
        guard size > 0 else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadableStore(path: path, why: "it cannot be opened") }
        return try decode(data, path: path, model: model)
    }

    static func decode(_ data: Data, path: String, model: NSManagedObjectModel) throws(CoreDataError) -> (identifier: String, rows: StoreRows) {
        if data.starts(with: sqliteHeader) { throw .sqliteStore(path: path) }
        let json: JSONValue
        do {
            json = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw .corruptStore(path: path, why: "not JSON (\(error))")
        }
        guard let top = json.object, case .integer(let version)? = top[formatKey] else {
            throw .corruptStore(path: path, why: "it does not begin with \"\(formatKey)\"")
        }
        guard version == Self.version else { throw .corruptStore(path: path, why: "format version \(version); this host reads \(Self.version)") }
        let identifier = top["identifier"]?.string ?? UUID().uuidString
        var rows = StoreRows()
        guard let entities = top["entities"]?.object ?? (top["entities"] == nil ? [:] : nil) else {
            throw .corruptStore(path: path, why: "\"entities\" is not an object")
        }
        let byName = model.entitiesByName
        for (name, objects) in entities {
            guard let entity = byName[name] else {
                rows.unknownEntities[name] = objects
                continue
            }
            guard let table = objects.object else { throw .corruptStore(path: path, why: "entity \(name) is not an object of objects") }
            var decoded: [String: [String: Any]] = [:]
            for (identifier, fields) in table {
                guard !identifier.isEmpty, !identifier.contains("/"), let fields = fields.object else {
                    throw .corruptStore(path: path, why: "\(name) \"\(identifier)\" is not an object with a plain identifier")
                }
                decoded[identifier] = decodeRow(fields, entity: entity, path: path)
            }
            rows.entities[name] = decoded
        }
        return (identifier, rows)
    }

    /// One object's values; a value of the wrong type is dropped (said), as a lightweight
    /// migration drops what the model no longer has.
    private static func decodeRow(_ fields: [String: JSONValue], entity: NSEntityDescription, path: String) -> [String: Any] {
        var values: [String: Any] = [:]
        let name = entity.name ?? "?"
        for (key, json) in fields {
            switch entity.property(named: key) {
            case let attribute as NSAttributeDescription:
                if case .null = json { continue }
                guard let value = StoredValueCoding.decode(json, attribute: attribute) else {
                    CoreDataDiagnostics.report("\(path): \(name).\(key): \(json) is not a value of the attribute's type; ignored")
                    continue
                }
                values[key] = value
            case let relationship as NSRelationshipDescription:
                if relationship.isToMany {
                    guard case .array(let items) = json else { continue }
                    values[key] = items.compactMap { $0.string.flatMap(ObjectKey.init(reference:)) }
                } else if let key2 = json.string.flatMap(ObjectKey.init(reference:)) {
                    values[key] = key2
                }
            default:
                continue
            }
        }
        // A non-optional attribute the row lacks takes the model's default, as a lightweight
        // migration fills an added attribute (and as a hand-written seed expects).
        for case let attribute as NSAttributeDescription in entity.allProperties where !attribute.isOptional && values[attribute.name] == nil {
            if let value = attribute.defaultValue.flatMap({ StoredForm.canonical($0, type: attribute.attributeType) }) { values[attribute.name] = value }
        }
        return values
    }

    static func encode(identifier: String, rows: StoreRows, model: NSManagedObjectModel) throws(CoreDataError) -> Data {
        var entities: [String: JSONValue] = rows.unknownEntities
        let byName = model.entitiesByName
        for (name, table) in rows.entities {
            guard let entity = byName[name] else { continue }
            var objects: [String: JSONValue] = [:]
            for (identifier, values) in table {
                var fields: [String: JSONValue] = [:]
                for (key, value) in values {
                    switch entity.property(named: key) {
                    case let attribute as NSAttributeDescription:
                        guard !attribute.isTransient else { continue }
                        fields[key] = StoredValueCoding.encode(value, attribute: attribute, entity: name)
                    case let relationship as NSRelationshipDescription:
                        guard !relationship.isTransient else { continue }
                        if let many = value as? [ObjectKey] { fields[key] = .array(many.map { .string($0.reference) }) }
                        if let one = value as? ObjectKey { fields[key] = .string(one.reference) }
                    default:
                        continue
                    }
                }
                objects[identifier] = .object(fields)
            }
            entities[name] = .object(objects)
        }
        let top: JSONValue = .object([formatKey: .integer(version), "identifier": .string(identifier), "entities": .object(entities)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            return try encoder.encode(top)
        } catch {
            throw .unwritableStore(path: "", why: "\(error)")
        }
    }

    static func write(_ data: Data, to url: URL) throws(CoreDataError) {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw .unwritableStore(path: url.path, why: error.localizedDescription)
        }
    }

    /// What says whether the file changed since it was read: another container or process saved.
    struct Stamp: Equatable {
        var modified: Date?
        var size: Int?
        var inode: Int?
    }

    static func stamp(_ url: URL) -> Stamp? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return nil }
        return Stamp(modified: attributes[.modificationDate] as? Date, size: attributes[.size] as? Int,
                     inode: (attributes[.systemFileNumber] as? NSNumber)?.intValue ?? attributes[.systemFileNumber] as? Int)
    }
}
