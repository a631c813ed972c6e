import Foundation

/// Why a Keychain call failed, each with the status Apple's Keychain gives for it.
enum KeychainFailure: Error, Equatable {
    /// A query the Keychain cannot read (no class, a value of the wrong type): `errSecParam`.
    case parameter(String)
    case duplicateItem
    case itemNotFound
    /// The file is not a keychain this code wrote: `errSecDecode`, and the file is left alone, so
    /// nothing the app stored is overwritten.
    case damagedFile(String)
    /// The folder or file cannot be made or read: `errSecNotAvailable`, Apple's "no keychain".
    case unavailable(String)
    case writeFailed(String)
    /// What needs Apple's secure hardware or certificate machinery: `errSecUnimplemented`.
    case unimplemented(String)
    /// An item only a device with a passcode may hold, on a device without one: `errSecAuthFailed`.
    case passcodeNotSet

    var status: OSStatus {
        switch self {
        case .parameter: errSecParam
        case .duplicateItem: errSecDuplicateItem
        case .itemNotFound: errSecItemNotFound
        case .damagedFile: errSecDecode
        case .unavailable: errSecNotAvailable
        case .writeFailed: errSecIO
        case .unimplemented: errSecUnimplemented
        case .passcodeNotSet: errSecAuthFailed
        }
    }

    /// What to tell the developer on standard error (once per distinct message), since a status alone
    /// does not say why: nothing for the answers apps expect (not found, duplicate).
    var notice: String? {
        switch self {
        case .duplicateItem, .itemNotFound: nil
        case .parameter(let why): "errSecParam: \(why)"
        case .damagedFile(let why): "errSecDecode: \(why)"
        case .unavailable(let why): "errSecNotAvailable: \(why)"
        case .writeFailed(let why): "errSecIO: \(why)"
        case .unimplemented(let what): "errSecUnimplemented: \(what)"
        case .passcodeNotSet:
            "errSecAuthFailed: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly items need a device passcode, and this device has none"
        }
    }
}
