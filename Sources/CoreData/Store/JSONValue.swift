import Foundation

/// A JSON value as the store file holds it. Integers are kept apart from reals so that an
/// `Integer 64` attribute survives beyond 2^53, and the file is decoded with `JSONDecoder`, which
/// rejects malformed input with an error rather than trapping.
indirect enum JSONValue: Codable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case real(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int64.self) { self = .integer(value) }
        else if let value = try? container.decode(Double.self) { self = .real(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .real(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    var string: String? { if case .string(let s) = self { s } else { nil } }
    var object: [String: JSONValue]? { if case .object(let o) = self { o } else { nil } }

    /// A plain Swift value (for transformable attributes, kept as JSON).
    var plain: Any? {
        switch self {
        case .null: nil
        case .bool(let value): value
        case .integer(let value): Int(clamping: value)
        case .real(let value): value
        case .string(let value): value
        case .array(let items): items.map { $0.plain as Any }
        case .object(let fields): fields.compactMapValues(\.plain)
        }
    }

    /// A plain Swift value as JSON, or nil when it has no JSON form.
    static func from(plain value: Any?) -> JSONValue? {
        guard let value = value.flatMap(StoredForm.unwrapped), !(value is NSNull) else { return .null }
        switch value {
        case let v as Bool: return .bool(v)
        case let v as String: return .string(v)
        case let v as Double: return v.isFinite ? .real(v) : nil
        case let v as Float: return v.isFinite ? .real(Double(v)) : nil
        case let v as [Any]: 
            let items = v.compactMap { from(plain: $0) }
            return items.count == v.count ? .array(items) : nil
        case let v as [String: Any]:
            var fields: [String: JSONValue] = [:]
            for (key, item) in v {
                guard let json = from(plain: item) else { return nil }
                fields[key] = json
            }
            return .object(fields)
        default:
            if let integer = NumericValue.int64(value) { return .integer(integer) }
            return nil
        }
    }
}
