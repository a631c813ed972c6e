import Foundation

/// `CKDatabase`: one of a container's databases. Every call reaches the server, so every call fails
/// with `CKError.networkUnavailable`: completion handlers hear it asynchronously (on a queue of
/// CloudKit's, in the order the calls were made), async forms throw it, and added operations fail as
/// `CKOperation` describes.
open class CKDatabase: NSObject, @unchecked Sendable {
    /// `CKDatabase.Scope`, with Apple's raw values.
    public enum Scope: Int, Hashable, Sendable {
        case `public` = 1
        case `private` = 2
        case shared = 3
    }

    public let databaseScope: Scope

    init(scope: Scope) {
        databaseScope = scope
    }

    /// Runs `operation` against this database.
    open func add(_ operation: CKDatabaseOperation) {
        operation.database = self
        operation.enqueue()
    }

    // Records.

    @preconcurrency
    open func fetch(withRecordID recordID: CKRecord.ID, completionHandler: @escaping @Sendable (CKRecord?, (any Error)?) -> Void) {
        OfflineCloud.later { completionHandler(nil, OfflineCloud.networkUnavailable) }
    }

    @preconcurrency
    open func save(_ record: CKRecord, completionHandler: @escaping @Sendable (CKRecord?, (any Error)?) -> Void) {
        OfflineCloud.later { completionHandler(nil, OfflineCloud.networkUnavailable) }
    }

    @preconcurrency
    open func delete(withRecordID recordID: CKRecord.ID, completionHandler: @escaping @Sendable (CKRecord.ID?, (any Error)?) -> Void) {
        OfflineCloud.later { completionHandler(nil, OfflineCloud.networkUnavailable) }
    }

    /// Runs a query (deprecated in iOS 15, still the common form).
    @preconcurrency
    open func perform(_ query: CKQuery, inZoneWith zoneID: CKRecordZone.ID?, completionHandler: @escaping @Sendable ([CKRecord]?, (any Error)?) -> Void) {
        OfflineCloud.later { completionHandler(nil, OfflineCloud.networkUnavailable) }
    }

    @preconcurrency
    open func fetch(
        withQuery query: CKQuery, inZoneWith zoneID: CKRecordZone.ID? = nil, desiredKeys: [CKRecord.FieldKey]? = nil,
        resultsLimit: Int = CKQueryOperation.maximumResults,
        completionHandler: @escaping @Sendable (Result<(matchResults: [(CKRecord.ID, Result<CKRecord, any Error>)], queryCursor: CKQueryOperation.Cursor?), any Error>) -> Void
    ) {
        OfflineCloud.later { completionHandler(.failure(OfflineCloud.networkUnavailable)) }
    }

    @preconcurrency
    open func fetch(
        withRecordIDs recordIDs: [CKRecord.ID], desiredKeys: [CKRecord.FieldKey]? = nil,
        completionHandler: @escaping @Sendable (Result<[CKRecord.ID: Result<CKRecord, any Error>], any Error>) -> Void
    ) {
        OfflineCloud.later { completionHandler(.failure(OfflineCloud.networkUnavailable)) }
    }

    @preconcurrency
    open func modifyRecords(
        saving recordsToSave: [CKRecord], deleting recordIDsToDelete: [CKRecord.ID],
        savePolicy: CKModifyRecordsOperation.RecordSavePolicy = .ifServerRecordUnchanged, atomically: Bool = true,
        completionHandler: @escaping @Sendable (Result<(saveResults: [CKRecord.ID: Result<CKRecord, any Error>], deleteResults: [CKRecord.ID: Result<Void, any Error>]), any Error>) -> Void
    ) {
        OfflineCloud.later { completionHandler(.failure(OfflineCloud.networkUnavailable)) }
    }

    // Zones.

    @preconcurrency
    open func fetchAllRecordZones(completionHandler: @escaping @Sendable ([CKRecordZone]?, (any Error)?) -> Void) {
        OfflineCloud.later { completionHandler(nil, OfflineCloud.networkUnavailable) }
    }

    @preconcurrency
    open func fetch(withRecordZoneID zoneID: CKRecordZone.ID, completionHandler: @escaping @Sendable (CKRecordZone?, (any Error)?) -> Void) {
        OfflineCloud.later { completionHandler(nil, OfflineCloud.networkUnavailable) }
    }

    @preconcurrency
    open func save(_ zone: CKRecordZone, completionHandler: @escaping @Sendable (CKRecordZone?, (any Error)?) -> Void) {
        OfflineCloud.later { completionHandler(nil, OfflineCloud.networkUnavailable) }
    }

    @preconcurrency
    open func delete(withRecordZoneID zoneID: CKRecordZone.ID, completionHandler: @escaping @Sendable (CKRecordZone.ID?, (any Error)?) -> Void) {
        OfflineCloud.later { completionHandler(nil, OfflineCloud.networkUnavailable) }
    }

    // Subscriptions.

    @preconcurrency
    open func fetchAllSubscriptions(completionHandler: @escaping @Sendable ([CKSubscription]?, (any Error)?) -> Void) {
        OfflineCloud.later { completionHandler(nil, OfflineCloud.networkUnavailable) }
    }

    @preconcurrency
    open func fetch(withSubscriptionID subscriptionID: CKSubscription.ID, completionHandler: @escaping @Sendable (CKSubscription?, (any Error)?) -> Void) {
        OfflineCloud.later { completionHandler(nil, OfflineCloud.networkUnavailable) }
    }

    @preconcurrency
    open func save(_ subscription: CKSubscription, completionHandler: @escaping @Sendable (CKSubscription?, (any Error)?) -> Void) {
        OfflineCloud.later { completionHandler(nil, OfflineCloud.networkUnavailable) }
    }

    @preconcurrency
    open func delete(withSubscriptionID subscriptionID: CKSubscription.ID, completionHandler: @escaping @Sendable (CKSubscription.ID?, (any Error)?) -> Void) {
        OfflineCloud.later { completionHandler(nil, OfflineCloud.networkUnavailable) }
    }
}
