import Foundation

/// `NSMergePolicy`: accepted and kept by contexts. Saves here always merge by property (the values a
/// save changed win; the others stay as stored), which is what the policy most apps set does.
open class NSMergePolicy: NSObject, @unchecked Sendable {
    public enum MergeType: UInt, Sendable {
        case errorMergePolicyType, mergeByPropertyStoreTrumpMergePolicyType, mergeByPropertyObjectTrumpMergePolicyType
        case overwriteMergePolicyType, rollbackMergePolicyType
    }

    public let mergeType: MergeType

    public init(merge type: MergeType) {
        mergeType = type
        super.init()
    }

    public static let error = NSMergePolicy(merge: .errorMergePolicyType)
    public static let mergeByPropertyStoreTrump = NSMergePolicy(merge: .mergeByPropertyStoreTrumpMergePolicyType)
    public static let mergeByPropertyObjectTrump = NSMergePolicy(merge: .mergeByPropertyObjectTrumpMergePolicyType)
    public static let overwrite = NSMergePolicy(merge: .overwriteMergePolicyType)
    public static let rollback = NSMergePolicy(merge: .rollbackMergePolicyType)
}

public let NSErrorMergePolicy: NSMergePolicy = .error
public let NSMergeByPropertyStoreTrumpMergePolicy: NSMergePolicy = .mergeByPropertyStoreTrump
public let NSMergeByPropertyObjectTrumpMergePolicy: NSMergePolicy = .mergeByPropertyObjectTrump
public let NSOverwriteMergePolicy: NSMergePolicy = .overwrite
public let NSRollbackMergePolicy: NSMergePolicy = .rollback
