import Foundation

/// How each attribute type is written in the store file, so that a seed file can be written by
/// hand: integers and reals as JSON numbers, `Decimal` as a string (exact), booleans, strings, dates
/// as seconds since 1970 (an ISO 8601 string is read too), binary data as base64, UUIDs and URLs as
/// strings, transformable values as JSON (a value with no JSON form is not kept, and said).
/// Relationships are `"Entity/identifier"` strings, a to-many one an array of them.
enum StoredValueCoding {
    static func encode(_ value: Any, attribute: NSAttributeDescription, entity: String) -> JSONValue? {
        switch attribute.attributeType {
        case .integer16AttributeType, .integer32AttributeType, .integer64AttributeType:
            return NumericValue.int64(value).map(JSONValue.integer)
        case .doubleAttributeType, .floatAttributeType:
            return NumericValue.double(value).flatMap { $0.isFinite ? .real($0) : nil }
        case .decimalAttributeType:
            return NumericValue.decimal(value).map { .string(NSDecimalNumber(decimal: $0).stringValue) }
        case .booleanAttributeType: return NumericValue.bool(value).map(JSONValue.bool)
        case .stringAttributeType: return (value as? String).map(JSONValue.string)
        case .dateAttributeType: return (value as? Date).map { .real($0.timeIntervalSince1970) }
        case .binaryDataAttributeType: return (value as? Data).map { .string($0.base64EncodedString()) }
        case .UUIDAttributeType: return (value as? UUID).map { .string($0.uuidString) }
        case .URIAttributeType: return (value as? URL).map { .string($0.absoluteString) }
        case .transformableAttributeType, .undefinedAttributeType, .objectIDAttributeType, .compositeAttributeType:
            guard let json = JSONValue.from(plain: value) else {
                CoreDataDiagnostics.report("\(entity).\(attribute.name): a \(type(of: value)) has no JSON form; it is not saved")
                return nil
            }
            return json
        }
    }

    static func decode(_ json: JSONValue, attribute: NSAttributeDescription) -> Any? {
        if case .null = json { return nil }
        switch attribute.attributeType {
        case .integer16AttributeType, .integer32AttributeType, .integer64AttributeType:
            switch json {
            case .integer(let v): return v
            case .real(let v): return NumericValue.int64(v)
            case .bool(let v): return Int64(v ? 1 : 0)
            case .string(let v): return Int64(v)
            default: return nil
            }
        case .doubleAttributeType, .floatAttributeType:
            switch json {
            case .integer(let v): return Double(v)
            case .real(let v): return v
            case .string(let v): return Double(v)
            default: return nil
            }
        case .decimalAttributeType:
            switch json {
            case .integer(let v): return Decimal(v)
            case .real(let v): return Decimal(v)
            case .string(let v): return Decimal(string: v)
            default: return nil
            }
        case .booleanAttributeType:
            switch json {
            case .bool(let v): return v
            case .integer(let v): return v != 0
            case .string(let v): return NumericValue.bool(v)
            default: return nil
            }
        case .stringAttributeType: return json.string
        case .dateAttributeType:
            switch json {
            case .integer(let v): return Date(timeIntervalSince1970: Double(v))
            case .real(let v): return Date(timeIntervalSince1970: v)
            case .string(let v): return isoDate(v)
            default: return nil
            }
        case .binaryDataAttributeType: return json.string.flatMap { Data(base64Encoded: $0) }
        case .UUIDAttributeType: return json.string.flatMap(UUID.init(uuidString:))
        case .URIAttributeType: return json.string.flatMap(URL.init(string:))
        case .transformableAttributeType, .undefinedAttributeType, .objectIDAttributeType, .compositeAttributeType:
            return json.plain
        }
    }

    static func isoDate(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withFullDate]
        return formatter.date(from: text)
    }
}
