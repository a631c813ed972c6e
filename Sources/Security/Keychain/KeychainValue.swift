import Foundation

/// An attribute's value as the Keychain keeps it: the property-list types Apple's Keychain stores,
/// tagged so that the file gives back what was put in (a port as a number, an account as the string
/// or data it was given).
enum KeychainValue: Equatable, Sendable {
    case string(String)
    case data(Data)
    case integer(Int)
    case real(Double)
    case bool(Bool)
    case date(Date)

    /// The value a query or attribute dictionary holds, as bridged from `NSDictionary` (a Swift `Bool`,
    /// `Int` or `String`, or `NSNumber`, `NSString`, `NSData`, `NSDate`); nil for anything else.
    init?(bridged value: Any) {
        switch value {
        case let string as String: self = .string(string)
        case let data as Data: self = .data(data)
        case let date as Date: self = .date(date)
        case let bool as Bool where type(of: value) == Bool.self: self = .bool(bool)
        case let integer as any BinaryInteger:
            guard let exact = Int(exactly: integer) else { return nil }
            self = .integer(exact)
        case let real as any BinaryFloatingPoint: self = Self.number(Double(real))
        case let number as NSNumber: self = Self.number(number.doubleValue)
        default: return nil
        }
    }

    private static func number(_ value: Double) -> KeychainValue {
        if value.rounded() == value, let exact = Int(exactly: value) { return .integer(exact) }
        return .real(value)
    }

    /// Whether a query's value finds an item's: strings and data by their bytes (Apple keeps an
    /// account given as a string or as UTF-8 data alike), numbers and booleans by value.
    func matches(_ stored: KeychainValue, caseInsensitive: Bool) -> Bool {
        switch (self, stored) {
        case (.string(let a), .string(let b)):
            return caseInsensitive ? a.lowercased() == b.lowercased() : a == b
        case (.date(let a), .date(let b)):
            return a == b
        default:
            if let a = bytes, let b = stored.bytes { return a == b }
            if let a = numeric, let b = stored.numeric { return a == b }
            return false
        }
    }

    private var bytes: Data? {
        switch self {
        case .string(let string): Data(string.utf8)
        case .data(let data): data
        default: nil
        }
    }

    private var numeric: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        case .bool(let value): value ? 1 : 0
        default: nil
        }
    }

    /// True for a non-zero number, `true`, or a string that says so: how Apple reads a flag such as
    /// `kSecReturnData` or `kSecAttrSynchronizable`.
    var truthValue: Bool? {
        switch self {
        case .bool(let value): value
        case .integer(let value): value != 0
        case .real(let value): value != 0
        case .string(let text):
            switch text.lowercased() {
            case "1", "true", "yes": true
            case "0", "false", "no": false
            default: nil
            }
        case .data, .date: nil
        }
    }

    /// The Foundation object a result dictionary holds, as Apple's does: casts such as `as? String`,
    /// `as? Data`, `as? Int`, `as? Bool` and `as! NSString` all hold.
    var object: AnyObject {
        switch self {
        case .string(let string): NSString(string: string)
        case .data(let data): NSData(data: data)
        case .integer(let value): NSNumber(value: value)
        case .real(let value): NSNumber(value: value)
        case .bool(let value): NSNumber(value: value)
        case .date(let date): NSDate(timeIntervalSince1970: date.timeIntervalSince1970)
        }
    }
}

/// In the file, each value is an object with one key naming its type: `{"string": "me"}`,
/// `{"integer": 443}`, `{"data": "<base64>"}`, `{"date": <seconds since 1970>}`.
extension KeychainValue: Codable {
    private enum CodingKeys: String, CodingKey {
        case string, data, integer, real, bool, date
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a value has one type key"))
        }
        switch key {
        case .string: self = .string(try container.decode(String.self, forKey: key))
        case .integer: self = .integer(try container.decode(Int.self, forKey: key))
        case .real: self = .real(try container.decode(Double.self, forKey: key))
        case .bool: self = .bool(try container.decode(Bool.self, forKey: key))
        case .date: self = .date(Date(timeIntervalSince1970: try container.decode(Double.self, forKey: key)))
        case .data:
            guard let data = Data(base64Encoded: try container.decode(String.self, forKey: key)) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not base64")
            }
            self = .data(data)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .string(let value): try container.encode(value, forKey: .string)
        case .integer(let value): try container.encode(value, forKey: .integer)
        case .real(let value): try container.encode(value, forKey: .real)
        case .bool(let value): try container.encode(value, forKey: .bool)
        case .date(let value): try container.encode(value.timeIntervalSince1970, forKey: .date)
        case .data(let value): try container.encode(value.base64EncodedString(), forKey: .data)
        }
    }
}
