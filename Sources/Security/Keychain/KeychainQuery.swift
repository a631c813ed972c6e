import Foundation

/// A query or attribute dictionary as the Keychain reads it: the class, the attributes to match or
/// store, the data, and what to hand back.
struct KeychainQuery {
    enum Limit: Equatable {
        case one
        case all
        case count(Int)
    }

    struct Returns: OptionSet {
        let rawValue: Int
        static let data = Returns(rawValue: 1)
        static let attributes = Returns(rawValue: 2)
        static let reference = Returns(rawValue: 4)
        static let persistentReference = Returns(rawValue: 8)
    }

    var itemClass: ItemClass?
    var attributes: [String: KeychainValue] = [:]
    /// `kSecAttrSynchronizable: kSecAttrSynchronizableAny`: items synchronized or not.
    var anySynchronizable = false
    var valueData: Data?
    var persistentReference: Data?
    /// A `kSecValueRef` (a certificate, key or identity object).
    var hasValueReference = false
    /// A `kSecAttrAccessControl` (biometry or passcode protection).
    var hasAccessControl = false
    var returns: Returns = []
    var limit: Limit = .one
    var caseInsensitive = false

    /// Reads a dictionary as apps pass it (`[String: Any] as CFDictionary`, `[CFString: Any]`, an
    /// `NSDictionary`). Search options that only certificates use, and the `kSecUse…` options, are
    /// read and ignored: there is one keychain here and no item asks for authentication.
    init(_ dictionary: CFDictionary) throws(KeychainFailure) {
        for (rawKey, value) in dictionary {
            guard let key = rawKey as? String else { throw .parameter("a key that is not a string: \(rawKey)") }
            try read(key, value)
        }
    }

    private mutating func read(_ key: String, _ value: Any) throws(KeychainFailure) {
        switch key {
        case Key.itemClass:
            guard let name = value as? String, let itemClass = ItemClass(rawValue: name) else {
                throw .parameter("kSecClass \(value) is not an item class")
            }
            self.itemClass = itemClass
        case Key.valueData:
            guard let data = value as? Data else { throw .parameter("kSecValueData is \(type(of: value)), not Data") }
            valueData = data
        case Key.valuePersistentReference:
            guard let data = value as? Data else { throw .parameter("kSecValuePersistentRef is \(type(of: value)), not Data") }
            persistentReference = data
        case Key.valueReference:
            hasValueReference = true
        case Key.accessControl:
            hasAccessControl = true
        case Key.matchLimit:
            limit = try Self.limit(value)
        case Key.caseInsensitive:
            caseInsensitive = try Self.flag(key, value)
        case Key.returnData:
            if try Self.flag(key, value) { returns.insert(.data) }
        case Key.returnAttributes:
            if try Self.flag(key, value) { returns.insert(.attributes) }
        case Key.returnReference:
            if try Self.flag(key, value) { returns.insert(.reference) }
        case Key.returnPersistentReference:
            if try Self.flag(key, value) { returns.insert(.persistentReference) }
        case Key.synchronizable where (value as? String) == Key.synchronizableAny:
            anySynchronizable = true
        case Key.dataProtectionKeychain:
            break
        default:
            if key.hasPrefix("m_") || key.hasPrefix("u_") || key.hasPrefix("r_") || key.hasPrefix("v_") { return }
            guard let given = KeychainValue(bridged: value), let kept = AttributeKind(key).coerce(given) else {
                throw .parameter("attribute \(key) cannot hold \(type(of: value)) \(value)")
            }
            attributes[key] = kept
        }
    }

    private static func flag(_ key: String, _ value: Any) throws(KeychainFailure) -> Bool {
        guard let flag = KeychainValue(bridged: value)?.truthValue else { throw .parameter("\(key) is \(value), not a boolean") }
        return flag
    }

    private static func limit(_ value: Any) throws(KeychainFailure) -> Limit {
        if let name = value as? String {
            switch name {
            case Key.matchLimitOne: return .one
            case Key.matchLimitAll: return .all
            default: break
            }
        }
        if case .integer(let count)? = KeychainValue(bridged: value), count > 0 { return .count(count) }
        throw .parameter("kSecMatchLimit is \(value), not kSecMatchLimitOne, kSecMatchLimitAll or a count")
    }

    /// Whether the query finds a stored item: same class, every attribute the query names equal, and
    /// (unless it asks for `kSecAttrSynchronizableAny` or names the attribute) an item that is not
    /// synchronized, as Apple's Keychain matches. The data is not compared (apps delete with the query
    /// they added with, data included).
    func finds(_ item: KeychainItem) -> Bool {
        if let itemClass, itemClass != item.itemClass { return false }
        if let persistentReference, persistentReference != item.persistentReference { return false }
        for (name, wanted) in attributes {
            guard let stored = item.attributes[name], wanted.matches(stored, caseInsensitive: caseInsensitive) else { return false }
        }
        if !anySynchronizable, attributes[Key.synchronizable] == nil, item.attributes[Key.synchronizable]?.truthValue == true { return false }
        return true
    }
}
