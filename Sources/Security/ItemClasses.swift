import Foundation

// The item classes, with Apple's string values: results carry the class under `kSecClass`, and apps
// that list the Keychain compare what they read back with these.

// `nonisolated(unsafe)`: Foundation's immutable classes are not marked `Sendable` on Linux; these are
// constants, never mutated.
nonisolated(unsafe) public let kSecClass: CFString = "class"
nonisolated(unsafe) public let kSecClassGenericPassword: CFString = "genp"
nonisolated(unsafe) public let kSecClassInternetPassword: CFString = "inet"
nonisolated(unsafe) public let kSecClassCertificate: CFString = "cert"
nonisolated(unsafe) public let kSecClassKey: CFString = "keys"
nonisolated(unsafe) public let kSecClassIdentity: CFString = "idnt"
