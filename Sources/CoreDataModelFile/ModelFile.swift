import Foundation

/// A Core Data model as Xcode's model editor saves it (the `contents` XML of a `.xcdatamodel`), in
/// the terms of that file. Core Data reads it at run time (`NSManagedObjectModel`) and `import`
/// generates the classes of "Class Definition" and "Category/Extension" entities from it, so both
/// see the same model.
public struct ModelFile: Sendable, Equatable {
    /// How Xcode generates an entity's class (`codeGenerationType` in the file).
    public enum CodeGeneration: String, Sendable, Equatable {
        /// "Class Definition": the class and its properties.
        case classDefinition = "class"
        /// "Category/Extension": the properties only; the author writes the class.
        case category
        /// "Manual/None": the author writes both (`+CoreDataClass.swift`, `+CoreDataProperties.swift`).
        case manual
    }

    public struct Attribute: Sendable, Equatable {
        public var name: String
        /// As the file says it: `String`, `Integer 16`, `Boolean`, `Date`, `Transformable`…
        public var type: String
        public var isOptional: Bool
        public var isTransient: Bool
        /// "Use Scalar Type"; nil when the file does not say (Xcode then uses scalars for numbers).
        public var usesScalarValueType: Bool?
        public var defaultValueString: String?
        /// A transformable attribute's Swift type (`[String]`, `UIColor`).
        public var customClassName: String?
    }

    public struct Relationship: Sendable, Equatable {
        public var name: String
        public var destinationEntity: String
        public var inverseName: String?
        public var inverseEntity: String?
        public var isToMany: Bool
        public var isOrdered: Bool
        public var isOptional: Bool
        public var isTransient: Bool
        /// `Nullify`, `Cascade`, `Deny`, `No Action`.
        public var deletionRule: String
        public var minCount: Int?
        public var maxCount: Int?
    }

    public struct Entity: Sendable, Equatable {
        public var name: String
        /// `representedClassName`: the class, perhaps with a module (`MyApp.Item`, `.Item`).
        public var className: String?
        public var parentEntity: String?
        public var isAbstract: Bool
        public var codeGeneration: CodeGeneration
        public var attributes: [Attribute]
        public var relationships: [Relationship]
        public var uniquenessConstraints: [[String]]
        public var line: Int

        /// The Swift class name: the represented class without its module, or the entity's name.
        public var swiftClassName: String {
            let represented = className.flatMap { $0.split(separator: ".").last.map(String.init) } ?? ""
            return represented.isEmpty ? name : represented
        }
    }

    /// A fetch request stored in the model (`fetchRequestTemplate(forName:)`).
    public struct FetchRequestTemplate: Sendable, Equatable {
        public var name: String
        public var entity: String
        public var predicateString: String?
        public var fetchLimit: Int?
    }

    /// The model's name: its `.xcdatamodeld` (or `.xcdatamodel`) without the extension.
    public var name: String
    public var entities: [Entity]
    /// Named configurations and the entities each holds.
    public var configurations: [String: [String]]
    public var fetchRequests: [FetchRequestTemplate]

    public func entity(named name: String) -> Entity? { entities.first { $0.name == name } }
}

/// Why a model could not be read: each names the file.
public enum ModelFileError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(path: String, why: String)
    case notAModel(path: String, why: String)
    case malformed(path: String, line: Int, why: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let why): "\(path): the Core Data model cannot be read: \(why)"
        case .notAModel(let path, let why): "\(path): not a Core Data model: \(why)"
        case .malformed(let path, let line, let why): "\(path):\(line): the Core Data model is malformed: \(why)"
        }
    }
}
