import Foundation

/// Reading and writing an object's values by key, relationships included: what the accessors,
/// key-value coding and predicates go through. Setting one side of a relationship sets its inverse,
/// as Core Data does.
extension NSManagedObject {
    /// The stored value of `key`: an attribute's `StoredForm`, a to-one relationship's object, or a
    /// to-many relationship's objects as `[NSManagedObject]` (in their order).
    func storedValue(forKey key: String) -> Any? {
        withState {
            if let relationship = entity.property(named: key) as? NSRelationshipDescription {
                let objects = relatedKeys(key).compactMap { managedObjectContext?.object(forKey: $0) }
                return relationship.isToMany ? objects : objects.first
            }
            return values[key]
        }
    }

    /// `storedValue(forKey:)` with a to-many relationship as `NSSet` (or `NSOrderedSet`), as
    /// key-value coding gives it.
    func publicValue(forKey key: String) -> Any? {
        let value = storedValue(forKey: key)
        guard let relationship = entity.property(named: key) as? NSRelationshipDescription, relationship.isToMany else { return value }
        let objects = value as? [NSManagedObject] ?? []
        return relationship.isOrdered ? NSOrderedSet(array: objects) : NSSet(array: objects)
    }

    /// A committed value in the form key-value coding gives.
    func publicForm(_ stored: Any) -> Any {
        if let key = stored as? ObjectKey { return managedObjectContext?.object(forKey: key) ?? NSNull() }
        if let keys = stored as? [ObjectKey] { return NSSet(array: keys.compactMap { managedObjectContext?.object(forKey: $0) }) }
        return stored
    }

    /// The keys of the objects a relationship holds.
    func relatedKeys(_ key: String) -> [ObjectKey] {
        if let many = values[key] as? [ObjectKey] { return many }
        if let one = values[key] as? ObjectKey { return [one] }
        return []
    }

    /// Sets `key` from any value: an attribute is converted to its stored form; a relationship takes
    /// an object, nil, or a collection of objects (`NSSet`, `NSOrderedSet`, `Set`, `Array`).
    func setStoredValue(_ value: Any?, forKey key: String, maintainingInverse: Bool = true) {
        withState {
            let property = entity.property(named: key)
            if let relationship = property as? NSRelationshipDescription {
                let objects = Self.objects(in: value)
                setRelationship(relationship, to: objects.map(\.objectID.key), maintainingInverse: maintainingInverse, objects: objects)
                return
            }
            let flat = value.flatMap(StoredForm.unwrapped)
            guard let flat, !(flat is NSNull) else {
                setRaw(nil, forKey: key)
                return
            }
            if let attribute = property as? NSAttributeDescription {
                guard let stored = StoredForm.canonical(flat, type: attribute.attributeType) else {
                    CoreDataDiagnostics.report("\(entity.name ?? "?").\(key): a \(type(of: flat)) is not a value of this attribute's type; not set")
                    return
                }
                setRaw(stored, forKey: key)
            } else {
                // Not in the model (Apple's raises): kept in memory, not saved.
                CoreDataDiagnostics.report("\(entity.name ?? "?") has no property \(key); the value is kept in memory only")
                setRaw(flat, forKey: key)
            }
        }
    }

    /// Sets the value and marks it changed (the context's lock is held).
    func setRaw(_ value: Any?, forKey key: String) {
        values[key] = value
        guard state != .deleted else { return }
        changedKeys.insert(key)
    }

    static func objects(in value: Any?) -> [NSManagedObject] {
        guard let value = value.flatMap(StoredForm.unwrapped) else { return [] }
        if let object = value as? NSManagedObject { return [object] }
        if let set = value as? NSOrderedSet { return set.array.compactMap { $0 as? NSManagedObject } }
        if let set = value as? NSSet { return set.allObjects.compactMap { $0 as? NSManagedObject } }
        if let array = value as? [Any] { return array.compactMap { $0 as? NSManagedObject } }
        if let set = value as? Set<NSManagedObject> { return Array(set) }
        if let collection = value as? any Collection { return collection.compactMap { $0 as? NSManagedObject } }
        return []
    }

    /// Sets a relationship to `keys` and, unless told not to, the inverse of each object gained or
    /// lost. Objects of another context are not related (said on stderr).
    func setRelationship(_ relationship: NSRelationshipDescription, to keys: [ObjectKey], maintainingInverse: Bool, objects: [NSManagedObject] = []) {
        for object in objects where object.managedObjectContext !== managedObjectContext {
            CoreDataDiagnostics.report("\(entity.name ?? "?").\(relationship.name): an object of another context cannot be related; use one context")
            return
        }
        var unique: [ObjectKey] = []
        for key in keys where !unique.contains(key) { unique.append(key) }
        let old = relatedKeys(relationship.name)
        if relationship.isToMany {
            setRaw(unique, forKey: relationship.name)
        } else {
            setRaw(unique.first, forKey: relationship.name)
        }
        guard maintainingInverse, let inverse = relationship.inverseRelationship, let context = managedObjectContext else { return }
        for removed in old where !unique.contains(removed) {
            context.object(forKey: removed)?.removeInverse(inverse, of: objectID.key)
        }
        for added in unique where !old.contains(added) {
            context.object(forKey: added)?.addInverse(inverse, of: self)
        }
    }

    /// `key` leaves this object's side of `relationship` (the inverse of one being changed).
    func removeInverse(_ relationship: NSRelationshipDescription, of key: ObjectKey) {
        let current = relatedKeys(relationship.name)
        guard current.contains(key) else { return }
        setRelationship(relationship, to: current.filter { $0 != key }, maintainingInverse: false)
    }

    /// `object` joins this object's side of `relationship`; a to-one side first leaves its former
    /// partner, whose own side is updated.
    func addInverse(_ relationship: NSRelationshipDescription, of object: NSManagedObject) {
        let current = relatedKeys(relationship.name)
        guard !current.contains(object.objectID.key) else { return }
        if relationship.isToMany {
            setRelationship(relationship, to: current + [object.objectID.key], maintainingInverse: false)
            return
        }
        if let former = current.first, let partner = managedObjectContext?.object(forKey: former), let back = relationship.inverseRelationship {
            partner.removeInverse(back, of: objectID.key)
        }
        setRelationship(relationship, to: [object.objectID.key], maintainingInverse: false)
    }

    // MARK: - Key-value coding

    /// `value(forKey:)`: an attribute's value, a to-one relationship's object, a to-many one's
    /// objects as `NSSet` (`NSOrderedSet` when ordered).
    public func value(forKey key: String) -> Any? { publicValue(forKey: key) }

    public func setValue(_ value: Any?, forKey key: String) {
        setStoredValue(value, forKey: key)
        objectWillChange.send()
    }

    /// `setValuesForKeys(_:)`: each key set as by `setValue(_:forKey:)` (`NSNull` for nil, as in Foundation).
    public func setValuesForKeys(_ keyedValues: [String: Any]) {
        for (key, value) in keyedValues { setValue(value is NSNull ? nil : value, forKey: key) }
    }

    /// `value(forKeyPath:)`: keys joined by dots, through relationships (a to-many step gives the
    /// values of each object).
    public func value(forKeyPath keyPath: String) -> Any? {
        KeyPathReader.value(of: self, path: keyPath.split(separator: ".").map(String.init))
    }

    public func primitiveValue(forKey key: String) -> Any? { publicValue(forKey: key) }

    /// Sets the value without touching the inverse relationship, as Apple's primitive setter.
    public func setPrimitiveValue(_ value: Any?, forKey key: String) { setStoredValue(value, forKey: key, maintainingInverse: false) }

    public func willAccessValue(forKey key: String?) {}
    public func didAccessValue(forKey key: String?) {}
    public func willChangeValue(forKey key: String) { objectWillChange.send() }
    public func didChangeValue(forKey key: String) {}

    /// `mutableSetValue(forKey:)`: a copy of the relationship's objects; changing it does not change
    /// the relationship (Apple's returns a live proxy). Use the generated `addTo…`/`removeFrom…`.
    public func mutableSetValue(forKey key: String) -> NSMutableSet {
        NSMutableSet(array: storedValue(forKey: key) as? [NSManagedObject] ?? [])
    }

    public func mutableOrderedSetValue(forKey key: String) -> NSMutableOrderedSet {
        NSMutableOrderedSet(array: storedValue(forKey: key) as? [NSManagedObject] ?? [])
    }
}
