import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LocalAuthentication
import Security
import XCTest

/// The Keychain and LocalAuthentication call forms the surveyed apps write, paraphrased (each cites
/// where the form is from), run against a keychain of the test's own. That they compile is half the
/// point; the assertions check the answers are the ones the apps' code expects.
final class SecurityCallFormTests: XCTestCase {
    private var folder = URL(fileURLWithPath: "/")

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("security-forms-\(UUID().uuidString)", isDirectory: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func inKeychain(_ body: () throws -> Void) rethrows {
        try Keychain.using(Keychain(folder: folder), body)
    }

    /// eliyap/Clok Misc/Keychain/APIKeyHandler.swift and GetCredentials.swift: a literal keyed by the
    /// `kSec` constants themselves cast `as CFDictionary`, an `AnyObject?` out parameter, statuses
    /// compared with bare numbers, and the result read as `NSDictionary` subscripted by `kSec` keys.
    func testInternetPasswordAsClokWritesIt() throws {
        try inKeychain {
            let token = "api-token"
            let item = [
                kSecAttrServer: "api.track.toggl.com",
                kSecAttrAccount: "ada@example.com",
                kSecAttrCreator: "Ada Lovelace",
                kSecValueData: Data(token.utf8),
                kSecAttrPort: "\(42)",
                kSecClass: kSecClassInternetPassword,
                kSecReturnData: true,
            ] as CFDictionary
            var added: AnyObject?
            let status = SecItemAdd(item, &added)
            switch status {
            case 0: break
            case -25299: XCTFail("duplicate")
            default: XCTFail("status \(status)")
            }
            XCTAssertEqual(added as? Data, Data(token.utf8))

            let query = [kSecClass: kSecClassInternetPassword, kSecAttrServer: "api.track.toggl.com", kSecReturnAttributes: true, kSecReturnData: true] as CFDictionary
            var result: AnyObject?
            XCTAssertEqual(SecItemCopyMatching(query, &result), 0)
            let dictionary = try XCTUnwrap(result as? NSDictionary)
            XCTAssertEqual(dictionary[kSecAttrAccount] as? String, "ada@example.com")
            XCTAssertEqual(dictionary[kSecAttrCreator] as? String, "Ada Lovelace")
            XCTAssertEqual(dictionary[kSecAttrPort] as? Int, 42)
            XCTAssertEqual((dictionary[kSecValueData] as? Data).flatMap { String(data: $0, encoding: .utf8) }, token)

            let drop = [kSecClass: kSecClassInternetPassword, kSecAttrServer: "api.track.toggl.com"] as CFDictionary
            XCTAssertEqual(SecItemDelete(drop), 0)
        }
    }

    /// Bunn/PiStats Shared/KeyChainPasswordItem.swift (Apple's sample wrapper, also in Simplenote and
    /// Habitica): a `[String: AnyObject]` query holding `kSecClassGenericPassword` and
    /// `kCFBooleanTrue`, the search through `withUnsafeMutablePointer`, `noErr`, and an update.
    func testGenericPasswordAsApplesSampleWrapperWritesIt() throws {
        try inKeychain {
            func query() -> [String: AnyObject] {
                var query = [String: AnyObject]()
                query[kSecClass as String] = kSecClassGenericPassword
                query[kSecAttrService as String] = "pihole" as AnyObject?
                query[kSecAttrAccount as String] = "admin" as AnyObject?
                return query
            }
            var newItem = query()
            newItem[kSecValueData as String] = Data("first".utf8) as AnyObject?
            XCTAssertEqual(SecItemAdd(newItem as CFDictionary, nil), noErr)

            var attributesToUpdate = [String: AnyObject]()
            attributesToUpdate[kSecValueData as String] = Data("second".utf8) as AnyObject?
            XCTAssertEqual(SecItemUpdate(query() as CFDictionary, attributesToUpdate as CFDictionary), noErr)

            var search = query()
            search[kSecMatchLimit as String] = kSecMatchLimitOne
            search[kSecReturnAttributes as String] = kCFBooleanTrue
            search[kSecReturnData as String] = kCFBooleanTrue
            var queryResult: AnyObject?
            let status = withUnsafeMutablePointer(to: &queryResult) {
                SecItemCopyMatching(search as CFDictionary, UnsafeMutablePointer($0))
            }
            XCTAssertEqual(status, noErr)
            let existing = try XCTUnwrap(queryResult as? [String: AnyObject])
            XCTAssertEqual(existing[kSecValueData as String] as? Data, Data("second".utf8))
            let deleted = SecItemDelete(query() as CFDictionary)
            XCTAssertTrue(deleted == noErr || deleted == errSecItemNotFound)
        }
    }

    /// Loriage/Beszel-Swift-App Beszel-companion/Configuration/KeychainHelper.swift and
    /// BlueWallet/BlueWallet ios/Shared/Utilities/KeychainHelper.swift: `[String: Any]` with an
    /// accessibility value, delete-then-add with the add query itself (data included), the access group
    /// read back from the attributes, and `switch` over the status constants.
    func testDeleteThenAddAsBeszelAndBlueWalletWriteIt() {
        inKeychain {
            func save(_ data: Data) -> Bool {
                let query: [String: Any] = [
                    kSecClass as String: kSecClassGenericPassword,
                    kSecAttrService as String: "beszel",
                    kSecAttrAccount as String: "hub",
                    kSecValueData as String: data,
                    kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock,
                ]
                SecItemDelete(query as CFDictionary)
                return SecItemAdd(query as CFDictionary, nil) == errSecSuccess
            }
            func load() -> Data? {
                let query: [String: Any] = [
                    kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "beszel", kSecAttrAccount as String: "hub",
                    kSecReturnData as String: true, kSecMatchLimit as String: kSecMatchLimitOne,
                ]
                var result: AnyObject?
                switch SecItemCopyMatching(query as CFDictionary, &result) {
                case errSecSuccess: return result as? Data
                case errSecItemNotFound, errSecUserCanceled, errSecAuthFailed: return nil
                default: return nil
                }
            }
            XCTAssertTrue(save(Data("one".utf8)))
            XCTAssertTrue(save(Data("two".utf8)), "the delete found the item though its data differed")
            XCTAssertEqual(load(), Data("two".utf8))

            let groupQuery: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "beszel",
                kSecReturnAttributes as String: true, kSecMatchLimit as String: kSecMatchLimitOne,
            ]
            var result: AnyObject?
            XCTAssertEqual(SecItemCopyMatching(groupQuery as CFDictionary, &result), errSecSuccess)
            let attributes = result as? [String: Any]
            XCTAssertNotNil(attributes)
            XCTAssertNil(attributes?[kSecAttrAccessGroup as String] as? String, "no access group was given")
        }
    }

    /// rainbow-me/rainbow ios/PriceWidget/Providers/CurrencyProvider.swift (a widget's own file): a
    /// literal keyed by `kSec` constants cast `as [String: Any]`, `kCFBooleanTrue!`, a `CFTypeRef?`
    /// result read as `NSDictionary` through `value(forKey:)`.
    func testPriceWidgetFormFromRainbow() throws {
        try inKeychain {
            let add = [kSecClass: kSecClassInternetPassword, kSecAttrServer: "nativeCurrency", kSecValueData: Data("EUR".utf8)] as [String: Any]
            XCTAssertEqual(SecItemAdd(add as CFDictionary, nil), errSecSuccess)
            let query = [
                kSecClass: kSecClassInternetPassword,
                kSecAttrServer: "nativeCurrency",
                kSecReturnAttributes: kCFBooleanTrue as Any,
                kSecReturnData: kCFBooleanTrue as Any,
                kSecMatchLimit: kSecMatchLimitOne,
            ] as [String: Any]
            var item: CFTypeRef?
            XCTAssertEqual(SecItemCopyMatching(query as CFDictionary, &item), 0)
            let found = try XCTUnwrap(item as? NSDictionary)
            let currency = (found.value(forKey: kSecValueData as String) as? Data).flatMap { String(data: $0, encoding: .utf8) }
            XCTAssertEqual(currency, "EUR")
        }
    }

    /// horizontalsystems/unstoppable-wallet-ios …/BackupKeychainService.swift, tonkeeper/ios
    /// LocalPackages/TKKeychain/…/TKKeychain.swift, meshtastic/Meshtastic-Apple
    /// Meshtastic/Helpers/KeychainHelper.swift and daneden/Zeitgeist Shared/Helpers/KeychainItem.swift:
    /// `[CFString: Any]` and `[CFString: AnyObject]` queries, synchronizable items, a `CFString`
    /// default argument, an access control built for a biometry-protected item.
    func testCFStringKeyedQueries() {
        inKeychain {
            func save(_ value: String, accessibility: CFString = kSecAttrAccessibleWhenUnlocked, synchronizable: Bool = true) -> OSStatus {
                let query: [CFString: Any] = [
                    kSecClass: kSecClassGenericPassword,
                    kSecAttrService: "wallet",
                    kSecAttrAccount: "backup",
                    kSecAttrSynchronizable: synchronizable ? kCFBooleanTrue! : kCFBooleanFalse!,
                    kSecAttrAccessible: accessibility,
                    kSecValueData: Data(value.utf8),
                ]
                return SecItemAdd(query as CFDictionary, nil)
            }
            XCTAssertEqual(save("words"), errSecSuccess)
            let load: [CFString: Any] = [
                kSecClass: kSecClassGenericPassword, kSecAttrService: "wallet", kSecAttrAccount: "backup",
                kSecAttrSynchronizable: kCFBooleanTrue as Any, kSecReturnData: kCFBooleanTrue as Any, kSecMatchLimit: kSecMatchLimitOne,
            ]
            var result: AnyObject?
            XCTAssertEqual(SecItemCopyMatching(load as CFDictionary, &result), errSecSuccess)
            XCTAssertEqual(result as? Data, Data("words".utf8))

            // Zeitgeist's `[String: AnyObject]` with `true as AnyObject` and a status-only check.
            let migrated: [String: AnyObject] = [
                kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "backup" as AnyObject,
                kSecAttrSynchronizable as String: kCFBooleanTrue, kSecReturnData as String: false as AnyObject,
            ]
            XCTAssertEqual(SecItemCopyMatching(migrated as CFDictionary, nil), errSecSuccess)

            // Tonkeeper's biometry-protected item: built as on a phone, refused here.
            var protected = [CFString: AnyObject]()
            protected[kSecClass] = kSecClassGenericPassword
            protected[kSecAttrService] = "tonkeeper" as AnyObject
            protected[kSecAttrAccessControl] = SecAccessControlCreateWithFlags(
                kCFAllocatorDefault, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, SecAccessControlCreateFlags.biometryAny, nil)
            protected[kSecValueData] = Data("seed".utf8) as AnyObject
            XCTAssertEqual(SecItemAdd(protected as CFDictionary, nil), errSecUnimplemented)
        }
    }

    /// nightscout/Trio …/Storage/Keychain/BaseKeychain.swift, home-assistant/iOS
    /// Sources/App/Settings/KeychainExplorer/KeychainExplorerView.swift and Sources/App/Utilities/Utils.swift,
    /// duckduckgo/iOS DuckDuckGo/KeychainItemsDebugViewController.swift: every item as
    /// `[[String: Any]]` (Trio's accounts stored as data), `String(kSec…)`, and a class-by-class wipe.
    func testListingAndWipingAsDebugScreensDo() throws {
        try inKeychain {
            let secClass = kSecClass as String, account = String(kSecAttrAccount)
            for key in ["units", "target"] {
                let item: [String: Any] = [secClass: kSecClassGenericPassword, kSecAttrService as String: "trio", account: Data(key.utf8), kSecValueData as String: Data()]
                XCTAssertEqual(SecItemAdd(item as CFDictionary, nil), errSecSuccess)
            }
            var query: [String: Any] = [secClass: kSecClassGenericPassword]
            query[kSecMatchLimit as String] = kSecMatchLimitAll
            query[kSecReturnAttributes as String] = kCFBooleanTrue
            query[kSecReturnRef as String] = true
            query[kSecAttrSynchronizable as String] = kSecAttrSynchronizableAny
            var result: AnyObject?
            let code = withUnsafeMutablePointer(to: &result) { SecItemCopyMatching(query as CFDictionary, UnsafeMutablePointer($0)) }
            XCTAssertEqual(code, noErr)
            let array = try XCTUnwrap(result as? [[String: Any]])
            let keys = array.compactMap { ($0[account] as? Data).flatMap { String(data: $0, encoding: .utf8) } }
            XCTAssertEqual(Set(keys), ["units", "target"])
            XCTAssertNotNil(array.first?[kSecAttrCreationDate as String, default: "no creation"] as? Date)

            let classes: [CFString] = [kSecClassGenericPassword, kSecClassInternetPassword, kSecClassCertificate, kSecClassKey, kSecClassIdentity]
            for keychainClass in classes {
                let status = SecItemDelete([kSecClass as String: keychainClass] as CFDictionary)
                XCTAssertTrue(status == errSecSuccess || status == errSecItemNotFound, "\(keychainClass): \(status)")
            }
            XCTAssertEqual(SecItemCopyMatching(query as CFDictionary, nil), errSecItemNotFound)
            XCTAssertEqual(SecCopyErrorMessageString(errSecItemNotFound, nil) as String?, "The specified item could not be found in the keychain.")
        }
    }

    /// anyproto/anytype-swift Modules/SecureService/…/KeychainStore.swift: `String(kSec…)` keys and a
    /// context that refuses interaction passed under `kSecUseAuthenticationContext`.
    func testAuthenticationContextInAQuery() {
        inKeychain {
            var query: [String: Any] = [String(kSecClass): kSecClassGenericPassword, String(kSecAttrService): "anytype", String(kSecAttrAccount): "key"]
            XCTAssertEqual(SecItemUpdate(query as CFDictionary, [kSecValueData as String: Data()] as CFDictionary), errSecItemNotFound)
            query[String(kSecValueData)] = Data("phrase".utf8)
            XCTAssertEqual(SecItemAdd(query as CFDictionary, nil), errSecSuccess)
            query.removeValue(forKey: String(kSecValueData))
            let context = LAContext()
            context.interactionNotAllowed = true
            query[String(kSecUseAuthenticationContext)] = context
            var item: CFTypeRef?
            let status = SecItemCopyMatching(query as CFDictionary, &item)
            XCTAssertTrue(status == errSecInteractionNotAllowed || status == errSecSuccess)
        }
    }

    /// home-assistant/iOS Sources/WatchWidgets/WatchWidgetLiveFetch.swift (a watch widget's own file) and
    /// Loriage/Beszel-Swift-App Beszel-companion/Services/MTLSSessionDelegate.swift: a session delegate
    /// that switches on the challenge's method and evaluates the server's trust. No challenge here
    /// carries a trust, so such code takes its default path.
    func testTrustHandlingInASessionDelegate() {
        func disposition(_ space: URLProtectionSpace, exceptions: [Data]) -> URLSession.AuthChallengeDisposition {
            switch space.authenticationMethod {
            case NSURLAuthenticationMethodClientCertificate:
                return .performDefaultHandling
            case NSURLAuthenticationMethodServerTrust:
                guard let trust = space.serverTrust else { return .performDefaultHandling }
                for exception in exceptions {
                    _ = SecTrustSetExceptions(trust, exception as CFData)
                    if SecTrustEvaluateWithError(trust, nil) { return .useCredential }
                }
                return .cancelAuthenticationChallenge
            default:
                return .performDefaultHandling
            }
        }
        let space = URLProtectionSpace(host: "ha.local", port: 8123, protocol: "https", realm: nil, authenticationMethod: NSURLAuthenticationMethodServerTrust)
        XCTAssertNil(space.serverTrust)
        XCTAssertEqual(disposition(space, exceptions: [Data()]), .performDefaultHandling)
    }

    /// Random bytes as Ice Cubes, Mastodon, Pocket Casts and Basic Car Maintenance draw them: into an
    /// array, a buffer's base address, an integer.
    func testRandomBytesForms() throws {
        var bytes = [UInt8](repeating: 0, count: 16)
        XCTAssertEqual(SecRandomCopyBytes(kSecRandomDefault, bytes.count, &bytes), errSecSuccess)
        var buffer = Data(count: 32)
        let status = buffer.withUnsafeMutableBytes { raw -> Int32 in
            guard let base = raw.baseAddress else { return errSecParam }
            return SecRandomCopyBytes(kSecRandomDefault, 32, base)
        }
        XCTAssertEqual(status, errSecSuccess)
        var urandom: UInt64 = 0
        XCTAssertEqual(SecRandomCopyBytes(kSecRandomDefault, MemoryLayout<UInt64>.size, &urandom), 0)
    }

    /// Loriage/Beszel-Swift-App Beszel-companion/Services/Managers/SettingsManager.swift (async
    /// evaluation after a check), anyproto/anytype-swift …/LocalAuthService.swift (`as? LAError` on the
    /// check's `NSError`), loopandlearn/LoopFollow LoopFollow/Helpers/AuthService.swift (settings,
    /// `biometryType`, codes switched in the reply), tonkeeper/ios …/BiometryAuthentificator.swift
    /// (`case LAError.userCancel:` over an `NSError`), duckduckgo/iOS DuckDuckGo/AutofillLoginPromptViewController.swift
    /// (`LAError.userCancel.rawValue`), ivpn/ios-app …/UIDevice+Ext.swift (`error: nil`).
    func testLocalAuthenticationForms() async throws {
        let context = LAContext()
        context.localizedFallbackTitle = "Enter Passcode"
        context.touchIDAuthenticationAllowableReuseDuration = 10
        var error: NSError?
        var unlocked = false
        if context.canEvaluatePolicy(.deviceOwnerAuthentication, error: &error) {
            unlocked = try await context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: String(localized: "Unlock"))
        } else if let laError = error as? LAError, laError.code == .passcodeNotSet {
            XCTAssertEqual(context.biometryType, .none)
        } else {
            XCTFail("expected passcodeNotSet, got \(String(describing: error))")
        }
        XCTAssertFalse(unlocked)

        func reason(_ nsError: NSError) -> String {
            switch nsError {
            case LAError.authenticationFailed: "failed"
            case LAError.userCancel: "cancel"
            case LAError.passcodeNotSet: "no passcode"
            case LAError.biometryNotAvailable: "no biometry"
            default: "unknown"
            }
        }
        XCTAssertEqual(error.map(reason), "no passcode")
        XCTAssertNotEqual(error?.code, LAError.userCancel.rawValue)
        XCTAssertFalse(LAContext().canEvaluatePolicy(.deviceOwnerAuthentication, error: nil))

        let outcome: String = await withCheckedContinuation { continuation in
            context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Unlock") { success, err in
                if success { return continuation.resume(returning: "success") }
                if let e = err as? LAError {
                    switch e.code {
                    case .userCancel, .systemCancel, .appCancel: return continuation.resume(returning: "canceled")
                    default: return continuation.resume(returning: "failed \(e.code.rawValue)")
                    }
                }
                continuation.resume(returning: "failed")
            }
        }
        XCTAssertEqual(outcome, "failed -5")

        switch context.biometryType {
        case .faceID, .touchID, .opticID: XCTFail("no biometry here")
        case .none: break
        @unknown default: XCTFail("unknown")
        }
    }
}
