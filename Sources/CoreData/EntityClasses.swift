import Foundation

/// Which `NSManagedObject` subclass makes the objects of each entity. There is no Objective-C runtime
/// to look a class up by the name the model gives, so classes are learnt as code uses them (an
/// object made with `init(context:)`, a `NSFetchRequest<Item>`) and otherwise found by Swift's
/// type-name lookup in the modules of the classes learnt and of the executable (where `import` puts
/// the widget's classes). An entity whose class is found nowhere makes `NSManagedObject`s.
enum EntityClasses {
    private static let lock = NSLock()
    // `nonisolated(unsafe)`: only touched with `lock` held.
    nonisolated(unsafe) private static var byEntity: [String: NSManagedObject.Type] = [:]
    nonisolated(unsafe) private static var modules: [String] = []
    nonisolated(unsafe) private static var models: [WeakModel] = []

    private struct WeakModel { weak var model: NSManagedObjectModel? }

    static func register(_ type: NSManagedObject.Type, for entity: NSEntityDescription) {
        guard let name = entity.name else { return }
        lock.withLock {
            byEntity[name] = type
            let module = moduleName(of: type)
            if !module.isEmpty, !modules.contains(module) { modules.append(module) }
        }
    }

    /// Registers `type` for the entity of its name in the models loaded, if one is (a fetch request
    /// typed with the class says which class the entity's objects are).
    static func register(_ type: Any.Type, forEntityNamed name: String) {
        guard let objectType = type as? NSManagedObject.Type, objectType != NSManagedObject.self else { return }
        lock.withLock {
            byEntity[name] = objectType
            let module = moduleName(of: objectType)
            if !module.isEmpty, !modules.contains(module) { modules.append(module) }
        }
    }

    static func remember(_ model: NSManagedObjectModel) {
        lock.withLock {
            models.removeAll { $0.model == nil }
            if !models.contains(where: { $0.model === model }) { models.append(WeakModel(model: model)) }
        }
    }

    static func moduleName(of type: Any.Type) -> String {
        let full = String(reflecting: type)
        guard let dot = full.firstIndex(of: ".") else { return "" }
        return String(full[..<dot])
    }

    /// The class making the entity's objects.
    static func objectClass(for entity: NSEntityDescription) -> NSManagedObject.Type {
        guard let name = entity.name else { return NSManagedObject.self }
        if let known = lock.withLock({ byEntity[name] }) { return known }
        let className = entity.managedObjectClassName ?? "NSManagedObject"
        guard className != "NSManagedObject" else { return NSManagedObject.self }
        let simple = className.split(separator: ".").last.map(String.init) ?? className
        var candidates: [String] = []
        if className.contains("."), !className.hasPrefix(".") { candidates.append(className) }
        let searched = lock.withLock { modules } + executableModules
        candidates += searched.map { "\($0).\(simple)" }
        for candidate in candidates {
            if let found = _typeByName(candidate) as? NSManagedObject.Type {
                lock.withLock { byEntity[name] = found }
                return found
            }
        }
        CoreDataDiagnostics.report("entity \(name): no class \(className) found (searched \(searched.joined(separator: ", "))); its objects are NSManagedObjects")
        lock.withLock { byEntity[name] = NSManagedObject.self }
        return NSManagedObject.self
    }

    /// The executable's module: its file name made an identifier, as Xcode and SwiftPM make one.
    static let executableModules: [String] = {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first ?? ""
        let name = URL(fileURLWithPath: path).lastPathComponent
        let module = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        return module.isEmpty ? [] : [module]
    }()

    /// The entity whose objects `type` makes: in `model` when given, else in the models loaded.
    static func entity(for type: NSManagedObject.Type, in model: NSManagedObjectModel?) -> NSEntityDescription? {
        let searched = model.map { [$0] } ?? lock.withLock { models.compactMap(\.model) }
        let simple = String(describing: type), full = String(reflecting: type)
        for model in searched {
            let entities = model.entities
            let known = lock.withLock { byEntity }
            let match = entities.first { known[$0.name ?? ""] == type }
                ?? entities.first { entity in
                    let named = entity.managedObjectClassName ?? ""
                    return named == full || named == simple || named == "." + simple || named.hasSuffix("." + simple)
                }
                ?? entities.first { $0.name == simple }
            if let match {
                register(type, for: match)
                return match
            }
        }
        return nil
    }
}
