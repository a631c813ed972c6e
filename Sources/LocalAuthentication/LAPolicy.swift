import Foundation

/// What `evaluatePolicy` is asked to check, with Apple's raw values.
public enum LAPolicy: Int, Sendable {
    case deviceOwnerAuthenticationWithBiometrics = 1
    case deviceOwnerAuthentication = 2
    case deviceOwnerAuthenticationWithCompanion = 3
    case deviceOwnerAuthenticationWithBiometricsOrCompanion = 4
    case deviceOwnerAuthenticationWithWristDetection = 5

    @available(*, deprecated, renamed: "deviceOwnerAuthenticationWithCompanion")
    public static let deviceOwnerAuthenticationWithWatch = LAPolicy.deviceOwnerAuthenticationWithCompanion
    @available(*, deprecated, renamed: "deviceOwnerAuthenticationWithBiometricsOrCompanion")
    public static let deviceOwnerAuthenticationWithBiometricsOrWatch = LAPolicy.deviceOwnerAuthenticationWithBiometricsOrCompanion

    /// The error a device with no biometry, no passcode and no paired companion gives for the policy.
    var unavailableCode: LAError.Code {
        switch self {
        case .deviceOwnerAuthenticationWithBiometrics: .biometryNotAvailable
        case .deviceOwnerAuthentication, .deviceOwnerAuthenticationWithWristDetection: .passcodeNotSet
        case .deviceOwnerAuthenticationWithCompanion, .deviceOwnerAuthenticationWithBiometricsOrCompanion: .companionNotAvailable
        }
    }
}

/// The biometry a device has: none here.
public enum LABiometryType: Int, Sendable {
    case none = 0
    case touchID = 1
    case faceID = 2
    case opticID = 4

    @available(*, deprecated, renamed: "none")
    public static let typeNone = LABiometryType.none
}

/// What `setCredential(_:type:)` sets.
public enum LACredentialType: Int, Sendable {
    case applicationPassword = 0
    case smartCardPIN = -3
}

/// The longest a Touch ID match may be reused for, in seconds.
public let LATouchIDAuthenticationMaximumAllowableReuseDuration: TimeInterval = 300
