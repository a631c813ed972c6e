import Foundation

/// The Keychain of this process: a file in the extension's data folder (`WIDGET_EXTENSION_DATA`,
/// which the host gives each extension, as app-group folders use), or under the temporary folder
/// outside a host. Tests point the `SecItem` functions at a folder of their own with `using(_:_:)`.
package struct Keychain: Sendable {
    /// The folder that holds `keychain.json`.
    package let folder: URL

    package init(folder: URL) {
        self.folder = folder
    }

    package var file: URL { folder.appendingPathComponent("keychain.json") }

    /// The keychain the `SecItem` functions use now: a test's, or the process's.
    static var current: Keychain {
        override ?? Keychain(folder: defaultFolder)
    }

    private static var defaultFolder: URL {
        let base = ProcessInfo.processInfo.environment["WIDGET_EXTENSION_DATA"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("widget-keychain", isDirectory: true)
        return base.appendingPathComponent("Keychain", isDirectory: true)
    }

    @TaskLocal private static var override: Keychain?

    /// Runs `body` with the `SecItem` functions reading and writing this keychain.
    package static func using<T>(_ keychain: Keychain, _ body: () throws -> T) rethrows -> T {
        try $override.withValue(keychain, operation: body)
    }

    // MARK: Operations

    /// `SecItemAdd`: the new item, refused when its class's primary key is taken.
    func add(_ query: KeychainQuery) throws(KeychainFailure) -> KeychainItem {
        guard let itemClass = query.itemClass else { throw .parameter("SecItemAdd needs kSecClass") }
        try Self.checkStorable(query, itemClass: itemClass)
        if query.anySynchronizable { throw .parameter("kSecAttrSynchronizableAny is for queries, not for an item") }
        return try changingItems { items throws(KeychainFailure) in
            let item = KeychainItem(adding: query, itemClass: itemClass, now: Date())
            if items.contains(where: item.isDuplicate) { throw .duplicateItem }
            items.append(item)
            return item
        }
    }

    /// `SecItemCopyMatching`: the items found, as many as the limit allows.
    func copyMatching(_ query: KeychainQuery) throws(KeychainFailure) -> [KeychainItem] {
        try Self.checkSearchable(query)
        let found = try readingItems().filter(query.finds)
        guard !found.isEmpty else { throw .itemNotFound }
        switch query.limit {
        case .one: return [found[0]]
        case .all: return found
        case .count(let count): return Array(found.prefix(count))
        }
    }

    /// `SecItemUpdate`: every item found gets the changes; refused if that makes two items one.
    func update(_ query: KeychainQuery, with changes: KeychainQuery) throws(KeychainFailure) {
        try Self.checkSearchable(query)
        if let changed = changes.itemClass, changed != query.itemClass { throw .parameter("SecItemUpdate cannot change an item's class") }
        if changes.anySynchronizable { throw .parameter("kSecAttrSynchronizableAny is for queries, not for an item") }
        if let itemClass = query.itemClass { try Self.checkStorable(changes, itemClass: itemClass) }
        try changingItems { items throws(KeychainFailure) in
            let now = Date()
            let found = items.indices.filter { query.finds(items[$0]) }
            guard !found.isEmpty else { throw .itemNotFound }
            var result = items
            for index in found { result[index] = items[index].updated(with: changes, now: now) }
            for index in found {
                let clash = result.indices.contains { $0 != index && result[$0].isDuplicate(of: result[index]) }
                if clash { throw .duplicateItem }
            }
            items = result
        }
    }

    /// `SecItemDelete`: every item found.
    func delete(_ query: KeychainQuery) throws(KeychainFailure) {
        try Self.checkSearchable(query)
        try changingItems { items throws(KeychainFailure) in
            let before = items.count
            items.removeAll(where: query.finds)
            if items.count == before { throw .itemNotFound }
        }
    }

    // MARK: Rules

    /// What cannot be stored here, and why: certificates, keys and identities, items behind an access
    /// control, and, with no passcode on this device, items that require one.
    private static func checkStorable(_ query: KeychainQuery, itemClass: ItemClass) throws(KeychainFailure) {
        if !itemClass.isPassword || query.hasValueReference {
            throw .unimplemented("certificates, keys and identities are not kept in this Keychain (kSecClass \(itemClass.rawValue))")
        }
        if query.hasAccessControl {
            throw .unimplemented("items protected by kSecAttrAccessControl (biometry, passcode) cannot be stored here")
        }
        if query.attributes[Key.accessible] == .string(Accessibility.whenPasscodeSet) { throw .passcodeNotSet }
    }

    /// A search needs a class (or a persistent reference); one for certificates, keys or identities
    /// finds nothing, since none can be stored.
    private static func checkSearchable(_ query: KeychainQuery) throws(KeychainFailure) {
        guard let itemClass = query.itemClass else {
            if query.persistentReference != nil { return }
            throw .parameter("a Keychain query needs kSecClass")
        }
        if !itemClass.isPassword {
            SecurityDiagnostics.report("certificates, keys and identities are not kept in this Keychain: a search for kSecClass \(itemClass.rawValue) finds none")
            throw .itemNotFound
        }
    }

    // MARK: File

    private func readingItems() throws(KeychainFailure) -> [KeychainItem] {
        try prepareFolder()
        return try KeychainLock.holding(folder: folder) { () throws(KeychainFailure) in try KeychainFile(url: file).read() }
    }

    private func changingItems<T>(_ change: (inout [KeychainItem]) throws(KeychainFailure) -> T) throws(KeychainFailure) -> T {
        try prepareFolder()
        return try KeychainLock.holding(folder: folder) { () throws(KeychainFailure) in
            let store = KeychainFile(url: file)
            var items = try store.read()
            let result = try change(&items)
            try store.write(items)
            return result
        }
    }

    private func prepareFolder() throws(KeychainFailure) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unavailable("cannot make the keychain folder \(folder.path): \(error.localizedDescription)")
        }
    }
}
