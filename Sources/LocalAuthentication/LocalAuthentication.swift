// LocalAuthentication: a device with no biometry and no passcode, which is what a widget host is.
// `canEvaluatePolicy` is false with Apple's error for such a device (`passcodeNotSet`,
// `biometryNotAvailable`), `evaluatePolicy` fails with the same, and `biometryType` is `.none`, so
// apps take the path they take on such a device (no lock, or a message).
//
// It re-exports Foundation (and what Linux's lacks of it, such as `NSErrorPointer`), as Apple's does.
@_exported import Foundation
@_exported import FoundationAdditions
