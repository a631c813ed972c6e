import Foundation

extension ModelFile {
    /// Model files larger than this are refused before they are read (real ones are kilobytes).
    public static let maximumSize = 16 << 20

    /// Reads a model from a `.xcdatamodeld` folder (its current version, as `.xccurrentversion`
    /// names it), a `.xcdatamodel` folder, or a `contents` file.
    public static func read(_ url: URL) throws(ModelFileError) -> ModelFile {
        let file = try contentsFile(of: url)
        let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
        guard let size = attributes?[.size] as? Int else { throw .unreadable(path: file.path, why: "no such file") }
        guard size <= maximumSize else { throw .unreadable(path: file.path, why: "\(size) bytes, over \(maximumSize)") }
        guard let data = FileManager.default.contents(atPath: file.path) else { throw .unreadable(path: file.path, why: "it cannot be opened") }
        return try ModelFile(xml: data, name: modelName(of: url), path: file.path)
    }

    /// The model's name from its file: `Model` for `Model.xcdatamodeld` and for its versions.
    static func modelName(of url: URL) -> String {
        var current = url
        if current.lastPathComponent == "contents" { current.deleteLastPathComponent() }
        let parent = current.deletingLastPathComponent()
        if current.pathExtension == "xcdatamodel", parent.pathExtension == "xcdatamodeld" { current = parent }
        return current.deletingPathExtension().lastPathComponent
    }

    /// The `contents` file a model URL stands for.
    public static func contentsFile(of url: URL) throws(ModelFileError) -> URL {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw .unreadable(path: url.path, why: "no such file or folder")
        }
        guard isDirectory.boolValue else { return url }
        switch url.pathExtension {
        case "xcdatamodel":
            return url.appendingPathComponent("contents")
        case "xcdatamodeld":
            return try currentVersion(in: url).appendingPathComponent("contents")
        case "momd", "mom":
            throw .notAModel(path: url.path, why: "a compiled model (momc's output) is not read here; ship the .xcdatamodeld")
        default:
            let contents = url.appendingPathComponent("contents")
            guard FileManager.default.fileExists(atPath: contents.path) else {
                throw .notAModel(path: url.path, why: "a folder with no contents file")
            }
            return contents
        }
    }

    /// The version `.xccurrentversion` names, or (without one) the only version, or the last by name.
    static func currentVersion(in bundle: URL) throws(ModelFileError) -> URL {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: bundle.path)) ?? []).filter { $0.hasSuffix(".xcdatamodel") }.sorted()
        let marker = bundle.appendingPathComponent(".xccurrentversion")
        if let data = FileManager.default.contents(atPath: marker.path),
           let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
           let chosen = plist["_XCCurrentVersionName"] as? String {
            // The name is input: only a version inside this bundle is taken.
            guard names.contains(chosen) else {
                throw .notAModel(path: marker.path, why: "the current version \(chosen) is not a .xcdatamodel in the bundle")
            }
            return bundle.appendingPathComponent(chosen)
        }
        guard let last = names.last else { throw .notAModel(path: bundle.path, why: "no .xcdatamodel version inside") }
        return bundle.appendingPathComponent(last)
    }

    /// Parses the `contents` XML.
    public init(xml: Data, name: String, path: String) throws(ModelFileError) {
        let root: XMLElementNode
        do {
            root = try XMLElementTree.parse(xml)
        } catch {
            throw .malformed(path: path, line: error.line, why: error.message)
        }
        guard root.name == "model" else { throw .notAModel(path: path, why: "the root element is <\(root.name)>, not <model>") }
        self.name = name
        entities = []
        configurations = [:]
        fetchRequests = []
        for element in root.children {
            switch element.name {
            case "entity":
                let entity = try Self.entity(element, path: path)
                guard self.entity(named: entity.name) == nil else {
                    throw .malformed(path: path, line: element.line, why: "entity \(entity.name) is declared twice")
                }
                entities.append(entity)
            case "configuration":
                guard let configuration = element.attributes["name"] else { continue }
                configurations[configuration] = element.children(named: "memberEntity").compactMap { $0.attributes["name"] }
            case "fetchRequest":
                guard let requestName = element.attributes["name"], let entity = element.attributes["entity"] else { continue }
                fetchRequests.append(FetchRequestTemplate(name: requestName, entity: entity, predicateString: element.attributes["predicateString"],
                                                          fetchLimit: element.attributes["fetchLimit"].flatMap { Int($0) }))
            default:
                continue
            }
        }
        for entity in entities {
            for relationship in entity.relationships where self.entity(named: relationship.destinationEntity) == nil {
                throw .malformed(path: path, line: entity.line,
                                 why: "relationship \(entity.name).\(relationship.name) leads to \(relationship.destinationEntity), which the model does not declare")
            }
            if let parent = entity.parentEntity, self.entity(named: parent) == nil {
                throw .malformed(path: path, line: entity.line, why: "entity \(entity.name)'s parent \(parent) is not declared")
            }
        }
    }

    private static func entity(_ element: XMLElementNode, path: String) throws(ModelFileError) -> Entity {
        guard let name = element.attributes["name"], !name.isEmpty else {
            throw .malformed(path: path, line: element.line, why: "an entity has no name")
        }
        var entity = Entity(name: name, className: element.attributes["representedClassName"], parentEntity: element.attributes["parentEntity"],
                            isAbstract: flag(element.attributes["isAbstract"]), codeGeneration: .manual, attributes: [], relationships: [],
                            uniquenessConstraints: [], line: element.line)
        switch element.attributes["codeGenerationType"] {
        case "class": entity.codeGeneration = .classDefinition
        case "category": entity.codeGeneration = .category
        default: entity.codeGeneration = .manual
        }
        var names: Set<String> = []
        for child in element.children {
            switch child.name {
            case "attribute", "relationship":
                guard let property = child.attributes["name"], !property.isEmpty else {
                    throw .malformed(path: path, line: child.line, why: "a property of \(name) has no name")
                }
                guard names.insert(property).inserted else {
                    throw .malformed(path: path, line: child.line, why: "\(name).\(property) is declared twice")
                }
                if child.name == "attribute" {
                    entity.attributes.append(attribute(child, name: property))
                } else {
                    guard let destination = child.attributes["destinationEntity"] else {
                        throw .malformed(path: path, line: child.line, why: "relationship \(name).\(property) has no destination entity")
                    }
                    entity.relationships.append(relationship(child, name: property, destination: destination))
                }
            case "uniquenessConstraints":
                for constraint in child.children(named: "uniquenessConstraint") {
                    entity.uniquenessConstraints.append(constraint.children(named: "constraint").compactMap { $0.attributes["value"] })
                }
            default:
                continue
            }
        }
        return entity
    }

    private static func attribute(_ element: XMLElementNode, name: String) -> Attribute {
        let a = element.attributes
        return Attribute(name: name, type: a["attributeType"] ?? "Undefined", isOptional: flag(a["optional"]), isTransient: flag(a["transient"]),
                         usesScalarValueType: a["usesScalarValueType"].map(flag), defaultValueString: a["defaultValueString"],
                         customClassName: a["customClassName"])
    }

    private static func relationship(_ element: XMLElementNode, name: String, destination: String) -> Relationship {
        let a = element.attributes
        let maxCount = a["maxCount"].flatMap { Int($0) }
        return Relationship(name: name, destinationEntity: destination, inverseName: a["inverseName"], inverseEntity: a["inverseEntity"],
                            isToMany: flag(a["toMany"]) || (maxCount.map { $0 != 1 } ?? false), isOrdered: flag(a["ordered"]),
                            isOptional: flag(a["optional"]), isTransient: flag(a["transient"]), deletionRule: a["deletionRule"] ?? "Nullify",
                            minCount: a["minCount"].flatMap { Int($0) }, maxCount: maxCount)
    }

    static func flag(_ value: String?) -> Bool { value == "YES" || value == "yes" || value == "true" }
}
