import Foundation

/// `CKServerChangeToken`: where a change fetch left off. Only the server makes one; apps archive it
/// (`NSKeyedArchiver`) between launches, so it codes, with nothing in it.
public final class CKServerChangeToken: NSObject, NSSecureCoding, @unchecked Sendable {
    public static var supportsSecureCoding: Bool { true }
    public func encode(with coder: NSCoder) {}
    public init?(coder: NSCoder) {}
}

/// `CKModifyRecordZonesOperation`: creates and deletes zones. Fails offline (see `CKOperation`).
open class CKModifyRecordZonesOperation: CKDatabaseOperation, @unchecked Sendable {
    open var recordZonesToSave: [CKRecordZone]?
    open var recordZoneIDsToDelete: [CKRecordZone.ID]?

    @preconcurrency open var perRecordZoneSaveBlock: (@Sendable (CKRecordZone.ID, Result<CKRecordZone, any Error>) -> Void)?
    @preconcurrency open var perRecordZoneDeleteBlock: (@Sendable (CKRecordZone.ID, Result<Void, any Error>) -> Void)?
    @preconcurrency open var modifyRecordZonesResultBlock: (@Sendable (Result<Void, any Error>) -> Void)?
    /// Before iOS 15.
    @preconcurrency open var modifyRecordZonesCompletionBlock: (@Sendable ([CKRecordZone]?, [CKRecordZone.ID]?, (any Error)?) -> Void)?

    public override init() {}

    public convenience init(recordZonesToSave: [CKRecordZone]? = nil, recordZoneIDsToDelete: [CKRecordZone.ID]? = nil) {
        self.init()
        self.recordZonesToSave = recordZonesToSave
        self.recordZoneIDsToDelete = recordZoneIDsToDelete
    }

    override func finish(offline error: CKError) {
        if let modifyRecordZonesResultBlock {
            modifyRecordZonesResultBlock(.failure(error))
        } else {
            modifyRecordZonesCompletionBlock?(nil, nil, error)
        }
    }
}

/// `CKFetchRecordZonesOperation`: fetches zones by ID, or all of them. Fails offline.
open class CKFetchRecordZonesOperation: CKDatabaseOperation, @unchecked Sendable {
    open var recordZoneIDs: [CKRecordZone.ID]?

    @preconcurrency open var perRecordZoneResultBlock: (@Sendable (CKRecordZone.ID, Result<CKRecordZone, any Error>) -> Void)?
    @preconcurrency open var fetchRecordZonesResultBlock: (@Sendable (Result<Void, any Error>) -> Void)?
    /// Before iOS 15.
    @preconcurrency open var fetchRecordZonesCompletionBlock: (@Sendable ([CKRecordZone.ID: CKRecordZone]?, (any Error)?) -> Void)?

    public override init() {}

    public convenience init(recordZoneIDs: [CKRecordZone.ID]) {
        self.init()
        self.recordZoneIDs = recordZoneIDs
    }

    open class func fetchAllRecordZonesOperation() -> CKFetchRecordZonesOperation { CKFetchRecordZonesOperation() }

    override func finish(offline error: CKError) {
        if let fetchRecordZonesResultBlock {
            fetchRecordZonesResultBlock(.failure(error))
        } else {
            fetchRecordZonesCompletionBlock?(nil, error)
        }
    }
}

/// `CKFetchRecordZoneChangesOperation`: fetches what changed in zones since a change token. Fails
/// offline: no change arrives and no token is updated.
open class CKFetchRecordZoneChangesOperation: CKDatabaseOperation, @unchecked Sendable {
    /// `CKFetchRecordZoneChangesOperation.ZoneConfiguration`.
    open class ZoneConfiguration: NSObject, @unchecked Sendable {
        public var previousServerChangeToken: CKServerChangeToken?
        public var resultsLimit: Int
        public var desiredKeys: [CKRecord.FieldKey]?

        public init(previousServerChangeToken: CKServerChangeToken? = nil, resultsLimit: Int? = nil, desiredKeys: [CKRecord.FieldKey]? = nil) {
            self.previousServerChangeToken = previousServerChangeToken
            self.resultsLimit = resultsLimit ?? 0
            self.desiredKeys = desiredKeys
        }
    }

    open var recordZoneIDs: [CKRecordZone.ID]?
    open var configurationsByRecordZoneID: [CKRecordZone.ID: ZoneConfiguration]?
    open var fetchAllChanges = true

    @preconcurrency open var recordWasChangedBlock: (@Sendable (CKRecord.ID, Result<CKRecord, any Error>) -> Void)?
    @preconcurrency open var recordWithIDWasDeletedBlock: (@Sendable (CKRecord.ID, CKRecord.RecordType) -> Void)?
    @preconcurrency open var recordZoneChangeTokensUpdatedBlock: (@Sendable (CKRecordZone.ID, CKServerChangeToken?, Data?) -> Void)?
    @preconcurrency open var recordZoneFetchResultBlock: (
        @Sendable (CKRecordZone.ID, Result<(serverChangeToken: CKServerChangeToken, clientChangeTokenData: Data?, moreComing: Bool), any Error>) -> Void
    )?
    @preconcurrency open var fetchRecordZoneChangesResultBlock: (@Sendable (Result<Void, any Error>) -> Void)?
    /// Before iOS 15.
    @preconcurrency open var recordChangedBlock: (@Sendable (CKRecord) -> Void)?
    /// Before iOS 15.
    @preconcurrency open var recordZoneFetchCompletionBlock: (@Sendable (CKRecordZone.ID, CKServerChangeToken?, Data?, Bool, (any Error)?) -> Void)?
    /// Before iOS 15.
    @preconcurrency open var fetchRecordZoneChangesCompletionBlock: (@Sendable ((any Error)?) -> Void)?

    public override init() {}

    public convenience init(recordZoneIDs: [CKRecordZone.ID]? = nil, configurationsByRecordZoneID: [CKRecordZone.ID: ZoneConfiguration]? = nil) {
        self.init()
        self.recordZoneIDs = recordZoneIDs
        self.configurationsByRecordZoneID = configurationsByRecordZoneID
    }

    override func finish(offline error: CKError) {
        if let fetchRecordZoneChangesResultBlock {
            fetchRecordZoneChangesResultBlock(.failure(error))
        } else {
            fetchRecordZoneChangesCompletionBlock?(error)
        }
    }
}

/// `CKModifySubscriptionsOperation`: saves and deletes subscriptions. Fails offline.
open class CKModifySubscriptionsOperation: CKDatabaseOperation, @unchecked Sendable {
    open var subscriptionsToSave: [CKSubscription]?
    open var subscriptionIDsToDelete: [CKSubscription.ID]?

    @preconcurrency open var perSubscriptionSaveBlock: (@Sendable (CKSubscription.ID, Result<CKSubscription, any Error>) -> Void)?
    @preconcurrency open var perSubscriptionDeleteBlock: (@Sendable (CKSubscription.ID, Result<Void, any Error>) -> Void)?
    @preconcurrency open var modifySubscriptionsResultBlock: (@Sendable (Result<Void, any Error>) -> Void)?
    /// Before iOS 15.
    @preconcurrency open var modifySubscriptionsCompletionBlock: (@Sendable ([CKSubscription]?, [CKSubscription.ID]?, (any Error)?) -> Void)?

    public override init() {}

    public convenience init(subscriptionsToSave: [CKSubscription]? = nil, subscriptionIDsToDelete: [CKSubscription.ID]? = nil) {
        self.init()
        self.subscriptionsToSave = subscriptionsToSave
        self.subscriptionIDsToDelete = subscriptionIDsToDelete
    }

    override func finish(offline error: CKError) {
        if let modifySubscriptionsResultBlock {
            modifySubscriptionsResultBlock(.failure(error))
        } else {
            modifySubscriptionsCompletionBlock?(nil, nil, error)
        }
    }
}

/// `CKAcceptSharesOperation`: joins shares the user accepted. Fails offline.
open class CKAcceptSharesOperation: CKOperation, @unchecked Sendable {
    open var shareMetadatas: [CKShare.Metadata]?

    @preconcurrency open var perShareResultBlock: (@Sendable (CKShare.Metadata, Result<CKShare, any Error>) -> Void)?
    @preconcurrency open var acceptSharesResultBlock: (@Sendable (Result<Void, any Error>) -> Void)?
    /// Before iOS 15.
    @preconcurrency open var perShareCompletionBlock: (@Sendable (CKShare.Metadata, CKShare?, (any Error)?) -> Void)?
    /// Before iOS 15.
    @preconcurrency open var acceptSharesCompletionBlock: (@Sendable ((any Error)?) -> Void)?

    public override init() {}

    public convenience init(shareMetadatas: [CKShare.Metadata]) {
        self.init()
        self.shareMetadatas = shareMetadatas
    }

    override func finish(offline error: CKError) {
        if let acceptSharesResultBlock {
            acceptSharesResultBlock(.failure(error))
        } else {
            acceptSharesCompletionBlock?(error)
        }
    }
}
