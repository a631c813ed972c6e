import CoreDataModelFile
import Foundation

/// The Swift files Xcode generates at build time for the entities of a Core Data model whose
/// codegen is "Class Definition" (`<Class>+CoreDataClass.swift` and `<Class>+CoreDataProperties.swift`)
/// or "Category/Extension" (the properties only), as Xcode writes them, except that each property
/// reads and writes through the `CoreData` module's accessors rather than `@NSManaged` (see
/// `ManagedAccessorText`). "Manual/None" entities get nothing: the project has their files.
public enum CoreDataModelCodegen {
    /// The generated files by name, for the model at `url` (`.xcdatamodeld` or `.xcdatamodel`).
    public static func sources(for url: URL) throws(ModelFileError) -> [String: String] {
        sources(for: try ModelFile.read(url), fileName: url.lastPathComponent)
    }

    static func sources(for model: ModelFile, fileName: String) -> [String: String] {
        var out: [String: String] = [:]
        for entity in model.entities where entity.codeGeneration != .manual {
            guard let className = identifier(entity.swiftClassName) else { continue }
            if entity.codeGeneration == .classDefinition {
                out["\(className)+CoreDataClass.swift"] = classSource(entity, className: className, model: model, fileName: fileName)
            }
            out["\(className)+CoreDataProperties.swift"] = propertiesSource(entity, className: className, model: model, fileName: fileName)
        }
        return out
    }

    static func header(_ what: String, fileName: String) -> String {
        "// \(what), as Xcode generates it from \(fileName); made by `widget-host import`.\nimport Foundation\nimport CoreData\n"
    }

    static func classSource(_ entity: ModelFile.Entity, className: String, model: ModelFile, fileName: String) -> String {
        let parent = entity.parentEntity.flatMap(model.entity(named:)).flatMap { identifier($0.swiftClassName) } ?? "NSManagedObject"
        return header("The class of entity \(entity.name)", fileName: fileName) + "\npublic class \(className): \(parent) {\n}\n"
    }

    static func propertiesSource(_ entity: ModelFile.Entity, className: String, model: ModelFile, fileName: String) -> String {
        var out = header("The properties of entity \(entity.name)", fileName: fileName)
        out += "\nextension \(className) {\n"
        out += "    public class func fetchRequest() -> NSFetchRequest<\(className)> {\n"
        out += "        return NSFetchRequest<\(className)>(entityName: \(AssetSymbols.literal(entity.name)))\n    }\n\n"
        for attribute in entity.attributes {
            guard let name = identifier(attribute.name), let type = swiftType(attribute) else { continue }
            out += "    public var \(escaped(name)): \(type)" + ManagedAccessorText.accessors(key: attribute.name) + "\n"
        }
        for relationship in entity.relationships {
            guard let name = identifier(relationship.name),
                  let destination = model.entity(named: relationship.destinationEntity).flatMap({ identifier($0.swiftClassName) }) else { continue }
            let type = relationship.isToMany ? (relationship.isOrdered ? "NSOrderedSet?" : "NSSet?") : destination + "?"
            out += "    public var \(escaped(name)): \(type)" + ManagedAccessorText.accessors(key: relationship.name) + "\n"
        }
        out += "}\n"
        for relationship in entity.relationships where relationship.isToMany {
            guard let destination = model.entity(named: relationship.destinationEntity).flatMap({ identifier($0.swiftClassName) }),
                  identifier(relationship.name) != nil else { continue }
            out += accessorsSource(relationship, className: className, destination: destination)
        }
        if entity.parentEntity == nil { out += "\nextension \(className): Identifiable {\n}\n" }
        return out
    }

    /// The accessors Xcode generates for a to-many relationship.
    static func accessorsSource(_ relationship: ModelFile.Relationship, className: String, destination: String) -> String {
        let capitalized = relationship.name.prefix(1).uppercased() + relationship.name.dropFirst()
        let key = relationship.name
        func line(_ signature: String, _ parameters: [(label: String, name: String)]) -> String {
            let function = String(signature.prefix { $0 != "(" })
            let body = ManagedAccessorText.relationshipBody(function: function, parameters: parameters, knownKeys: [key]) ?? " {}"
            return "    public func \(signature)\(body)\n"
        }
        var out = "\n// MARK: Generated accessors for \(key)\nextension \(className) {\n"
        if relationship.isOrdered {
            out += line("insertInto\(capitalized)(_ value: \(destination), at idx: Int)", [("_", "value"), ("at", "idx")])
            out += line("removeFrom\(capitalized)(at idx: Int)", [("at", "idx")])
            out += line("insertInto\(capitalized)(_ values: [\(destination)], at indexes: NSIndexSet)", [("_", "values"), ("at", "indexes")])
            out += line("removeFrom\(capitalized)(at indexes: NSIndexSet)", [("at", "indexes")])
            out += line("replace\(capitalized)(at idx: Int, with value: \(destination))", [("at", "idx"), ("with", "value")])
            out += line("replace\(capitalized)(at indexes: NSIndexSet, with values: [\(destination)])", [("at", "indexes"), ("with", "values")])
        }
        out += line("addTo\(capitalized)(_ value: \(destination))", [("_", "value")])
        out += line("removeFrom\(capitalized)(_ value: \(destination))", [("_", "value")])
        let collection = relationship.isOrdered ? "NSOrderedSet" : "NSSet"
        out += line("addTo\(capitalized)(_ values: \(collection))", [("_", "values")])
        out += line("removeFrom\(capitalized)(_ values: \(collection))", [("_", "values")])
        return out + "}\n"
    }

    /// The Swift type Xcode declares an attribute with: scalars for numbers and booleans where
    /// "Use Scalar Type" is on (the default), `NSNumber?` where it is off, optionals for the others.
    static func swiftType(_ attribute: ModelFile.Attribute) -> String? {
        let scalar = attribute.usesScalarValueType ?? true
        switch attribute.type {
        case "Integer 16": return scalar ? "Int16" : "NSNumber?"
        case "Integer 32": return scalar ? "Int32" : "NSNumber?"
        case "Integer 64": return scalar ? "Int64" : "NSNumber?"
        case "Double": return scalar ? "Double" : "NSNumber?"
        case "Float": return scalar ? "Float" : "NSNumber?"
        case "Boolean": return scalar ? "Bool" : "NSNumber?"
        case "Decimal": return "NSDecimalNumber?"
        case "String": return "String?"
        case "Date": return "Date?"
        case "Binary": return "Data?"
        case "UUID": return "UUID?"
        case "URI": return "URL?"
        case "Transformable", "Undefined": return (attribute.customClassName.flatMap(typeName) ?? "NSObject") + "?"
        case "ObjectID": return "NSManagedObjectID?"
        default: return nil
        }
    }

    /// A type name from the model (a transformable's custom class), kept only when it is made of
    /// what a Swift type name is made of: the file is input, and this text goes into source.
    static func typeName(_ text: String) -> String? {
        let allowed = Set("[]<>:,.? _")
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let first = trimmed.first, first.isLetter || first == "_" || first == "[",
              trimmed.allSatisfy({ $0.isLetter || $0.isNumber || allowed.contains($0) }), trimmed.count <= 200 else { return nil }
        return trimmed
    }

    static func identifier(_ name: String) -> String? { IntentDefinitions.identifier(name) }

    static func escaped(_ name: String) -> String { IntentDefinitions.escaped(name) }
}
