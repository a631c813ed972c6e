import CoreDataModelFile
import Foundation

/// The model file's terms made into the model classes: attribute types by their names in the file,
/// default values parsed from their strings, relationships connected to their destinations.
enum ModelFileConversion {
    static func entity(_ source: ModelFile.Entity) -> NSEntityDescription {
        let entity = NSEntityDescription()
        entity.name = source.name
        entity.managedObjectClassName = source.className ?? "NSManagedObject"
        entity.isAbstract = source.isAbstract
        entity.uniquenessConstraints = source.uniquenessConstraints
        var properties: [NSPropertyDescription] = source.attributes.map(attribute)
        for relationship in source.relationships {
            let made = NSRelationshipDescription()
            made.name = relationship.name
            made.isOptional = relationship.isOptional
            made.isTransient = relationship.isTransient
            made.isOrdered = relationship.isOrdered
            made.maxCount = relationship.isToMany ? (relationship.maxCount.map { $0 == 1 ? 0 : $0 } ?? 0) : 1
            made.minCount = relationship.minCount ?? 0
            made.deleteRule = deleteRule(relationship.deletionRule)
            properties.append(made)
        }
        entity.properties = properties
        return entity
    }

    /// Sets each relationship's destination and inverse, once every entity is made.
    static func connect(_ entity: NSEntityDescription, source: ModelFile.Entity, entities: [String: NSEntityDescription]) {
        for relationship in source.relationships {
            guard let made = entity.properties.first(where: { $0.name == relationship.name }) as? NSRelationshipDescription,
                  let destination = entities[relationship.destinationEntity] else { continue }
            made.destinationEntity = destination
            if let inverse = relationship.inverseName {
                made.inverseRelationship = destination.properties.first { $0.name == inverse } as? NSRelationshipDescription
            }
        }
    }

    static func attribute(_ source: ModelFile.Attribute) -> NSAttributeDescription {
        let made = NSAttributeDescription()
        made.name = source.name
        made.isOptional = source.isOptional
        made.isTransient = source.isTransient
        made.attributeType = attributeType(source.type)
        made.attributeValueClassName = source.customClassName
        made.defaultValue = source.defaultValueString.flatMap { defaultValue($0, type: made.attributeType) }
        return made
    }

    static func attributeType(_ name: String) -> NSAttributeType {
        switch name {
        case "Integer 16": .integer16AttributeType
        case "Integer 32": .integer32AttributeType
        case "Integer 64": .integer64AttributeType
        case "Decimal": .decimalAttributeType
        case "Double": .doubleAttributeType
        case "Float": .floatAttributeType
        case "String": .stringAttributeType
        case "Boolean": .booleanAttributeType
        case "Date": .dateAttributeType
        case "Binary": .binaryDataAttributeType
        case "UUID": .UUIDAttributeType
        case "URI": .URIAttributeType
        case "Transformable": .transformableAttributeType
        case "ObjectID": .objectIDAttributeType
        case "Composite": .compositeAttributeType
        default: .undefinedAttributeType
        }
    }

    static func deleteRule(_ name: String) -> NSDeleteRule {
        switch name {
        case "Cascade": .cascadeDeleteRule
        case "Deny": .denyDeleteRule
        case "No Action": .noActionDeleteRule
        default: .nullifyDeleteRule
        }
    }

    /// A `defaultValueString` as a value of the attribute's type (nil when it does not read as one).
    static func defaultValue(_ text: String, type: NSAttributeType) -> Any? {
        switch type {
        case .integer16AttributeType, .integer32AttributeType, .integer64AttributeType:
            return Int64(text) ?? Double(text).map { Int64(exactly: $0.rounded(.towardZero)) ?? 0 }
        case .doubleAttributeType, .floatAttributeType: return Double(text)
        case .decimalAttributeType: return Decimal(string: text)
        case .booleanAttributeType: return ["YES", "yes", "true", "1"].contains(text) ? true : ["NO", "no", "false", "0"].contains(text) ? false : nil
        case .stringAttributeType: return text
        case .dateAttributeType:
            // Xcode writes a date default as seconds since 2001 (the reference date).
            return Double(text).map { Date(timeIntervalSinceReferenceDate: $0) }
        case .UUIDAttributeType: return UUID(uuidString: text)
        case .URIAttributeType: return URL(string: text)
        default: return nil
        }
    }
}
