import Foundation

/// `NSSortDescriptor`'s key-based initializers, which Linux's Foundation lacks (it has only the
/// key-path ones, and those only for `Comparable` values): the sort reads the key (a key path with
/// dots) from each object as key-value coding does, and orders as `PredicateValues.order` (nil
/// first, numbers, strings, dates, UUIDs).
extension NSSortDescriptor {
    public convenience init(key: String?, ascending: Bool) {
        let path = (key ?? "").split(separator: ".").map(String.init)
        self.init(keyPath: \NSObject.self, ascending: ascending) { a, b in
            PredicateValues.order(KeyPathReader.value(of: a, path: path), KeyPathReader.value(of: b, path: path))
        }
    }

    /// `init(key:ascending:comparator:)`: the comparator is given the two objects' values of `key`.
    public convenience init(key: String?, ascending: Bool, comparator: @escaping Comparator) {
        let path = (key ?? "").split(separator: ".").map(String.init)
        self.init(keyPath: \NSObject.self, ascending: ascending) { a, b in
            comparator(KeyPathReader.value(of: a, path: path) ?? NSNull(), KeyPathReader.value(of: b, path: path) ?? NSNull())
        }
    }

    /// A key path to a value that is not `Comparable` (an optional, a `Bool`, `NSNumber?`): ordered
    /// as `PredicateValues.order` does. (A `Comparable` one takes Foundation's initializer.)
    public convenience init<Root, Value>(keyPath: KeyPath<Root, Value>, ascending: Bool) {
        self.init(keyPath: \NSObject.self, ascending: ascending) { a, b in
            guard let a = a as? Root, let b = b as? Root else { return .orderedSame }
            return PredicateValues.order(a[keyPath: keyPath], b[keyPath: keyPath])
        }
    }

    /// `NSSortDescriptor(SortDescriptor<Item>)`: the Swift sort descriptor's order.
    public convenience init<Compared>(_ sortDescriptor: SortDescriptor<Compared>) {
        self.init(keyPath: \NSObject.self, ascending: true) { a, b in
            guard let a = a as? Compared, let b = b as? Compared else { return .orderedSame }
            return sortDescriptor.compare(a, b)
        }
    }
}
