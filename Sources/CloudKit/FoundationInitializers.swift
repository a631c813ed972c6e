internal import CoreData
import Foundation

// Apple's Foundation builds queries with `NSPredicate(format:)` and `NSSortDescriptor(key:ascending:)`,
// which Linux's Foundation marks unavailable or lacks. A file that imports CloudKit (and Foundation)
// alone finds them here, since Apple's CloudKit brings Foundation.
//
// Both delegate to Core Data's (its predicate parser; its key-value sort), which CloudKit does not
// re-export. They are declared `@_disfavoredOverload`, so that in a file importing Core Data too its
// own are chosen and the call is not ambiguous. Within this module these declarations shadow Core
// Data's of the same name, so each delegates to a Core Data initializer with other labels.

extension NSPredicate {
    /// `NSPredicate(format:_:)`: Core Data's parser (see `Sources/CoreData/Predicates`).
    @_disfavoredOverload
    public convenience init(format predicateFormat: String, _ args: Any...) {
        self.init(format: predicateFormat, argumentArray: args)
    }
}

extension NSSortDescriptor {
    /// `NSSortDescriptor(key:ascending:)`: Core Data reads the key as key-value coding does; the values
    /// are ordered as Foundation orders them (nil first, then numbers, strings and dates each in their
    /// natural order).
    @_disfavoredOverload
    public convenience init(key: String?, ascending: Bool) {
        self.init(key: key, ascending: ascending, comparator: { KeyedValueOrder.order($0, $1) })
    }
}

/// The order of two field values for a key-based sort.
enum KeyedValueOrder {
    static func order(_ a: Any, _ b: Any) -> ComparisonResult {
        switch (rank(a), rank(b)) {
        case let (left, right) where left != right:
            return left < right ? .orderedAscending : .orderedDescending
        default:
            break
        }
        if let x = number(a), let y = number(b) { return x == y ? .orderedSame : (x < y ? .orderedAscending : .orderedDescending) }
        if let x = a as? Date, let y = b as? Date { return x == y ? .orderedSame : (x < y ? .orderedAscending : .orderedDescending) }
        if let x = text(a), let y = text(b) { return x.compare(y) }
        return .orderedSame
    }

    /// Kinds in Foundation's order: missing values first.
    private static func rank(_ value: Any) -> Int {
        if value is NSNull { return 0 }
        if number(value) != nil { return 1 }
        if text(value) != nil { return 2 }
        if value is Date || value is NSDate { return 3 }
        return 4
    }

    private static func number(_ value: Any) -> Double? {
        switch value {
        case let v as NSNumber: v.doubleValue
        case let v as Int: Double(v)
        case let v as Double: v
        case let v as Bool: v ? 1 : 0
        default: nil
        }
    }

    private static func text(_ value: Any) -> String? {
        switch value {
        case let v as String: v
        case let v as NSString: String(v)
        default: nil
        }
    }
}
