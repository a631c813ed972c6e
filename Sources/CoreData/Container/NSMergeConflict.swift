import Foundation

/// `NSMergeConflict`: what a save that met another writer's changes reports, under
/// `NSPersistentStoreSaveConflictsErrorKey` in the error's `userInfo`. An extension's store has one
/// writer here (saves merge by property, see `NSMergePolicy`), so no save reports one; the type is
/// there for the code that reads such errors, as apps write it.
open class NSMergeConflict: NSObject, @unchecked Sendable {
    open private(set) var sourceObject: NSManagedObject
    /// The object's values when it was saved, as it held them, and as the store held them.
    open private(set) var objectSnapshot: [String: Any]?
    open private(set) var cachedSnapshot: [String: Any]?
    open private(set) var persistedSnapshot: [String: Any]?
    open private(set) var newVersionNumber: Int
    open private(set) var oldVersionNumber: Int

    public init(source srcObject: NSManagedObject, newVersion newvers: Int, oldVersion oldvers: Int,
                cachedSnapshot cachesnap: [String: Any]?, persistedSnapshot persnap: [String: Any]?) {
        sourceObject = srcObject
        newVersionNumber = newvers
        oldVersionNumber = oldvers
        cachedSnapshot = cachesnap
        persistedSnapshot = persnap
        super.init()
    }
}

/// The key of a save error's merge conflicts (`[NSMergeConflict]`).
public let NSPersistentStoreSaveConflictsErrorKey = "conflictList"
