import Foundation

/// Core Data's error codes (`NSCocoaErrorDomain`), the ones this framework reports.
public let NSManagedObjectValidationError = 1550
public let NSValidationMissingMandatoryPropertyError = 1570
public let NSValidationRelationshipLacksMinimumCountError = 1580
public let NSValidationRelationshipExceedsMaximumCountError = 1590
public let NSValidationRelationshipDeniedDeleteError = 1600
public let NSManagedObjectContextLockingError = 132000
public let NSPersistentStoreCoordinatorLockingError = 132010
public let NSManagedObjectReferentialIntegrityError = 133000
public let NSManagedObjectExternalRelationshipError = 133010
public let NSManagedObjectMergeError = 133020
public let NSPersistentStoreInvalidTypeError = 134000
public let NSPersistentStoreTypeMismatchError = 134010
public let NSPersistentStoreIncompatibleSchemaError = 134020
public let NSPersistentStoreSaveError = 134030
public let NSPersistentStoreIncompleteSaveError = 134040
public let NSPersistentStoreOperationError = 134070
public let NSPersistentStoreOpenError = 134080
public let NSPersistentStoreIncompatibleVersionHashError = 134100
public let NSCoreDataError = 134060
public let NSSQLiteError = 134180

/// Keys of a validation error's `userInfo`.
public let NSValidationObjectErrorKey = "NSValidationErrorObject"
public let NSValidationKeyErrorKey = "NSValidationErrorKey"
public let NSValidationValueErrorKey = "NSValidationErrorValue"
public let NSAffectedStoresErrorKey = "NSAffectedStoresErrorKey"
public let NSDetailedErrorsKey = "NSDetailedErrors"

/// Why something failed, with what it concerns. As an `NSError` (`error as NSError`, which app code
/// reads) it is in `NSCocoaErrorDomain` with Apple's code, as Core Data's errors are.
public enum CoreDataError: Error, CustomStringConvertible, CustomNSError, LocalizedError {
    /// The store file is not one this framework wrote (or is damaged).
    case corruptStore(path: String, why: String)
    /// The store file is Core Data's SQLite, written on Apple's platforms.
    case sqliteStore(path: String)
    case unreadableStore(path: String, why: String)
    case unwritableStore(path: String, why: String)
    case unknownStoreType(String)
    case noStore(String)
    case noContext(String)
    case unknownEntity(String)
    /// A non-optional property with no value at save.
    case missingMandatoryProperty(entity: String, property: String)
    /// A deny rule keeps an object from being deleted.
    case deleteDenied(entity: String, relationship: String)
    case noSuchObject(String)
    case unsupportedRequest(String)

    public var description: String {
        switch self {
        case .corruptStore(let path, let why): "\(path): not a store this host can read: \(why)"
        case .sqliteStore(let path):
            "\(path): a SQLite store (written by Core Data on an Apple platform); this host keeps its stores as JSON and cannot read it. Delete it, or seed the store in this host's format"
        case .unreadableStore(let path, let why): "\(path): the store cannot be read: \(why)"
        case .unwritableStore(let path, let why): "\(path): the store cannot be written: \(why)"
        case .unknownStoreType(let type): "store type \(type) is not supported (SQLite, in-memory and binary are)"
        case .noStore(let why): why
        case .noContext(let why): why
        case .unknownEntity(let name): "the model has no entity \(name)"
        case .missingMandatoryProperty(let entity, let property): "\(entity).\(property) is a required value"
        case .deleteDenied(let entity, let relationship): "\(entity) cannot be deleted: its \(relationship) (deny rule) is not empty"
        case .noSuchObject(let uri): "no object \(uri) in the store"
        case .unsupportedRequest(let why): why
        }
    }

    public static var errorDomain: String { NSCocoaErrorDomain }

    public var errorCode: Int {
        switch self {
        case .corruptStore: NSFileReadCorruptFileError
        case .sqliteStore: NSPersistentStoreIncompatibleVersionHashError
        case .unreadableStore: NSFileReadUnknownError
        case .unwritableStore: NSPersistentStoreSaveError
        case .unknownStoreType: NSPersistentStoreInvalidTypeError
        case .noStore: NSPersistentStoreOperationError
        case .noContext: NSCoreDataError
        case .unknownEntity: NSCoreDataError
        case .missingMandatoryProperty: NSValidationMissingMandatoryPropertyError
        case .deleteDenied: NSValidationRelationshipDeniedDeleteError
        case .noSuchObject: NSManagedObjectReferentialIntegrityError
        case .unsupportedRequest: NSPersistentStoreOperationError
        }
    }

    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [NSLocalizedDescriptionKey: description]
        switch self {
        case .corruptStore(let path, _), .sqliteStore(let path), .unreadableStore(let path, _), .unwritableStore(let path, _):
            info[NSFilePathErrorKey] = path
        case .missingMandatoryProperty(_, let property), .deleteDenied(_, let property):
            info[NSValidationKeyErrorKey] = property
        default:
            break
        }
        return info
    }

    public var errorDescription: String? { description }
}
