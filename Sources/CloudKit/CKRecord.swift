import Foundation

/// `CKRecord`: a record's type, ID and fields. Fields work as on Apple's platforms (subscripts,
/// `object(forKey:)`, `setObject(_:forKey:)`, encrypted values, changed keys); the server's metadata
/// (creation and modification dates, creator, change tag) is `nil`, since no record here has ever been
/// saved to a server. Fields are read and written under a lock: a record may be filled on one queue
/// and read in a completion handler on another.
open class CKRecord: NSObject, NSSecureCoding, @unchecked Sendable, CKRecordKeyValueSetting {
    public typealias RecordType = String
    public typealias FieldKey = String

    /// `CKRecord.SystemType`: record types CloudKit itself defines.
    public enum SystemType {
        public static let userRecord: RecordType = "Users"
        public static let share: RecordType = "cloudkit.share"
    }

    /// `CKRecord.SystemFieldKey`: field keys CloudKit itself defines.
    public enum SystemFieldKey {
        public static let parent: FieldKey = "parent"
        public static let share: FieldKey = "share"
    }

    public let recordType: RecordType
    public let recordID: ID

    private let lock = NSLock()
    // The rest is only touched with `lock` held.
    private var fields: [FieldKey: any CKRecordValue] = [:]
    private var changed: [FieldKey] = []
    private var parentReference: Reference?
    private var shareReference: Reference?
    fileprivate var encryptedFields: [FieldKey: any CKRecordValue] = [:]

    public init(recordType: RecordType, recordID: ID = ID()) {
        self.recordType = recordType
        self.recordID = recordID
    }

    public convenience init(recordType: RecordType, zoneID: CKRecordZone.ID) {
        self.init(recordType: recordType, recordID: ID(zoneID: zoneID))
    }

    // Archiving, as sync code keeps a record's system fields between launches
    // (`encodeSystemFields(with:)`, then `CKRecord(coder:)`): its type and ID, and with `encode(with:)`
    // the fields whose values are strings, numbers, dates or data (or arrays of them).

    public static var supportsSecureCoding: Bool { true }

    /// A record read back from an archive; `nil` if the archive holds no record.
    public required init?(coder: NSCoder) {
        // Linux's unarchiver raises on a missing key where Apple's returns nil: each is asked first.
        func text(_ key: String) -> String? {
            coder.containsValue(forKey: key) ? coder.decodeObject(of: NSString.self, forKey: key).map(String.init) : nil
        }
        guard let type = text(ArchiveKey.recordType), let name = text(ArchiveKey.recordName), let zone = text(ArchiveKey.zoneName),
              let owner = text(ArchiveKey.ownerName)
        else { return nil }
        recordType = type
        recordID = ID(recordName: name, zoneID: CKRecordZone.ID(zoneName: zone, ownerName: owner))
        super.init()
        let kinds = [NSDictionary.self, NSArray.self, NSString.self, NSNumber.self, NSDate.self, NSData.self]
        if coder.containsValue(forKey: ArchiveKey.fields), let archived = coder.decodeObject(of: kinds, forKey: ArchiveKey.fields) as? NSDictionary {
            for case let (key as String, value) in archived {
                fields[key] = RecordValueStorage.stored(value as? any CKRecordValue)
            }
        }
    }

    /// The type and ID only, which is what a later save needs to update this record.
    public func encodeSystemFields(with coder: NSCoder) {
        coder.encode(recordType as NSString, forKey: ArchiveKey.recordType)
        coder.encode(recordID.recordName as NSString, forKey: ArchiveKey.recordName)
        coder.encode(recordID.zoneID.zoneName as NSString, forKey: ArchiveKey.zoneName)
        coder.encode(recordID.zoneID.ownerName as NSString, forKey: ArchiveKey.ownerName)
    }

    /// The system fields and the fields that archive as property-list values (references, assets and
    /// locations are left out).
    open func encode(with coder: NSCoder) {
        encodeSystemFields(with: coder)
        let archivable = NSMutableDictionary()
        for (key, value) in lock.withLock({ fields }) {
            if let object = RecordValueStorage.archivable(value) { archivable[key as NSString] = object }
        }
        coder.encode(archivable, forKey: ArchiveKey.fields)
    }

    private enum ArchiveKey {
        static let recordType = "recordType", recordName = "recordName", zoneName = "zoneName", ownerName = "ownerName", fields = "fields"
    }

    // Server metadata: set by the server when a record is saved, which never happens offline.
    public var recordChangeTag: String? { nil }
    public var creationDate: Date? { nil }
    public var modificationDate: Date? { nil }
    public var creatorUserRecordID: ID? { nil }
    public var lastModifiedUserRecordID: ID? { nil }

    /// The record's parent, for sharing hierarchies.
    public var parent: Reference? {
        get { lock.withLock { parentReference } }
        set { lock.withLock { parentReference = newValue } }
    }

    /// The share this record is the root of, once a `CKShare` was made for it.
    public internal(set) var share: Reference? {
        get { lock.withLock { shareReference } }
        set { lock.withLock { shareReference = newValue } }
    }

    public func setParent(_ parentRecord: CKRecord?) {
        parent = parentRecord.map { Reference(record: $0, action: .none) }
    }

    public func setParent(_ parentRecordID: ID?) {
        parent = parentRecordID.map { Reference(recordID: $0, action: .none) }
    }

    public func object(forKey key: FieldKey) -> (any CKRecordValue)? {
        lock.withLock { fields[key] }
    }

    public func setObject(_ object: (any CKRecordValue)?, forKey key: FieldKey) {
        let value = RecordValueStorage.stored(object)
        lock.withLock {
            fields[key] = value
            if !changed.contains(key) { changed.append(key) }
        }
    }

    /// `record["name"]`: the field's value, which a caller casts (`as? String`); setting `nil` removes it.
    public subscript(key: FieldKey) -> (any CKRecordValue)? {
        get { object(forKey: key) }
        set { setObject(newValue, forKey: key) }
    }

    /// `let name: String? = record["name"]` (iOS 15): the field's value if it is a `T`, with numbers
    /// converting as `NSNumber` does.
    public subscript<T: CKRecordValueProtocol>(key: FieldKey) -> T? {
        get { object(forKey: key) as? T }
        set { setObject(newValue, forKey: key) }
    }

    /// Key-value coding's `value(forKey:)`, which Linux's `NSObject` lacks: the field's value.
    public func value(forKey key: String) -> Any? { object(forKey: key) }

    /// Key-value coding's `setValue(_:forKey:)`: `nil` removes the field; a value that is not a record
    /// value leaves it as it was (Apple's raises an exception).
    public func setValue(_ value: Any?, forKey key: String) {
        guard let value else { return setObject(nil, forKey: key) }
        guard let recordValue = value as? any CKRecordValue else { return }
        setObject(recordValue, forKey: key)
    }

    public func allKeys() -> [FieldKey] { lock.withLock { fields.keys.sorted() } }

    /// The keys set since the record was made, in the order first set.
    public func changedKeys() -> [FieldKey] { lock.withLock { changed } }

    /// `record.encryptedValues["ssn"] = …`: fields CloudKit would encrypt on the device before saving,
    /// kept apart from the plain ones.
    public var encryptedValues: any CKRecordKeyValueSetting { EncryptedValues(record: self) }

    fileprivate func withEncryptedFields<R>(_ body: (inout [FieldKey: any CKRecordValue]) -> R) -> R {
        lock.withLock { body(&encryptedFields) }
    }

    public override var description: String {
        "<CKRecord: \(recordType) \(recordID.recordName); \(allKeys().joined(separator: ", "))>"
    }
}

/// `CKRecordKeyValueSetting`: what records and their encrypted values share.
public protocol CKRecordKeyValueSetting: AnyObject {
    func object(forKey key: CKRecord.FieldKey) -> (any CKRecordValue)?
    func setObject(_ object: (any CKRecordValue)?, forKey key: CKRecord.FieldKey)
    subscript(key: CKRecord.FieldKey) -> (any CKRecordValue)? { get set }
    subscript<T: CKRecordValueProtocol>(key: CKRecord.FieldKey) -> T? { get set }
    func allKeys() -> [CKRecord.FieldKey]
    func changedKeys() -> [CKRecord.FieldKey]
}

/// A record's encrypted fields, seen through `encryptedValues`.
private final class EncryptedValues: CKRecordKeyValueSetting {
    let record: CKRecord
    init(record: CKRecord) { self.record = record }

    func object(forKey key: CKRecord.FieldKey) -> (any CKRecordValue)? {
        record.withEncryptedFields { $0[key] }
    }

    func setObject(_ object: (any CKRecordValue)?, forKey key: CKRecord.FieldKey) {
        let value = RecordValueStorage.stored(object)
        record.withEncryptedFields { $0[key] = value }
    }

    subscript(key: CKRecord.FieldKey) -> (any CKRecordValue)? {
        get { object(forKey: key) }
        set { setObject(newValue, forKey: key) }
    }

    subscript<T: CKRecordValueProtocol>(key: CKRecord.FieldKey) -> T? {
        get { object(forKey: key) as? T }
        set { setObject(newValue, forKey: key) }
    }

    func allKeys() -> [CKRecord.FieldKey] { record.withEncryptedFields { $0.keys.sorted() } }
    func changedKeys() -> [CKRecord.FieldKey] { allKeys() }
}
