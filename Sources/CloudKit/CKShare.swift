import Foundation

/// `CKShare`: a record that shares a record hierarchy or a zone with other iCloud users. It can be
/// made and filled (`share[CKShare.SystemFieldKey.title] = …`); sharing it means saving it, which
/// fails offline, so it has no URL and no participants but its owner-to-be.
open class CKShare: CKRecord, @unchecked Sendable {
    /// `CKShare.SystemFieldKey`: the fields a share's invitation shows.
    public enum SystemFieldKey {
        public static let title: CKRecord.FieldKey = "cloudkit.title"
        public static let thumbnailImageData: CKRecord.FieldKey = "cloudkit.thumbnailImageData"
        public static let shareType: CKRecord.FieldKey = "cloudkit.type"
    }

    /// `CKShare.ParticipantRole`.
    public enum ParticipantRole: Int, Hashable, Sendable { case unknown = 0, owner = 1, privateUser = 3, publicUser = 4 }
    /// `CKShare.ParticipantPermission`.
    public enum ParticipantPermission: Int, Hashable, Sendable { case unknown = 0, none = 1, readOnly = 2, readWrite = 3 }
    /// `CKShare.ParticipantAcceptanceStatus`.
    public enum ParticipantAcceptanceStatus: Int, Hashable, Sendable { case unknown = 0, pending = 1, accepted = 2, removed = 3 }

    /// `CKShare.Participant`: someone a share is shared with. None are known offline.
    open class Participant: NSObject, @unchecked Sendable {
        public let role: ParticipantRole
        public let permission: ParticipantPermission
        public let acceptanceStatus: ParticipantAcceptanceStatus
        init(role: ParticipantRole, permission: ParticipantPermission, acceptanceStatus: ParticipantAcceptanceStatus) {
            self.role = role
            self.permission = permission
            self.acceptanceStatus = acceptanceStatus
        }
    }

    /// `CKShare.Metadata`: what an invitation to a share carries; handed to the app by the system
    /// when the user accepts one, which does not happen here.
    open class Metadata: NSObject, @unchecked Sendable {
        public let containerIdentifier: String
        public let share: CKShare
        public let rootRecordID: CKRecord.ID
        init(containerIdentifier: String, share: CKShare, rootRecordID: CKRecord.ID) {
            self.containerIdentifier = containerIdentifier
            self.share = share
            self.rootRecordID = rootRecordID
        }
    }

    private let lock = NSLock()
    // Only touched with `lock` held.
    private var permission: ParticipantPermission = .none

    /// A share of `rootRecord` and the records under it, in the root's zone.
    public init(rootRecord: CKRecord, shareID: CKRecord.ID) {
        super.init(recordType: CKRecord.SystemType.share, recordID: shareID)
        rootRecord.share = CKRecord.Reference(recordID: shareID, action: .none)
    }

    public convenience init(rootRecord: CKRecord) {
        self.init(rootRecord: rootRecord, shareID: CKRecord.ID(zoneID: rootRecord.recordID.zoneID))
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// A share of a whole zone (iOS 15), with the ID CloudKit gives such shares.
    public init(recordZoneID: CKRecordZone.ID) {
        super.init(recordType: CKRecord.SystemType.share, recordID: CKRecord.ID(recordName: "cloudkit.zoneshare", zoneID: recordZoneID))
    }

    /// Who may join through the share's URL without an invitation.
    public var publicPermission: ParticipantPermission {
        get { lock.withLock { permission } }
        set { lock.withLock { permission = newValue } }
    }

    /// The share's URL, assigned by the server when it is saved: none offline.
    public var url: URL? { nil }
    public var participants: [Participant] { [] }
    public var owner: Participant? { nil }
    public var currentUserParticipant: Participant? { nil }
}
