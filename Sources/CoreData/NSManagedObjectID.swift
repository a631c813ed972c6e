import Foundation

/// An object's identity in the store: its entity's name and an identifier unique in that entity.
/// Made when the object is inserted and kept when it is saved, so that relationships (kept as keys)
/// need no rewriting on save.
struct ObjectKey: Hashable, Sendable, CustomStringConvertible {
    var entity: String
    var identifier: String

    /// How the store file writes a reference to the object: `Entity/identifier`.
    var reference: String { "\(entity)/\(identifier)" }

    init(entity: String, identifier: String) {
        self.entity = entity
        self.identifier = identifier
    }

    /// A reference as the store file writes it; nil for anything else.
    init?(reference: String) {
        guard let slash = reference.firstIndex(of: "/") else { return nil }
        let entity = String(reference[..<slash]), identifier = String(reference[reference.index(after: slash)...])
        guard !entity.isEmpty, !identifier.isEmpty, !identifier.contains("/") else { return nil }
        self.init(entity: entity, identifier: identifier)
    }

    var description: String { reference }
}

/// `NSManagedObjectID`: an object's identity, equal across contexts. `isTemporaryID` is true until
/// the object is first saved; the identity itself does not change then (Apple's does).
public final class NSManagedObjectID: NSObject, NSFetchRequestResult, @unchecked Sendable {
    let key: ObjectKey
    public let entity: NSEntityDescription
    private let lock = NSLock()
    private var temporary: Bool
    private weak var store: NSPersistentStore?

    init(key: ObjectKey, entity: NSEntityDescription, temporary: Bool, store: NSPersistentStore?) {
        self.key = key
        self.entity = entity
        self.temporary = temporary
        self.store = store
        super.init()
    }

    public var isTemporaryID: Bool { lock.withLock { temporary } }
    public var persistentStore: NSPersistentStore? { lock.withLock { store } }

    func makePermanent(in store: NSPersistentStore?) {
        lock.withLock {
            temporary = false
            if self.store == nil { self.store = store }
        }
    }

    /// `x-coredata://<store>/<Entity>/p<identifier>`, or `x-coredata:///<Entity>/t<identifier>` while
    /// temporary, as Apple's are shaped.
    public func uriRepresentation() -> URL {
        let (isTemporary, storeID) = lock.withLock { (temporary, store?.identifier ?? "") }
        let entity = key.entity.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? key.entity
        let identifier = key.identifier.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? key.identifier
        let text = isTemporary ? "x-coredata:///\(entity)/t\(identifier)" : "x-coredata://\(storeID)/\(entity)/p\(identifier)"
        return URL(string: text) ?? URL(fileURLWithPath: "/")
    }

    /// The key an `x-coredata:` URI names, for `managedObjectID(forURIRepresentation:)`.
    static func key(fromURI url: URL) -> (store: String, key: ObjectKey)? {
        guard url.scheme == "x-coredata" else { return nil }
        let parts = url.path.split(separator: "/").map { $0.removingPercentEncoding ?? String($0) }
        guard parts.count == 2, let marker = parts[1].first, marker == "p" || marker == "t" else { return nil }
        let identifier = String(parts[1].dropFirst())
        guard !parts[0].isEmpty, !identifier.isEmpty else { return nil }
        return (url.host ?? "", ObjectKey(entity: parts[0], identifier: identifier))
    }

    public override func isEqual(_ object: Any?) -> Bool { (object as? NSManagedObjectID)?.key == key }
    public override var hash: Int { key.hashValue }
    public override var description: String { uriRepresentation().absoluteString }

    public func copy(with zone: NSZone? = nil) -> Any { self }
}
