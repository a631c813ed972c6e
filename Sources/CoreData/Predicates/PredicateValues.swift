import Foundation

/// Values as predicates and sort descriptors compare them: numbers of any type with each other
/// (`Bool` as 0 and 1), strings with options, dates, UUIDs, data, URLs, and objects by identity
/// (a managed object and its ID are the same object).
enum PredicateValues {
    enum Normalized {
        case null
        case integer(Int64)
        case real(Double)
        case string(String)
        case date(Double)
        case uuid(UUID)
        case data(Data)
        case url(String)
        case object(ObjectKey?, ObjectIdentifier)
        case other(AnyHashable?)
    }

    static func normalize(_ value: Any?) -> Normalized {
        guard let value = value.flatMap(StoredForm.unwrapped), !(value is NSNull) else { return .null }
        switch value {
        case let v as String: return .string(v)
        case let v as Substring: return .string(String(v))
        case let v as Bool: return .integer(v ? 1 : 0)
        case let v as Double: return .real(v)
        case let v as Float: return .real(Double(v))
        case let v as Date: return .date(v.timeIntervalSinceReferenceDate)
        case let v as UUID: return .uuid(v)
        case let v as Data: return .data(v)
        case let v as URL: return .url(v.absoluteString)
        case let v as Decimal: return .real(NSDecimalNumber(decimal: v).doubleValue)
        case let v as NSManagedObject: return .object(v.objectID.key, ObjectIdentifier(v))
        case let v as NSManagedObjectID: return .object(v.key, ObjectIdentifier(v))
        case let v as NSString: return .string(String(describing: v))
        case let v as NSDate: return .date(v.timeIntervalSinceReferenceDate)
        case let v as NSUUID: return UUID(uuidString: v.uuidString).map { .uuid($0) } ?? .null
        case let v as NSDecimalNumber: return .real(v.doubleValue)
        default:
            if let integer = NumericValue.int64(value), !(value is NSNumber) { return .integer(integer) }
            if let number = value as? NSNumber {
                let double = number.doubleValue
                return double.rounded() == double && abs(double) < 9e15 ? .integer(number.int64Value) : .real(double)
            }
            if type(of: value) is AnyClass { return .object(nil, ObjectIdentifier(value as AnyObject)) }
            return .other(value as? AnyHashable)
        }
    }

    struct StringOptions: OptionSet, Sendable {
        let rawValue: Int
        static let caseInsensitive = StringOptions(rawValue: 1)
        static let diacriticInsensitive = StringOptions(rawValue: 2)
    }

    static func fold(_ text: String, _ options: StringOptions) -> String {
        var folding: String.CompareOptions = []
        if options.contains(.caseInsensitive) { folding.insert(.caseInsensitive) }
        if options.contains(.diacriticInsensitive) { folding.insert(.diacriticInsensitive) }
        return folding.isEmpty ? text : text.folding(options: folding, locale: nil)
    }

    /// Equality as `==` in a predicate tests it.
    static func equal(_ a: Any?, _ b: Any?, options: StringOptions = []) -> Bool {
        switch (normalize(a), normalize(b)) {
        case (.null, .null): return true
        case (.null, _), (_, .null): return false
        case (.integer(let x), .integer(let y)): return x == y
        case (.integer(let x), .real(let y)): return Double(x) == y
        case (.real(let x), .integer(let y)): return x == Double(y)
        case (.real(let x), .real(let y)): return x == y
        case (.string(let x), .string(let y)): return fold(x, options) == fold(y, options)
        case (.date(let x), .date(let y)): return x == y
        case (.uuid(let x), .uuid(let y)): return x == y
        case (.uuid(let x), .string(let y)), (.string(let y), .uuid(let x)): return x.uuidString.caseInsensitiveCompare(y) == .orderedSame
        case (.data(let x), .data(let y)): return x == y
        case (.url(let x), .url(let y)): return x == y
        case (.url(let x), .string(let y)), (.string(let y), .url(let x)): return x == y
        case (.object(let kx, let ix), .object(let ky, let iy)): return ix == iy || (kx != nil && kx == ky)
        case (.other(let x), .other(let y)): return x != nil && x == y
        default: return false
        }
    }

    /// The order of two values (nil sorts first), or nil when they cannot be ordered.
    static func compare(_ a: Any?, _ b: Any?, options: StringOptions = []) -> ComparisonResult? {
        func order<T: Comparable>(_ x: T, _ y: T) -> ComparisonResult { x < y ? .orderedAscending : x > y ? .orderedDescending : .orderedSame }
        switch (normalize(a), normalize(b)) {
        case (.integer(let x), .integer(let y)): return order(x, y)
        case (.integer(let x), .real(let y)): return order(Double(x), y)
        case (.real(let x), .integer(let y)): return order(x, Double(y))
        case (.real(let x), .real(let y)): return order(x, y)
        case (.string(let x), .string(let y)): return order(fold(x, options), fold(y, options))
        case (.date(let x), .date(let y)): return order(x, y)
        case (.uuid(let x), .uuid(let y)): return order(x.uuidString, y.uuidString)
        case (.url(let x), .url(let y)): return order(x, y)
        default: return nil
        }
    }

    /// A total order for sorting: nil first, then by value; values that cannot be ordered are equal.
    static func order(_ a: Any?, _ b: Any?, options: StringOptions = []) -> ComparisonResult {
        switch (normalize(a), normalize(b)) {
        case (.null, .null): return .orderedSame
        case (.null, _): return .orderedAscending
        case (_, .null): return .orderedDescending
        default: return compare(a, b, options: options) ?? .orderedSame
        }
    }

    /// The text of a string value (nil for anything else), for the string operators.
    static func text(_ value: Any?) -> String? {
        if case .string(let text) = normalize(value) { return text }
        return nil
    }

    /// `LIKE`: `*` matches any run of characters, `?` one character.
    static func like(_ text: String, _ pattern: String) -> Bool {
        let t = Array(text), p = Array(pattern)
        var ti = 0, pi = 0, star = -1, mark = 0
        while ti < t.count {
            if pi < p.count, p[pi] == "?" || p[pi] == t[ti] {
                ti += 1
                pi += 1
            } else if pi < p.count, p[pi] == "*" {
                star = pi
                mark = ti
                pi += 1
            } else if star >= 0 {
                pi = star + 1
                mark += 1
                ti = mark
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }

    /// `MATCHES`: the whole string matches the ICU regular expression. A pattern that does not
    /// compile matches nothing (said on stderr).
    static func matches(_ text: String, _ pattern: String, caseInsensitive: Bool) -> Bool {
        do {
            let expression = try NSRegularExpression(pattern: "^(?:\(pattern))$", options: caseInsensitive ? [.caseInsensitive] : [])
            return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        } catch {
            CoreDataDiagnostics.report("MATCHES '\(pattern)': not a regular expression (\(error)); matches nothing")
            return false
        }
    }
}
