import Foundation

/// What `widget-host import` writes in place of `@NSManaged` (whose accessors Apple's Objective-C
/// runtime supplies, and nothing does on Linux): each property becomes a computed one reading and
/// writing the object's values through these, and each generated relationship accessor
/// (`addToItems(_:)`…) gets a body calling them. Named with a leading underscore: they are the
/// rewrite's, not API for authors.
extension NSManagedObject {
    /// The property's value; an unset one reads as `Value._managedDefault` (zero, nil, empty), and a
    /// stored value of another type reads as that too (said on stderr).
    public func _managedValue<Value: ManagedAttributeValue>(forKey key: String) -> Value {
        guard let stored = storedValue(forKey: key) else { return Value._managedDefault }
        if let value = Value._fromManaged(stored) { return value }
        CoreDataDiagnostics.report("\(entity.name ?? "?").\(key): the stored \(type(of: stored)) does not read as \(Value.self)")
        return Value._managedDefault
    }

    /// A non-optional to-one relationship: the related object, or (when there is none) a new object
    /// of the destination in no context, said on stderr; Apple's would trap.
    public func _managedValue<Value: NSManagedObject>(forKey key: String) -> Value {
        if let object = storedValue(forKey: key) as? Value { return object }
        CoreDataDiagnostics.report("\(entity.name ?? "?").\(key): no related object; reads as an empty \(Value.self) in no context")
        return Value(entity: Value.entity(in: managedObjectContext?.model), insertInto: nil)
    }

    public func _setManagedValue<Value>(_ value: Value, forKey key: String) {
        setStoredValue(value, forKey: key)
    }

    /// `addToItems(_:)`: adds an object, or each of a collection (`NSSet`, `NSOrderedSet`, array).
    public func _managedAdd(_ value: Any, toKey key: String) {
        withState {
            let added = Self.objects(in: value).map(\.objectID.key)
            guard let relationship = entity.property(named: key) as? NSRelationshipDescription else { return missingRelationship(key) }
            setRelationship(relationship, to: relatedKeys(key) + added, maintainingInverse: true, objects: Self.objects(in: value))
        }
    }

    /// `removeFromItems(_:)`: removes an object, or each of a collection.
    public func _managedRemove(_ value: Any, fromKey key: String) {
        withState {
            let removed = Set(Self.objects(in: value).map(\.objectID.key))
            guard let relationship = entity.property(named: key) as? NSRelationshipDescription else { return missingRelationship(key) }
            setRelationship(relationship, to: relatedKeys(key).filter { !removed.contains($0) }, maintainingInverse: true)
        }
    }

    /// `removeFromItems(at:)` of an ordered relationship.
    public func _managedRemove(at index: Int, fromKey key: String) { _managedRemove(at: IndexSet(integer: index), fromKey: key) }

    public func _managedRemove(at indexes: NSIndexSet, fromKey key: String) { _managedRemove(at: IndexSet(indexes: indexes), fromKey: key) }

    public func _managedRemove(at indexes: IndexSet, fromKey key: String) {
        withState {
            guard let relationship = entity.property(named: key) as? NSRelationshipDescription else { return missingRelationship(key) }
            let kept = relatedKeys(key).enumerated().filter { !indexes.contains($0.offset) }.map(\.element)
            setRelationship(relationship, to: kept, maintainingInverse: true)
        }
    }

    /// `insertIntoItems(_:at:)` of an ordered relationship: an object at an index, or objects at
    /// indexes (an index past the end appends).
    public func _managedInsert(_ value: Any, at index: Int, intoKey key: String) {
        _managedInsert(value, at: IndexSet(integer: index), intoKey: key)
    }

    public func _managedInsert(_ value: Any, at indexes: NSIndexSet, intoKey key: String) {
        _managedInsert(value, at: IndexSet(indexes: indexes), intoKey: key)
    }

    public func _managedInsert(_ value: Any, at indexes: IndexSet, intoKey key: String) {
        withState {
            guard let relationship = entity.property(named: key) as? NSRelationshipDescription else { return missingRelationship(key) }
            let objects = Self.objects(in: value)
            var keys = relatedKeys(key).filter { existing in !objects.contains { $0.objectID.key == existing } }
            for (object, index) in zip(objects, indexes) { keys.insert(object.objectID.key, at: min(max(0, index), keys.count)) }
            setRelationship(relationship, to: keys, maintainingInverse: true, objects: objects)
        }
    }

    /// `replaceItems(at:with:)` of an ordered relationship.
    public func _managedReplace(at index: Int, with value: Any, inKey key: String) {
        _managedReplace(at: IndexSet(integer: index), with: value, inKey: key)
    }

    public func _managedReplace(at indexes: NSIndexSet, with value: Any, inKey key: String) {
        _managedReplace(at: IndexSet(indexes: indexes), with: value, inKey: key)
    }

    public func _managedReplace(at indexes: IndexSet, with value: Any, inKey key: String) {
        withState {
            guard let relationship = entity.property(named: key) as? NSRelationshipDescription else { return missingRelationship(key) }
            var keys = relatedKeys(key)
            for (index, object) in zip(indexes, Self.objects(in: value)) where index >= 0 && index < keys.count { keys[index] = object.objectID.key }
            setRelationship(relationship, to: keys, maintainingInverse: true, objects: Self.objects(in: value))
        }
    }

    private func missingRelationship(_ key: String) {
        CoreDataDiagnostics.report("\(entity.name ?? "?") has no relationship \(key)")
    }
}

extension IndexSet {
    init(indexes: NSIndexSet) {
        self.init()
        indexes.enumerate { index, _ in insert(index) }
    }
}
