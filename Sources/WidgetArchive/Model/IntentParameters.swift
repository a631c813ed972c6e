import ByteCoding
import Foundation

/// A persisted App Intent parameter value. Intents travel as their type identifier plus a list of
/// named values (see `Archives/FORMAT.md`, "Intent parameters"); both sides read and write that list.
public enum IntentParameterValue: Hashable, Sendable, Codable {
    case none
    case string(String)
    case int(Int64)
    case double(Double)
    case bool(Bool)
    case date(Date)
    case url(String)
    /// An `AppEntity`, by identifier.
    case entity(String)
}

/// The byte form of an intent's parameters: sorted by name, each a name and a tagged value.
public enum IntentParameterCoding {
    public static func encode(_ values: [(String, IntentParameterValue)]) -> [UInt8] {
        let sorted = values.sorted { $0.0 < $1.0 }
        var w = ByteWriter(capacity: 32)
        w.varint(sorted.count)
        for (name, value) in sorted {
            w.inlineString(name)
            switch value {
            case .none: w.u8(0)
            case .string(let s): w.u8(1); w.inlineString(s)
            case .int(let i): w.u8(2); w.varint(UInt64(bitPattern: i))
            case .double(let d): w.u8(3); w.f64(d)
            case .bool(let b): w.u8(4); w.bool(b)
            case .date(let d): w.u8(5); w.f64(d.timeIntervalSince1970)
            case .url(let s): w.u8(6); w.inlineString(s)
            case .entity(let s): w.u8(7); w.inlineString(s)
            }
        }
        return w.bytes
    }

    /// Decodes parameters; hostile bytes give a typed error with the offset.
    public static func decode(_ bytes: [UInt8]) throws(ArchiveDecodingError) -> [(String, IntentParameterValue)] {
        var r = ArchiveByteReader(bytes)
        let count = try r.count(limit: min(256, r.remaining), field: "parameter count")
        var result: [(String, IntentParameterValue)] = []
        for _ in 0..<count {
            let name = try r.inlineString(maxLength: 256)
            let tagOffset = r.offset
            let value: IntentParameterValue
            switch try r.u8() {
            case 0: value = .none
            case 1: value = .string(try r.inlineString(maxLength: 16 * 1024))
            case 2: value = .int(Int64(bitPattern: try r.varint()))
            case 3: value = .double(try r.f64("double parameter"))
            case 4: value = .bool(try r.bool())
            case 5: value = .date(Date(timeIntervalSince1970: try r.f64("date parameter")))
            case 6: value = .url(try r.inlineString(maxLength: 16 * 1024))
            case 7: value = .entity(try r.inlineString(maxLength: 4096))
            case let other: throw .invalidTag(offset: tagOffset, tag: other, context: "parameter value")
            }
            result.append((name, value))
        }
        guard r.isAtEnd else { throw .trailingBytes(offset: r.offset, count: r.remaining) }
        return result
    }
}
