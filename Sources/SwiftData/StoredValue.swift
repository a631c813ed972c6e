import Foundation

/// A property's value in the store file: JSON as written (so a seed file can be written by hand).
/// Dates are seconds since 1970; a model another one refers to is `{"$model": id}`.
public indirect enum StoredValue: Codable, Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([StoredValue])
    case object([String: StoredValue])

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let b = try? container.decode(Bool.self) { self = .bool(b) }
        else if let n = try? container.decode(Double.self) { self = .number(n) }
        else if let s = try? container.decode(String.self) { self = .string(s) }
        else if let a = try? container.decode([StoredValue].self) { self = .array(a) }
        else { self = .object(try container.decode([String: StoredValue].self)) }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let b): try container.encode(b)
        case .number(let n): try container.encode(n)
        case .string(let s): try container.encode(s)
        case .array(let a): try container.encode(a)
        case .object(let o): try container.encode(o)
        }
    }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }

    /// The stored form of a property's value, or nil for one the store cannot keep.
    static func from(_ value: Any) -> StoredValue? {
        if let model = value as? any PersistentModel { return .object(["$model": .string(model.persistentModelID.storeIdentifier)]) }
        if let models = value as? [any PersistentModel] {
            return .array(models.map { .object(["$model": .string($0.persistentModelID.storeIdentifier)]) })
        }
        if case Optional<Any>.none = value as Any? { return .null }
        guard let encodable = value as? any Encodable else { return nil }
        return try? from(encodable: encodable)
    }

    private static func from<E: Encodable>(encodable: E) throws -> StoredValue {
        try decoder().decode(StoredValue.self, from: encoder().encode(encodable))
    }

    func decoded<T: Decodable>(as type: T.Type) throws -> T {
        try Self.decoder().decode(T.self, from: Self.encoder().encode(self))
    }

    var modelReference: String? {
        if case .object(let o) = self, case .string(let id)? = o["$model"] { return id }
        return nil
    }
}

/// The stored values of one model, as `@Model`'s generated initializer reads them.
public struct PersistedValues {
    let model: String
    let identifier: PersistentIdentifier
    let values: [String: StoredValue]
    /// Finds (or rebuilds) another model by its identifier.
    let resolve: (String) -> (any PersistentModel)?

    public var persistentModelID: PersistentIdentifier { identifier }

    private func stored(_ key: String) throws -> StoredValue {
        guard let value = values[key] else { throw SwiftDataError.missingValue(model: model, property: key) }
        return value
    }

    public func value<T: Decodable>(_ key: String) throws -> T {
        if values[key] == nil, let none = Optional<Any>.none as? T { return none }
        do {
            return try stored(key).decoded(as: T.self)
        } catch let error as SwiftDataError {
            throw error
        } catch {
            throw SwiftDataError.undecodableValue(model: model, property: key)
        }
    }

    public func value<T: PersistentModel>(_ key: String) throws -> T? {
        guard let id = values[key]?.modelReference else { return nil }
        return resolve(id) as? T
    }

    public func value<T: PersistentModel>(_ key: String) throws -> T {
        guard let id = try stored(key).modelReference, let found = resolve(id) as? T else {
            throw SwiftDataError.missingValue(model: model, property: key)
        }
        return found
    }

    public func value<T: PersistentModel>(_ key: String) throws -> [T] {
        guard case .array(let items)? = values[key] else { return [] }
        return items.compactMap { $0.modelReference.flatMap(resolve) as? T }
    }

    public func value<T: PersistentModel>(_ key: String) throws -> [T]? {
        guard case .array(let items)? = values[key] else { return nil }
        return items.compactMap { $0.modelReference.flatMap(resolve) as? T }
    }
}
