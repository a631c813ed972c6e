import Foundation

/// One item as the file keeps it: its class, its attributes, its secret, and the reference that
/// `kSecReturnPersistentRef` hands out and `kSecValuePersistentRef` finds it by.
struct KeychainItem: Codable, Equatable, Sendable {
    var itemClass: ItemClass
    var reference: String
    var attributes: [String: KeychainValue]
    var data: Data?

    private enum CodingKeys: String, CodingKey {
        case itemClass = "class", reference, attributes, data
    }

    var persistentReference: Data { Data(reference.utf8) }

    /// A new item from an add query: what Apple's Keychain fills in when the app does not say is
    /// filled in (readable when unlocked, not synchronized, created and modified now).
    init(adding query: KeychainQuery, itemClass: ItemClass, now: Date) {
        self.itemClass = itemClass
        reference = UUID().uuidString
        attributes = query.attributes
        attributes[Key.accessible] = attributes[Key.accessible] ?? .string(Accessibility.whenUnlocked)
        attributes[Key.synchronizable] = .bool(attributes[Key.synchronizable]?.truthValue ?? false)
        attributes[Key.creationDate] = attributes[Key.creationDate] ?? .date(now)
        attributes[Key.modificationDate] = attributes[Key.modificationDate] ?? .date(now)
        data = query.valueData
    }

    /// Whether the two are the same item in Apple's sense: same class and equal in every attribute of
    /// the class's primary key (an attribute neither has counts as equal).
    func isDuplicate(of other: KeychainItem) -> Bool {
        guard itemClass == other.itemClass else { return false }
        return itemClass.primaryKey.allSatisfy { name in
            switch (attributes[name], other.attributes[name]) {
            case (nil, nil): true
            case (let mine?, let theirs?): mine.matches(theirs, caseInsensitive: false)
            default: false
            }
        }
    }

    /// The item changed by an update's attributes and data.
    func updated(with changes: KeychainQuery, now: Date) -> KeychainItem {
        var item = self
        item.attributes.merge(changes.attributes) { _, new in new }
        if let data = changes.valueData { item.data = data }
        item.attributes[Key.modificationDate] = changes.attributes[Key.modificationDate] ?? .date(now)
        return item
    }

    /// What a search hands back for this item: its data alone, its persistent reference alone, or a
    /// dictionary of its attributes (with the class) and whatever else was asked for, as Apple's does.
    /// A password has no reference object, so `kSecReturnRef` adds nothing to it.
    func result(_ returns: KeychainQuery.Returns) -> AnyObject? {
        let wanted = returns.subtracting(.reference)
        if wanted == .data { return NSData(data: data ?? Data()) }
        if wanted == .persistentReference { return NSData(data: persistentReference) }
        guard !wanted.isEmpty else { return nil }
        let dictionary = NSMutableDictionary()
        if wanted.contains(.attributes) {
            for (name, value) in attributes { dictionary[NSString(string: name)] = value.object }
            dictionary[NSString(string: Key.itemClass)] = NSString(string: itemClass.rawValue)
        }
        if wanted.contains(.data) { dictionary[NSString(string: Key.valueData)] = NSData(data: data ?? Data()) }
        if wanted.contains(.persistentReference) {
            dictionary[NSString(string: Key.valuePersistentReference)] = NSData(data: persistentReference)
        }
        return dictionary
    }
}
