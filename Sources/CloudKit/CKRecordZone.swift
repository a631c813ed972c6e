import Foundation

/// `CKCurrentUserDefaultName`: the owner name that stands for the current user.
public let CKCurrentUserDefaultName = "__defaultOwner__"

/// `CKRecordZone`: a zone of a database, as a value. Zones are created on the server by saving them,
/// which fails offline; the value itself works.
open class CKRecordZone: NSObject, @unchecked Sendable {
    /// `CKRecordZone.ID`: a zone's name and owner. Equal and hashed by both, so it keys dictionaries.
    public final class ID: NSObject, @unchecked Sendable {
        public static let defaultZoneName = "_defaultZone"
        public static let `default` = ID(zoneName: defaultZoneName, ownerName: CKCurrentUserDefaultName)

        public let zoneName: String
        public let ownerName: String

        public init(zoneName: String = ID.defaultZoneName, ownerName: String = CKCurrentUserDefaultName) {
            self.zoneName = zoneName
            self.ownerName = ownerName
        }

        public override func isEqual(_ object: Any?) -> Bool {
            guard let other = object as? ID else { return false }
            return zoneName == other.zoneName && ownerName == other.ownerName
        }

        public override var hash: Int { zoneName.hashValue ^ ownerName.hashValue }
        public override var description: String { "<CKRecordZoneID: zoneName=\(zoneName), ownerName=\(ownerName)>" }
    }

    /// `CKRecordZone.Capabilities`.
    public struct Capabilities: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let fetchChanges = Capabilities(rawValue: 1 << 0)
        public static let atomic = Capabilities(rawValue: 1 << 1)
        public static let sharing = Capabilities(rawValue: 1 << 2)
        public static let zoneWideSharing = Capabilities(rawValue: 1 << 3)
    }

    public let zoneID: ID
    /// What a custom zone in a private database offers; the default zone offers none of these.
    public let capabilities: Capabilities
    /// The zone's share, for zone-wide sharing: none, since nothing was shared from here.
    public var share: CKRecord.Reference? { nil }

    public convenience init(zoneName: String) {
        self.init(zoneID: ID(zoneName: zoneName))
    }

    public init(zoneID: ID) {
        self.zoneID = zoneID
        capabilities = zoneID.zoneName == ID.defaultZoneName ? [] : [.fetchChanges, .atomic, .sharing]
    }

    /// The default zone of a database.
    open class func `default`() -> CKRecordZone { CKRecordZone(zoneID: .default) }

    public override func isEqual(_ object: Any?) -> Bool { (object as? CKRecordZone)?.zoneID == zoneID }
    public override var hash: Int { zoneID.hash }
    public override var description: String { "<CKRecordZone: \(zoneID.zoneName)>" }
}
