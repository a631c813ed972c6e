import Foundation

/// `Schema`: the model types a container stores.
public struct Schema {
    public var types: [any PersistentModel.Type]
    public init(_ types: [any PersistentModel.Type], version: Schema.Version = Version(1, 0, 0)) { self.types = types }
    public init(_ types: any PersistentModel.Type..., version: Schema.Version = Version(1, 0, 0)) { self.types = types }

    /// `Schema.Version`.
    public struct Version: Hashable, Sendable {
        public let major: Int, minor: Int, patch: Int
        public init(_ major: Int, _ minor: Int, _ patch: Int) {
            self.major = major
            self.minor = minor
            self.patch = patch
        }
    }

    /// `Schema.Attribute`.
    public enum Attribute {
        public struct Option: Hashable, Sendable {
            let name: String
            public static let unique = Option(name: "unique")
            public static let externalStorage = Option(name: "externalStorage")
            public static let preserveValueOnDeletion = Option(name: "preserveValueOnDeletion")
            public static let spotlight = Option(name: "spotlight")
            public static let allowsCloudEncryption = Option(name: "allowsCloudEncryption")
            public static let ephemeral = Option(name: "ephemeral")
            public static let encrypt = Option(name: "encrypt")
        }
    }

    /// `Schema.Relationship`.
    public enum Relationship {
        public struct Option: Hashable, Sendable {
            let name: String
            public static let unique = Option(name: "unique")
        }
        public enum DeleteRule: Hashable, Sendable { case nullify, cascade, deny, noAction }
    }

    var names: [String] { types.map { String(describing: $0) } }
}

/// `ModelConfiguration`: where a container keeps its models.
public struct ModelConfiguration: Hashable, Sendable {
    /// `ModelConfiguration.GroupContainer`: an app group's shared folder.
    public enum GroupContainer: Hashable, Sendable {
        case automatic, none
        case identifier(String)
    }

    /// `ModelConfiguration.CloudKitDatabase`: nothing syncs here; accepted as written.
    public enum CloudKitDatabase: Hashable, Sendable {
        case automatic, none
        case `private`(String)
    }

    public var name: String
    public var url: URL
    public var isStoredInMemoryOnly: Bool
    public var allowsSave: Bool

    public init(_ name: String? = nil, schema: Schema? = nil, isStoredInMemoryOnly: Bool = false, allowsSave: Bool = true,
                groupContainer: GroupContainer = .automatic, cloudKitDatabase: CloudKitDatabase = .automatic) {
        self.name = name ?? "default"
        self.isStoredInMemoryOnly = isStoredInMemoryOnly
        self.allowsSave = allowsSave
        url = Self.folder(for: groupContainer).appendingPathComponent(self.name + ".store")
    }

    public init(_ name: String? = nil, schema: Schema? = nil, url: URL, allowsSave: Bool = true, cloudKitDatabase: CloudKitDatabase = .automatic) {
        self.name = name ?? "default"
        self.url = url
        isStoredInMemoryOnly = false
        self.allowsSave = allowsSave
    }

    public init(isStoredInMemoryOnly: Bool) { self.init(nil, schema: nil, isStoredInMemoryOnly: isStoredInMemoryOnly) }

    public static func == (a: Self, b: Self) -> Bool { a.url == b.url && a.isStoredInMemoryOnly == b.isStoredInMemoryOnly }
    public func hash(into hasher: inout Hasher) { hasher.combine(url) }

    /// Where stores live: the extension's data folder (`WIDGET_EXTENSION_DATA`, which the host gives
    /// each extension), inside the app group's folder when one is named, as on a device.
    static func folder(for group: GroupContainer) -> URL {
        let base = ProcessInfo.processInfo.environment["WIDGET_EXTENSION_DATA"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("widget-swiftdata", isDirectory: true)
        switch group {
        case .identifier(let id):
            let safe = id.filter { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_" }
            return base.appendingPathComponent("AppGroups/\(safe)/Library/Application Support", isDirectory: true)
        case .automatic, .none:
            return base.appendingPathComponent("Library/Application Support", isDirectory: true)
        }
    }
}
