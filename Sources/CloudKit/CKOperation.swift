import Foundation

/// `CKOperation`: an `Operation` that talks to the server. Offline each fails as a whole: when it
/// runs (on a queue of its own once added to a database or container, or on any `OperationQueue`),
/// its final block hears `CKError.networkUnavailable`, then `Operation`'s `completionBlock` runs.
/// Per-item blocks are not called: the request never left the device, so no item has a result.
///
/// Blocks are set before the operation is added, as with Apple's; adding it hands them over to the
/// queue that runs it.
open class CKOperation: Operation, @unchecked Sendable {
    public typealias ID = String

    /// `CKOperation.Configuration`: how a request would be sent. Recorded; nothing is sent.
    open class Configuration: NSObject, @unchecked Sendable {
        public var container: CKContainer?
        public var qualityOfService: QualityOfService = .default
        public var allowsCellularAccess = true
        public var isLongLived = false
        public var timeoutIntervalForRequest: TimeInterval = 60
        public var timeoutIntervalForResource: TimeInterval = 7 * 24 * 3600

        public override init() {}
    }

    public let operationID: ID = UUID().uuidString
    open var configuration = Configuration()

    @preconcurrency
    open var longLivedOperationWasPersistedBlock: (@Sendable () -> Void)?

    public override init() {}

    /// The operations added to a database or container run here, one at a time, in the order added.
    private static let queue: OperationQueue = {
        let queue = OperationQueue()
        queue.name = "CloudKit.operations"
        queue.maxConcurrentOperationCount = 1
        return queue
    }()

    func enqueue() {
        Self.queue.addOperation(self)
    }

    open override func main() {
        OfflineCloud.sayOnce()
        finish(offline: OfflineCloud.networkUnavailable)
    }

    /// Tells the operation's final block why it failed; each kind of operation knows its blocks.
    func finish(offline error: CKError) {}
}

/// `CKDatabaseOperation`: an operation against one database.
open class CKDatabaseOperation: CKOperation, @unchecked Sendable {
    open var database: CKDatabase?
}
