import Foundation

/// `UIPasteboard`: the pasteboard app code shared with a widget copies to. There is no system
/// pasteboard here: `general` keeps what this process put on it, so code that copies and reads back works.
// `@unchecked Sendable`: every access to the items holds `lock`.
open class UIPasteboard: @unchecked Sendable {
    public static let general = UIPasteboard()

    private let lock = NSLock()
    private var values: [String: Any] = [:]

    public init() {}

    private func get<T>(_ type: String) -> T? { lock.withLock { values[type] as? T } }
    private func set(_ value: Any?, _ type: String) { lock.withLock { values[type] = value } }

    open var string: String? {
        get { get("public.utf8-plain-text") }
        set { set(newValue, "public.utf8-plain-text") }
    }
    open var strings: [String]? {
        get { string.map { [$0] } }
        set { string = newValue?.first }
    }
    open var url: URL? {
        get { get("public.url") }
        set { set(newValue, "public.url") }
    }
    open var urls: [URL]? {
        get { url.map { [$0] } }
        set { url = newValue?.first }
    }
    open var image: UIImage? {
        get { get("public.image") }
        set { set(newValue, "public.image") }
    }
    open var hasStrings: Bool { string != nil }
    open var hasURLs: Bool { url != nil }
    open var hasImages: Bool { image != nil }
    open var numberOfItems: Int { lock.withLock { values.isEmpty ? 0 : 1 } }

    open func setValue(_ value: Any, forPasteboardType pasteboardType: String) { set(value, pasteboardType) }
    open func value(forPasteboardType pasteboardType: String) -> Any? { lock.withLock { values[pasteboardType] } }
    open func data(forPasteboardType pasteboardType: String) -> Data? { get(pasteboardType) }
    open func setData(_ data: Data, forPasteboardType pasteboardType: String) { set(data, pasteboardType) }
}
