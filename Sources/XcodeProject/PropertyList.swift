import Foundation

/// A value of the old-style ("OpenStep") property list format `project.pbxproj` is written in:
/// strings, arrays and dictionaries, nothing typed beyond that (numbers are strings, as Xcode
/// writes them), and `<hex>` data, which project files do not use but the format allows.
public indirect enum PropertyListValue: Hashable, Sendable {
    case string(String)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])
    case data([UInt8])

    public var string: String? { if case .string(let s) = self { return s } else { return nil } }
    public var array: [PropertyListValue]? { if case .array(let a) = self { return a } else { return nil } }
    public var dictionary: [String: PropertyListValue]? { if case .dictionary(let d) = self { return d } else { return nil } }

    /// The strings of an array value; anything else in it is skipped.
    public var strings: [String] { array?.compactMap(\.string) ?? [] }

    public subscript(key: String) -> PropertyListValue? { dictionary?[key] }
}

/// Why a property list could not be read: each names the byte offset and line where it went wrong.
public enum PropertyListError: Error, Equatable, Sendable, CustomStringConvertible {
    case unexpectedEnd(expected: String, offset: Int, line: Int)
    case unexpectedCharacter(Character, expected: String, offset: Int, line: Int)
    case unterminatedString(offset: Int, line: Int)
    case unterminatedComment(offset: Int, line: Int)
    case badEscape(offset: Int, line: Int)
    case badData(offset: Int, line: Int)
    case tooDeep(limit: Int, offset: Int, line: Int)
    case trailingContent(offset: Int, line: Int)
    case notUTF8

    public var description: String {
        switch self {
        case .unexpectedEnd(let expected, let offset, let line): "line \(line) (offset \(offset)): the file ends where \(expected) was expected"
        case .unexpectedCharacter(let c, let expected, let offset, let line):
            "line \(line) (offset \(offset)): \(expected) expected, found \(String(reflecting: String(c)))"
        case .unterminatedString(let offset, let line): "line \(line) (offset \(offset)): a quoted string is not closed"
        case .unterminatedComment(let offset, let line): "line \(line) (offset \(offset)): a /* comment */ is not closed"
        case .badEscape(let offset, let line): "line \(line) (offset \(offset)): an escape sequence that the format does not have"
        case .badData(let offset, let line): "line \(line) (offset \(offset)): <data> holds something other than hexadecimal digits"
        case .tooDeep(let limit, let offset, let line): "line \(line) (offset \(offset)): nested deeper than \(limit) levels"
        case .trailingContent(let offset, let line): "line \(line) (offset \(offset)): content after the end of the property list"
        case .notUTF8: "the file is not UTF-8 text"
        }
    }
}

/// Reads the old-style property list text format as Xcode writes and reads `project.pbxproj`:
/// `{ key = value; }`, `( a, b, )`, quoted strings with C escapes, bare words, `/* */` and `//`
/// comments. Project files are input from anywhere, so nesting is bounded and every error says where.
public struct PropertyListParser {
    /// Deeper than any project Xcode writes (about 6), shallow enough that hostile input cannot
    /// exhaust the stack.
    public static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0

    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// Parses one whole property list; anything but whitespace and comments after it is an error.
    public static func parse(_ data: Data) throws(PropertyListError) -> PropertyListValue {
        let bytes = [UInt8](data)
        guard String(validating: bytes, as: UTF8.self) != nil else { throw .notUTF8 }
        var parser = PropertyListParser(bytes: bytes)
        let value = try parser.parseValue(depth: 0)
        try parser.skipTrivia()
        guard parser.index == bytes.count else { throw .trailingContent(offset: parser.index, line: parser.line(at: parser.index)) }
        return value
    }

    private func line(at offset: Int) -> Int {
        1 + bytes[..<min(offset, bytes.count)].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }

    private func unexpected(_ expected: String) -> PropertyListError {
        guard index < bytes.count else { return .unexpectedEnd(expected: expected, offset: index, line: line(at: index)) }
        let scalar = Unicode.Scalar(bytes[index])
        return .unexpectedCharacter(Character(scalar), expected: expected, offset: index, line: line(at: index))
    }

    private mutating func parseValue(depth: Int) throws(PropertyListError) -> PropertyListValue {
        guard depth < Self.maximumDepth else { throw .tooDeep(limit: Self.maximumDepth, offset: index, line: line(at: index)) }
        try skipTrivia()
        guard index < bytes.count else { throw unexpected("a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseDictionary(depth: depth)
        case UInt8(ascii: "("): return try parseArray(depth: depth)
        case UInt8(ascii: "<"): return try parseData()
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return .string(try parseQuoted())
        default:
            guard let word = parseBareWord() else { throw unexpected("a value") }
            return .string(word)
        }
    }

    private mutating func parseDictionary(depth: Int) throws(PropertyListError) -> PropertyListValue {
        index += 1
        var result: [String: PropertyListValue] = [:]
        while true {
            try skipTrivia()
            guard index < bytes.count else { throw unexpected("a key or }") }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .dictionary(result)
            }
            guard case .string(let key) = try parseValue(depth: depth + 1) else { throw unexpected("a string key") }
            try expect("=")
            let value = try parseValue(depth: depth + 1)
            try expect(";")
            result[key] = value
        }
    }

    private mutating func parseArray(depth: Int) throws(PropertyListError) -> PropertyListValue {
        index += 1
        var result: [PropertyListValue] = []
        while true {
            try skipTrivia()
            guard index < bytes.count else { throw unexpected("a value or )") }
            if bytes[index] == UInt8(ascii: ")") {
                index += 1
                return .array(result)
            }
            result.append(try parseValue(depth: depth + 1))
            try skipTrivia()
            guard index < bytes.count else { throw unexpected(", or )") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] != UInt8(ascii: ")") {
                throw unexpected(", or )")
            }
        }
    }

    private mutating func parseData() throws(PropertyListError) -> PropertyListValue {
        let start = index
        index += 1
        var digits: [UInt8] = []
        while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
            let b = bytes[index]
            index += 1
            if b == UInt8(ascii: " ") || b == UInt8(ascii: "\n") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "\r") { continue }
            guard let v = Self.hexValue(b) else { throw .badData(offset: index - 1, line: line(at: index - 1)) }
            digits.append(v)
        }
        guard index < bytes.count, digits.count % 2 == 0 else { throw .badData(offset: start, line: line(at: start)) }
        index += 1
        return .data(stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] })
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Characters a bare (unquoted) string may hold, as Xcode writes paths and identifiers unquoted.
    private static func isBareWordByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."),
             UInt8(ascii: "-"), UInt8(ascii: "~"), UInt8(ascii: "@"): true
        default: false
        }
    }

    private mutating func parseBareWord() -> String? {
        let start = index
        while index < bytes.count, Self.isBareWordByte(bytes[index]) { index += 1 }
        guard index > start else { return nil }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func parseQuoted() throws(PropertyListError) -> String {
        let quote = bytes[index]
        let start = index
        index += 1
        var out: [UInt8] = []
        while index < bytes.count {
            let b = bytes[index]
            index += 1
            if b == quote { return String(decoding: out, as: UTF8.self) }
            guard b == UInt8(ascii: "\\") else {
                out.append(b)
                continue
            }
            try appendEscape(into: &out)
        }
        throw .unterminatedString(offset: start, line: line(at: start))
    }

    /// One escape after a backslash: the C ones, `\Uhhhh` and up to three octal digits.
    private mutating func appendEscape(into out: inout [UInt8]) throws(PropertyListError) {
        guard index < bytes.count else { throw .unterminatedString(offset: index, line: line(at: index)) }
        let e = bytes[index]
        index += 1
        switch e {
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "a"): out.append(0x07)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "v"): out.append(0x0B)
        case UInt8(ascii: "U"):
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard index < bytes.count, let v = Self.hexValue(bytes[index]) else { throw .badEscape(offset: index, line: line(at: index)) }
                value = value << 4 | UInt32(v)
                index += 1
            }
            guard let scalar = Unicode.Scalar(value) else { throw .badEscape(offset: index, line: line(at: index)) }
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var value = UInt32(e - UInt8(ascii: "0"))
            var count = 1
            while count < 3, index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index]) {
                value = value * 8 + UInt32(bytes[index] - UInt8(ascii: "0"))
                index += 1
                count += 1
            }
            guard value < 256 else { throw .badEscape(offset: index, line: line(at: index)) }
            out.append(UInt8(value))
        default:
            // `\\`, `\"`, `\'` and any other character stand for themselves.
            out.append(e)
        }
    }

    private mutating func expect(_ character: Character) throws(PropertyListError) {
        try skipTrivia()
        guard index < bytes.count, let ascii = character.asciiValue, bytes[index] == ascii else { throw unexpected(String(character)) }
        index += 1
    }

    private mutating func skipTrivia() throws(PropertyListError) {
        while index < bytes.count {
            let b = bytes[index]
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
                index += 1
            } else if b == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                let start = index
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                guard index + 1 < bytes.count else { throw .unterminatedComment(offset: start, line: line(at: start)) }
                index += 2
            } else if b == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            } else {
                return
            }
        }
    }
}
