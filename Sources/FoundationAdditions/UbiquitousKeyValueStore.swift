import Foundation

/// iCloud's key-value store, which Linux's Foundation lacks. There is no iCloud here: the store is
/// this device's own copy, kept in the extension's data folder (`WIDGET_EXTENSION_DATA`) as a
/// property list, so values an app's code writes are read back, across launches too; no change ever
/// arrives from another device.
// `@unchecked Sendable`: every access to `values` holds `lock`.
open class NSUbiquitousKeyValueStore: @unchecked Sendable {
    public static let `default` = NSUbiquitousKeyValueStore(file: NSUbiquitousKeyValueStore.defaultFile)
    public static let didChangeExternallyNotification = Notification.Name("NSUbiquitousKeyValueStoreDidChangeExternallyNotification")

    private let lock = NSLock()
    private var values: [String: Any]
    private let file: URL?

    public convenience init() { self.init(file: nil) }

    /// A store kept in `file` (nil: in memory only).
    public init(file: URL?) {
        self.file = file
        if let file, let data = try? Data(contentsOf: file), data.count <= 1 << 20,
           let read = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] {
            values = read
        } else {
            values = [:]
        }
    }

    private static var defaultFile: URL {
        let base = ProcessInfo.processInfo.environment["WIDGET_EXTENSION_DATA"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("widget-ubiquitous-store", isDirectory: true)
        return base.appendingPathComponent("UbiquitousKeyValueStore.plist")
    }

    open func object(forKey key: String) -> Any? { lock.withLock { values[key] } }
    open func set(_ value: Any?, forKey key: String) { lock.withLock { values[key] = value } }
    open func removeObject(forKey key: String) { lock.withLock { values[key] = nil } }
    open func string(forKey key: String) -> String? { object(forKey: key) as? String }
    open func array(forKey key: String) -> [Any]? { object(forKey: key) as? [Any] }
    open func dictionary(forKey key: String) -> [String: Any]? { object(forKey: key) as? [String: Any] }
    open func data(forKey key: String) -> Data? { object(forKey: key) as? Data }
    open func longLong(forKey key: String) -> Int64 { (object(forKey: key) as? NSNumber)?.int64Value ?? 0 }
    open func double(forKey key: String) -> Double { (object(forKey: key) as? NSNumber)?.doubleValue ?? 0 }
    open func bool(forKey key: String) -> Bool { (object(forKey: key) as? NSNumber)?.boolValue ?? false }
    open func set(_ value: String?, forKey key: String) { set(value as Any?, forKey: key) }
    open func set(_ value: Data?, forKey key: String) { set(value as Any?, forKey: key) }
    open func set(_ value: Int64, forKey key: String) { set(NSNumber(value: value), forKey: key) }
    open func set(_ value: Double, forKey key: String) { set(NSNumber(value: value), forKey: key) }
    open func set(_ value: Bool, forKey key: String) { set(NSNumber(value: value), forKey: key) }
    open var dictionaryRepresentation: [String: Any] { lock.withLock { values } }

    /// Writes the store to its file; false when it could not be written (or holds what a property
    /// list cannot), as Apple's returns false when it cannot synchronize.
    @discardableResult
    open func synchronize() -> Bool {
        guard let file else { return true }
        let snapshot = dictionaryRepresentation
        guard let data = try? PropertyListSerialization.data(fromPropertyList: snapshot, format: .binary, options: 0) else { return false }
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file, options: .atomic)
            return true
        } catch {
            return false
        }
    }
}

public let NSUbiquitousKeyValueStoreChangeReasonKey = "NSUbiquitousKeyValueStoreChangeReasonKey"
public let NSUbiquitousKeyValueStoreChangedKeysKey = "NSUbiquitousKeyValueStoreChangedKeysKey"
public let NSUbiquitousKeyValueStoreServerChange = 0
public let NSUbiquitousKeyValueStoreInitialSyncChange = 1
public let NSUbiquitousKeyValueStoreQuotaViolationChange = 2
public let NSUbiquitousKeyValueStoreAccountChange = 3
