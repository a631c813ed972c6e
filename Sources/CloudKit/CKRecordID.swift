import Foundation

extension CKRecord {
    /// `CKRecord.ID`: a record's name and zone. Equal and hashed by both, so it keys dictionaries and
    /// passes as a predicate argument.
    public final class ID: NSObject, @unchecked Sendable {
        public let recordName: String
        public let zoneID: CKRecordZone.ID

        /// A new ID: a UUID for a name and the default zone unless given, as Apple's.
        public init(recordName: String = UUID().uuidString, zoneID: CKRecordZone.ID = .default) {
            self.recordName = recordName
            self.zoneID = zoneID
        }

        public override func isEqual(_ object: Any?) -> Bool {
            guard let other = object as? ID else { return false }
            return recordName == other.recordName && zoneID == other.zoneID
        }

        public override var hash: Int { recordName.hashValue ^ zoneID.hash }
        public override var description: String { "<CKRecordID: \(recordName):(\(zoneID.zoneName):\(zoneID.ownerName))>" }
    }

    /// `CKRecord.Reference`: a field pointing at another record, and what deleting it does to this one.
    public final class Reference: NSObject, @unchecked Sendable, CKRecordValue {
        /// `CKRecord.Reference.Action`.
        public enum Action: UInt, Hashable, Sendable {
            case none = 0
            case deleteSelf = 1
        }

        public let recordID: ID
        public let action: Action

        public init(recordID: ID, action: Action) {
            self.recordID = recordID
            self.action = action
        }

        public convenience init(record: CKRecord, action: Action) {
            self.init(recordID: record.recordID, action: action)
        }

        public override func isEqual(_ object: Any?) -> Bool {
            guard let other = object as? Reference else { return false }
            return recordID == other.recordID && action == other.action
        }

        public override var hash: Int { recordID.hash }
        public override var description: String { "<CKReference: \(recordID.recordName)>" }
    }
}

/// `CKAsset`: a file a record field holds. The file stays where it is; nothing is uploaded.
public final class CKAsset: NSObject, @unchecked Sendable, CKRecordValue {
    public let fileURL: URL?

    public init(fileURL: URL) {
        self.fileURL = fileURL
    }
}
