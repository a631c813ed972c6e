import Foundation

public let LAErrorDomain = "com.apple.LocalAuthentication"

/// A local authentication error, as Apple's: a value with a `code`, which a `catch`, a `switch` on an
/// `Error` or `NSError` (`case LAError.userCancel:`) and a cast (`error as? LAError`) all find. It
/// bridges to and from `NSError` in `LAErrorDomain`, so the `NSError` that `canEvaluatePolicy` leaves
/// in its error pointer casts to it, as on Apple's platforms. `@unchecked Sendable` (errors must be):
/// its `userInfo` is set once, from the values an `NSError` carries.
public struct LAError: CustomNSError, LocalizedError, Hashable, @unchecked Sendable {
    public enum Code: Int, Sendable {
        case authenticationFailed = -1
        case userCancel = -2
        case userFallback = -3
        case systemCancel = -4
        case passcodeNotSet = -5
        case biometryNotAvailable = -6
        case biometryNotEnrolled = -7
        case biometryLockout = -8
        case appCancel = -9
        case invalidContext = -10
        case companionNotAvailable = -11
        case biometryNotPaired = -12
        case biometryDisconnected = -13
        case invalidDimensions = -14
        case notInteractive = -1004

        @available(*, deprecated, renamed: "biometryNotAvailable")
        public static let touchIDNotAvailable = Code.biometryNotAvailable
        @available(*, deprecated, renamed: "biometryNotEnrolled")
        public static let touchIDNotEnrolled = Code.biometryNotEnrolled
        @available(*, deprecated, renamed: "biometryLockout")
        public static let touchIDLockout = Code.biometryLockout
        @available(*, deprecated, renamed: "companionNotAvailable")
        public static let watchNotAvailable = Code.companionNotAvailable

        /// `catch LAError.userCancel` and `case LAError.passcodeNotSet:` in a switch over an error.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? LAError)?.code == code
        }

        /// Apple's wording, as `localizedDescription` gives it.
        var message: String {
            switch self {
            case .authenticationFailed: "Application retry limit exceeded."
            case .userCancel: "Canceled by user."
            case .userFallback: "Fallback authentication mechanism selected."
            case .systemCancel: "Canceled by another authentication."
            case .passcodeNotSet: "Passcode not set."
            case .biometryNotAvailable: "Biometry is not available on this device."
            case .biometryNotEnrolled: "No identities are enrolled."
            case .biometryLockout: "Biometry is locked out."
            case .appCancel: "Canceled by application."
            case .invalidContext: "The context has been invalidated."
            case .companionNotAvailable: "No paired companion device is available."
            case .biometryNotPaired: "No biometric accessory is paired."
            case .biometryDisconnected: "The biometric accessory is disconnected."
            case .invalidDimensions: "Invalid dimensions."
            case .notInteractive: "User interaction is required."
            }
        }
    }

    public let code: Code
    public let userInfo: [String: Any]

    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
        self.userInfo = userInfo
    }

    public static var errorDomain: String { LAErrorDomain }
    public var errorCode: Int { code.rawValue }
    public var errorUserInfo: [String: Any] {
        userInfo[NSLocalizedDescriptionKey] == nil ? userInfo.merging([NSLocalizedDescriptionKey: code.message]) { mine, _ in mine } : userInfo
    }
    public var errorDescription: String? { (userInfo[NSLocalizedDescriptionKey] as? String) ?? code.message }

    public static func == (lhs: LAError, rhs: LAError) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    // The codes as members of `LAError`, as Apple's bridged errors have them (`LAError.userCancel`).
    public static var authenticationFailed: Code { .authenticationFailed }
    public static var userCancel: Code { .userCancel }
    public static var userFallback: Code { .userFallback }
    public static var systemCancel: Code { .systemCancel }
    public static var passcodeNotSet: Code { .passcodeNotSet }
    public static var biometryNotAvailable: Code { .biometryNotAvailable }
    public static var biometryNotEnrolled: Code { .biometryNotEnrolled }
    public static var biometryLockout: Code { .biometryLockout }
    public static var appCancel: Code { .appCancel }
    public static var invalidContext: Code { .invalidContext }
    public static var companionNotAvailable: Code { .companionNotAvailable }
    public static var biometryNotPaired: Code { .biometryNotPaired }
    public static var biometryDisconnected: Code { .biometryDisconnected }
    public static var invalidDimensions: Code { .invalidDimensions }
    public static var notInteractive: Code { .notInteractive }
    @available(*, deprecated, renamed: "biometryNotAvailable")
    public static var touchIDNotAvailable: Code { .biometryNotAvailable }
    @available(*, deprecated, renamed: "biometryNotEnrolled")
    public static var touchIDNotEnrolled: Code { .biometryNotEnrolled }
    @available(*, deprecated, renamed: "biometryLockout")
    public static var touchIDLockout: Code { .biometryLockout }
}

/// `NSError` ⇄ `LAError`: Linux's Foundation casts between an error class and a value type through
/// this conformance (as it does `NSData` and `Data`), which is what makes `nsError as? LAError` hold.
extension LAError: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSError {
        NSError(domain: LAErrorDomain, code: code.rawValue, userInfo: errorUserInfo)
    }

    public static func _forceBridgeFromObjectiveC(_ source: NSError, result: inout LAError?) {
        result = _unconditionallyBridgeFromObjectiveC(source)
    }

    public static func _conditionallyBridgeFromObjectiveC(_ source: NSError, result: inout LAError?) -> Bool {
        guard source.domain == LAErrorDomain, let code = Code(rawValue: source.code) else { return false }
        result = LAError(code, userInfo: source.userInfo)
        return true
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSError?) -> LAError {
        var result: LAError?
        if let source, _conditionallyBridgeFromObjectiveC(source, result: &result), let result { return result }
        return LAError(.invalidContext)
    }
}
