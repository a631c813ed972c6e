/// PDF's object model and its syntax (PDF 1.7, ISO 32000-1 §7.2–7.3): the tokens of a file, an object
/// stream or a content stream, and the objects they spell. Everything here reads untrusted bytes, so
/// every read is bounds-checked, strings and arrays end where the data ends, and nesting is capped:
/// a parse either returns an object or throws `PDFVectorImage.Failure`.

/// One object as written. References stay references until the object store resolves them, which is
/// where a cycle is caught.
indirect enum PDFObject: Sendable {
    case null
    case boolean(Bool)
    case integer(Int)
    case real(Double)
    case string([UInt8])
    case name(String)
    case array([PDFObject])
    case dictionary(PDFDictionary)
    case stream(PDFStream)
    case reference(PDFReference)

    /// Integers and reals alike: PDF lets either stand wherever a number is expected.
    var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        default: nil
        }
    }

    /// A whole number; a real only when it is one (some writers emit `612.0` for a length).
    var integer: Int? {
        switch self {
        case .integer(let value): value
        case .real(let value) where value.rounded() == value && abs(value) < 1e15: Int(value)
        default: nil
        }
    }

    var name: String? {
        if case .name(let value) = self { value } else { nil }
    }

    var array: [PDFObject]? {
        if case .array(let value) = self { value } else { nil }
    }

    /// A dictionary, or a stream's dictionary: many entries (a form, a function, a colour profile) may
    /// be either.
    var dictionary: PDFDictionary? {
        switch self {
        case .dictionary(let value): value
        case .stream(let stream): stream.dictionary
        default: nil
        }
    }

    var stream: PDFStream? {
        if case .stream(let value) = self { value } else { nil }
    }
}

/// `N G R`: an indirect object's number and generation.
struct PDFReference: Hashable, Sendable {
    let number: Int
    let generation: Int
}

struct PDFDictionary: Sendable {
    var entries: [String: PDFObject] = [:]

    subscript(key: String) -> PDFObject? { entries[key] }
}

/// A stream object: its dictionary and its still-encoded bytes (a slice of the file, shared, not copied).
struct PDFStream: Sendable {
    let dictionary: PDFDictionary
    let data: ArraySlice<UInt8>
    /// Where the data starts in the bytes it came from, for error messages.
    let offset: Int
}

enum PDFToken: Equatable {
    case integer(Int)
    case real(Double)
    case name(String)
    case string([UInt8])
    /// A run of regular characters that is not a number: `obj`, `R`, `true`, a content operator…
    case keyword(String)
    case arrayOpen, arrayClose, dictionaryOpen, dictionaryClose, braceOpen, braceClose
    case end
}

/// Splits bytes into PDF tokens (§7.2). Lenient as readers are: an unterminated string ends with the
/// data, a stray delimiter is a keyword, a number too long for `Int` is read as a real.
struct PDFLexer {
    let bytes: [UInt8]
    let end: Int
    private(set) var position: Int

    /// Tokens of `bytes[start..<end]`: an object's extent ends where the next object starts, so a
    /// hostile unterminated array cannot make every object's parse run to the end of the file.
    init(_ bytes: [UInt8], from start: Int = 0, to end: Int? = nil) {
        self.bytes = bytes
        self.end = min(bytes.count, max(0, end ?? bytes.count))
        position = min(max(0, start), self.end)
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0x00
    }

    static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["), UInt8(ascii: "]"),
             UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "/"), UInt8(ascii: "%"):
            true
        default: false
        }
    }

    static func isRegular(_ byte: UInt8) -> Bool { !isWhitespace(byte) && !isDelimiter(byte) }

    mutating func seek(to offset: Int) { position = min(max(0, offset), end) }

    private func peek(_ ahead: Int = 0) -> UInt8? {
        let index = position + ahead
        return index < end ? bytes[index] : nil
    }

    mutating func skipWhitespaceAndComments() {
        while let byte = peek() {
            if Self.isWhitespace(byte) {
                position += 1
            } else if byte == UInt8(ascii: "%") {
                while let c = peek(), c != 0x0A, c != 0x0D { position += 1 }
            } else {
                return
            }
        }
    }

    mutating func next() -> PDFToken {
        skipWhitespaceAndComments()
        guard let byte = peek() else { return .end }
        switch byte {
        case UInt8(ascii: "["): position += 1; return .arrayOpen
        case UInt8(ascii: "]"): position += 1; return .arrayClose
        case UInt8(ascii: "{"): position += 1; return .braceOpen
        case UInt8(ascii: "}"): position += 1; return .braceClose
        case UInt8(ascii: "/"): position += 1; return .name(readName())
        case UInt8(ascii: "("): position += 1; return .string(readLiteralString())
        case UInt8(ascii: "<"):
            if peek(1) == UInt8(ascii: "<") { position += 2; return .dictionaryOpen }
            position += 1
            return .string(readHexString())
        case UInt8(ascii: ">"):
            if peek(1) == UInt8(ascii: ">") { position += 2; return .dictionaryClose }
            position += 1
            return .keyword(">")
        case UInt8(ascii: ")"):
            position += 1
            return .keyword(")")
        default:
            return readRegularRun()
        }
    }

    /// A name after its slash, `#xx` escapes decoded (§7.3.5).
    private mutating func readName() -> String {
        var name: [UInt8] = []
        while let byte = peek(), Self.isRegular(byte) {
            if byte == UInt8(ascii: "#"), let high = peek(1).flatMap(Self.hexValue), let low = peek(2).flatMap(Self.hexValue) {
                name.append(high << 4 | low)
                position += 3
            } else {
                name.append(byte)
                position += 1
            }
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// A literal string after its opening parenthesis: balanced parentheses and the escapes of §7.3.4.2.
    private mutating func readLiteralString() -> [UInt8] {
        var out: [UInt8] = []
        var depth = 1
        while let byte = peek() {
            position += 1
            switch byte {
            case UInt8(ascii: "("):
                depth += 1
                out.append(byte)
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return out }
                out.append(byte)
            case UInt8(ascii: "\\"):
                readEscape(into: &out)
            default:
                out.append(byte)
            }
        }
        return out
    }

    private mutating func readEscape(into out: inout [UInt8]) {
        guard let byte = peek() else { return }
        position += 1
        switch byte {
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case 0x0D:
            // A line continuation: the backslash and the end of line vanish.
            if peek() == 0x0A { position += 1 }
        case 0x0A:
            break
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var value = Int(byte - UInt8(ascii: "0"))
            for _ in 0..<2 {
                guard let digit = peek(), digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "7") else { break }
                value = value * 8 + Int(digit - UInt8(ascii: "0"))
                position += 1
            }
            out.append(UInt8(truncatingIfNeeded: value))
        default:
            out.append(byte)
        }
    }

    /// A hex string after its `<`: whitespace ignored, an odd final digit followed by 0 (§7.3.4.3).
    private mutating func readHexString() -> [UInt8] {
        var out: [UInt8] = []
        var high: UInt8?
        while let byte = peek() {
            position += 1
            if byte == UInt8(ascii: ">") { break }
            guard let nibble = Self.hexValue(byte) else { continue }
            if let h = high {
                out.append(h << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        if let h = high { out.append(h << 4) }
        return out
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// A number if the run spells one (§7.3.3), otherwise a keyword.
    private mutating func readRegularRun() -> PDFToken {
        let start = position
        while let byte = peek(), Self.isRegular(byte) { position += 1 }
        if position == start {
            // Unreachable for a well-formed lexer state, but never loop on one byte forever.
            position += 1
            return .keyword(String(decoding: [bytes[start]], as: UTF8.self))
        }
        let run = bytes[start..<position]
        return Self.number(run) ?? .keyword(String(decoding: run, as: UTF8.self))
    }

    /// `[+-]digits[.digits]`, `[+-].digits`; nil for anything else. Accumulated by hand: no String
    /// round trip per operand, and no trap on a thousand digits (those become a real, or 0 if infinite).
    static func number(_ run: ArraySlice<UInt8>) -> PDFToken? {
        var index = run.startIndex
        var negative = false
        if index < run.endIndex, run[index] == UInt8(ascii: "-") || run[index] == UInt8(ascii: "+") {
            negative = run[index] == UInt8(ascii: "-")
            index += 1
        }
        var whole = 0.0, fraction = 0.0, scale = 1.0
        var digits = 0, sawPoint = false
        var exact = 0, exactFits = true
        while index < run.endIndex {
            let byte = run[index]
            if byte == UInt8(ascii: ".") {
                guard !sawPoint else { return nil }
                sawPoint = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                let digit = Int(byte - UInt8(ascii: "0"))
                digits += 1
                if sawPoint {
                    scale /= 10
                    fraction += Double(digit) * scale
                } else {
                    whole = whole * 10 + Double(digit)
                    if digits > 18 { exactFits = false } else { exact = exact * 10 + digit }
                }
            } else {
                return nil
            }
            index += 1
        }
        guard digits > 0 else { return nil }
        if !sawPoint, exactFits { return .integer(negative ? -exact : exact) }
        let value = (whole + fraction) * (negative ? -1 : 1)
        return .real(value.isFinite ? value : 0)
    }
}

/// Builds objects from tokens. Object files allow `N G R` references; content streams do not, so
/// there a run of integers stays numbers.
struct PDFParser {
    var lexer: PDFLexer
    let allowsReferences: Bool

    /// Deeper nesting of arrays and dictionaries than any real file uses; past it the data is hostile.
    static let maxNesting = 64

    init(_ bytes: [UInt8], from start: Int = 0, to end: Int? = nil, allowsReferences: Bool = true) {
        lexer = PDFLexer(bytes, from: start, to: end)
        self.allowsReferences = allowsReferences
    }

    mutating func parseObject() throws(PDFVectorImage.Failure) -> PDFObject {
        try parseObject(startingWith: lexer.next(), depth: 0)
    }

    mutating func parseObject(startingWith token: PDFToken, depth: Int) throws(PDFVectorImage.Failure) -> PDFObject {
        guard depth <= Self.maxNesting else { throw malformed("arrays and dictionaries nested too deeply") }
        switch token {
        case .integer(let value):
            if allowsReferences, value >= 0, let reference = reference(numbered: value) { return .reference(reference) }
            return .integer(value)
        case .real(let value): return .real(value)
        case .name(let value): return .name(value)
        case .string(let value): return .string(value)
        case .arrayOpen: return .array(try parseArray(depth: depth + 1))
        case .dictionaryOpen: return .dictionary(try parseDictionary(depth: depth + 1))
        case .keyword("true"): return .boolean(true)
        case .keyword("false"): return .boolean(false)
        case .keyword("null"): return .null
        case .end: throw malformed("data ends where an object was expected")
        default: throw malformed("unexpected \(token) where an object was expected")
        }
    }

    /// After an integer: `G R` makes it a reference; otherwise the lexer goes back to where it was.
    private mutating func reference(numbered number: Int) -> PDFReference? {
        let saved = lexer.position
        if case .integer(let generation) = lexer.next(), generation >= 0, case .keyword("R") = lexer.next() {
            return PDFReference(number: number, generation: generation)
        }
        lexer.seek(to: saved)
        return nil
    }

    mutating func parseArray(depth: Int) throws(PDFVectorImage.Failure) -> [PDFObject] {
        var items: [PDFObject] = []
        while true {
            let token = lexer.next()
            if token == .arrayClose { return items }
            if token == .end { throw malformed("unterminated array") }
            items.append(try parseObject(startingWith: token, depth: depth))
        }
    }

    mutating func parseDictionary(depth: Int) throws(PDFVectorImage.Failure) -> PDFDictionary {
        var dictionary = PDFDictionary()
        while true {
            let token = lexer.next()
            switch token {
            case .dictionaryClose:
                return dictionary
            case .name(let key):
                let value = try parseObject(startingWith: lexer.next(), depth: depth)
                // The first definition stands, as most readers keep it.
                if dictionary.entries[key] == nil { dictionary.entries[key] = value }
            case .end:
                throw malformed("unterminated dictionary")
            default:
                throw malformed("a dictionary key must be a name, found \(token)")
            }
        }
    }

    func malformed(_ reason: String) -> PDFVectorImage.Failure {
        .malformed(offset: lexer.position, reason: reason)
    }
}
