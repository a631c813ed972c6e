import Foundation

/// `CKModifyRecordsOperation`: saves and deletes records. Fails offline (see `CKOperation`).
open class CKModifyRecordsOperation: CKDatabaseOperation, @unchecked Sendable {
    /// `CKModifyRecordsOperation.RecordSavePolicy`.
    public enum RecordSavePolicy: Int, Hashable, Sendable { case ifServerRecordUnchanged = 0, changedKeys = 1, allKeys = 2 }

    open var recordsToSave: [CKRecord]?
    open var recordIDsToDelete: [CKRecord.ID]?
    open var savePolicy: RecordSavePolicy = .ifServerRecordUnchanged
    open var clientChangeTokenData: Data?
    open var isAtomic = true

    @preconcurrency open var perRecordProgressBlock: (@Sendable (CKRecord, Double) -> Void)?
    @preconcurrency open var perRecordSaveBlock: (@Sendable (CKRecord.ID, Result<CKRecord, any Error>) -> Void)?
    @preconcurrency open var perRecordDeleteBlock: (@Sendable (CKRecord.ID, Result<Void, any Error>) -> Void)?
    @preconcurrency open var modifyRecordsResultBlock: (@Sendable (Result<Void, any Error>) -> Void)?
    /// Before iOS 15.
    @preconcurrency open var perRecordCompletionBlock: (@Sendable (CKRecord, (any Error)?) -> Void)?
    /// Before iOS 15.
    @preconcurrency open var modifyRecordsCompletionBlock: (@Sendable ([CKRecord]?, [CKRecord.ID]?, (any Error)?) -> Void)?

    public override init() {}

    public convenience init(recordsToSave: [CKRecord]? = nil, recordIDsToDelete: [CKRecord.ID]? = nil) {
        self.init()
        self.recordsToSave = recordsToSave
        self.recordIDsToDelete = recordIDsToDelete
    }

    override func finish(offline error: CKError) {
        if let modifyRecordsResultBlock {
            modifyRecordsResultBlock(.failure(error))
        } else {
            modifyRecordsCompletionBlock?(nil, nil, error)
        }
    }
}

/// `CKFetchRecordsOperation`: fetches records by ID. Fails offline (see `CKOperation`).
open class CKFetchRecordsOperation: CKDatabaseOperation, @unchecked Sendable {
    open var recordIDs: [CKRecord.ID]?
    open var desiredKeys: [CKRecord.FieldKey]?

    @preconcurrency open var perRecordProgressBlock: (@Sendable (CKRecord.ID, Double) -> Void)?
    @preconcurrency open var perRecordResultBlock: (@Sendable (CKRecord.ID, Result<CKRecord, any Error>) -> Void)?
    @preconcurrency open var fetchRecordsResultBlock: (@Sendable (Result<Void, any Error>) -> Void)?
    /// Before iOS 15.
    @preconcurrency open var perRecordCompletionBlock: (@Sendable (CKRecord?, CKRecord.ID?, (any Error)?) -> Void)?
    /// Before iOS 15.
    @preconcurrency open var fetchRecordsCompletionBlock: (@Sendable ([CKRecord.ID: CKRecord]?, (any Error)?) -> Void)?

    public override init() {}

    public convenience init(recordIDs: [CKRecord.ID]) {
        self.init()
        self.recordIDs = recordIDs
    }

    /// Fetches the current user's record: fails offline like any other fetch.
    open class func fetchCurrentUserRecordOperation() -> CKFetchRecordsOperation { CKFetchRecordsOperation() }

    override func finish(offline error: CKError) {
        if let fetchRecordsResultBlock {
            fetchRecordsResultBlock(.failure(error))
        } else {
            fetchRecordsCompletionBlock?(nil, error)
        }
    }
}

/// `CKQueryOperation`: runs a query, a page at a time. Fails offline (see `CKOperation`).
open class CKQueryOperation: CKDatabaseOperation, @unchecked Sendable {
    /// `CKQueryOperation.Cursor`: where the next page starts. Only the server makes one.
    public final class Cursor: NSObject, @unchecked Sendable {
        public let query: CKQuery?
        public let zoneID: CKRecordZone.ID?
        init(query: CKQuery?, zoneID: CKRecordZone.ID?) {
            self.query = query
            self.zoneID = zoneID
        }
    }

    /// `resultsLimit` for "as many as the server will give".
    public static let maximumResults = 0

    open var query: CKQuery?
    open var cursor: Cursor?
    open var zoneID: CKRecordZone.ID?
    open var resultsLimit = CKQueryOperation.maximumResults
    open var desiredKeys: [CKRecord.FieldKey]?

    @preconcurrency open var recordMatchedBlock: (@Sendable (CKRecord.ID, Result<CKRecord, any Error>) -> Void)?
    @preconcurrency open var queryResultBlock: (@Sendable (Result<Cursor?, any Error>) -> Void)?
    /// Before iOS 15.
    @preconcurrency open var recordFetchedBlock: (@Sendable (CKRecord) -> Void)?
    /// Before iOS 15.
    @preconcurrency open var queryCompletionBlock: (@Sendable (Cursor?, (any Error)?) -> Void)?

    public override init() {}

    public convenience init(query: CKQuery) {
        self.init()
        self.query = query
    }

    public convenience init(cursor: Cursor) {
        self.init()
        self.cursor = cursor
    }

    override func finish(offline error: CKError) {
        if let queryResultBlock {
            queryResultBlock(.failure(error))
        } else {
            queryCompletionBlock?(nil, error)
        }
    }
}
