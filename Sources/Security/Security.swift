// Security: the Keychain as apps use it (`SecItemAdd`, `SecItemCopyMatching`, `SecItemUpdate`,
// `SecItemDelete`), kept in a file in the extension's data folder (see Keychain/Keychain.swift), with
// the constants apps pass and the status codes they test. What needs Apple's secure hardware or
// certificate machinery (trust evaluation, certificates, keys, items behind `SecAccessControl`)
// compiles and answers `errSecUnimplemented`, saying so once on standard error.
//
// It re-exports Foundation: Apple's re-exports Core Foundation, whose types (`CFString`,
// `CFDictionary`, `CFData`…) are Foundation's classes here (CoreFoundationTypes.swift), so a file that
// imports Security alone can still write `query as CFDictionary`.
@_exported import Foundation
