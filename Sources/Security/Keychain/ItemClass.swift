import Foundation

/// The Keychain's item classes (`kSecClass`). Only passwords are kept here: certificates, keys and
/// identities need Apple's certificate and key machinery.
enum ItemClass: String, Codable, Sendable {
    case genericPassword = "genp"
    case internetPassword = "inet"
    case certificate = "cert"
    case key = "keys"
    case identity = "idnt"

    var isPassword: Bool { self == .genericPassword || self == .internetPassword }

    /// The attributes that make an item unique in its class, as Apple's Keychain defines them: adding
    /// an item equal to another in all of them is `errSecDuplicateItem`.
    var primaryKey: [String] {
        switch self {
        case .genericPassword:
            [kSecAttrAccessGroup, kSecAttrService, kSecAttrAccount, kSecAttrSynchronizable].map { $0 as String }
        case .internetPassword:
            [
                kSecAttrAccessGroup, kSecAttrAccount, kSecAttrSecurityDomain, kSecAttrServer, kSecAttrProtocol,
                kSecAttrAuthenticationType, kSecAttrPort, kSecAttrPath, kSecAttrSynchronizable,
            ].map { $0 as String }
        case .certificate, .key, .identity:
            []
        }
    }
}
