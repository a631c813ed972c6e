import Foundation

/// An `import` in a Swift file: the module, the line, and whether it sits inside an `#if` (then the
/// compiler may never see it, as with `#if canImport(WeatherKit)`).
public struct SourceImport: Hashable, Sendable {
    public var module: String
    /// The whole path imported: `os.log` for `import os.log`, the module alone otherwise.
    public var path: String
    public var line: Int
    public var isConditional: Bool
}

/// Finds the imports of Swift files without a parser: `import X`, `import X.Y`, `import struct X.Y`,
/// with attributes (`@testable`, `@preconcurrency`, `@_exported`) and access levels (`public import`)
/// before them. Good enough to say which frameworks a target needs; the compiler has the last word.
public enum SourceImports {
    /// Files over this size are not scanned (real Swift files are far smaller).
    static let maximumFileSize = 8 << 20

    public static func scan(_ file: URL) -> [SourceImport] {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
              let size = attributes[.size] as? Int, size <= maximumFileSize,
              let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        return scan(text: text)
    }

    static let kinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let", "actor"]
    static let modifiers: Set<String> = ["public", "internal", "package", "private", "fileprivate"]

    public static func scan(text: String) -> [SourceImport] {
        var imports: [SourceImport] = []
        var branches: [Branch] = []
        var inBlockComment = false
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = raw.trimmingCharacters(in: .whitespaces)
            if inBlockComment {
                guard let end = line.range(of: "*/") else { continue }
                line = String(line[end.upperBound...]).trimmingCharacters(in: .whitespaces)
                inBlockComment = false
            }
            if line.hasPrefix("/*"), !line.contains("*/") { inBlockComment = true; continue }
            if line.hasPrefix("#if") { branches.append(Branch(condition: condition(of: line, directive: "#if"))); continue }
            if line.hasPrefix("#elseif"), !branches.isEmpty { branches[branches.count - 1].next(condition(of: line, directive: "#elseif")); continue }
            if line.hasPrefix("#else"), !branches.isEmpty { branches[branches.count - 1].next(.known(true)); continue }
            if line.hasPrefix("#endif") { _ = branches.popLast(); continue }
            // An import in a branch that is never compiled is none; one in a branch that may be is conditional.
            guard !branches.contains(where: { $0.state == .off }), let path = importedPath(line) else { continue }
            let module = path.split(separator: ".").first.map(String.init) ?? path
            imports.append(SourceImport(module: module, path: path, line: number + 1, isConditional: branches.contains { $0.state == .maybe }))
        }
        return imports
    }

    /// A directive's condition: `true` or `false` as written (platform conditions resolved so by
    /// `PlatformConditions`), else unknown until the compiler decides.
    enum Condition: Equatable { case known(Bool), unknown }

    private static func condition(of line: String, directive: String) -> Condition {
        let rest = line.dropFirst(directive.count).split(separator: "/", maxSplits: 1).first ?? ""
        var reader = LiteralCondition(rest)
        guard let value = reader.or(), reader.atEnd else { return .unknown }
        return .known(value)
    }

    /// A condition made only of `true`, `false`, `!`, `&&`, `||` and parentheses (`true || false`
    /// once `os(iOS) || os(macOS)` is resolved), evaluated; nil for anything else.
    struct LiteralCondition {
        private var tokens: [String]
        private var index = 0

        init(_ text: Substring) {
            var found: [String] = []
            var rest = text[...]
            while let first = rest.first {
                if first == " " || first == "\t" { rest = rest.dropFirst(); continue }
                if let op = ["&&", "||"].first(where: { rest.hasPrefix($0) }) { found.append(op); rest = rest.dropFirst(2); continue }
                if "!()".contains(first) { found.append(String(first)); rest = rest.dropFirst(); continue }
                let word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                found.append(word.isEmpty ? String(first) : String(word))
                rest = rest.dropFirst(max(1, word.count))
            }
            tokens = found
        }

        var atEnd: Bool { index == tokens.count }

        mutating func or() -> Bool? {
            guard var value = and() else { return nil }
            while index < tokens.count, tokens[index] == "||" {
                index += 1
                guard let right = and() else { return nil }
                value = value || right
            }
            return value
        }

        private mutating func and() -> Bool? {
            guard var value = unary() else { return nil }
            while index < tokens.count, tokens[index] == "&&" {
                index += 1
                guard let right = unary() else { return nil }
                value = value && right
            }
            return value
        }

        private mutating func unary() -> Bool? {
            guard index < tokens.count else { return nil }
            let token = tokens[index]
            index += 1
            switch token {
            case "!": return unary().map { !$0 }
            case "true": return true
            case "false": return false
            case "(":
                guard let value = or(), index < tokens.count, tokens[index] == ")" else { return nil }
                index += 1
                return value
            default: return nil
            }
        }
    }

    /// One `#if … #endif`: whether the branch being read is compiled (`on`), is not (`off`), or may be.
    struct Branch {
        enum State: Equatable { case on, off, maybe }
        var state: State
        /// A branch before this one was, or may have been, taken.
        var taken: State

        init(condition: Condition) {
            state = condition == .known(true) ? .on : condition == .known(false) ? .off : .maybe
            taken = state
        }

        mutating func next(_ condition: Condition) {
            switch (taken, condition) {
            case (.on, _): state = .off
            case (.off, .known(true)): state = .on; taken = .on
            case (.off, .known(false)): state = .off
            case (.off, .unknown): state = .maybe; taken = .maybe
            case (.maybe, .known(false)): state = .off
            case (.maybe, _): state = .maybe
            }
        }
    }

    private static func importedPath(_ line: String) -> String? {
        let code = line.split(separator: "/", maxSplits: 1).first.map(String.init) ?? line
        var words = code.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        while let first = words.first, first.hasPrefix("@") || modifiers.contains(first) { words.removeFirst() }
        guard words.first == "import", words.count >= 2 else { return nil }
        var path = words[1]
        if kinds.contains(path), words.count >= 3 {
            // `import struct Module.Type`: the module is the first component.
            path = words[2].split(separator: ".").first.map(String.init) ?? words[2]
        }
        guard let first = path.first, first.isLetter || first == "_" else { return nil }
        return path
    }
}
