import CloudKit
import CoreLocation
import Foundation
import XCTest

/// CloudKit as a device offline with no iCloud account runs it: records and their fields work, every
/// server call fails with `networkUnavailable` (account calls with `notAuthenticated`), asynchronously.
final class CloudKitTests: XCTestCase {
    /// What completion handlers report, from whichever thread they run on.
    private final class Recorder<Item>: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [Item] = []
        func add(_ item: Item) { lock.withLock { recorded.append(item) } }
        var items: [Item] { lock.withLock { recorded } }
    }

    func testRecordFieldsRoundTrip() {
        let zone = CKRecordZone(zoneName: "Lists")
        let record = CKRecord(recordType: "Item", recordID: CKRecord.ID(recordName: "milk", zoneID: zone.zoneID))
        let when = Date(timeIntervalSince1970: 1_700_000_000)
        let owner = CKRecord(recordType: "List")
        record["name"] = "Milk"
        record["count"] = 3
        record["done"] = true
        record["price"] = 1.25
        record["added"] = when
        record["photo"] = Data([1, 2, 3])
        record["tags"] = ["dairy", "fridge"]
        record["list"] = CKRecord.Reference(record: owner, action: .deleteSelf)
        record["asset"] = CKAsset(fileURL: URL(fileURLWithPath: "/tmp/milk.jpg"))
        record["where"] = CLLocation(latitude: 59.91, longitude: 10.75)

        XCTAssertEqual(record["name"] as? String, "Milk")
        XCTAssertEqual(record["count"] as? Int, 3)
        XCTAssertEqual(record["count"] as? Double, 3, "numbers are kept as CloudKit keeps them (NSNumber)")
        XCTAssertEqual(record["done"] as? Bool, true)
        XCTAssertEqual(record["done"] as? Int, 1)
        XCTAssertEqual(record["price"] as? Double, 1.25)
        XCTAssertEqual(record["added"] as? Date, when)
        XCTAssertEqual(record["photo"] as? Data, Data([1, 2, 3]))
        XCTAssertEqual(record["tags"] as? [String], ["dairy", "fridge"])
        XCTAssertEqual((record["list"] as? CKRecord.Reference)?.recordID, owner.recordID)
        XCTAssertEqual((record["list"] as? CKRecord.Reference)?.action, .deleteSelf)
        XCTAssertEqual((record["asset"] as? CKAsset)?.fileURL?.lastPathComponent, "milk.jpg")
        XCTAssertEqual((record["where"] as? CLLocation)?.coordinate.latitude, 59.91)

        // The typed subscript (iOS 15) and the object forms.
        let count: Int? = record["count"]
        let name: String? = record["name"]
        let missing: String? = record["nothing"]
        XCTAssertEqual(count, 3)
        XCTAssertEqual(name, "Milk")
        XCTAssertNil(missing)
        record.setObject("Oat milk" as NSString, forKey: "name")
        XCTAssertEqual(record.object(forKey: "name") as? String, "Oat milk")
        record["photo"] = nil
        XCTAssertNil(record["photo"])

        XCTAssertEqual(record.allKeys(), ["added", "asset", "count", "done", "list", "name", "price", "tags", "where"])
        XCTAssertEqual(record.changedKeys().first, "name")
        XCTAssertEqual(record.recordType, "Item")
        XCTAssertEqual(record.recordID.zoneID, zone.zoneID)
        XCTAssertNil(record.creationDate, "no server has seen the record")

        record.encryptedValues["note"] = "private"
        let note: String? = record.encryptedValues["note"]
        XCTAssertEqual(note, "private")
        XCTAssertNil(record["note"], "encrypted fields are kept apart")

        record.setParent(owner)
        XCTAssertEqual(record.parent?.recordID, owner.recordID)
    }

    func testIDsAreValues() {
        let a = CKRecord.ID(recordName: "x", zoneID: CKRecordZone.ID(zoneName: "Z", ownerName: CKCurrentUserDefaultName))
        let b = CKRecord.ID(recordName: "x", zoneID: CKRecordZone.ID(zoneName: "Z"))
        XCTAssertEqual(a, b)
        XCTAssertEqual([a: 1][b], 1, "IDs key dictionaries")
        XCTAssertNotEqual(CKRecord.ID(), CKRecord.ID(), "a new ID has a new UUID for a name")
        XCTAssertEqual(CKRecord.ID(recordName: "y").zoneID, .default)
        XCTAssertEqual(CKRecordZone.default().zoneID.zoneName, CKRecordZone.ID.defaultZoneName)
        XCTAssertEqual(CKRecord(recordType: "T", zoneID: a.zoneID).recordID.zoneID, a.zoneID)

        let root = CKRecord(recordType: "List")
        let share = CKShare(rootRecord: root)
        share[CKShare.SystemFieldKey.title] = "Groceries" as CKRecordValue
        XCTAssertEqual(share[CKShare.SystemFieldKey.title] as? String, "Groceries")
        XCTAssertEqual(root.share?.recordID, share.recordID)
        XCTAssertEqual(share.recordType, CKRecord.SystemType.share)
        XCTAssertNil(share.url, "a share gets its URL from the server")
    }

    func testCompletionFormsFailWithNetworkUnavailableAsynchronously() {
        let database = CKContainer.default().privateCloudDatabase
        let record = CKRecord(recordType: "Item")
        let query = CKQuery(recordType: "Item", predicate: NSPredicate(value: true))
        let calls = Recorder<(String, CKError.Code?, Bool)>()
        let done = expectation(description: "handlers")
        done.expectedFulfillmentCount = 7
        XCTAssertTrue(Thread.isMainThread)

        func note(_ name: String) -> @Sendable ((any Error)?, Bool) -> Void {
            { error, gotNothing in
                // Not on the calling (main) thread: the handler was not called inside the call, but
                // later, on a queue of CloudKit's, as CloudKit's are.
                calls.add((name, (error as? CKError)?.code, gotNothing && !Thread.isMainThread))
                done.fulfill()
            }
        }
        let fetched = note("fetch"), saved = note("save"), performed = note("perform"), deleted = note("delete")
        let zoneSaved = note("zone"), subscriptions = note("subscriptions"), modified = note("modify")
        database.fetch(withRecordID: record.recordID) { record, error in fetched(error, record == nil) }
        database.save(record) { record, error in saved(error, record == nil) }
        database.perform(query, inZoneWith: nil) { records, error in performed(error, records == nil) }
        database.delete(withRecordID: record.recordID) { id, error in deleted(error, id == nil) }
        database.save(CKRecordZone(zoneName: "Z")) { zone, error in zoneSaved(error, zone == nil) }
        database.fetchAllSubscriptions { subs, error in subscriptions(error, subs == nil) }
        database.modifyRecords(saving: [record], deleting: []) { result in
            if case .failure(let error) = result { modified(error, true) } else { modified(nil, false) }
        }
        wait(for: [done], timeout: 5)

        XCTAssertEqual(calls.items.map(\.0), ["fetch", "save", "perform", "delete", "zone", "subscriptions", "modify"], "in the order asked")
        for (name, code, gotNothing) in calls.items {
            XCTAssertEqual(code, .networkUnavailable, name)
            XCTAssertTrue(gotNothing, "\(name): no value, and off the calling thread")
        }
    }

    func testAsyncFormsThrowNetworkUnavailable() async {
        let database = CKContainer(identifier: "iCloud.com.example.lists").publicCloudDatabase
        let query = CKQuery(recordType: "Item", predicate: NSPredicate(value: true))
        do {
            _ = try await database.records(matching: query)
            XCTFail("offline")
        } catch CKError.networkUnavailable {
            // As `catch CKError.networkUnavailable` reads on Apple's platforms.
        } catch {
            XCTFail("\(error)")
        }
        do {
            _ = try await database.record(for: CKRecord.ID(recordName: "x"))
            XCTFail("offline")
        } catch {
            XCTAssertEqual(error.code, .networkUnavailable)
        }
        await XCTAssertThrowsNetworkUnavailable { _ = try await database.save(CKRecord(recordType: "Item")) }
        await XCTAssertThrowsNetworkUnavailable { _ = try await database.modifyRecords(saving: [], deleting: [CKRecord.ID(recordName: "x")]) }
        await XCTAssertThrowsNetworkUnavailable { _ = try await database.allRecordZones() }
        await XCTAssertThrowsNetworkUnavailable { _ = try await database.deleteRecord(withID: CKRecord.ID(recordName: "x")) }
    }

    private func XCTAssertThrowsNetworkUnavailable(_ body: () async throws -> Void, file: StaticString = #filePath, line: UInt = #line) async {
        do {
            try await body()
            XCTFail("offline", file: file, line: line)
        } catch {
            XCTAssertEqual((error as? CKError)?.code, .networkUnavailable, file: file, line: line)
        }
    }

    func testNoAccountAndUserCallsAreNotAuthenticated() async throws {
        let container = CKContainer.default()
        let status = try await container.accountStatus()
        XCTAssertEqual(status, .noAccount)

        let answers = Recorder<(CKAccountStatus?, CKError.Code?)>()
        let done = expectation(description: "account")
        done.expectedFulfillmentCount = 2
        container.accountStatus { status, error in
            answers.add((status, (error as? CKError)?.code))
            done.fulfill()
        }
        container.fetchUserRecordID { id, error in
            answers.add((id == nil ? nil : .available, (error as? CKError)?.code))
            done.fulfill()
        }
        await fulfillment(of: [done], timeout: 5)
        XCTAssertEqual(answers.items.map(\.0), [.noAccount, nil])
        XCTAssertEqual(answers.items.map(\.1), [nil, .notAuthenticated])
        do {
            _ = try await container.userRecordID()
            XCTFail("no account")
        } catch {
            XCTAssertEqual(error.code, .notAuthenticated)
        }
    }

    func testOperationsFailAsAWholeThenRunTheirCompletionBlock() {
        let database = CKContainer.default().privateCloudDatabase
        let events = Recorder<String>()
        let done = expectation(description: "operations")
        done.expectedFulfillmentCount = 2

        let modify = CKModifyRecordsOperation(recordsToSave: [CKRecord(recordType: "Item")], recordIDsToDelete: nil)
        modify.perRecordSaveBlock = { _, _ in events.add("per record") }
        modify.modifyRecordsCompletionBlock = { saved, deleted, error in
            events.add("modify \(saved == nil && deleted == nil) \((error as? CKError)?.code == .networkUnavailable)")
        }
        modify.completionBlock = {
            events.add("modify finished")
            done.fulfill()
        }
        let query = CKQueryOperation(query: CKQuery(recordType: "Item", predicate: NSPredicate(value: true)))
        query.recordMatchedBlock = { _, _ in events.add("matched") }
        query.queryResultBlock = { result in
            if case .failure(let error) = result { events.add("query \((error as? CKError)?.code == .networkUnavailable)") }
        }
        query.completionBlock = {
            events.add("query finished")
            done.fulfill()
        }
        database.add(modify)
        database.add(query)
        wait(for: [done], timeout: 5)
        // The operations run one at a time in the order added, so their final blocks are heard in that
        // order; an `Operation`'s completion block runs after it finishes, on a thread of Foundation's
        // choosing, so it may come before or after the next operation's blocks, but never before its own.
        let items = events.items
        XCTAssertEqual(items.sorted(), ["modify finished", "modify true true", "query finished", "query true"])
        func position(_ item: String) -> Int { items.firstIndex(of: item) ?? -1 }
        XCTAssertLessThan(position("modify true true"), position("query true"))
        XCTAssertLessThan(position("modify true true"), position("modify finished"))
        XCTAssertLessThan(position("query true"), position("query finished"))
        XCTAssertTrue(modify.database === database)
        XCTAssertTrue(modify.isFinished)
    }

    func testErrorsBridgeToCKErrorDomain() {
        let error: any Error = CKError(.networkUnavailable)
        let bridged = error as NSError
        XCTAssertEqual(bridged.domain, CKErrorDomain)
        XCTAssertEqual(bridged.code, 3)
        XCTAssertEqual((error as? CKError)?.code, CKError.networkUnavailable)
        switch error {
        case CKError.zoneNotFound: XCTFail("not that code")
        case CKError.networkUnavailable: break
        default: XCTFail("\(error)")
        }
        XCTAssertEqual(CKError(.serverRecordChanged, userInfo: [CKErrorRetryAfterKey: 2.5]).retryAfterSeconds, 2.5)
    }

    func testQueriesAreBuiltWithFoundationsPredicatesAndSorts() {
        let predicate = NSPredicate(format: "name = %@ AND count > %d", "Milk", 2)
        XCTAssertTrue(predicate.evaluate(with: ["name": "Milk", "count": 3]))
        XCTAssertFalse(predicate.evaluate(with: ["name": "Milk", "count": 1]))
        let query = CKQuery(recordType: "Item", predicate: predicate)
        query.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
        XCTAssertEqual(query.sortDescriptors?.count, 1)
        XCTAssertEqual(query.recordType, "Item")

        let subscription = CKQuerySubscription(recordType: "Item", predicate: predicate, options: [.firesOnRecordCreation, .firesOnRecordDeletion])
        let info = CKSubscription.NotificationInfo()
        info.shouldSendContentAvailable = true
        subscription.notificationInfo = info
        XCTAssertEqual(subscription.recordType, "Item")
        XCTAssertTrue(subscription.querySubscriptionOptions.contains(.firesOnRecordDeletion))
        XCTAssertFalse(subscription.subscriptionID.isEmpty)

        let push: [AnyHashable: Any] = ["ck": ["cid": "iCloud.com.example", "qry": ["sid": subscription.subscriptionID]], "aps": ["alert": ["title-loc-key": "NEW"]]]
        let notification = CKNotification(fromRemoteNotificationDictionary: push)
        XCTAssertEqual(notification?.subscriptionID, subscription.subscriptionID)
        XCTAssertEqual(notification?.titleLocalizationKey, "NEW")
        XCTAssertNil(CKNotification(fromRemoteNotificationDictionary: ["aps": [:]]), "not CloudKit's push")
    }
}
