import Foundation

/// `CKContainer`: an app's iCloud container and its three databases. The account behind it is
/// absent here: `accountStatus` is `.noAccount`, and calls about the user fail with
/// `CKError.notAuthenticated`, asynchronously as CloudKit's do.
open class CKContainer: NSObject, @unchecked Sendable {
    public let containerIdentifier: String?
    public let privateCloudDatabase: CKDatabase
    public let publicCloudDatabase: CKDatabase
    public let sharedCloudDatabase: CKDatabase

    /// The app's default container, whose identifier Apple reads from the app's entitlements (none
    /// here).
    open class func `default`() -> CKContainer { defaultContainer }
    private static let defaultContainer = CKContainer(containerIdentifier: nil)

    public convenience init(identifier containerIdentifier: String) {
        self.init(containerIdentifier: containerIdentifier)
    }

    private init(containerIdentifier: String?) {
        self.containerIdentifier = containerIdentifier
        privateCloudDatabase = CKDatabase(scope: .private)
        publicCloudDatabase = CKDatabase(scope: .public)
        sharedCloudDatabase = CKDatabase(scope: .shared)
        super.init()
    }

    public func database(with databaseScope: CKDatabase.Scope) -> CKDatabase {
        switch databaseScope {
        case .public: publicCloudDatabase
        case .private: privateCloudDatabase
        case .shared: sharedCloudDatabase
        }
    }

    /// Runs `operation` against the container (the user-discovery and share operations).
    open func add(_ operation: CKOperation) {
        operation.enqueue()
    }

    /// `.noAccount`, with no error: no iCloud account is signed in here.
    @preconcurrency
    open func accountStatus(completionHandler: @escaping @Sendable (CKAccountStatus, (any Error)?) -> Void) {
        OfflineCloud.later { completionHandler(.noAccount, nil) }
    }

    open func accountStatus() async throws(CKError) -> CKAccountStatus {
        OfflineCloud.sayOnce()
        return .noAccount
    }

    /// The user's record ID: `notAuthenticated`, with no account.
    @preconcurrency
    open func fetchUserRecordID(completionHandler: @escaping @Sendable (CKRecord.ID?, (any Error)?) -> Void) {
        OfflineCloud.later { completionHandler(nil, OfflineCloud.notAuthenticated) }
    }

    open func userRecordID() async throws(CKError) -> CKRecord.ID {
        OfflineCloud.sayOnce()
        throw OfflineCloud.notAuthenticated
    }

    /// Accepting a share joins it on the server: `networkUnavailable`.
    @preconcurrency
    open func accept(_ metadata: CKShare.Metadata, completionHandler: @escaping @Sendable (CKShare?, (any Error)?) -> Void) {
        OfflineCloud.later { completionHandler(nil, OfflineCloud.networkUnavailable) }
    }

    open func accept(_ metadata: CKShare.Metadata) async throws(CKError) -> CKShare {
        OfflineCloud.sayOnce()
        throw OfflineCloud.networkUnavailable
    }

    /// A share's metadata comes from the server: `networkUnavailable`.
    @preconcurrency
    open func fetchShareMetadata(with url: URL, completionHandler: @escaping @Sendable (CKShare.Metadata?, (any Error)?) -> Void) {
        OfflineCloud.later { completionHandler(nil, OfflineCloud.networkUnavailable) }
    }

    open func shareMetadata(for url: URL, shouldFetchRootRecord: Bool = false) async throws(CKError) -> CKShare.Metadata {
        OfflineCloud.sayOnce()
        throw OfflineCloud.networkUnavailable
    }
}
