import Foundation

/// `CKSubscription`: a standing request for push notifications when records change. Made and
/// configured here; saving one asks the server, which fails offline.
open class CKSubscription: NSObject, @unchecked Sendable {
    public typealias ID = String

    /// `CKSubscription.SubscriptionType`.
    public enum SubscriptionType: Int, Hashable, Sendable { case query = 1, recordZone = 2, database = 3 }

    /// `CKSubscription.NotificationInfo`: what the push shows. Every property is optional, as Apple's.
    open class NotificationInfo: NSObject, @unchecked Sendable {
        public var alertBody: String?
        public var alertLocalizationKey: String?
        public var alertLocalizationArgs: [CKRecord.FieldKey]?
        public var title: String?
        public var titleLocalizationKey: String?
        public var titleLocalizationArgs: [CKRecord.FieldKey]?
        public var subtitle: String?
        public var subtitleLocalizationKey: String?
        public var subtitleLocalizationArgs: [CKRecord.FieldKey]?
        public var alertActionLocalizationKey: String?
        public var alertLaunchImage: String?
        public var soundName: String?
        public var desiredKeys: [CKRecord.FieldKey]?
        public var shouldBadge: Bool
        public var shouldSendContentAvailable: Bool
        public var shouldSendMutableContent: Bool
        public var category: String?
        public var collapseIDKey: String?

        public init(
            alertBody: String? = nil, alertLocalizationKey: String? = nil, alertLocalizationArgs: [CKRecord.FieldKey] = [], title: String? = nil,
            titleLocalizationKey: String? = nil, titleLocalizationArgs: [CKRecord.FieldKey] = [], subtitle: String? = nil,
            subtitleLocalizationKey: String? = nil, subtitleLocalizationArgs: [CKRecord.FieldKey] = [], alertActionLocalizationKey: String? = nil,
            alertLaunchImage: String? = nil, soundName: String? = nil, desiredKeys: [CKRecord.FieldKey] = [], shouldBadge: Bool = false,
            shouldSendContentAvailable: Bool = false, shouldSendMutableContent: Bool = false, category: String? = nil, collapseIDKey: String? = nil
        ) {
            self.alertBody = alertBody
            self.alertLocalizationKey = alertLocalizationKey
            self.alertLocalizationArgs = alertLocalizationArgs
            self.title = title
            self.titleLocalizationKey = titleLocalizationKey
            self.titleLocalizationArgs = titleLocalizationArgs
            self.subtitle = subtitle
            self.subtitleLocalizationKey = subtitleLocalizationKey
            self.subtitleLocalizationArgs = subtitleLocalizationArgs
            self.alertActionLocalizationKey = alertActionLocalizationKey
            self.alertLaunchImage = alertLaunchImage
            self.soundName = soundName
            self.desiredKeys = desiredKeys
            self.shouldBadge = shouldBadge
            self.shouldSendContentAvailable = shouldSendContentAvailable
            self.shouldSendMutableContent = shouldSendMutableContent
            self.category = category
            self.collapseIDKey = collapseIDKey
        }
    }

    public let subscriptionID: ID
    public let subscriptionType: SubscriptionType
    public var notificationInfo: NotificationInfo?

    init(subscriptionID: ID, type: SubscriptionType) {
        self.subscriptionID = subscriptionID
        subscriptionType = type
    }
}

/// `CKQuerySubscription`: notifications for records of a type matching a predicate.
open class CKQuerySubscription: CKSubscription, @unchecked Sendable {
    /// `CKQuerySubscription.Options`.
    public struct Options: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let firesOnRecordCreation = Options(rawValue: 1 << 0)
        public static let firesOnRecordUpdate = Options(rawValue: 1 << 1)
        public static let firesOnRecordDeletion = Options(rawValue: 1 << 2)
        public static let firesOnce = Options(rawValue: 1 << 3)
    }

    public let recordType: CKRecord.RecordType?
    public let predicate: NSPredicate
    public let querySubscriptionOptions: Options
    public var zoneID: CKRecordZone.ID?

    public init(recordType: CKRecord.RecordType, predicate: NSPredicate, subscriptionID: CKSubscription.ID = UUID().uuidString, options: Options = []) {
        self.recordType = recordType
        self.predicate = predicate
        querySubscriptionOptions = options
        super.init(subscriptionID: subscriptionID, type: .query)
    }
}

/// `CKRecordZoneSubscription`: notifications for any change in a zone.
open class CKRecordZoneSubscription: CKSubscription, @unchecked Sendable {
    public let zoneID: CKRecordZone.ID
    public var recordType: CKRecord.RecordType?

    public init(zoneID: CKRecordZone.ID, subscriptionID: CKSubscription.ID = UUID().uuidString) {
        self.zoneID = zoneID
        super.init(subscriptionID: subscriptionID, type: .recordZone)
    }
}

/// `CKDatabaseSubscription`: notifications for any change in a database.
open class CKDatabaseSubscription: CKSubscription, @unchecked Sendable {
    public var recordType: CKRecord.RecordType?

    public init(subscriptionID: CKSubscription.ID = UUID().uuidString) {
        super.init(subscriptionID: subscriptionID, type: .database)
    }
}

/// `CKNotification`: a subscription's push, read from the remote notification's payload. A widget
/// receives no pushes here, but app code that parses one compiles and reads CloudKit's payload keys.
open class CKNotification: NSObject, @unchecked Sendable {
    /// `CKNotification.NotificationType`.
    public enum NotificationType: Int, Hashable, Sendable { case query = 1, recordZone = 2, readNotification = 3, database = 4 }

    public let notificationType: NotificationType
    public let subscriptionID: CKSubscription.ID?
    public let containerIdentifier: String?
    public let alertBody: String?
    public let alertLocalizationKey: String?
    public let title: String?
    public let titleLocalizationKey: String?
    public let subtitle: String?
    public let soundName: String?

    /// The CloudKit part of a push payload (its `ck` dictionary), or `nil` for any other push.
    public init?(fromRemoteNotificationDictionary notificationDictionary: [AnyHashable: Any]) {
        guard let cloud = notificationDictionary["ck"] as? [String: Any] else { return nil }
        let aps = notificationDictionary["aps"] as? [String: Any] ?? [:]
        let alert = aps["alert"] as? [String: Any] ?? [:]
        notificationType = cloud["qry"] != nil ? .query : cloud["fet"] != nil ? .recordZone : cloud["met"] != nil ? .database : .readNotification
        subscriptionID = ((cloud["qry"] ?? cloud["fet"] ?? cloud["met"]) as? [String: Any])?["sid"] as? String
        containerIdentifier = cloud["cid"] as? String
        alertBody = alert["body"] as? String ?? aps["alert"] as? String
        alertLocalizationKey = alert["loc-key"] as? String
        title = alert["title"] as? String
        titleLocalizationKey = alert["title-loc-key"] as? String
        subtitle = alert["subtitle"] as? String
        soundName = aps["sound"] as? String
    }
}

/// `CKRecordZoneNotification`: a zone subscription's push (the payload's `ck.fet`).
open class CKRecordZoneNotification: CKNotification, @unchecked Sendable {
    public let recordZoneID: CKRecordZone.ID?
    public let databaseScope: CKDatabase.Scope

    public override init?(fromRemoteNotificationDictionary notificationDictionary: [AnyHashable: Any]) {
        let zone = (notificationDictionary["ck"] as? [String: Any])?["fet"] as? [String: Any]
        recordZoneID = (zone?["zid"] as? String).map { CKRecordZone.ID(zoneName: $0, ownerName: zone?["zoid"] as? String ?? CKCurrentUserDefaultName) }
        databaseScope = (zone?["dbs"] as? Int).flatMap(CKDatabase.Scope.init(rawValue:)) ?? .private
        super.init(fromRemoteNotificationDictionary: notificationDictionary)
    }
}

/// `CKQueryNotification`: a query subscription's push (the payload's `ck.qry`).
open class CKQueryNotification: CKNotification, @unchecked Sendable {
    /// `CKQueryNotification.Reason`.
    public enum Reason: Int, Hashable, Sendable { case recordCreated = 1, recordUpdated = 2, recordDeleted = 3 }

    public let recordID: CKRecord.ID?
    public let queryNotificationReason: Reason
    public let databaseScope: CKDatabase.Scope

    public override init?(fromRemoteNotificationDictionary notificationDictionary: [AnyHashable: Any]) {
        let query = (notificationDictionary["ck"] as? [String: Any])?["qry"] as? [String: Any]
        let zone = (query?["zid"] as? String).map { CKRecordZone.ID(zoneName: $0, ownerName: query?["zoid"] as? String ?? CKCurrentUserDefaultName) }
        recordID = (query?["rid"] as? String).map { CKRecord.ID(recordName: $0, zoneID: zone ?? .default) }
        queryNotificationReason = (query?["fo"] as? Int).flatMap(Reason.init(rawValue:)) ?? .recordUpdated
        databaseScope = (query?["dbs"] as? Int).flatMap(CKDatabase.Scope.init(rawValue:)) ?? .public
        super.init(fromRemoteNotificationDictionary: notificationDictionary)
    }
}
