import Foundation

/// The dictionary keys the Keychain reads, as Swift strings to switch on.
enum Key {
    static let itemClass = kSecClass as String
    static let valueData = kSecValueData as String
    static let valueReference = kSecValueRef as String
    static let valuePersistentReference = kSecValuePersistentRef as String
    static let accessControl = kSecAttrAccessControl as String
    static let accessible = kSecAttrAccessible as String
    static let synchronizable = kSecAttrSynchronizable as String
    static let synchronizableAny = kSecAttrSynchronizableAny as String
    static let creationDate = kSecAttrCreationDate as String
    static let modificationDate = kSecAttrModificationDate as String
    static let matchLimit = kSecMatchLimit as String
    static let matchLimitOne = kSecMatchLimitOne as String
    static let matchLimitAll = kSecMatchLimitAll as String
    static let caseInsensitive = kSecMatchCaseInsensitive as String
    static let returnData = kSecReturnData as String
    static let returnAttributes = kSecReturnAttributes as String
    static let returnReference = kSecReturnRef as String
    static let returnPersistentReference = kSecReturnPersistentRef as String
    static let dataProtectionKeychain = kSecUseDataProtectionKeychain as String
}
