import Foundation

// The keys that say what to find and what to hand back, and how: Apple's string values.

// `nonisolated(unsafe)`: Foundation's immutable classes are not marked `Sendable` on Linux; these are
// constants, never mutated.
nonisolated(unsafe) public let kSecMatchPolicy: CFString = "m_Policy"
nonisolated(unsafe) public let kSecMatchItemList: CFString = "m_ItemList"
nonisolated(unsafe) public let kSecMatchSearchList: CFString = "m_SearchList"
nonisolated(unsafe) public let kSecMatchIssuers: CFString = "m_Issuers"
nonisolated(unsafe) public let kSecMatchEmailAddressIfPresent: CFString = "m_EmailAddressIfPresent"
nonisolated(unsafe) public let kSecMatchSubjectContains: CFString = "m_SubjectContains"
nonisolated(unsafe) public let kSecMatchSubjectStartsWith: CFString = "m_SubjectStartsWith"
nonisolated(unsafe) public let kSecMatchSubjectEndsWith: CFString = "m_SubjectEndsWith"
nonisolated(unsafe) public let kSecMatchSubjectWholeString: CFString = "m_SubjectWholeString"
/// String attributes compared without regard to case.
nonisolated(unsafe) public let kSecMatchCaseInsensitive: CFString = "m_CaseInsensitive"
nonisolated(unsafe) public let kSecMatchDiacriticInsensitive: CFString = "m_DiacriticInsensitive"
nonisolated(unsafe) public let kSecMatchWidthInsensitive: CFString = "m_WidthInsensitive"
nonisolated(unsafe) public let kSecMatchTrustedOnly: CFString = "m_TrustedOnly"
nonisolated(unsafe) public let kSecMatchValidOnDate: CFString = "m_ValidOnDate"
/// How many items to hand back: `kSecMatchLimitOne` (the default) gives the item itself,
/// `kSecMatchLimitAll` or a number an array.
nonisolated(unsafe) public let kSecMatchLimit: CFString = "m_Limit"
nonisolated(unsafe) public let kSecMatchLimitOne: CFString = "m_LimitOne"
nonisolated(unsafe) public let kSecMatchLimitAll: CFString = "m_LimitAll"

nonisolated(unsafe) public let kSecReturnData: CFString = "r_Data"
nonisolated(unsafe) public let kSecReturnAttributes: CFString = "r_Attributes"
nonisolated(unsafe) public let kSecReturnRef: CFString = "r_Ref"
nonisolated(unsafe) public let kSecReturnPersistentRef: CFString = "r_PersistentRef"

nonisolated(unsafe) public let kSecValueData: CFString = "v_Data"
nonisolated(unsafe) public let kSecValueRef: CFString = "v_Ref"
nonisolated(unsafe) public let kSecValuePersistentRef: CFString = "v_PersistentRef"

// How to search: all accepted and none changes anything here, where there is one keychain and no
// item asks for authentication.
nonisolated(unsafe) public let kSecUseItemList: CFString = "u_ItemList"
nonisolated(unsafe) public let kSecUseKeychain: CFString = "u_Keychain"
nonisolated(unsafe) public let kSecUseOperationPrompt: CFString = "u_OpPrompt"
nonisolated(unsafe) public let kSecUseNoAuthenticationUI: CFString = "u_NoAuthUI"
nonisolated(unsafe) public let kSecUseAuthenticationUI: CFString = "u_AuthUI"
nonisolated(unsafe) public let kSecUseAuthenticationContext: CFString = "u_AuthCtx"
nonisolated(unsafe) public let kSecUseDataProtectionKeychain: CFString = "nleg"
nonisolated(unsafe) public let kSecUseAuthenticationUIAllow: CFString = "u_AuthUIA"
nonisolated(unsafe) public let kSecUseAuthenticationUIFail: CFString = "u_AuthUIF"
nonisolated(unsafe) public let kSecUseAuthenticationUISkip: CFString = "u_AuthUIS"

// `SecPKCS12Import`'s options and results (see Certificates.swift).
nonisolated(unsafe) public let kSecImportExportPassphrase: CFString = "passphrase"
nonisolated(unsafe) public let kSecImportItemLabel: CFString = "label"
nonisolated(unsafe) public let kSecImportItemKeyID: CFString = "keyid"
nonisolated(unsafe) public let kSecImportItemTrust: CFString = "trust"
nonisolated(unsafe) public let kSecImportItemCertChain: CFString = "chain"
nonisolated(unsafe) public let kSecImportItemIdentity: CFString = "identity"

/// A shared web credential's password (see SharedWebCredentials.swift).
nonisolated(unsafe) public let kSecSharedPassword: CFString = "spwd"
