import Foundation

/// Parses Apple's predicate format language: comparisons (`==`, `!=`, `<`, `<=`, `>`, `>=`,
/// `BEGINSWITH`, `ENDSWITH`, `CONTAINS`, `LIKE`, `MATCHES`, `IN`, `BETWEEN`, with `[c]`, `[d]`,
/// `[cd]`), `AND`/`&&`, `OR`/`||`, `NOT`/`!`, parentheses, `ANY`/`SOME`/`ALL`/`NONE`, key paths with
/// `@count` and the other collection operators, `SELF`, constants (numbers, quoted strings,
/// `YES`/`NO`/`TRUE`/`FALSE`, `nil`/`NULL`, `{…}` aggregates), `$variables`, arithmetic, and the
/// arguments `%@`, `%K`, `%d`/`%i`/`%ld`… and `%f`/`%lf`…, taken in order from `arguments`.
/// Keywords are case-insensitive, as Apple's are.
struct PredicateParser {
    private let format: String
    private let tokens: [PredicateToken]
    private let arguments: [Any]
    private var position = 0
    private var nextArgument = 0

    static func parse(_ format: String, arguments: [Any]) throws(PredicateFormatError) -> PredicateNode {
        var parser = PredicateParser(format: format, tokens: try PredicateLexer.tokens(format), arguments: arguments)
        let node = try parser.orExpression()
        guard case .end = parser.current.kind else { throw parser.fail("unexpected \(parser.describe(parser.current))") }
        return node
    }

    private init(format: String, tokens: [PredicateToken], arguments: [Any]) {
        self.format = format
        self.tokens = tokens
        self.arguments = arguments
    }

    static let reserved: Set<String> = [
        "AND", "OR", "NOT", "IN", "BETWEEN", "LIKE", "MATCHES", "CONTAINS", "BEGINSWITH", "ENDSWITH", "ANY", "SOME", "ALL", "NONE",
        "NULL", "NIL", "SELF", "TRUE", "FALSE", "YES", "NO", "TRUEPREDICATE", "FALSEPREDICATE", "SUBQUERY", "FUNCTION",
    ]

    // MARK: - Tokens

    private var current: PredicateToken { tokens[min(position, tokens.count - 1)] }

    private func fail(_ message: String) -> PredicateFormatError {
        PredicateFormatError(format: format, offset: current.offset, message: message)
    }

    private func describe(_ token: PredicateToken) -> String {
        switch token.kind {
        case .word(let w), .escapedWord(let w): "'\(w)'"
        case .integer(let n): "\(n)"
        case .real(let n): "\(n)"
        case .string(let s): "\"\(s)\""
        case .format(let f): "%\(f)"
        case .variable(let v): "$\(v)"
        case .atWord(let w): "@\(w)"
        case .symbol(let s): "'\(s)'"
        case .end: "the end"
        }
    }

    /// Whether the current token is the keyword `word` (any case).
    private func isKeyword(_ word: String) -> Bool {
        if case .word(let w) = current.kind { return w.uppercased() == word }
        return false
    }

    private func isSymbol(_ symbol: String) -> Bool {
        if case .symbol(let s) = current.kind { return s == symbol }
        return false
    }

    private mutating func expectSymbol(_ symbol: String) throws(PredicateFormatError) {
        guard isSymbol(symbol) else { throw fail("'\(symbol)' expected, found \(describe(current))") }
        position += 1
    }

    // MARK: - Predicates

    private mutating func orExpression() throws(PredicateFormatError) -> PredicateNode {
        var parts = [try andExpression()]
        while isKeyword("OR") || isSymbol("||") {
            position += 1
            parts.append(try andExpression())
        }
        return parts.count == 1 ? parts[0] : .or(parts)
    }

    private mutating func andExpression() throws(PredicateFormatError) -> PredicateNode {
        var parts = [try notExpression()]
        while isKeyword("AND") || isSymbol("&&") {
            position += 1
            parts.append(try notExpression())
        }
        return parts.count == 1 ? parts[0] : .and(parts)
    }

    private mutating func notExpression() throws(PredicateFormatError) -> PredicateNode {
        if isKeyword("NOT") || isSymbol("!") {
            position += 1
            return .not(try notExpression())
        }
        return try primary()
    }

    private mutating func primary() throws(PredicateFormatError) -> PredicateNode {
        if isKeyword("TRUEPREDICATE") {
            position += 1
            return .constant(true)
        }
        if isKeyword("FALSEPREDICATE") {
            position += 1
            return .constant(false)
        }
        if isSymbol("(") {
            // A parenthesized predicate, or an expression in parentheses starting a comparison.
            let saved = (position, nextArgument)
            position += 1
            if let inner = try? orExpression(), isSymbol(")") {
                position += 1
                return inner
            }
            (position, nextArgument) = saved
        }
        return try comparison()
    }

    private mutating func comparison() throws(PredicateFormatError) -> PredicateNode {
        var quantifier = PredicateQuantifier.direct
        if isKeyword("ANY") || isKeyword("SOME") { quantifier = .any }
        if isKeyword("ALL") { quantifier = .all }
        if isKeyword("NONE") { quantifier = .none }
        if quantifier != .direct { position += 1 }
        let left = try expression()
        let op = try comparisonOperator()
        let options = try stringOptions()
        let right = try expression()
        return .comparison(PredicateComparison(quantifier: quantifier, left: left, op: op, options: options, right: right))
    }

    private mutating func comparisonOperator() throws(PredicateFormatError) -> PredicateOperator {
        let found: PredicateOperator?
        switch current.kind {
        case .symbol(let s):
            found = ["==": .equal, "=": .equal, "!=": .notEqual, "<>": .notEqual, "<": .less, "<=": .lessOrEqual, "=<": .lessOrEqual,
                     ">": .greater, ">=": .greaterOrEqual, "=>": .greaterOrEqual][s]
        case .word(let w):
            found = ["BEGINSWITH": .beginsWith, "ENDSWITH": .endsWith, "CONTAINS": .contains, "LIKE": .like, "MATCHES": .matches,
                     "IN": .in, "BETWEEN": .between][w.uppercased()]
        default:
            found = nil
        }
        guard let op = found else { throw fail("an operator (==, <, CONTAINS, IN…) expected, found \(describe(current))") }
        position += 1
        return op
    }

    /// `[c]`, `[d]`, `[cd]` after an operator.
    private mutating func stringOptions() throws(PredicateFormatError) -> PredicateValues.StringOptions {
        guard isSymbol("[") else { return [] }
        position += 1
        guard case .word(let letters) = current.kind else { throw fail("options (c, d, cd) expected inside [ ]") }
        var options: PredicateValues.StringOptions = []
        for letter in letters.lowercased() {
            switch letter {
            case "c": options.insert(.caseInsensitive)
            case "d": options.insert(.diacriticInsensitive)
            case "n", "l": continue
            default: throw fail("unknown comparison option '\(letter)'")
            }
        }
        position += 1
        try expectSymbol("]")
        return options
    }

    // MARK: - Expressions

    private mutating func expression() throws(PredicateFormatError) -> PredicateExpression {
        var left = try term()
        while isSymbol("+") || isSymbol("-") {
            guard case .symbol(let s) = current.kind, let op = s.first else { break }
            position += 1
            left = .arithmetic(left, op, try term())
        }
        return left
    }

    private mutating func term() throws(PredicateFormatError) -> PredicateExpression {
        var left = try unary()
        while isSymbol("*") || isSymbol("/") {
            guard case .symbol(let s) = current.kind, let op = s.first else { break }
            position += 1
            left = .arithmetic(left, op, try unary())
        }
        return left
    }

    private mutating func unary() throws(PredicateFormatError) -> PredicateExpression {
        if isSymbol("-") {
            position += 1
            let operand = try unary()
            if case .value(let v) = operand, let n = v.flatMap({ NumericValue.int64($0) }), !(v is Double) { return .value(-n) }
            if case .value(let v) = operand, let n = v.flatMap({ NumericValue.double($0) }) { return .value(-n) }
            return .arithmetic(.value(Int64(0)), "-", operand)
        }
        let base = try operand()
        return try keyPathSuffix(base)
    }

    /// `.key.path` after an operand other than a key path (`SELF.name`, `$x.name`, `%@.name`).
    private mutating func keyPathSuffix(_ base: PredicateExpression) throws(PredicateFormatError) -> PredicateExpression {
        guard isSymbol(".") else { return base }
        if case .keyPath = base { return base }
        let path = try keyPathComponents(first: nil)
        if case .evaluatedObject = base { return .keyPath(path) }
        return .keyPathFrom(base, path)
    }

    private mutating func operand() throws(PredicateFormatError) -> PredicateExpression {
        let token = current
        switch token.kind {
        case .integer(let n):
            position += 1
            return .value(n)
        case .real(let n):
            position += 1
            return .value(n)
        case .string(let s):
            position += 1
            return .value(s)
        case .variable(let name):
            position += 1
            return .variable(name)
        case .format(let spec):
            position += 1
            return try argument(spec)
        case .atWord:
            return .keyPath(try keyPathComponents(first: nil))
        case .escapedWord(let word):
            position += 1
            return .keyPath(try keyPathComponents(first: word))
        case .symbol("("):
            position += 1
            let inner = try expression()
            try expectSymbol(")")
            return inner
        case .symbol("{"):
            position += 1
            var items: [PredicateExpression] = []
            if !isSymbol("}") {
                items.append(try expression())
                while isSymbol(",") {
                    position += 1
                    items.append(try expression())
                }
            }
            try expectSymbol("}")
            return .aggregate(items)
        case .word(let word):
            switch word.uppercased() {
            case "YES", "TRUE":
                position += 1
                return .value(true)
            case "NO", "FALSE":
                position += 1
                return .value(false)
            case "NIL", "NULL":
                position += 1
                return .value(nil)
            case "SELF":
                position += 1
                return .evaluatedObject
            case "SUBQUERY", "FUNCTION":
                throw fail("\(word.uppercased()) is not supported here")
            case let upper where Self.reserved.contains(upper):
                throw fail("a value or key path expected, found the keyword \(word)")
            default:
                position += 1
                return .keyPath(try keyPathComponents(first: word))
            }
        default:
            throw fail("a value or key path expected, found \(describe(token))")
        }
    }

    /// The rest of a key path: `.name`, `.@count`, `.#reserved`, after `first` (when given).
    private mutating func keyPathComponents(first: String?) throws(PredicateFormatError) -> [String] {
        var path: [String] = first.map { [$0] } ?? []
        if first == nil, case .atWord(let op) = current.kind {
            position += 1
            path.append("@" + op)
        }
        while isSymbol(".") {
            position += 1
            switch current.kind {
            case .word(let w), .escapedWord(let w): path.append(w)
            case .atWord(let w): path.append("@" + w)
            default: throw fail("a key expected after '.', found \(describe(current))")
            }
            position += 1
        }
        guard !path.isEmpty else { throw fail("a key path expected") }
        return path
    }

    /// A `%` argument, taken from the arguments in order.
    private mutating func argument(_ spec: String) throws(PredicateFormatError) -> PredicateExpression {
        guard let conversion = spec.last else { throw fail("an empty format specifier") }
        guard nextArgument < arguments.count else {
            throw fail("%\(spec) has no argument (\(arguments.count) given)")
        }
        let given = StoredForm.unwrapped(arguments[nextArgument])
        nextArgument += 1
        switch conversion {
        case "@":
            return .value(given)
        case "K":
            guard let key = given.flatMap({ PredicateValues.text($0) }), !key.isEmpty else { throw fail("the argument of %K is not a key (a string)") }
            return .keyPath(key.split(separator: ".").map(String.init))
        case "d", "i", "u", "o", "x", "X", "D", "U", "O":
            guard let value = given, let integer = NumericValue.int64(value) else { throw fail("the argument of %\(spec) is not an integer") }
            return .value(integer)
        case "f", "F", "e", "E", "g", "G", "a", "A":
            guard let value = given, let real = NumericValue.double(value) else { throw fail("the argument of %\(spec) is not a number") }
            return .value(real)
        default:
            throw fail("the format specifier %\(spec) is not supported in predicates (use %@, %K, %d or %f)")
        }
    }
}
