import Foundation

/// `CKQuery`: a record type, a predicate and an order, as a value. Running it asks the server, which
/// fails offline; the predicate is never evaluated here.
public final class CKQuery: NSObject, @unchecked Sendable {
    public let recordType: CKRecord.RecordType
    public let predicate: NSPredicate

    private let lock = NSLock()
    // Only touched with `lock` held.
    private var sorting: [NSSortDescriptor]?

    public init(recordType: CKRecord.RecordType, predicate: NSPredicate) {
        self.recordType = recordType
        self.predicate = predicate
    }

    public var sortDescriptors: [NSSortDescriptor]? {
        get { lock.withLock { sorting } }
        set { lock.withLock { sorting = newValue } }
    }
}
