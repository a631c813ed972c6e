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
        var depth = 0
        var inBlockComment = false
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = raw.trimmingCharacters(in: .whitespaces)
            if inBlockComment {
                guard let end = line.range(of: "*/") else { continue }
                line = String(line[end.upperBound...]).trimmingCharacters(in: .whitespaces)
                inBlockComment = false
            }
            if line.hasPrefix("/*"), !line.contains("*/") { inBlockComment = true; continue }
            if line.hasPrefix("#if") { depth += 1; continue }
            if line.hasPrefix("#endif") { depth = max(0, depth - 1); continue }
            guard let path = importedPath(line) else { continue }
            let module = path.split(separator: ".").first.map(String.init) ?? path
            imports.append(SourceImport(module: module, path: path, line: number + 1, isConditional: depth > 0))
        }
        return imports
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
