@_exported import Foundation

/// `UTType`: a uniform type identifier, as app and widget files declare their own document types
/// (`UTType(exportedAs:)`) beside the system's. Here a type is its identifier and the types it
/// conforms to; the system's common types know their file extensions and MIME types. There is no
/// type registry to ask: a type made from an identifier the table does not know conforms to itself
/// (and to `.data` when exported or imported as such).
public struct UTType: Hashable, Sendable, CustomStringConvertible {
    public let identifier: String
    public let preferredFilenameExtension: String?
    public let preferredMIMEType: String?
    let parents: [String]

    init(_ identifier: String, extension: String? = nil, mime: String? = nil, parents: [String]) {
        self.identifier = identifier
        preferredFilenameExtension = `extension`
        preferredMIMEType = mime
        self.parents = parents
    }

    /// A system type by identifier, or nil when the table here has no such type.
    public init?(_ identifier: String) {
        guard let known = Self.system.first(where: { $0.identifier == identifier }) else { return nil }
        self = known
    }

    /// The system type whose preferred extension this is.
    public init?(filenameExtension: String) {
        guard let known = Self.system.first(where: { $0.preferredFilenameExtension == filenameExtension.lowercased() }) else { return nil }
        self = known
    }

    /// A type the app declares itself (its Info.plist's exported types), conforming to `conformingTo`.
    public init(exportedAs identifier: String, conformingTo parent: UTType = .data) {
        self.init(identifier, parents: [parent.identifier])
    }

    /// A type another app declares, which this one imports.
    public init(importedAs identifier: String, conformingTo parent: UTType = .data) {
        self.init(identifier, parents: [parent.identifier])
    }

    /// Whether this type is `type` or conforms to it through its parents.
    public func conforms(to type: UTType) -> Bool {
        var pending = [identifier], seen: Set<String> = []
        while let next = pending.popLast() {
            if next == type.identifier { return true }
            guard seen.insert(next).inserted else { continue }
            pending += (Self.system.first { $0.identifier == next }?.parents ?? (next == identifier ? parents : []))
        }
        return false
    }

    public var description: String { identifier }

    public static let item = UTType("public.item", parents: [])
    public static let content = UTType("public.content", parents: [])
    public static let data = UTType("public.data", parents: ["public.item"])
    public static let text = UTType("public.text", parents: ["public.data", "public.content"])
    public static let plainText = UTType("public.plain-text", extension: "txt", mime: "text/plain", parents: ["public.text"])
    public static let utf8PlainText = UTType("public.utf8-plain-text", extension: "txt", mime: "text/plain", parents: ["public.plain-text"])
    public static let json = UTType("public.json", extension: "json", mime: "application/json", parents: ["public.text"])
    public static let url = UTType("public.url", parents: ["public.data"])
    public static let fileURL = UTType("public.file-url", parents: ["public.url"])
    public static let image = UTType("public.image", parents: ["public.data", "public.content"])
    public static let png = UTType("public.png", extension: "png", mime: "image/png", parents: ["public.image"])
    public static let jpeg = UTType("public.jpeg", extension: "jpeg", mime: "image/jpeg", parents: ["public.image"])
    public static let heic = UTType("public.heic", extension: "heic", mime: "image/heic", parents: ["public.image"])
    public static let gif = UTType("com.compuserve.gif", extension: "gif", mime: "image/gif", parents: ["public.image"])
    public static let pdf = UTType("com.adobe.pdf", extension: "pdf", mime: "application/pdf", parents: ["public.data", "public.content"])

    static let system: [UTType] = [item, content, data, text, plainText, utf8PlainText, json, url, fileURL, image, png, jpeg, heic, gif, pdf]
}
