import Foundation

/// `NSPropertyDescription`: an attribute or relationship of an entity. Like Apple's, a description
/// is mutable while a model is built and is not changed once a coordinator uses the model, which is
/// why the classes of the model are `@unchecked Sendable`.
open class NSPropertyDescription: NSObject, @unchecked Sendable {
    open var name: String = ""
    open var isOptional = true
    open var isTransient = false
    open var isIndexed = false
    open var userInfo: [AnyHashable: Any]?
    open var renamingIdentifier: String?
    open var versionHashModifier: String?
    weak var owner: NSEntityDescription?

    /// The entity the property belongs to (an empty one while the property belongs to none).
    open var entity: NSEntityDescription { owner ?? NSEntityDescription() }

    public override init() { super.init() }
}

/// `NSAttributeType`, with Apple's raw values.
public enum NSAttributeType: UInt, Sendable {
    case undefinedAttributeType = 0
    case integer16AttributeType = 100
    case integer32AttributeType = 200
    case integer64AttributeType = 300
    case decimalAttributeType = 400
    case doubleAttributeType = 500
    case floatAttributeType = 600
    case stringAttributeType = 700
    case booleanAttributeType = 800
    case dateAttributeType = 900
    case binaryDataAttributeType = 1000
    case UUIDAttributeType = 1100
    case URIAttributeType = 1200
    case transformableAttributeType = 1800
    case objectIDAttributeType = 2000
    case compositeAttributeType = 2100
}

/// `NSAttributeDescription`.
open class NSAttributeDescription: NSPropertyDescription, @unchecked Sendable {
    open var attributeType: NSAttributeType = .undefinedAttributeType
    /// The Swift or Objective-C class of the values (a transformable attribute's custom class).
    open var attributeValueClassName: String?
    /// The value a new object starts with.
    open var defaultValue: Any?
    open var valueTransformerName: String?
    open var allowsExternalBinaryDataStorage = false
    open var preservesValueInHistoryOnDeletion = false
    open var allowsCloudEncryption = false
}

/// `NSDeleteRule`.
public enum NSDeleteRule: UInt, Sendable {
    case noActionDeleteRule = 0
    case nullifyDeleteRule = 1
    case cascadeDeleteRule = 2
    case denyDeleteRule = 3
}

/// `NSRelationshipDescription`: `maxCount` 1 is to-one; any other (0: no limit) is to-many.
open class NSRelationshipDescription: NSPropertyDescription, @unchecked Sendable {
    open weak var destinationEntity: NSEntityDescription?
    open weak var inverseRelationship: NSRelationshipDescription?
    open var maxCount = 1
    open var minCount = 0
    open var deleteRule: NSDeleteRule = .nullifyDeleteRule
    open var isOrdered = false
    open var isToMany: Bool { maxCount != 1 }
}

/// `NSFetchedPropertyDescription`: accepted in programmatic models; nothing is fetched through it.
open class NSFetchedPropertyDescription: NSPropertyDescription, @unchecked Sendable {
    open var fetchRequest: NSFetchRequest<NSFetchRequestResult>?
}
