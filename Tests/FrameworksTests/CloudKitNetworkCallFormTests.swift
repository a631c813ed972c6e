import CloudKit
import Network
import XCTest

/// The CloudKit and Network call forms of the surveyed apps, each written here in the shape its app
/// writes it (paraphrased; the app and file are named above each). The apps' own files were also
/// type-checked unchanged, in their Swift 5 mode, against these modules; these keep the forms
/// compiling, in this target's Swift 6 mode, and run them offline.
final class CloudKitNetworkCallFormTests: XCTestCase {
    private final class Box<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Value
        init(_ value: Value) { stored = value }
        var value: Value {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }

    /// A model read from and written to a record by string keys, with an owner reference.
    /// Dimillian/ACHNBrowserUI: Packages/Backend/Sources/Backend/CloudKit/protocols/CloudModel.swift,
    /// models/Comment.swift and models/DodoCode.swift.
    private struct Note: Equatable {
        static let recordType = "ACNote"
        enum Keys: String { case id, text, votes, archived, owner }
        var id = UUID().uuidString
        var text = ""
        var votes = 0
        var archived = false
        var record: CKRecord?
        var owner: CKRecord.Reference?
        var isMine = false

        init(text: String) { self.text = text }

        init(withRecord record: CKRecord) {
            id = record[Keys.id.rawValue] as? String ?? ""
            text = record[Keys.text.rawValue] as? String ?? ""
            votes = record[Keys.votes.rawValue] as? Int ?? 0
            archived = record[Keys.archived.rawValue] as? Bool ?? false
            owner = record[Keys.owner.rawValue] as? CKRecord.Reference
            isMine = record.creatorUserRecordID?.recordName.contains("defaultOwner") == true
            self.record = record
        }

        func toRecord(owner: CKRecord?) -> CKRecord {
            let record = self.record ?? CKRecord(recordType: Self.recordType)
            record[Keys.id.rawValue] = id
            record[Keys.text.rawValue] = text
            record[Keys.votes.rawValue] = votes
            record[Keys.archived.rawValue] = archived
            if let owner {
                record[Keys.owner.rawValue] = CKRecord.Reference(record: owner, action: .deleteSelf)
            }
            return record
        }
    }

    func testACHNBrowserUIBackendForms() {
        // Dimillian/ACHNBrowserUI: Packages/Backend/Sources/Backend/CloudKit/services/CommentService.swift,
        // DodoCodeService.swift, protocols/CloudService.swift and Environments/UserCollection.swift.
        let database: CKDatabase = CKContainer.default().publicCloudDatabase
        let owner = CKRecord(recordType: "ACDodoCode")
        var note = Note(text: "Hello")
        note.votes = 2
        let round = Note(withRecord: note.toRecord(owner: owner))
        XCTAssertEqual(round.text, "Hello")
        XCTAssertEqual(round.votes, 2)
        XCTAssertEqual(round.owner?.recordID, owner.recordID)
        XCTAssertFalse(round.isMine)

        let finished = expectation(description: "offline answers")
        finished.expectedFulfillmentCount = 6
        let canPost = Box(true)
        CKContainer.default().accountStatus { status, error in
            canPost.value = status == .available
            finished.fulfill()
        }
        CKContainer.default().fetchUserRecordID { id, error in
            XCTAssertNil(id)
            finished.fulfill()
        }

        let operation = CKModifyRecordsOperation(recordsToSave: [note.toRecord(owner: owner)], recordIDsToDelete: nil)
        operation.modifyRecordsCompletionBlock = { saved, _, error in
            XCTAssertNil(saved?.first)
            XCTAssertNotNil(error)
            finished.fulfill()
        }
        database.add(operation)

        let reference = CKRecord.Reference(record: owner, action: .deleteSelf)
        let predicate = NSPredicate(format: "owner = %@", reference)
        let query = CKQuery(recordType: Note.recordType, predicate: predicate)
        query.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
        database.perform(query, inZoneWith: nil) { records, error in
            XCTAssertNil(records)
            finished.fulfill()
        }

        let subscription = CKQuerySubscription(recordType: Note.recordType, predicate: NSPredicate(format: "owner = %@", owner.recordID), options: .firesOnRecordCreation)
        let info = CKSubscription.NotificationInfo()
        info.titleLocalizationKey = "ACNote.notification.title"
        info.alertLocalizationKey = "ACNote.notification.subtitle"
        info.soundName = "default"
        subscription.notificationInfo = info
        database.save(subscription) { _, _ in finished.fulfill() }
        database.fetchAllSubscriptions { subs, _ in
            if let subs, let sub = subs.first(where: { ($0 as? CKQuerySubscription)?.recordType == Note.recordType }) {
                database.add(CKModifySubscriptionsOperation(subscriptionsToSave: nil, subscriptionIDsToDelete: [sub.subscriptionID]))
            }
            finished.fulfill()
        }

        // UserCollection: a record holding the collection file as an asset, saved with a policy.
        let recordID = CKRecord.ID(recordName: "CurrentUserCollection")
        let collection = CKRecord(recordType: "UserCollection", recordID: recordID)
        collection["data"] = CKAsset(fileURL: URL(fileURLWithPath: "/tmp/collection.json"))
        if let asset = collection["data"] as? CKAsset, let url = asset.fileURL {
            XCTAssertEqual(url.lastPathComponent, "collection.json")
        }
        let modified = CKModifyRecordsOperation(recordsToSave: [collection], recordIDsToDelete: nil)
        modified.savePolicy = .allKeys
        modified.completionBlock = {}
        database.add(modified)
        database.fetch(withRecordID: recordID) { record, error in XCTAssertNil(record?["data"]) }

        wait(for: [finished], timeout: 5)
        XCTAssertFalse(canPost.value, "no account: the app does not offer posting")
    }

    func testQuickToDoForms() {
        // bljubisic/QuickToDo: QuickToDo/Model/CloudKit/CloudKitModel.swift and
        // View/MainViewController.swift (the app's files that the widget's intent file shares
        // `import CloudKit` with: QuickToDo/Model/Intents/QuickToDoIntent.swift).
        let container = CKContainer.default()
        var zone = CKRecordZone(zoneName: "quickToDoZone")
        let database = container.privateCloudDatabase
        _ = container.sharedCloudDatabase
        let finished = expectation(description: "offline answers")
        finished.expectedFulfillmentCount = 3

        let newSubscription = CKQuerySubscription(recordType: "Items", predicate: NSPredicate(value: true), options: [.firesOnRecordCreation, .firesOnRecordDeletion])
        let notification = CKSubscription.NotificationInfo()
        notification.shouldSendContentAvailable = true
        notification.alertBody = "New Item has been added!!"
        newSubscription.notificationInfo = notification

        database.save(zone) { newZone, error in
            XCTAssertNil(newZone)
            XCTAssertEqual((error as? CKError)?.code, .networkUnavailable)
            finished.fulfill()
        }
        zone = CKRecordZone(zoneID: CKRecordZone.ID(zoneName: "quickToDoZone", ownerName: CKCurrentUserDefaultName))

        let query = CKQuery(recordType: "Items", predicate: NSPredicate(format: "Name = %@", "Root"))
        database.perform(query, inZoneWith: zone.zoneID) { receivedRecords, receivedError in
            XCTAssertNil(receivedRecords)
            finished.fulfill()
        }

        let rootRecord = CKRecord(recordType: "Items", recordID: CKRecord.ID(zoneID: zone.zoneID))
        let newRecord = CKRecord(recordType: "Items", recordID: CKRecord.ID(zoneID: zone.zoneID))
        let rootReference = CKRecord.Reference(recordID: rootRecord.recordID, action: .deleteSelf)
        newRecord.setObject(rootReference, forKey: "Root")
        newRecord.setParent(rootRecord)

        let share = CKShare(rootRecord: rootRecord)
        share[CKShare.SystemFieldKey.title] = "Sharing list" as CKRecordValue?
        share[CKShare.SystemFieldKey.shareType] = "QuickToDo" as CKRecordValue
        let zoneShare = CKShare(recordZoneID: zone.zoneID)
        zoneShare[CKShare.SystemFieldKey.title] = "Sharing list" as CKRecordValue?

        let modRecordsList = CKModifyRecordsOperation(recordsToSave: [rootRecord, share], recordIDsToDelete: nil)
        modRecordsList.perRecordCompletionBlock = { record, errorReceived in XCTFail("no record reached the server") }
        modRecordsList.modifyRecordsCompletionBlock = { record, recordID, error in
            let handler: (CKShare?, CKContainer?, (any Error)?) -> Void = { share, container, error in XCTAssertNotNil(error) }
            handler(share, CKContainer.default(), error)
            finished.fulfill()
        }
        CKContainer.default().privateCloudDatabase.add(modRecordsList)
        wait(for: [finished], timeout: 5)
        XCTAssertEqual(newRecord.parent?.recordID, rootRecord.recordID)
        XCTAssertEqual((newRecord.object(forKey: "Root") as? CKRecord.Reference)?.action, .deleteSelf)
    }

    func testOctoPodZoneSyncForms() throws {
        // gdombiak/OctoPod: OctoPod/Model/CloudKitSync/CloudKitPrinterManager.swift (the app's sync,
        // beside its widget): a custom zone, zone operations, incremental change fetches with an
        // archived change token, records archived by their system fields, error codes tested through
        // an extension on CKError.
        let zoneID = CKRecordZone.ID(zoneName: "MyOctoPod", ownerName: CKCurrentUserDefaultName)
        let container = CKContainer(identifier: "iCloud.org.example.OctoPod")
        let finished = expectation(description: "offline answers")
        finished.expectedFulfillmentCount = 4

        let subscription = CKQuerySubscription(
            recordType: "Printer", predicate: NSPredicate(value: true),
            options: [CKQuerySubscription.Options.firesOnRecordCreation, CKQuerySubscription.Options.firesOnRecordDeletion, CKQuerySubscription.Options.firesOnRecordUpdate])
        let subscriptions = CKModifySubscriptionsOperation(subscriptionsToSave: [subscription], subscriptionIDsToDelete: [])
        subscriptions.modifySubscriptionsCompletionBlock = { (saved: [CKSubscription]?, deletedIDs: [String]?, error: Error?) -> Void in
            XCTAssertTrue((error as? CKError)?.isSpecificErrorCode(code: .networkUnavailable) == true)
            finished.fulfill()
        }
        container.privateCloudDatabase.add(subscriptions)

        let zones = CKFetchRecordZonesOperation(recordZoneIDs: [zoneID])
        zones.fetchRecordZonesCompletionBlock = { recordZonesByZoneID, error in
            if let ckerror = error as? CKError, ckerror.code == .zoneNotFound {
                container.privateCloudDatabase.add(CKModifyRecordZonesOperation(recordZonesToSave: [CKRecordZone(zoneID: zoneID)], recordZoneIDsToDelete: []))
            }
            finished.fulfill()
        }
        zones.qualityOfService = .utility
        container.privateCloudDatabase.add(zones)

        let options = CKFetchRecordZoneChangesOperation.ZoneConfiguration()
        options.previousServerChangeToken = nil
        let changes = CKFetchRecordZoneChangesOperation(recordZoneIDs: [zoneID], configurationsByRecordZoneID: [zoneID: options])
        changes.fetchAllChanges = true
        changes.recordChangedBlock = { record in XCTFail("nothing changes offline") }
        changes.recordWithIDWasDeletedBlock = { recordID, recordType in XCTFail("nothing changes offline") }
        changes.recordZoneChangeTokensUpdatedBlock = { recordZoneID, serverChangeToken, clientChangeTokenData in XCTFail("no token offline") }
        changes.recordZoneFetchCompletionBlock = { recordZoneID, serverChangeToken, clientChangeTokenData, moreComing, error in XCTFail("no zone fetched") }
        changes.fetchRecordZoneChangesCompletionBlock = { error in
            XCTAssertNotNil(error)
            finished.fulfill()
        }
        container.privateCloudDatabase.add(changes)

        let recordID = CKRecord.ID(recordName: UUID().uuidString, zoneID: zoneID)
        let fetch = CKFetchRecordsOperation(recordIDs: [recordID])
        fetch.fetchRecordsCompletionBlock = { records, error in
            XCTAssertNil(records?[recordID])
            finished.fulfill()
        }
        container.privateCloudDatabase.add(fetch)
        wait(for: [finished], timeout: 5)

        // A change token and a record's system fields, archived and read back.
        // (NetNewsWire's CloudKitSync/CloudKitZone.swift reads its stored token the same way.)
        let storedToken = try? NSKeyedUnarchiver.unarchivedObject(ofClass: CKServerChangeToken.self, from: Data())
        XCTAssertNil(storedToken, "no token was ever stored")
        let record = CKRecord(recordType: "Printer", recordID: recordID)
        record["hostname"] = "octopi.local"
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        record.encodeSystemFields(with: archiver)
        archiver.finishEncoding()
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        unarchiver.requiresSecureCoding = true
        let restored = CKRecord(coder: unarchiver)
        unarchiver.finishDecoding()
        XCTAssertEqual(restored?.recordID, recordID)
        XCTAssertEqual(restored?.recordType, "Printer")
        XCTAssertNil(restored?["hostname"], "system fields only")

        let whole = try NSKeyedArchiver.archivedData(withRootObject: record, requiringSecureCoding: true)
        let back = try NSKeyedUnarchiver.unarchivedObject(ofClass: CKRecord.self, from: whole)
        XCTAssertEqual(back?["hostname"] as? String, "octopi.local")
        XCTAssertEqual(CKError(.partialFailure, userInfo: [CKPartialErrorsByItemIDKey: [recordID: CKError(.unknownItem)]]).isSpecificErrorCode(code: .unknownItem), true)
        _ = Notification.Name.CKAccountChanged
    }

    func testBlueWalletTCPClientForms() {
        // BlueWallet/BlueWallet: ios/Widgets/Shared/SwiftTCPClient.swift, in the widget target: a path
        // monitor kept beside a TLS or TCP connection tuned through its parameters, whose states
        // drive a continuation, with sends and receives completing with errors.
        let queue = DispatchQueue(label: "SwiftTCPClientQueue", qos: .userInitiated)
        let pathMonitor = NWPathMonitor()
        let lastStatus = Box<NWPath.Status?>(nil)
        let pathSeen = expectation(description: "path")
        pathMonitor.pathUpdateHandler = { path in
            lastStatus.value = path.status
            _ = path.availableInterfaces.map { $0.name }
            pathSeen.fulfill()
        }
        pathMonitor.start(queue: queue)
        wait(for: [pathSeen], timeout: 5)
        XCTAssertEqual(lastStatus.value, .unsatisfied)
        pathMonitor.cancel()

        let tlsOptions = NWProtocolTLS.Options()
        sec_protocol_options_set_verify_block(tlsOptions.securityProtocolOptions, { _, _, completion in completion(true) }, DispatchQueue.global())
        let parameters = NWParameters(tls: tlsOptions, tcp: .init())
        parameters.prohibitExpensivePaths = false
        parameters.expiredDNSBehavior = .allow
        parameters.multipathServiceType = .handover
        let tcpOptions = parameters.defaultProtocolStack.internetProtocol as? NWProtocolTCP.Options
        tcpOptions?.enableFastOpen = false
        tcpOptions?.noDelay = true
        tcpOptions?.enableKeepalive = true
        tcpOptions?.keepaliveCount = 5
        tcpOptions?.connectionTimeout = 10

        guard let nwPort = NWEndpoint.Port(rawValue: 50002) else { return XCTFail("every UInt16 is a port") }
        let connection = NWConnection(host: NWEndpoint.Host("electrum.example.com"), port: nwPort, using: parameters)
        let waited = expectation(description: "waiting")
        connection.stateUpdateHandler = { state in
            switch state {
            case .ready:
                _ = connection.currentPath?.localEndpoint?.debugDescription
                XCTFail("offline")
            case .failed(let error):
                XCTFail("\((error as NSError).code)")
            case .cancelled, .preparing, .setup:
                break
            case .waiting(let error):
                XCTAssertTrue(error.localizedDescription.contains("Network is down"))
                waited.fulfill()
            @unknown default:
                break
            }
        }
        connection.start(queue: queue)
        wait(for: [waited], timeout: 5)
        XCTAssertNil(connection.currentPath?.remoteEndpoint, "the client's send guard returns false here")

        let sent = expectation(description: "send")
        connection.send(content: Data("{}\n".utf8), completion: .contentProcessed { error in
            if let error { XCTAssertEqual((error as NSError).domain, "Network.NWError") }
            sent.fulfill()
        })
        let received = expectation(description: "receive")
        connection.receive(minimumIncompleteLength: 1, maximumLength: 65536) { data, _, isComplete, error in
            XCTAssertTrue(data == nil && !isComplete && error != nil)
            received.fulfill()
        }
        wait(for: [sent, received], timeout: 5)
        connection.stateUpdateHandler = nil
        connection.cancel()
    }

    func testOtherAppsNetworkForms() {
        // Ranchero-Software/NetNewsWire: Modules/RSWeb/Sources/RSWeb/NetworkMonitor.swift (in the
        // widget target): a monitor's path read into connection state.
        let monitor = NWPathMonitor()
        let state = Box<(Bool, NWInterface.InterfaceType?, Bool, Bool)>((true, .wifi, true, true))
        let updated = expectation(description: "path")
        monitor.pathUpdateHandler = { path in
            state.value = (path.status == .satisfied, path.availableInterfaces.first?.type, path.isExpensive, path.isConstrained)
            updated.fulfill()
        }
        monitor.start(queue: DispatchQueue(label: "RSWeb NetworkMonitor"))
        wait(for: [updated], timeout: 5)
        XCTAssertFalse(state.value.0)
        XCTAssertNil(state.value.1)
        monitor.cancel()

        // home-assistant/iOS: Sources/Shared/Common/Extensions/Reachability+NetworkType.swift (its
        // reachability from the monitor's current path) and Sources/HANetworking/Sources/URL+Extensions.swift
        // (private address ranges from an address's raw bytes).
        let current = NWPathMonitor().currentPath
        XCTAssertTrue(current.status != .satisfied || current.usesInterfaceType(.cellular))
        if let ip = IPv4Address("192.168.0.10") {
            let data = ip.rawValue
            XCTAssertEqual(data.count, 4)
            XCTAssertTrue(data[0] == 192 && data[1] == 168)
        }
        if let ipv6 = IPv6Address("fd12::1") {
            XCTAssertEqual(ipv6.rawValue[0] & 0xFE, 0xFC)
        }

        // ivpn/ios-app: IVPNClient/Enums/AddressType.swift; duckduckgo/iOS: Core/URLExtension.swift.
        XCTAssertNotNil(IPv4Address("10.0.0.1"))
        XCTAssertNotNil(IPv6Address("::1"))
        XCTAssertNil(IPv4Address("duckduckgo.com"))

        // home-assistant/iOS: Sources/Shared/Environment/CameraStreamServer.swift (a listener on a
        // port) and rileytestut/AltStore, SideStore/SideStore: Shared/Connections/NetworkConnection.swift
        // (a connection's sends and receives behind completion handlers, its state and endpoint).
        guard let nwPort = NWEndpoint.Port(rawValue: 8555) else { return XCTFail("a port") }
        do {
            let listener = try NWListener(using: .tcp, on: nwPort)
            listener.newConnectionHandler = { connection in connection.cancel() }
            listener.stateUpdateHandler = { state in
                if case let .failed(error) = state { XCTFail("\(error)") }
            }
            listener.start(queue: DispatchQueue(label: "camera-stream-server"))
            listener.cancel()
        } catch {
            XCTFail("\(error)")
        }
        let nwConnection = NWConnection(to: .service(name: "AltServer", type: "_altserver._tcp", domain: "local.", interface: nil), using: .tcp)
        let done = expectation(description: "send and receive")
        done.expectedFulfillmentCount = 2
        nwConnection.send(content: Data([1, 2, 3, 4]), completion: .contentProcessed { error in
            XCTAssertNotNil(error)
            done.fulfill()
        })
        nwConnection.receive(minimumIncompleteLength: 4, maximumLength: 4) { data, context, isComplete, error in
            guard data != nil || error != nil else { return XCTFail("an error comes") }
            done.fulfill()
        }
        nwConnection.start(queue: .global())
        wait(for: [done], timeout: 5)
        switch nwConnection.state {
        case .cancelled, .failed: XCTFail("still waiting")
        default: nwConnection.cancel()
        }
        XCTAssertEqual("\(nwConnection.endpoint) (Network)", "AltServer._altserver._tcp.local. (Network)")
    }
}

extension CKError {
    /// OctoPod's test of an error's code, including within a partial failure.
    fileprivate func isSpecificErrorCode(code: CKError.Code) -> Bool {
        if self.code == code { return true }
        guard self.code == .partialFailure, let errors = partialErrorsByItemID else { return false }
        return errors.values.contains { ($0 as? CKError)?.code == code }
    }
}
