import Foundation
import Security
import XCTest

/// The Keychain's behaviour: each test has a keychain folder of its own (not the environment's), and
/// calls the `SecItem` functions as apps do.
final class SecurityTests: XCTestCase {
    private var folder = URL(fileURLWithPath: "/")

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("security-tests-\(UUID().uuidString)", isDirectory: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs `body` against this test's keychain.
    private func inKeychain<T>(_ body: () throws -> T) rethrows -> T {
        try Keychain.using(Keychain(folder: folder), body)
    }

    private func password(account: String, service: String = "com.example.widget") -> [String: Any] {
        [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service, kSecAttrAccount as String: account]
    }

    private func add(account: String, secret: String, service: String = "com.example.widget") -> OSStatus {
        var item = password(account: account, service: service)
        item[kSecValueData as String] = Data(secret.utf8)
        return SecItemAdd(item as CFDictionary, nil)
    }

    private func secret(account: String, service: String = "com.example.widget") -> (OSStatus, String?) {
        var query = password(account: account, service: service)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var item: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &item)
        return (status, (item as? Data).flatMap { String(data: $0, encoding: .utf8) })
    }

    func testAddThenCopyMatchingReturnsTheDataAndAttributes() throws {
        try inKeychain {
            XCTAssertEqual(add(account: "ada", secret: "s3cret"), errSecSuccess)
            let (status, value) = secret(account: "ada")
            XCTAssertEqual(status, errSecSuccess)
            XCTAssertEqual(value, "s3cret")

            var query = password(account: "ada")
            query[kSecReturnAttributes as String] = true
            query[kSecReturnData as String] = true
            var item: CFTypeRef?
            XCTAssertEqual(SecItemCopyMatching(query as CFDictionary, &item), errSecSuccess)
            let attributes = try XCTUnwrap(item as? [String: Any])
            XCTAssertEqual(attributes[kSecAttrAccount as String] as? String, "ada")
            XCTAssertEqual(attributes[kSecAttrService as String] as? String, "com.example.widget")
            XCTAssertEqual(attributes[kSecValueData as String] as? Data, Data("s3cret".utf8))
            XCTAssertEqual(attributes[kSecClass as String] as? String, kSecClassGenericPassword as String)
            XCTAssertEqual(attributes[kSecAttrAccessible as String] as? String, kSecAttrAccessibleWhenUnlocked as String, "Apple's default")
            XCTAssertEqual(attributes[kSecAttrSynchronizable as String] as? Bool, false)
            XCTAssertNotNil(attributes[kSecAttrCreationDate as String] as? Date)

            XCTAssertEqual(secret(account: "grace").0, errSecItemNotFound)
            XCTAssertEqual(SecItemCopyMatching(password(account: "ada") as CFDictionary, nil), errSecSuccess, "a status-only search")
        }
    }

    func testADuplicateIsRefusedWhateverItsData() {
        inKeychain {
            XCTAssertEqual(add(account: "ada", secret: "one"), errSecSuccess)
            XCTAssertEqual(add(account: "ada", secret: "two"), errSecDuplicateItem)
            XCTAssertEqual(add(account: "ada", secret: "two", service: "other"), errSecSuccess, "another service is another item")
            XCTAssertEqual(secret(account: "ada").1, "one")
        }
    }

    func testUpdateChangesTheDataOfEveryItemFound() {
        inKeychain {
            XCTAssertEqual(add(account: "ada", secret: "old"), errSecSuccess)
            let changes = [kSecValueData as String: Data("new".utf8), kSecAttrLabel as String: "Token"] as [String: Any]
            XCTAssertEqual(SecItemUpdate(password(account: "ada") as CFDictionary, changes as CFDictionary), errSecSuccess)
            XCTAssertEqual(secret(account: "ada").1, "new")
            XCTAssertEqual(SecItemUpdate(password(account: "grace") as CFDictionary, changes as CFDictionary), errSecItemNotFound)

            XCTAssertEqual(add(account: "grace", secret: "g"), errSecSuccess)
            let rename = [kSecAttrAccount as String: "ada"] as CFDictionary
            XCTAssertEqual(SecItemUpdate(password(account: "grace") as CFDictionary, rename), errSecDuplicateItem, "two items would be one")
            XCTAssertEqual(secret(account: "grace").1, "g", "a refused update changes nothing")
        }
    }

    func testDeleteThenNotFound() {
        inKeychain {
            XCTAssertEqual(add(account: "ada", secret: "x"), errSecSuccess)
            XCTAssertEqual(SecItemDelete(password(account: "ada") as CFDictionary), errSecSuccess)
            XCTAssertEqual(secret(account: "ada").0, errSecItemNotFound)
            XCTAssertEqual(SecItemDelete(password(account: "ada") as CFDictionary), errSecItemNotFound)
        }
    }

    func testItemsPersistInTheFileAcrossKeychains() throws {
        inKeychain { XCTAssertEqual(add(account: "ada", secret: "kept"), errSecSuccess) }
        let file = Keychain(folder: folder).file
        let text = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(text.contains("WidgetHost Keychain"), text)
        XCTAssertFalse(text.contains("kept"), "the secret is base64 in the file, not its text")
        let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        XCTAssertEqual(permissions, 0o600)

        // Another keychain value on the same folder (as a new process would have) reads it back.
        let (status, value) = Keychain.using(Keychain(folder: folder)) { secret(account: "ada") }
        XCTAssertEqual(status, errSecSuccess)
        XCTAssertEqual(value, "kept")
        // And another folder is another keychain.
        let elsewhere = folder.appendingPathComponent("elsewhere", isDirectory: true)
        XCTAssertEqual(Keychain.using(Keychain(folder: elsewhere)) { secret(account: "ada").0 }, errSecItemNotFound)
    }

    /// Without a test's folder, the keychain is in the extension's data folder, as the host names it.
    func testTheKeychainLivesInTheExtensionsDataFolder() throws {
        let previous = ProcessInfo.processInfo.environment["WIDGET_EXTENSION_DATA"]
        setenv("WIDGET_EXTENSION_DATA", folder.path, 1)
        defer {
            if let previous { setenv("WIDGET_EXTENSION_DATA", previous, 1) } else { unsetenv("WIDGET_EXTENSION_DATA") }
        }
        XCTAssertEqual(add(account: "ada", secret: "x"), errSecSuccess)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Keychain/keychain.json").path))
        XCTAssertEqual(SecItemDelete(password(account: "ada") as CFDictionary), errSecSuccess)
    }

    func testADamagedFileIsADecodeErrorAndIsLeftAlone() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = Keychain(folder: folder).file
        for damage in [Data("{not json".utf8), Data(), Data(#"{"format":"WidgetHost Keychain","version":99,"items":[]}"#.utf8),
                       Data(#"{"format":"WidgetHost Keychain","version":1,"items":[{"class":"genp","reference":"r","attributes":{"acct":{"data":"%%"}}}]}"#.utf8)] {
            try damage.write(to: file)
            inKeychain {
                XCTAssertEqual(secret(account: "ada").0, errSecDecode)
                XCTAssertEqual(add(account: "ada", secret: "x"), errSecDecode)
                XCTAssertEqual(SecItemDelete(password(account: "ada") as CFDictionary), errSecDecode)
            }
            XCTAssertEqual(try Data(contentsOf: file), damage, "nothing the app stored is overwritten")
        }
        try FileManager.default.removeItem(at: file)
        inKeychain { XCTAssertEqual(add(account: "ada", secret: "x"), errSecSuccess, "moved aside, the keychain starts empty") }
    }

    func testGenericAndInternetPasswordsAreSeparateClasses() throws {
        try inKeychain {
            XCTAssertEqual(add(account: "ada", secret: "generic"), errSecSuccess)
            let internet: [String: Any] = [
                kSecClass as String: kSecClassInternetPassword, kSecAttrAccount as String: "ada",
                kSecAttrServer as String: "example.com", kSecValueData as String: Data("internet".utf8),
            ]
            XCTAssertEqual(SecItemAdd(internet as CFDictionary, nil), errSecSuccess)
            XCTAssertEqual(SecItemAdd(internet as CFDictionary, nil), errSecDuplicateItem)

            let query: [String: Any] = [kSecClass as String: kSecClassInternetPassword, kSecAttrAccount as String: "ada", kSecReturnData as String: true]
            var item: CFTypeRef?
            XCTAssertEqual(SecItemCopyMatching(query as CFDictionary, &item), errSecSuccess)
            XCTAssertEqual(try XCTUnwrap(item as? Data), Data("internet".utf8))
            XCTAssertEqual(secret(account: "ada", service: "com.example.widget").1, "generic")

            XCTAssertEqual(SecItemDelete([kSecClass as String: kSecClassInternetPassword] as CFDictionary), errSecSuccess)
            XCTAssertEqual(secret(account: "ada").1, "generic", "deleting one class leaves the other")
        }
    }

    func testMatchLimitsShapeTheResult() throws {
        try inKeychain {
            for name in ["a", "b", "c"] { XCTAssertEqual(add(account: name, secret: "secret-\(name)"), errSecSuccess) }
            let all: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword, kSecMatchLimit as String: kSecMatchLimitAll,
                kSecReturnAttributes as String: true, kSecReturnData as String: true,
            ]
            var item: CFTypeRef?
            XCTAssertEqual(SecItemCopyMatching(all as CFDictionary, &item), errSecSuccess)
            let items = try XCTUnwrap(item as? [[String: Any]])
            XCTAssertEqual(items.compactMap { $0[kSecAttrAccount as String] as? String }.sorted(), ["a", "b", "c"])

            var dataOnly = all
            dataOnly[kSecReturnAttributes as String] = false
            XCTAssertEqual(SecItemCopyMatching(dataOnly as CFDictionary, &item), errSecSuccess)
            XCTAssertEqual(try XCTUnwrap(item as? [Data]).count, 3)

            var two = all
            two[kSecMatchLimit as String] = 2
            XCTAssertEqual(SecItemCopyMatching(two as CFDictionary, &item), errSecSuccess)
            XCTAssertEqual(try XCTUnwrap(item as? [[String: Any]]).count, 2)

            var one = all
            one[kSecMatchLimit as String] = kSecMatchLimitOne
            XCTAssertEqual(SecItemCopyMatching(one as CFDictionary, &item), errSecSuccess)
            XCTAssertNotNil(item as? [String: Any], "limit one gives the item itself")
            XCTAssertNil(item as? [[String: Any]])
        }
    }

    func testSynchronizableItemsAreFoundOnlyWhenAsked() {
        inKeychain {
            var item = password(account: "ada")
            item[kSecAttrSynchronizable as String] = true
            item[kSecValueData as String] = Data("icloud".utf8)
            XCTAssertEqual(SecItemAdd(item as CFDictionary, nil), errSecSuccess)
            XCTAssertEqual(secret(account: "ada").0, errSecItemNotFound, "a query without kSecAttrSynchronizable finds only local items")
            var query = password(account: "ada")
            query[kSecAttrSynchronizable as String] = kSecAttrSynchronizableAny
            XCTAssertEqual(SecItemCopyMatching(query as CFDictionary, nil), errSecSuccess)
            query[kSecAttrSynchronizable as String] = kCFBooleanTrue
            XCTAssertEqual(SecItemCopyMatching(query as CFDictionary, nil), errSecSuccess)
        }
    }

    /// Apple keeps a number attribute given a string as a number when the string is one, and as the
    /// string otherwise (Clok stores a workspace ID as a string port, and a name as the creator).
    func testNumberAttributesGivenStrings() throws {
        try inKeychain {
            let item: [String: Any] = [
                kSecClass as String: kSecClassInternetPassword, kSecAttrServer as String: "toggl.com",
                kSecAttrPort as String: "8080", kSecAttrCreator as String: "Ada Lovelace", kSecValueData as String: Data(),
            ]
            XCTAssertEqual(SecItemAdd(item as CFDictionary, nil), errSecSuccess)
            let query: [String: Any] = [kSecClass as String: kSecClassInternetPassword, kSecAttrPort as String: 8080, kSecReturnAttributes as String: true]
            var found: CFTypeRef?
            XCTAssertEqual(SecItemCopyMatching(query as CFDictionary, &found), errSecSuccess, "the port matches as a number")
            let attributes = try XCTUnwrap(found as? [String: Any])
            XCTAssertEqual(attributes[kSecAttrPort as String] as? Int, 8080)
            XCTAssertEqual(attributes[kSecAttrCreator as String] as? String, "Ada Lovelace")
        }
    }

    func testPersistentReferencesFindTheirItem() throws {
        try inKeychain {
            var item = password(account: "ada")
            item[kSecValueData as String] = Data("x".utf8)
            item[kSecReturnPersistentRef as String] = true
            var reference: CFTypeRef?
            XCTAssertEqual(SecItemAdd(item as CFDictionary, &reference), errSecSuccess)
            let persistent = try XCTUnwrap(reference as? Data)
            let query: [String: Any] = [kSecValuePersistentRef as String: persistent, kSecReturnData as String: true]
            var found: CFTypeRef?
            XCTAssertEqual(SecItemCopyMatching(query as CFDictionary, &found), errSecSuccess)
            XCTAssertEqual(found as? Data, Data("x".utf8))
        }
    }

    func testMalformedQueriesAreParameterErrors() {
        inKeychain {
            XCTAssertEqual(SecItemAdd([kSecAttrAccount as String: "ada"] as CFDictionary, nil), errSecParam, "no class")
            XCTAssertEqual(SecItemAdd([kSecClass as String: "nonsense"] as CFDictionary, nil), errSecParam)
            var item = password(account: "ada")
            item[kSecValueData as String] = "a string, not Data"
            XCTAssertEqual(SecItemAdd(item as CFDictionary, nil), errSecParam)
            var query = password(account: "ada")
            query[kSecMatchLimit as String] = "many"
            XCTAssertEqual(SecItemCopyMatching(query as CFDictionary, nil), errSecParam)
            query[kSecMatchLimit as String] = kSecMatchLimitOne
            query[kSecAttrAccessible as String] = "sometimes"
            XCTAssertEqual(SecItemCopyMatching(query as CFDictionary, nil), errSecParam)
        }
    }

    /// What needs Apple's secure hardware or certificate machinery is refused, and a device without a
    /// passcode cannot hold an item that requires one.
    func testWhatCannotBeDoneHere() {
        inKeychain {
            var protected = password(account: "ada")
            protected[kSecAttrAccessControl as String] = SecAccessControlCreateWithFlags(
                kCFAllocatorDefault, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, .biometryCurrentSet, nil)
            XCTAssertNotNil(protected[kSecAttrAccessControl as String] as? SecAccessControl)
            XCTAssertEqual(SecItemAdd(protected as CFDictionary, nil), errSecUnimplemented)

            var passcode = password(account: "ada")
            passcode[kSecAttrAccessible as String] = kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
            XCTAssertEqual(SecItemAdd(passcode as CFDictionary, nil), errSecAuthFailed)

            XCTAssertEqual(SecItemAdd([kSecClass as String: kSecClassKey, kSecAttrApplicationTag as String: Data("k".utf8)] as CFDictionary, nil), errSecUnimplemented)
            var found: CFTypeRef?
            let identity = [kSecClass as String: kSecClassIdentity, kSecAttrLabel as String: "client", kSecReturnRef as String: true] as [String: Any]
            XCTAssertEqual(SecItemCopyMatching(identity as CFDictionary, &found), errSecItemNotFound, "none can be stored, so none is found")
            XCTAssertNil(found)
        }
        XCTAssertNil(SecCertificateCreateWithData(nil, Data([0x30, 0x82]) as CFData))
        var items: CFArray?
        XCTAssertEqual(SecPKCS12Import(Data() as CFData, [kSecImportExportPassphrase as String: "pw"] as CFDictionary, &items), errSecUnimplemented)
        XCTAssertNil(SecAccessControlCreateWithFlags(nil, "not a protection" as CFString, .userPresence, nil))
    }

    func testRandomBytesAndMessages() {
        var first = [UInt8](repeating: 0, count: 33), second = [UInt8](repeating: 0, count: 33)
        XCTAssertEqual(SecRandomCopyBytes(kSecRandomDefault, first.count, &first), errSecSuccess)
        XCTAssertEqual(SecRandomCopyBytes(kSecRandomDefault, second.count, &second), errSecSuccess)
        XCTAssertNotEqual(first, second)
        XCTAssertEqual(SecCopyErrorMessageString(errSecItemNotFound, nil) as String?, "The specified item could not be found in the keychain.")
        XCTAssertEqual(SecCopyErrorMessageString(-1, nil) as String?, "OSStatus -1")
        let password = SecCreateSharedWebCredentialPassword() as String?
        XCTAssertEqual(password?.count, 15)
        XCTAssertEqual(password?.split(separator: "-").count, 4)
    }
}
