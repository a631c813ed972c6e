import Foundation

/// `NSAttributedString(data:options:documentAttributes:)` for the document types apps read: plain
/// text, and HTML read as its text (tags dropped, line breaks and paragraphs kept, entities decoded;
/// styles are not read, since Apple's reader is WebKit). RTF is refused with an error.
extension NSAttributedString {
    public struct DocumentType: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let plain = DocumentType(rawValue: "NSPlainText")
        public static let html = DocumentType(rawValue: "NSHTML")
        public static let rtf = DocumentType(rawValue: "NSRTF")
        public static let rtfd = DocumentType(rawValue: "NSRTFD")
    }

    public struct DocumentReadingOptionKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let documentType = DocumentReadingOptionKey(rawValue: "DocumentType")
        public static let characterEncoding = DocumentReadingOptionKey(rawValue: "CharacterEncoding")
        public static let defaultAttributes = DocumentReadingOptionKey(rawValue: "DefaultAttributes")
    }

    /// Why a document could not be read.
    public enum DocumentReadingError: Error, Equatable {
        case notText(encoding: UInt)
        case unsupportedType(String)
    }

    public convenience init(data: Data, options: [DocumentReadingOptionKey: Any] = [:],
                            documentAttributes: UnsafeMutablePointer<NSDictionary?>?) throws {
        let encoding = (options[.characterEncoding] as? UInt).map(String.Encoding.init(rawValue:)) ?? .utf8
        guard let text = String(data: data, encoding: encoding) else { throw DocumentReadingError.notText(encoding: encoding.rawValue) }
        let type = options[.documentType] as? DocumentType ?? (text.contains("<") ? .html : .plain)
        switch type {
        case .plain: self.init(string: text)
        case .html: self.init(string: HTMLText.text(of: text))
        default: throw DocumentReadingError.unsupportedType(type.rawValue)
        }
    }
}

/// The text of an HTML fragment, as a reader that ignores styles sees it.
enum HTMLText {
    static let entities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "mdash": "—", "ndash": "–",
        "hellip": "…", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "copy": "©", "reg": "®", "trade": "™",
    ]

    static func text(of html: String) -> String {
        var out = ""
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let close = html[index...].firstIndex(of: ">") {
                let tag = html[html.index(after: index)..<close].lowercased()
                let name = tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }
                if name == "br" || (tag.hasPrefix("/") && ["p", "div", "li", "h1", "h2", "h3", "h4", "h5", "h6", "tr"].contains(String(name))) {
                    out += "\n"
                }
                index = html.index(after: close)
            } else if character == "&", let semicolon = html[index...].prefix(12).firstIndex(of: ";"),
                      let decoded = entity(String(html[html.index(after: index)..<semicolon])) {
                out += decoded
                index = html.index(after: semicolon)
            } else {
                out.append(character)
                index = html.index(after: index)
            }
        }
        return out
    }

    private static func entity(_ name: String) -> String? {
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
            return UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
        if name.hasPrefix("#") { return UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) } }
        return entities[name]
    }
}
