import Foundation

/// Fetching: the rows of the request's entity (and sub-entities) from the store or the parent,
/// this context's unsaved changes applied (inserted objects in, deleted ones out, changed values
/// as changed), then the predicate, the sort descriptors, the offset and the limit.
extension NSManagedObjectContext {
    public func fetch<T>(_ request: NSFetchRequest<T>) throws -> [T] {
        let objects = try fetchObjects(request)
        switch request.resultType {
        case .managedObjectIDResultType:
            return objects.compactMap { $0.objectID as? T }
        case .countResultType:
            return [NSNumber(value: objects.count)].compactMap { $0 as? T }
        case .dictionaryResultType:
            return dictionaries(objects, request).compactMap { $0 as? T }
        default:
            return objects.compactMap { $0 as? T }
        }
    }

    /// `count(for:)`: how many objects the request finds (its limit and offset applied).
    public func count<T>(for request: NSFetchRequest<T>) throws -> Int { try fetchObjects(request).count }

    /// `execute(_:)`: a fetch request's results (`NSAsynchronousFetchResult` is not provided), or a
    /// batch delete, which deletes and saves at once.
    public func execute(_ request: NSPersistentStoreRequest) throws -> NSPersistentStoreResult {
        guard let delete = request as? NSBatchDeleteRequest else {
            throw CoreDataError.unsupportedRequest("execute(_:) runs NSBatchDeleteRequest here (\(type(of: request)) is not supported); fetch with fetch(_:)")
        }
        let objects = try fetchObjects(delete.fetchRequest)
        let ids = objects.map(\.objectID)
        for object in objects { self.delete(object) }
        try save()
        switch delete.resultType {
        case .resultTypeStatusOnly: return NSBatchDeleteResult(result: true)
        case .resultTypeObjectIDs: return NSBatchDeleteResult(result: ids)
        case .resultTypeCount: return NSBatchDeleteResult(result: ids.count)
        }
    }

    func entity<T>(of request: NSFetchRequest<T>) throws -> NSEntityDescription {
        guard let model, let coordinator = persistentStoreCoordinator, !coordinator.persistentStores.isEmpty else {
            throw CoreDataError.noStore("the context's coordinator has no persistent store (loadPersistentStores did not add one)")
        }
        if let entity = request.entity { return entity }
        guard let name = request.entityName, let entity = model.entitiesByName[name] else {
            throw CoreDataError.unknownEntity(request.entityName ?? "(none)")
        }
        return entity
    }

    func fetchObjects<T>(_ request: NSFetchRequest<T>) throws -> [NSManagedObject] {
        let entity = try entity(of: request)
        let names = Set((request.includesSubentities ? entity.selfAndDescendants : [entity]).compactMap(\.name))
        return lock.withLock {
            var candidates: [NSManagedObject] = []
            var seen: Set<ObjectKey> = []
            for row in baseRows(of: names) where !deletedKeys.contains(row.key) {
                seen.insert(row.key)
                if let known = registry[row.key] {
                    guard known.state != .deleted else { continue }
                    // An object with no unsaved change takes the values saved since it was read.
                    if known.changedKeys.isEmpty, known.state == .persisted {
                        known.values = row.values
                        known.committed = row.values
                    }
                    candidates.append(known)
                } else if let made = materialize(row.key, values: row.values, temporary: row.temporary, store: row.store) {
                    candidates.append(made)
                }
            }
            if request.includesPendingChanges {
                for key in insertedKeys where names.contains(key.entity) && !seen.contains(key) {
                    if let object = registry[key] { candidates.append(object) }
                }
            }
            // A stable base order: the store's identifiers (creation order for the ones made here).
            candidates.sort { $0.objectID.key.identifier.compare($1.objectID.key.identifier, options: .numeric) == .orderedAscending }
            if let predicate = request.predicate { candidates = candidates.filter { predicate.evaluate(with: $0) } }
            if let sorts = request.sortDescriptors, !sorts.isEmpty { candidates = Self.sorted(candidates, by: sorts) }
            let offset = min(max(0, request.fetchOffset), candidates.count)
            var result = Array(candidates[offset...])
            if request.fetchLimit > 0 { result = Array(result.prefix(request.fetchLimit)) }
            return result
        }
    }

    /// Sorted by the descriptors in turn; objects they find equal keep their order.
    static func sorted(_ objects: [NSManagedObject], by descriptors: [NSSortDescriptor]) -> [NSManagedObject] {
        objects.enumerated().sorted { a, b in
            for descriptor in descriptors {
                let order = descriptor.compare(a.element, to: b.element)
                if order != .orderedSame { return order == .orderedAscending }
            }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// `.dictionaryResultType`: each object's `propertiesToFetch` (all attributes when none), with
    /// `returnsDistinctResults` honoured.
    private func dictionaries<T>(_ objects: [NSManagedObject], _ request: NSFetchRequest<T>) -> [NSDictionary] {
        var out: [NSDictionary] = []
        var seen: [NSDictionary] = []
        for object in objects {
            let keys = (request.propertiesToFetch ?? []).compactMap { ($0 as? String) ?? ($0 as? NSPropertyDescription)?.name }
            let chosen = keys.isEmpty ? object.entity.allProperties.compactMap { ($0 as? NSAttributeDescription)?.name } : keys
            var fields: [String: Any] = [:]
            for key in chosen {
                if let value = object.value(forKeyPath: key) { fields[key] = (value as? NSManagedObject)?.objectID ?? value }
            }
            let dictionary = NSDictionary(dictionary: fields)
            if request.returnsDistinctResults {
                guard !seen.contains(where: { $0.isEqual(dictionary) }) else { continue }
                seen.append(dictionary)
            }
            out.append(dictionary)
        }
        return out
    }
}
