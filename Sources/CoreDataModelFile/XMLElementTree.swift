import Foundation

/// An element of an XML document: its name, attributes and child elements. Text between elements is
/// not kept: a Core Data model's `contents` file says everything in attributes.
public struct XMLElementNode: Sendable, Equatable {
    public var name: String
    public var attributes: [String: String]
    public var children: [XMLElementNode]
    /// The line the element starts on (1-based), for messages.
    public var line: Int

    /// The child elements named `name`, in document order.
    public func children(named name: String) -> [XMLElementNode] { children.filter { $0.name == name } }
}

/// Why an XML document could not be read, with the line.
public struct XMLReadError: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var message: String
    public var description: String { "line \(line): \(message)" }
}

/// A small XML reader for the model files Xcode writes: elements, attributes (with the five named
/// entities and numeric character references), comments, processing instructions, `DOCTYPE` and
/// `CDATA` sections skipped. Written here rather than using FoundationXML so that an extension using
/// Core Data does not need the system's libxml2 at run time. The file is input from the author's
/// folder, so nesting and element counts are bounded and every malformation is an error with a line.
public enum XMLElementTree {
    static let maximumDepth = 64
    static let maximumElements = 200_000

    public static func parse(_ data: Data) throws(XMLReadError) -> XMLElementNode {
        var reader = Reader(bytes: Array(data))
        return try reader.document()
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var elements = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        func fail(_ message: String) -> XMLReadError { XMLReadError(line: line, message: message) }

        var atEnd: Bool { index >= bytes.count }

        func peek(_ offset: Int = 0) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

        mutating func advance() {
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }

        func starts(with text: String) -> Bool {
            let utf8 = Array(text.utf8)
            guard index + utf8.count <= bytes.count else { return false }
            return Array(bytes[index..<index + utf8.count]) == utf8
        }

        /// Moves past `terminator`, or fails naming what was left open.
        mutating func skip(past terminator: String, what: String) throws(XMLReadError) {
            while !atEnd {
                if starts(with: terminator) {
                    for _ in terminator.utf8 { advance() }
                    return
                }
                advance()
            }
            throw fail("\(what) is not closed")
        }

        mutating func skipWhitespace() {
            while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { advance() }
        }

        /// Skips text, comments, processing instructions and declarations up to the next tag.
        mutating func skipToTag() throws(XMLReadError) {
            while !atEnd {
                if starts(with: "<!--") {
                    try skip(past: "-->", what: "a comment")
                } else if starts(with: "<?") {
                    try skip(past: "?>", what: "a processing instruction")
                } else if starts(with: "<![CDATA[") {
                    try skip(past: "]]>", what: "a CDATA section")
                } else if starts(with: "<!") {
                    try skip(past: ">", what: "a declaration")
                } else if peek() == UInt8(ascii: "<") {
                    return
                } else {
                    advance()
                }
            }
        }

        mutating func document() throws(XMLReadError) -> XMLElementNode {
            try skipToTag()
            guard !atEnd else { throw fail("no element") }
            let root = try element(depth: 0)
            try skipToTag()
            guard atEnd else { throw fail("content after the root element") }
            return root
        }

        mutating func name() throws(XMLReadError) -> String {
            let start = index
            while let byte = peek(), !Self.endsName(byte) { advance() }
            guard index > start, let text = String(bytes: bytes[start..<index], encoding: .utf8) else { throw fail("a name is expected") }
            return text
        }

        static func endsName(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "<")
        }

        /// An element starting at `<`, through its closing tag.
        mutating func element(depth: Int) throws(XMLReadError) -> XMLElementNode {
            guard depth < XMLElementTree.maximumDepth else { throw fail("elements nested deeper than \(XMLElementTree.maximumDepth)") }
            elements += 1
            guard elements <= XMLElementTree.maximumElements else { throw fail("more than \(XMLElementTree.maximumElements) elements") }
            let startLine = line
            advance()  // <
            var node = XMLElementNode(name: try name(), attributes: [:], children: [], line: startLine)
            while true {
                skipWhitespace()
                guard let byte = peek() else { throw fail("<\(node.name)> is not closed") }
                if byte == UInt8(ascii: "/") {
                    advance()
                    guard peek() == UInt8(ascii: ">") else { throw fail("'>' expected after '/' in <\(node.name)>") }
                    advance()
                    return node
                }
                if byte == UInt8(ascii: ">") {
                    advance()
                    break
                }
                let key = try name()
                skipWhitespace()
                guard peek() == UInt8(ascii: "=") else { throw fail("'=' expected after attribute \(key)") }
                advance()
                skipWhitespace()
                guard node.attributes[key] == nil else { throw fail("attribute \(key) given twice") }
                node.attributes[key] = try quoted()
            }
            while true {
                try skipToTag()
                guard !atEnd else { throw fail("<\(node.name)> (line \(startLine)) is not closed") }
                if peek(1) == UInt8(ascii: "/") {
                    advance()
                    advance()
                    let closing = try name()
                    skipWhitespace()
                    guard peek() == UInt8(ascii: ">") else { throw fail("'>' expected in </\(closing)>") }
                    advance()
                    guard closing == node.name else { throw fail("</\(closing)> closes <\(node.name)> (line \(startLine))") }
                    return node
                }
                node.children.append(try element(depth: depth + 1))
            }
        }

        /// An attribute value in single or double quotes, its references decoded.
        mutating func quoted() throws(XMLReadError) -> String {
            guard let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { throw fail("a quoted value is expected") }
            advance()
            var out: [UInt8] = []
            while let byte = peek(), byte != quote {
                if byte == UInt8(ascii: "<") { throw fail("'<' in an attribute value") }
                if byte == UInt8(ascii: "&") {
                    out += try reference()
                } else {
                    out.append(byte)
                    advance()
                }
            }
            guard !atEnd else { throw fail("an attribute value is not closed") }
            advance()
            guard let text = String(bytes: out, encoding: .utf8) else { throw fail("an attribute value is not UTF-8") }
            return text
        }

        mutating func reference() throws(XMLReadError) -> [UInt8] {
            let start = index
            while let byte = peek(), byte != UInt8(ascii: ";") {
                guard index - start < 12 else { throw fail("an unterminated '&' reference") }
                advance()
            }
            guard !atEnd, let body = String(bytes: bytes[(start + 1)..<index], encoding: .utf8) else { throw fail("an unterminated '&' reference") }
            advance()  // ;
            switch body {
            case "lt": return Array("<".utf8)
            case "gt": return Array(">".utf8)
            case "amp": return Array("&".utf8)
            case "quot": return Array("\"".utf8)
            case "apos": return Array("'".utf8)
            default:
                let scalarValue: UInt32?
                if body.hasPrefix("#x") || body.hasPrefix("#X") {
                    scalarValue = UInt32(body.dropFirst(2), radix: 16)
                } else if body.hasPrefix("#") {
                    scalarValue = UInt32(body.dropFirst())
                } else {
                    scalarValue = nil
                }
                guard let value = scalarValue, let scalar = Unicode.Scalar(value) else { throw fail("unknown reference &\(body);") }
                return Array(String(Character(scalar)).utf8)
            }
        }
    }
}
