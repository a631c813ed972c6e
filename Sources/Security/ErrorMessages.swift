import Foundation

/// `SecCopyErrorMessageString(_:_:)`: the sentence for a status, as apps log it
/// (`SecCopyErrorMessageString(status, nil) as String?`).
public func SecCopyErrorMessageString(_ status: OSStatus, _ reserved: UnsafeMutableRawPointer?) -> CFString? {
    NSString(string: SecurityErrorMessages.message(for: status))
}

/// Apple's wording for the codes this Keychain returns and those apps test for; any other code is
/// named by its number, as Apple's does for codes it has no sentence for.
enum SecurityErrorMessages {
    static func message(for status: OSStatus) -> String {
        messages[status] ?? "OSStatus \(status)"
    }

    private static let messages: [OSStatus: String] = [
        errSecSuccess: "No error.",
        errSecUnimplemented: "Function or operation not implemented.",
        errSecDiskFull: "The disk is full.",
        errSecIO: "I/O error.",
        errSecParam: "One or more parameters passed to a function were not valid.",
        errSecWrPerm: "Write permissions error.",
        errSecAllocate: "Failed to allocate memory.",
        errSecUserCanceled: "User canceled the operation.",
        errSecBadReq: "Bad parameter or invalid state for operation.",
        errSecInternalComponent: "An internal component failed.",
        errSecNotAvailable: "No keychain is available.",
        errSecReadOnly: "This keychain cannot be modified.",
        errSecAuthFailed: "The user name or passphrase you entered is not correct.",
        errSecNoSuchKeychain: "The specified keychain could not be found.",
        errSecInvalidKeychain: "The specified keychain is not a valid keychain file.",
        errSecDuplicateItem: "The specified item already exists in the keychain.",
        errSecItemNotFound: "The specified item could not be found in the keychain.",
        errSecNoSuchAttr: "The specified attribute does not exist.",
        errSecNoSuchClass: "The specified item class does not exist.",
        errSecInteractionNotAllowed: "User interaction is not allowed.",
        errSecDataNotAvailable: "The contents of this item cannot be retrieved.",
        errSecDecode: "Unable to decode the provided data.",
        errSecMissingEntitlement: "A required entitlement isn't present.",
    ]
}
