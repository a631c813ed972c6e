import Foundation

/// How an item is to be protected (`SecAccessControlCreateWithFlags`): biometry, the passcode, both.
/// It can be made, so code that builds its attributes runs, but an item carrying one cannot be
/// stored here (this device has no biometry and no passcode): `SecItemAdd` answers
/// `errSecUnimplemented` and says so once.
public final class SecAccessControl: Sendable {
    public let protection: String
    public let flags: SecAccessControlCreateFlags

    init(protection: String, flags: SecAccessControlCreateFlags) {
        self.protection = protection
        self.flags = flags
    }
}

public struct SecAccessControlCreateFlags: OptionSet, Sendable {
    public let rawValue: CFOptionFlags
    public init(rawValue: CFOptionFlags) { self.rawValue = rawValue }

    public static let userPresence = SecAccessControlCreateFlags(rawValue: 1 << 0)
    public static let biometryAny = SecAccessControlCreateFlags(rawValue: 1 << 1)
    public static let biometryCurrentSet = SecAccessControlCreateFlags(rawValue: 1 << 3)
    public static let devicePasscode = SecAccessControlCreateFlags(rawValue: 1 << 4)
    public static let watch = SecAccessControlCreateFlags(rawValue: 1 << 5)
    public static let companion = SecAccessControlCreateFlags(rawValue: 1 << 5)
    public static let or = SecAccessControlCreateFlags(rawValue: 1 << 14)
    public static let and = SecAccessControlCreateFlags(rawValue: 1 << 15)
    public static let privateKeyUsage = SecAccessControlCreateFlags(rawValue: 1 << 30)
    public static let applicationPassword = SecAccessControlCreateFlags(rawValue: 1 << 31)
    @available(*, deprecated, renamed: "biometryAny")
    public static let touchIDAny = SecAccessControlCreateFlags.biometryAny
    @available(*, deprecated, renamed: "biometryCurrentSet")
    public static let touchIDCurrentSet = SecAccessControlCreateFlags.biometryCurrentSet
}

/// The access control for an accessibility value (`kSecAttrAccessible…`) and flags; nil, with an
/// `errSecParam` error, when the protection is not one.
public func SecAccessControlCreateWithFlags(
    _ allocator: CFAllocator?,
    _ protection: CFTypeRef,
    _ flags: SecAccessControlCreateFlags,
    _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> SecAccessControl? {
    guard let name = protection as? String, Accessibility.all.contains(name) else {
        error?.pointee = Unmanaged.passRetained(SecurityError.status(errSecParam))
        return nil
    }
    return SecAccessControl(protection: name, flags: flags)
}

/// `NSOSStatusErrorDomain` errors, as Security's functions that report a `CFError` give them.
enum SecurityError {
    static func status(_ status: OSStatus) -> NSError {
        NSError(domain: NSOSStatusErrorDomain, code: Int(status), userInfo: [NSLocalizedDescriptionKey: SecurityErrorMessages.message(for: status)])
    }

    /// `errSecUnimplemented` for `what`, said once on standard error.
    static func unimplemented(_ what: String) -> NSError {
        SecurityDiagnostics.report("errSecUnimplemented: \(what)")
        return status(errSecUnimplemented)
    }
}
