import CoreDataModelFile
import Foundation

/// `NSManagedObjectModel`: the entities, configurations and stored fetch requests of a model, read
/// from the project's `.xcdatamodeld` (the file itself: `import` ships it as a resource, where Xcode
/// would compile it into a `.momd`), or built in code.
open class NSManagedObjectModel: NSObject, @unchecked Sendable {
    open var entities: [NSEntityDescription] = [] {
        didSet { for entity in entities { entity.model = self } }
    }
    private var configurationMembers: [String: [String]] = [:]
    private var templates: [String: ModelFile.FetchRequestTemplate] = [:]
    private var requestTemplates: [String: NSFetchRequest<NSFetchRequestResult>] = [:]
    /// The model's name (the file's), where it came from a file.
    var name = ""

    public override init() { super.init() }

    /// Reads a `.xcdatamodeld` or `.xcdatamodel` folder, or a `contents` file. Nil when it cannot
    /// be read, as with Apple's; the reason goes to stderr.
    public convenience init?(contentsOf url: URL) {
        do {
            try self.init(file: ModelFile.read(url))
        } catch {
            CoreDataDiagnostics.report("NSManagedObjectModel(contentsOf:): \(error)")
            return nil
        }
    }

    /// A model from a parsed model file.
    convenience init(file: ModelFile) {
        self.init()
        name = file.name
        let made = file.entities.map(ModelFileConversion.entity)
        var byName: [String: NSEntityDescription] = [:]
        for entity in made { byName[entity.name ?? ""] = entity }
        for (index, source) in file.entities.enumerated() {
            ModelFileConversion.connect(made[index], source: source, entities: byName)
        }
        for (index, source) in file.entities.enumerated() {
            guard let parentName = source.parentEntity, let parent = byName[parentName] else { continue }
            parent.subentities.append(made[index])
        }
        entities = made
        configurationMembers = file.configurations
        for template in file.fetchRequests { templates[template.name] = template }
    }

    /// One model of several (their entities together; nil when two declare one entity name).
    public convenience init?(byMerging models: [NSManagedObjectModel]?) {
        self.init()
        var merged: [NSEntityDescription] = []
        for model in models ?? [] {
            for entity in model.entities {
                guard !merged.contains(where: { $0.name == entity.name }) else {
                    CoreDataDiagnostics.report("NSManagedObjectModel(byMerging:): two models declare entity \(entity.name ?? "")")
                    return nil
                }
                merged.append(entity)
            }
            configurationMembers.merge(model.configurationMembers) { $0 + $1 }
            templates.merge(model.templates) { first, _ in first }
        }
        entities = merged
        name = models?.first?.name ?? ""
    }

    /// Every model in the extension's resources, merged (the bundles given are not searched: on
    /// Linux the resources are not in a bundle's folder; see `ModelResources`).
    open class func mergedModel(from bundles: [Bundle]?) -> NSManagedObjectModel? {
        let models = ModelResources.allModelFiles().compactMap { try? ModelFile.read($0) }.map(NSManagedObjectModel.init(file:))
        return NSManagedObjectModel(byMerging: models)
    }

    open var entitiesByName: [String: NSEntityDescription] {
        var out: [String: NSEntityDescription] = [:]
        for entity in entities { if let name = entity.name { out[name] = entity } }
        return out
    }

    open var configurations: [String] { configurationMembers.keys.sorted() }

    open func entities(forConfigurationName configuration: String?) -> [NSEntityDescription]? {
        guard let configuration, configuration != "PF_DEFAULT_CONFIGURATION_NAME", configuration != "Default" else { return entities }
        guard let names = configurationMembers[configuration] else { return nil }
        return entities.filter { names.contains($0.name ?? "") }
    }

    open func setEntities(_ entities: [NSEntityDescription], forConfigurationName configuration: String) {
        configurationMembers[configuration] = entities.compactMap(\.name)
    }

    open var versionIdentifiers: Set<AnyHashable> = []

    /// A fetch request stored in the model, or set with `setFetchRequestTemplate(_:forName:)`.
    open func fetchRequestTemplate(forName name: String) -> NSFetchRequest<NSFetchRequestResult>? {
        if let set = requestTemplates[name] { return set }
        guard let template = templates[name] else { return nil }
        let request = NSFetchRequest<NSFetchRequestResult>(entityName: template.entity)
        request.entity = entitiesByName[template.entity]
        if let format = template.predicateString { request.predicate = NSPredicate(format: format, argumentArray: nil) }
        if let limit = template.fetchLimit { request.fetchLimit = limit }
        return request
    }

    open func setFetchRequestTemplate(_ fetchRequest: NSFetchRequest<NSFetchRequestResult>?, forName name: String) {
        requestTemplates[name] = fetchRequest
    }

    open var fetchRequestTemplatesByName: [String: NSFetchRequest<NSFetchRequestResult>] {
        var out = requestTemplates
        for name in templates.keys where out[name] == nil { out[name] = fetchRequestTemplate(forName: name) }
        return out
    }
}
