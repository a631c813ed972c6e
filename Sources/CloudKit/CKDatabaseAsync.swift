import Foundation

/// The async forms of `CKDatabase` (iOS 15): each throws `CKError.networkUnavailable`.
extension CKDatabase {
    public func record(for recordID: CKRecord.ID) async throws(CKError) -> CKRecord {
        throw offline()
    }

    public func records(
        for ids: [CKRecord.ID], desiredKeys: [CKRecord.FieldKey]? = nil
    ) async throws(CKError) -> [CKRecord.ID: Result<CKRecord, any Error>] {
        throw offline()
    }

    public func records(
        matching query: CKQuery, inZoneWith zoneID: CKRecordZone.ID? = nil, desiredKeys: [CKRecord.FieldKey]? = nil,
        resultsLimit: Int = CKQueryOperation.maximumResults
    ) async throws(CKError) -> (matchResults: [(CKRecord.ID, Result<CKRecord, any Error>)], queryCursor: CKQueryOperation.Cursor?) {
        throw offline()
    }

    public func records(
        continuingMatchFrom queryCursor: CKQueryOperation.Cursor, desiredKeys: [CKRecord.FieldKey]? = nil,
        resultsLimit: Int = CKQueryOperation.maximumResults
    ) async throws(CKError) -> (matchResults: [(CKRecord.ID, Result<CKRecord, any Error>)], queryCursor: CKQueryOperation.Cursor?) {
        throw offline()
    }

    public func save(_ record: CKRecord) async throws(CKError) -> CKRecord {
        throw offline()
    }

    public func deleteRecord(withID recordID: CKRecord.ID) async throws(CKError) -> CKRecord.ID {
        throw offline()
    }

    public func modifyRecords(
        saving recordsToSave: [CKRecord], deleting recordIDsToDelete: [CKRecord.ID],
        savePolicy: CKModifyRecordsOperation.RecordSavePolicy = .ifServerRecordUnchanged, atomically: Bool = true
    ) async throws(CKError) -> (saveResults: [CKRecord.ID: Result<CKRecord, any Error>], deleteResults: [CKRecord.ID: Result<Void, any Error>]) {
        throw offline()
    }

    public func allRecordZones() async throws(CKError) -> [CKRecordZone] {
        throw offline()
    }

    public func recordZone(for zoneID: CKRecordZone.ID) async throws(CKError) -> CKRecordZone {
        throw offline()
    }

    public func save(_ zone: CKRecordZone) async throws(CKError) -> CKRecordZone {
        throw offline()
    }

    public func deleteRecordZone(withID zoneID: CKRecordZone.ID) async throws(CKError) -> CKRecordZone.ID {
        throw offline()
    }

    public func allSubscriptions() async throws(CKError) -> [CKSubscription] {
        throw offline()
    }

    public func subscription(for subscriptionID: CKSubscription.ID) async throws(CKError) -> CKSubscription {
        throw offline()
    }

    public func save(_ subscription: CKSubscription) async throws(CKError) -> CKSubscription {
        throw offline()
    }

    public func deleteSubscription(withID subscriptionID: CKSubscription.ID) async throws(CKError) -> CKSubscription.ID {
        throw offline()
    }

    private func offline() -> CKError {
        OfflineCloud.sayOnce()
        return OfflineCloud.networkUnavailable
    }
}
