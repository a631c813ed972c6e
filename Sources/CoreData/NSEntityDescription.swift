import Foundation

/// `NSEntityDescription`: an entity of a model, its properties (own and inherited) and sub-entities.
open class NSEntityDescription: NSObject, @unchecked Sendable {
    open var name: String? { didSet { invalidate() } }
    /// The class of its objects, as the model names it (`Item`, `MyApp.Item`); `NSManagedObject`
    /// when the model names none.
    open var managedObjectClassName: String! = "NSManagedObject"
    open var isAbstract = false
    open var userInfo: [AnyHashable: Any]?
    open var uniquenessConstraints: [[Any]] = []
    open var renamingIdentifier: String?
    open var versionHashModifier: String?

    /// The entity's own properties.
    open var properties: [NSPropertyDescription] = [] {
        didSet {
            for property in properties { property.owner = self }
            invalidate()
        }
    }

    open var subentities: [NSEntityDescription] = [] {
        didSet {
            for entity in subentities { entity.parent = self }
            invalidate()
        }
    }

    weak var parent: NSEntityDescription?
    weak var model: NSManagedObjectModel?

    open var superentity: NSEntityDescription? { parent }
    /// The model holding the entity (an empty one while it belongs to none).
    open var managedObjectModel: NSManagedObjectModel { model ?? NSManagedObjectModel() }

    public override init() { super.init() }

    // MARK: - Lookup

    /// The properties by name, inherited ones included: read on every property access, so kept.
    private struct Lookup {
        var properties: [String: NSPropertyDescription] = [:]
        var ordered: [NSPropertyDescription] = []
    }

    private let lock = NSLock()
    private var cached: Lookup?

    private func invalidate() { lock.withLock { cached = nil } }

    private var lookup: Lookup {
        if let cached = lock.withLock({ cached }) { return cached }
        var made = Lookup()
        var chain: [NSEntityDescription] = []
        var current: NSEntityDescription? = self
        while let entity = current, chain.count < 64, !chain.contains(where: { $0 === entity }) {
            chain.insert(entity, at: 0)
            current = entity.parent
        }
        for entity in chain {
            for property in entity.properties {
                if made.properties[property.name] == nil { made.ordered.append(property) }
                made.properties[property.name] = property
            }
        }
        lock.withLock { cached = made }
        return made
    }

    /// Every property, inherited ones first.
    var allProperties: [NSPropertyDescription] { lookup.ordered }

    open var propertiesByName: [String: NSPropertyDescription] { lookup.properties }

    open var attributesByName: [String: NSAttributeDescription] {
        lookup.properties.compactMapValues { $0 as? NSAttributeDescription }
    }

    open var relationshipsByName: [String: NSRelationshipDescription] {
        lookup.properties.compactMapValues { $0 as? NSRelationshipDescription }
    }

    func property(named key: String) -> NSPropertyDescription? { lookup.properties[key] }

    open func relationships(forDestination entity: NSEntityDescription) -> [NSRelationshipDescription] {
        allProperties.compactMap { $0 as? NSRelationshipDescription }.filter { $0.destinationEntity === entity }
    }

    /// Whether this entity is `entity` or one of its sub-entities.
    open func isKindOf(entity: NSEntityDescription) -> Bool {
        var current: NSEntityDescription? = self
        var steps = 0
        while let candidate = current, steps < 64 {
            if candidate === entity { return true }
            current = candidate.parent
            steps += 1
        }
        return false
    }

    /// This entity and every entity below it.
    var selfAndDescendants: [NSEntityDescription] {
        var out: [NSEntityDescription] = []
        var queue = [self]
        while let next = queue.popLast(), out.count < 4096 {
            guard !out.contains(where: { $0 === next }) else { continue }
            out.append(next)
            queue += next.subentities
        }
        return out
    }

    // MARK: - Class methods

    open class func entity(forEntityName entityName: String, in context: NSManagedObjectContext) -> NSEntityDescription? {
        context.model?.entitiesByName[entityName]
    }

    /// A new object of the entity, inserted into `context`. An entity the context's model lacks
    /// gives an object of an empty entity of that name (said on stderr), which cannot be saved;
    /// Apple's raises an exception there.
    open class func insertNewObject(forEntityName entityName: String, into context: NSManagedObjectContext) -> NSManagedObject {
        guard let entity = entity(forEntityName: entityName, in: context) else {
            CoreDataDiagnostics.report("insertNewObject(forEntityName:into:): the context's model has no entity \(entityName)")
            let empty = NSEntityDescription()
            empty.name = entityName
            return NSManagedObject(entity: empty, insertInto: context)
        }
        let type = EntityClasses.objectClass(for: entity)
        return type.init(entity: entity, insertInto: context)
    }

    open override var description: String { "<NSEntityDescription \(name ?? "(no name)"): \(allProperties.map(\.name).joined(separator: ", "))>" }
}
