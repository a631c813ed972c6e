import Foundation

/// A token of a predicate format string, with its offset.
struct PredicateToken {
    enum Kind: Equatable {
        /// A name or a keyword (keywords are told apart by the parser, case-insensitively).
        case word(String)
        /// `#name`: a key that would otherwise be a keyword.
        case escapedWord(String)
        case integer(Int64)
        case real(Double)
        case string(String)
        /// `%@`, `%K`, `%d`, `%ld`, `%f`…: the conversion with its length modifier.
        case format(String)
        /// `$name`.
        case variable(String)
        /// `@count`, `@sum`….
        case atWord(String)
        /// Punctuation and operators: `( ) { } [ ] , . == != <> < <= =< > >= => = && || ! + - * /`.
        case symbol(String)
        case end
    }

    var kind: Kind
    var offset: Int
}

/// Splits a predicate format string into tokens.
enum PredicateLexer {
    static func tokens(_ format: String) throws(PredicateFormatError) -> [PredicateToken] {
        let chars = Array(format)
        var out: [PredicateToken] = []
        var i = 0
        func fail(_ message: String) -> PredicateFormatError { PredicateFormatError(format: format, offset: i, message: message) }
        func isWordStart(_ c: Character) -> Bool { c.isLetter || c == "_" }
        func isWordPart(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
        while i < chars.count {
            let c = chars[i]
            let start = i
            if c.isWhitespace {
                i += 1
                continue
            }
            if isWordStart(c) || c == "#" || c == "$" || c == "@" {
                let marker: Character? = isWordStart(c) ? nil : c
                if marker != nil { i += 1 }
                let wordStart = i
                while i < chars.count, isWordPart(chars[i]) { i += 1 }
                guard i > wordStart else { throw fail("a name is expected after \(c)") }
                let word = String(chars[wordStart..<i])
                switch marker {
                case "#": out.append(PredicateToken(kind: .escapedWord(word), offset: start))
                case "$": out.append(PredicateToken(kind: .variable(word), offset: start))
                case "@": out.append(PredicateToken(kind: .atWord(word), offset: start))
                default: out.append(PredicateToken(kind: .word(word), offset: start))
                }
                continue
            }
            if c.isNumber {
                out.append(PredicateToken(kind: try number(chars, &i, format: format), offset: start))
                continue
            }
            if c == "\"" || c == "'" {
                out.append(PredicateToken(kind: .string(try string(chars, &i, quote: c, format: format)), offset: start))
                continue
            }
            if c == "%" {
                i += 1
                var spec = ""
                while i < chars.count, "hlqLzjt".contains(chars[i]), spec.count < 3 {
                    spec.append(chars[i])
                    i += 1
                }
                guard i < chars.count else { throw fail("a format specifier is not finished") }
                spec.append(chars[i])
                i += 1
                out.append(PredicateToken(kind: .format(spec), offset: start))
                continue
            }
            let two = i + 1 < chars.count ? String(chars[i...i + 1]) : ""
            if ["==", "!=", "<>", "<=", "=<", ">=", "=>", "&&", "||"].contains(two) {
                out.append(PredicateToken(kind: .symbol(two), offset: start))
                i += 2
                continue
            }
            if "(){}[],.<>=!+-*/".contains(c) {
                out.append(PredicateToken(kind: .symbol(String(c)), offset: start))
                i += 1
                continue
            }
            throw fail("unexpected character '\(c)'")
        }
        out.append(PredicateToken(kind: .end, offset: chars.count))
        return out
    }

    private static func number(_ chars: [Character], _ i: inout Int, format: String) throws(PredicateFormatError) -> PredicateToken.Kind {
        let start = i
        func fail(_ message: String) -> PredicateFormatError { PredicateFormatError(format: format, offset: start, message: message) }
        if chars[i] == "0", i + 1 < chars.count, let radix = ["x": 16, "X": 16, "o": 8, "O": 8, "b": 2, "B": 2][chars[i + 1]] {
            i += 2
            let digitsStart = i
            while i < chars.count, chars[i].isHexDigit { i += 1 }
            guard let value = Int64(String(chars[digitsStart..<i]), radix: radix) else { throw fail("not a number") }
            return .integer(value)
        }
        while i < chars.count, chars[i].isNumber { i += 1 }
        var isReal = false
        if i + 1 < chars.count, chars[i] == ".", chars[i + 1].isNumber {
            isReal = true
            i += 1
            while i < chars.count, chars[i].isNumber { i += 1 }
        }
        if i < chars.count, chars[i] == "e" || chars[i] == "E" {
            var j = i + 1
            if j < chars.count, chars[j] == "+" || chars[j] == "-" { j += 1 }
            if j < chars.count, chars[j].isNumber {
                isReal = true
                i = j
                while i < chars.count, chars[i].isNumber { i += 1 }
            }
        }
        let text = String(chars[start..<i])
        if !isReal, let value = Int64(text) { return .integer(value) }
        guard let value = Double(text) else { throw fail("\(text) is not a number") }
        return .real(value)
    }

    private static func string(_ chars: [Character], _ i: inout Int, quote: Character, format: String) throws(PredicateFormatError) -> String {
        let start = i
        i += 1
        var text = ""
        while i < chars.count {
            let c = chars[i]
            if c == quote {
                i += 1
                return text
            }
            if c == "\\", i + 1 < chars.count {
                i += 1
                switch chars[i] {
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "r": text.append("\r")
                case "0": text.append("\0")
                default: text.append(chars[i])
                }
                i += 1
                continue
            }
            text.append(c)
            i += 1
        }
        throw PredicateFormatError(format: format, offset: start, message: "a quoted string is not closed")
    }
}
