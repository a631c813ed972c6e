import Foundation

public let CKErrorDomain = "CKErrorDomain"
public let CKPartialErrorsByItemIDKey = "CKPartialErrors"
public let CKRecordChangedErrorAncestorRecordKey = "AncestorRecord"
public let CKRecordChangedErrorServerRecordKey = "ServerRecord"
public let CKRecordChangedErrorClientRecordKey = "ClientRecord"
public let CKErrorRetryAfterKey = "CKRetryAfter"
public let CKErrorUserDidResetEncryptedDataKey = "CKErrorUserDidResetEncryptedDataKey"

/// `CKError`: a code and its user info, bridged to `NSError` in `CKErrorDomain` as Apple's is, so
/// `error as? CKError`, `error.code == .networkUnavailable`, `catch CKError.networkUnavailable` and
/// `(error as NSError).code` all read as on Apple's platforms.
public struct CKError: Error, Hashable, @unchecked Sendable, CustomNSError, LocalizedError {
    /// `CKError.Code`, with Apple's raw values.
    public enum Code: Int, Hashable, Sendable {
        case internalError = 1
        case partialFailure = 2
        case networkUnavailable = 3
        case networkFailure = 4
        case badContainer = 5
        case serviceUnavailable = 6
        case requestRateLimited = 7
        case missingEntitlement = 8
        case notAuthenticated = 9
        case permissionFailure = 10
        case unknownItem = 11
        case invalidArguments = 12
        case resultsTruncated = 13
        case serverRecordChanged = 14
        case serverRejectedRequest = 15
        case assetFileNotFound = 16
        case assetFileModified = 17
        case incompatibleVersion = 18
        case constraintViolation = 19
        case operationCancelled = 20
        case changeTokenExpired = 21
        case batchRequestFailed = 22
        case zoneBusy = 23
        case badDatabase = 24
        case quotaExceeded = 25
        case zoneNotFound = 26
        case limitExceeded = 27
        case userDeletedZone = 28
        case tooManyParticipants = 29
        case alreadyShared = 30
        case referenceViolation = 31
        case managedAccountRestricted = 32
        case participantMayNeedVerification = 33
        case serverResponseLost = 34
        case assetNotAvailable = 35
        case accountTemporarilyUnavailable = 36
    }

    public let code: Code
    // Immutable once made; `Any` values are what Apple's user info holds too.
    public let userInfo: [String: Any]

    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
        self.userInfo = userInfo
    }

    public static var errorDomain: String { CKErrorDomain }
    public var errorCode: Int { code.rawValue }
    /// The user info with a description, which Linux's bridging to `NSError` reads from here.
    public var errorUserInfo: [String: Any] { userInfo.merging([NSLocalizedDescriptionKey: errorDescription ?? ""]) { mine, _ in mine } }
    public var errorDescription: String? { userInfo[NSLocalizedDescriptionKey] as? String ?? "CKError \(code.rawValue) (\(code))" }

    /// The per-item errors of a `.partialFailure`, by record ID (or zone or subscription ID).
    public var partialErrorsByItemID: [AnyHashable: any Error]? { userInfo[CKPartialErrorsByItemIDKey] as? [AnyHashable: any Error] }
    public var ancestorRecord: CKRecord? { userInfo[CKRecordChangedErrorAncestorRecordKey] as? CKRecord }
    public var serverRecord: CKRecord? { userInfo[CKRecordChangedErrorServerRecordKey] as? CKRecord }
    public var clientRecord: CKRecord? { userInfo[CKRecordChangedErrorClientRecordKey] as? CKRecord }
    /// How long to wait before retrying, when the server said.
    public var retryAfterSeconds: Double? { (userInfo[CKErrorRetryAfterKey] as? NSNumber)?.doubleValue ?? userInfo[CKErrorRetryAfterKey] as? Double }

    /// Two errors are equal when their codes are, as `NSError`s of one domain compare by code here.
    public static func == (lhs: CKError, rhs: CKError) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    // The codes as members of `CKError`, as Apple's bridged errors have them: `CKError.unknownItem`,
    // and `catch CKError.networkUnavailable` through `~=` below.
    public static let internalError = Code.internalError
    public static let partialFailure = Code.partialFailure
    public static let networkUnavailable = Code.networkUnavailable
    public static let networkFailure = Code.networkFailure
    public static let badContainer = Code.badContainer
    public static let serviceUnavailable = Code.serviceUnavailable
    public static let requestRateLimited = Code.requestRateLimited
    public static let missingEntitlement = Code.missingEntitlement
    public static let notAuthenticated = Code.notAuthenticated
    public static let permissionFailure = Code.permissionFailure
    public static let unknownItem = Code.unknownItem
    public static let invalidArguments = Code.invalidArguments
    public static let resultsTruncated = Code.resultsTruncated
    public static let serverRecordChanged = Code.serverRecordChanged
    public static let serverRejectedRequest = Code.serverRejectedRequest
    public static let assetFileNotFound = Code.assetFileNotFound
    public static let assetFileModified = Code.assetFileModified
    public static let incompatibleVersion = Code.incompatibleVersion
    public static let constraintViolation = Code.constraintViolation
    public static let operationCancelled = Code.operationCancelled
    public static let changeTokenExpired = Code.changeTokenExpired
    public static let batchRequestFailed = Code.batchRequestFailed
    public static let zoneBusy = Code.zoneBusy
    public static let badDatabase = Code.badDatabase
    public static let quotaExceeded = Code.quotaExceeded
    public static let zoneNotFound = Code.zoneNotFound
    public static let limitExceeded = Code.limitExceeded
    public static let userDeletedZone = Code.userDeletedZone
    public static let tooManyParticipants = Code.tooManyParticipants
    public static let alreadyShared = Code.alreadyShared
    public static let referenceViolation = Code.referenceViolation
    public static let managedAccountRestricted = Code.managedAccountRestricted
    public static let participantMayNeedVerification = Code.participantMayNeedVerification
    public static let serverResponseLost = Code.serverResponseLost
    public static let assetNotAvailable = Code.assetNotAvailable
    public static let accountTemporarilyUnavailable = Code.accountTemporarilyUnavailable
}

extension CKError.Code {
    /// `catch CKError.networkUnavailable`, `case CKError.zoneNotFound:` on any error.
    public static func ~= (code: CKError.Code, error: any Error) -> Bool {
        (error as? CKError)?.code == code
    }
}
