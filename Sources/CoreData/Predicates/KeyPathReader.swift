import Foundation

/// The value at a key path of an object, as key-value coding reads it, for predicates, sort
/// descriptors and `value(forKeyPath:)`: managed objects by their model's keys (a to-many step gives
/// an array of the next values), dictionaries by key, other values by their stored properties
/// (`Mirror`), and the collection operators `@count`, `@sum`, `@avg`, `@min`, `@max`.
enum KeyPathReader {
    static func value(of object: Any?, path: [String]) -> Any? {
        var current: Any? = object.flatMap(StoredForm.unwrapped)
        var index = 0
        while index < path.count {
            let key = path[index]
            index += 1
            if key.hasPrefix("@") {
                let rest = Array(path[index...])
                return aggregate(key, of: current, rest: rest)
            }
            if key.uppercased() == "SELF" { continue }
            if let items = collection(current), !(current is NSManagedObject) {
                // A key after a collection is read from each of its elements.
                return items.map { value(of: $0, path: [key] + Array(path[index...])) as Any }.flatMap(flattened)
            }
            current = value(of: current, key: key)
        }
        return current
    }

    /// One step: the value of `key` in `object`.
    static func value(of object: Any?, key: String) -> Any? {
        guard let object else { return nil }
        if let managed = object as? NSManagedObject { return managed.storedValue(forKey: key) }
        if let dictionary = object as? [String: Any] { return dictionary[key] }
        if let dictionary = object as? NSDictionary { return dictionary.object(forKey: key) }
        if let id = object as? NSManagedObjectID, key == "entity" { return id.entity }
        for child in Mirror(reflecting: object).children where child.label == key || child.label == "_" + key {
            return StoredForm.unwrapped(child.value)
        }
        return nil
    }

    /// The elements of a collection value (array, set, ordered set); nil for anything else.
    static func collection(_ value: Any?) -> [Any]? {
        guard let value else { return nil }
        if value is String || value is NSString || value is Data { return nil }
        if let array = value as? [Any] { return array }
        if let set = value as? NSOrderedSet { return set.array }
        if let set = value as? NSSet { return set.allObjects }
        if let array = value as? NSArray { return array.map { $0 } }
        if let set = value as? any Collection, !(value is [String: Any]), !(value is NSDictionary) { return set.map { $0 } }
        return nil
    }

    /// A to-many step inside a to-many step gives nested arrays; key-value coding flattens them.
    private static func flattened(_ item: Any) -> [Any] {
        if let nested = item as? [Any] { return nested }
        return [item]
    }

    private static func aggregate(_ operation: String, of value: Any?, rest: [String]) -> Any? {
        let items = (collection(value) ?? (value == nil ? [] : [value as Any])).map { rest.isEmpty ? $0 : (self.value(of: $0, path: rest) as Any) }
        switch operation.lowercased() {
        case "@count": return Int64(items.count)
        case "@sum": return items.compactMap(NumericValue.double).reduce(0, +)
        case "@avg":
            let numbers = items.compactMap(NumericValue.double)
            return numbers.isEmpty ? nil : numbers.reduce(0, +) / Double(numbers.count)
        case "@min": return items.min { PredicateValues.order($0, $1) == .orderedAscending }
        case "@max": return items.max { PredicateValues.order($0, $1) == .orderedAscending }
        default:
            CoreDataDiagnostics.report("the key path operator \(operation) is not supported (only @count, @sum, @avg, @min, @max)")
            return nil
        }
    }
}
