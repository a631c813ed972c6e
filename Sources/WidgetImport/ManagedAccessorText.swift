import Foundation

/// The Swift text `import` writes for a managed property and a relationship accessor, both where it
/// rewrites `@NSManaged` and where it generates classes from a model: accessors of the `CoreData`
/// module, since no Objective-C runtime supplies `@NSManaged`'s. A computed property rather than a
/// property wrapper, because Xcode puts managed properties in extensions, which cannot hold the
/// wrapper's storage.
enum ManagedAccessorText {
    /// `get`/`set` for the property `key`, appended to its declaration (`public var name: String?`).
    static func accessors(key: String) -> String {
        let literal = AssetSymbols.literal(key)
        return " { get { _managedValue(forKey: \(literal)) } set { _setManagedValue(newValue, forKey: \(literal)) } }"
    }

    /// The body of a relationship accessor Core Data would supply (`addToItems(_:)`,
    /// `removeFromItems(at:)`, `insertIntoItems(_:at:)`, `replaceItems(at:with:)`), from its name
    /// and its parameters' internal names; nil for a function that is none of these.
    static func relationshipBody(function name: String, parameters: [(label: String, name: String)], knownKeys: [String]) -> String? {
        let kinds: [(prefix: String, kind: String)] = [("addTo", "add"), ("removeFrom", "remove"), ("insertInto", "insert"), ("replace", "replace")]
        guard let (prefix, kind) = kinds.first(where: { name.hasPrefix($0.prefix) && name.count > $0.prefix.count }) else { return nil }
        let key = relationshipKey(String(name.dropFirst(prefix.count)), knownKeys: knownKeys)
        let literal = AssetSymbols.literal(key)
        let at = parameters.first { $0.label == "at" }?.name
        let values = parameters.first { $0.label == "_" || $0.label == "with" }?.name
        switch kind {
        case "add":
            guard let values else { return nil }
            return " { _managedAdd(\(values), toKey: \(literal)) }"
        case "remove":
            if let at { return " { _managedRemove(at: \(at), fromKey: \(literal)) }" }
            guard let values else { return nil }
            return " { _managedRemove(\(values), fromKey: \(literal)) }"
        case "insert":
            guard let values, let at else { return nil }
            return " { _managedInsert(\(values), at: \(at), intoKey: \(literal)) }"
        default:
            guard let values, let at else { return nil }
            return " { _managedReplace(at: \(at), with: \(values), inKey: \(literal)) }"
        }
    }

    /// The property an accessor's name stands for: `Items` is `items`, or the known property of
    /// that name in any case (Core Data capitalizes only the first letter).
    static func relationshipKey(_ capitalized: String, knownKeys: [String]) -> String {
        if let known = knownKeys.first(where: { $0.caseInsensitiveCompare(capitalized) == .orderedSame }) { return known }
        guard let first = capitalized.first else { return capitalized }
        return first.lowercased() + capitalized.dropFirst()
    }
}
