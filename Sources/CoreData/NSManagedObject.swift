import Combine
import Foundation

/// `NSFetchRequestResult`: what a fetch can return (objects, their IDs, dictionaries, a count).
public protocol NSFetchRequestResult {}

extension NSDictionary: NSFetchRequestResult {}
extension NSNumber: NSFetchRequestResult {}

/// `NSManagedObject`: an object of an entity, its values kept here (attributes as values,
/// relationships as the related objects' keys) and read through its context.
///
/// Subclasses are made by the framework from an entity (a fetch, a relationship), so the designated
/// initializer is `required`: a subclass that declares no initializer of its own inherits it, as
/// Xcode's generated classes do. Property access goes through `_managedValue(forKey:)` and
/// `_setManagedValue(_:forKey:)`, which `widget-host import` writes in place of `@NSManaged`.
open class NSManagedObject: NSObject, NSFetchRequestResult, ObservableObject {
    /// Where the object is in its life: made but in no context, inserted and not yet saved, read
    /// from (or saved to) the store, deleted.
    enum LifeState { case detached, inserted, persisted, deleted }

    public let entity: NSEntityDescription
    public internal(set) var objectID: NSManagedObjectID
    public internal(set) weak var managedObjectContext: NSManagedObjectContext?

    /// Current values: attributes in their stored form (`StoredForm`), a to-one relationship as
    /// an `ObjectKey`, a to-many one as `[ObjectKey]`. A key with no value is nil.
    var values: [String: Any] = [:]
    /// The values as last read from or written to the store.
    var committed: [String: Any] = [:]
    /// Keys set since the values were last committed.
    var changedKeys: Set<String> = []
    var state: LifeState = .detached

    public required init(entity: NSEntityDescription, insertInto context: NSManagedObjectContext?) {
        self.entity = entity
        objectID = NSManagedObjectID(key: ObjectKey(entity: entity.name ?? "", identifier: UUID().uuidString), entity: entity,
                                     temporary: true, store: nil)
        super.init()
        if type(of: self) != NSManagedObject.self { EntityClasses.register(type(of: self), for: entity) }
        for case let attribute as NSAttributeDescription in entity.allProperties {
            if let value = attribute.defaultValue.flatMap({ StoredForm.canonical($0, type: attribute.attributeType) }) { values[attribute.name] = value }
        }
        context?.insert(self)
    }

    /// `init(context:)`: an object of the entity whose class is this one, inserted into `context`.
    /// A class no entity of the context's model names gets an empty entity of the class's name
    /// (said on stderr): it works in memory and cannot be saved. Apple's raises an exception.
    public convenience init(context: NSManagedObjectContext) {
        self.init(entity: Self.entity(in: context.model), insertInto: context)
    }

    /// The entity of this class in `model`, or an empty one named after the class.
    class func entity(in model: NSManagedObjectModel?) -> NSEntityDescription {
        if let found = EntityClasses.entity(for: self, in: model) { return found }
        CoreDataDiagnostics.report("\(self): no entity of the model is of this class")
        let empty = NSEntityDescription()
        empty.name = String(describing: self)
        empty.managedObjectClassName = String(reflecting: self)
        return empty
    }

    /// `entity()`: this class's entity in the models loaded so far.
    open class func entity() -> NSEntityDescription { entity(in: nil) }

    /// `fetchRequest()`: a request for this class's entity. The generated `fetchRequest()` of a
    /// subclass (typed `NSFetchRequest<Item>`) is the one chosen where both apply.
    @_disfavoredOverload
    open class func fetchRequest() -> NSFetchRequest<NSFetchRequestResult> {
        NSFetchRequest<NSFetchRequestResult>(entityName: entity().name ?? String(describing: self))
    }

    // MARK: - Life cycle (for subclasses)

    open func awakeFromInsert() {}
    open func awakeFromFetch() {}
    open func willSave() {}
    open func didSave() {}
    open func prepareForDeletion() {}
    open func willTurnIntoFault() {}
    open func didTurnIntoFault() {}

    open func validateForInsert() throws {}
    open func validateForUpdate() throws {}
    open func validateForDelete() throws {}

    // MARK: - State

    /// Runs `body` with the object's context locked (contexts may be used from several queues).
    func withState<T>(_ body: () throws -> T) rethrows -> T {
        guard let context = managedObjectContext else { return try body() }
        return try context.lock.withLock(body)
    }

    open var isInserted: Bool { withState { state == .inserted } }
    open var isDeleted: Bool { withState { state == .deleted } }
    open var isUpdated: Bool { withState { state == .persisted && !changedKeys.isEmpty } }
    open var hasChanges: Bool { withState { state == .inserted || state == .deleted || !changedKeys.isEmpty } }
    open var hasPersistentChangedValues: Bool { hasChanges }
    /// Values are read when the object is fetched: an object is never a fault here.
    open var isFault: Bool { false }
    open var faultingState: Int { 0 }

    /// The changed values since the last save, by key (relationships as objects).
    open func changedValues() -> [String: Any] {
        withState {
            var out: [String: Any] = [:]
            for key in changedKeys { out[key] = publicValue(forKey: key) ?? NSNull() }
            return out
        }
    }

    open func changedValuesForCurrentEvent() -> [String: Any] { changedValues() }

    /// The values as last saved, for `keys` (all when nil).
    open func committedValues(forKeys keys: [String]?) -> [String: Any] {
        withState {
            var out: [String: Any] = [:]
            for key in keys ?? entity.allProperties.map(\.name) { out[key] = committed[key].map(publicForm) ?? NSNull() }
            return out
        }
    }

    open func hasFault(forRelationshipNamed key: String) -> Bool { false }

    open func objectIDs(forRelationshipNamed key: String) -> [NSManagedObjectID] {
        withState { relatedKeys(key).compactMap { managedObjectContext?.object(forKey: $0)?.objectID } }
    }

    open override var description: String {
        let values = withState { entity.allProperties.map { "\($0.name) = \(self.values[$0.name].map { "\($0)" } ?? "nil")" } }
        return "<\(type(of: self)): \(objectID.uriRepresentation().absoluteString)> { \(values.joined(separator: "; ")) }"
    }
}
