import Foundation

/// The one form each attribute type keeps its values in, whatever Swift type the property declares
/// (`Int16` or `NSNumber?`, `Float` or `Double`): integers as `Int64`, floating point as `Double`,
/// `Decimal`, `Bool`, `String`, `Date`, `Data`, `UUID`, `URL`; transformable values as given. A
/// fetch compares and sorts these, and the store file writes them.
enum StoredForm {
    /// `value` in the form of `type`, or nil when it is not a value of that type.
    static func canonical(_ value: Any, type: NSAttributeType) -> Any? {
        let value = unwrapped(value)
        guard let value, !(value is NSNull) else { return nil }
        switch type {
        case .integer16AttributeType, .integer32AttributeType, .integer64AttributeType: return NumericValue.int64(value)
        case .doubleAttributeType, .floatAttributeType: return NumericValue.double(value)
        case .decimalAttributeType: return NumericValue.decimal(value)
        case .booleanAttributeType: return NumericValue.bool(value)
        case .stringAttributeType:
            if let text = value as? String { return text }
            if let text = value as? Substring { return String(text) }
            return (value as? NSString).map { String(describing: $0) }
        case .dateAttributeType:
            if let date = value as? Date { return date }
            return (value as? NSDate).map { Date(timeIntervalSinceReferenceDate: $0.timeIntervalSinceReferenceDate) }
        case .binaryDataAttributeType:
            if let data = value as? Data { return data }
            if let bytes = value as? [UInt8] { return Data(bytes) }
            return nil
        case .UUIDAttributeType:
            if let uuid = value as? UUID { return uuid }
            if let text = value as? String { return UUID(uuidString: text) }
            return nil
        case .URIAttributeType:
            if let url = value as? URL { return url }
            if let text = value as? String { return URL(string: text) }
            return nil
        case .undefinedAttributeType, .transformableAttributeType, .objectIDAttributeType, .compositeAttributeType:
            return value
        }
    }

    /// The value inside any number of optionals, or nil.
    static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        guard let inner = mirror.children.first?.value else { return nil }
        return unwrapped(inner)
    }
}

/// Numbers of any Swift or Foundation type, read as one: a `switch` on the types rather than `as?`
/// between them, which on Linux does not convert `Int` to `Double`.
enum NumericValue {
    static func int64(_ value: Any) -> Int64? {
        switch value {
        case let v as Int: return Int64(v)
        case let v as Int64: return v
        case let v as Int32: return Int64(v)
        case let v as Int16: return Int64(v)
        case let v as Int8: return Int64(v)
        case let v as UInt: return Int64(clamping: v)
        case let v as UInt64: return Int64(clamping: v)
        case let v as UInt32: return Int64(v)
        case let v as UInt16: return Int64(v)
        case let v as UInt8: return Int64(v)
        case let v as Bool: return v ? 1 : 0
        case let v as Double: return v.isFinite ? Int64(exactly: v.rounded(.towardZero)) : nil
        case let v as Float: return v.isFinite ? Int64(exactly: Double(v).rounded(.towardZero)) : nil
        case let v as Decimal: return int64(NSDecimalNumber(decimal: v).doubleValue)
        case let v as NSNumber: return v.int64Value
        default: return nil
        }
    }

    static func double(_ value: Any) -> Double? {
        switch value {
        case let v as Double: return v
        case let v as Float: return Double(v)
        case let v as Decimal: return NSDecimalNumber(decimal: v).doubleValue
        case let v as Bool: return v ? 1 : 0
        case let v as NSNumber where !(value is Int): return v.doubleValue
        default: return int64(value).map(Double.init)
        }
    }

    static func decimal(_ value: Any) -> Decimal? {
        switch value {
        case let v as Decimal: return v
        case let v as NSDecimalNumber: return v.decimalValue
        case let v as String: return Decimal(string: v)
        default:
            if let integer = int64(value), !(value is Double), !(value is Float) { return Decimal(integer) }
            return double(value).map { Decimal($0) }
        }
    }

    static func bool(_ value: Any) -> Bool? {
        if let v = value as? Bool { return v }
        if let text = value as? String { return ["YES", "yes", "true", "TRUE", "1"].contains(text) ? true : ["NO", "no", "false", "FALSE", "0"].contains(text) ? false : nil }
        return double(value).map { $0 != 0 }
    }
}
