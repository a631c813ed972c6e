import Foundation

/// Rewrites a Swift file that declares managed objects the way Xcode's "Manual/None" codegen and
/// hand-written classes do, so that it builds without the Objective-C runtime:
///
/// - `@NSManaged var name: T` becomes `var name: T { get { _managedValue(forKey: "name") } set { … } }`
///   (the `CoreData` module's accessors; a computed property works in the extensions Xcode puts
///   these in, where a property wrapper's storage could not be);
/// - `@NSManaged func addToItems(_ value: Item)` and the other relationship accessors get bodies;
/// - `@objc(Name)`, `@objc`, `@nonobjc` and `@objcMembers` are removed (errors on Linux);
/// - `override init(entity:insertInto:)` becomes `required init(entity:insertInto:)` (the
///   framework's initializer is required, since it makes subclasses from an entity);
/// - `#keyPath(Item.name)` becomes `"name"`.
///
/// Every line stays on its line, and the copy begins with `#sourceLocation(file:line:)` naming the
/// original, so the compiler's messages point at the author's file and line. Comments and string
/// literals are left alone.
public enum ManagedSourceRewriter {
    public struct Result: Equatable, Sendable {
        public var text: String
        /// Managed properties turned into accessors.
        public var properties: Int
        /// Relationship accessors given bodies.
        public var accessors: Int
    }

    /// Whether a file needs the rewrite: its code (not its comments or strings) has `@NSManaged` or `@objc(`.
    public static func needsRewrite(_ text: String) -> Bool {
        guard text.contains("@NSManaged") || text.contains("@objc") else { return false }
        var lexer = LineLexer()
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            for segment in lexer.segments(of: String(line)) where segment.isCode {
                if segment.text.contains("@NSManaged") || segment.text.range(of: #"@objc\s*\("#, options: .regularExpression) != nil { return true }
            }
        }
        return false
    }

    public static func rewrite(_ text: String, originalPath: String) -> Result {
        var lexer = LineLexer()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let propertyNames = managedPropertyNames(lines)
        var pending = false
        var result = Result(text: "", properties: 0, accessors: 0)
        var out: [String] = ["#sourceLocation(file: \(AssetSymbols.literal(originalPath)), line: 1)"]
        for line in lines {
            var segments = lexer.segments(of: line)
            for index in segments.indices where segments[index].isCode {
                var code = segments[index].text
                if code.contains("@NSManaged") {
                    code = code.replacingOccurrences(of: "@NSManaged", with: "")
                    pending = true
                }
                code = removingObjectiveCAttributes(code)
                code = replacingKeyPaths(code)
                code = requiringEntityInitializer(code)
                if pending, let declared = managedDeclaration(code, knownKeys: propertyNames) {
                    code = declared.code
                    if declared.isProperty { result.properties += 1 } else { result.accessors += 1 }
                    pending = false
                }
                segments[index].text = code
            }
            out.append(segments.map(\.text).joined())
        }
        out.append("#sourceLocation()")
        result.text = out.joined(separator: "\n") + "\n"
        return result
    }

    /// `override init(entity:insertInto:)`, with its access written before or after `override`,
    /// becomes `required init(entity:insertInto:)`; a private one becomes internal, since a required
    /// initializer is reachable wherever the class can be subclassed.
    static func requiringEntityInitializer(_ code: String) -> String {
        let access = #"(?:public|internal|open|package|fileprivate|private)"#
        guard let pattern = try? NSRegularExpression(pattern: #"\b(?:("# + access + #")\s+)?override\s+(?:("# + access + #")\s+)?init\s*\(\s*entity\s*:"#) else { return code }
        var out = code
        for match in pattern.matches(in: out, range: NSRange(out.startIndex..., in: out)).reversed() {
            guard let whole = Range(match.range, in: out) else { continue }
            let written = [1, 2].compactMap { Range(match.range(at: $0), in: out).map { String(out[$0]) } }.first
            let kept = written.map { $0 == "private" || $0 == "fileprivate" ? "" : $0 + " " } ?? ""
            out.replaceSubrange(whole, with: "\(kept)required init(entity:")
        }
        return out
    }

    /// The names of the file's `@NSManaged` properties (to name the relationship an accessor is for).
    static func managedPropertyNames(_ lines: [String]) -> [String] {
        var names: [String] = []
        var pending = false
        for line in lines {
            if line.contains("@NSManaged") { pending = true }
            guard pending, let match = line.range(of: #"\bvar\s+`?(\w+)`?"#, options: .regularExpression) else { continue }
            let name = line[match].replacingOccurrences(of: "var", with: "").trimmingCharacters(in: CharacterSet(charactersIn: " \t`"))
            names.append(name)
            pending = false
        }
        return names
    }

    static func removingObjectiveCAttributes(_ code: String) -> String {
        code.replacingOccurrences(of: #"@objc\s*\([^)]*\)\s?"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #"@(nonobjc|objcMembers|objc)\b\s?"#, with: "", options: .regularExpression)
    }

    /// `#keyPath(Type.a.b)` as the string `"a.b"` (a path with no type keeps all its components).
    static func replacingKeyPaths(_ code: String) -> String {
        guard code.contains("#keyPath(") else { return code }
        var out = code
        while let range = out.range(of: #"#keyPath\(\s*[\w.\\]+\s*\)"#, options: .regularExpression) {
            let inner = out[range].dropFirst("#keyPath(".count).dropLast().trimmingCharacters(in: .whitespaces)
            var parts = inner.split(separator: ".").map(String.init).filter { !$0.isEmpty && $0 != "\\" }
            if parts.count > 1, let first = parts.first?.first, first.isUppercase { parts.removeFirst() }
            out.replaceSubrange(range, with: AssetSymbols.literal(parts.joined(separator: ".")))
        }
        return out
    }

    /// The declaration after `@NSManaged`, given its accessors or body; nil when the code holds none.
    static func managedDeclaration(_ code: String, knownKeys: [String]) -> (code: String, isProperty: Bool)? {
        if let match = code.range(of: #"\bvar\s+`?(\w+)`?\s*:\s*\S.*$"#, options: .regularExpression) {
            let declaration = String(code[match])
            let name = declaration.dropFirst(3).trimmingCharacters(in: .whitespaces).prefix { $0 != ":" }
                .trimmingCharacters(in: CharacterSet(charactersIn: " \t`"))
            let trimmed = code.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression)
            let trailing = String(code.suffix(code.count - trimmed.count))
            return (trimmed + ManagedAccessorText.accessors(key: name) + trailing, true)
        }
        if let match = code.range(of: #"\bfunc\s+(\w+)\s*\((.*)\)\s*$"#, options: .regularExpression) {
            let declaration = String(code[match])
            let name = declaration.dropFirst(4).trimmingCharacters(in: .whitespaces).prefix { $0 != "(" && $0 != " " }
            guard let open = declaration.firstIndex(of: "("), let close = declaration.lastIndex(of: ")") else { return nil }
            let parameters = parameterNames(String(declaration[declaration.index(after: open)..<close]))
            guard let body = ManagedAccessorText.relationshipBody(function: String(name), parameters: parameters, knownKeys: knownKeys) else { return nil }
            let trimmed = code.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression)
            return (trimmed + body + String(code.suffix(code.count - trimmed.count)), false)
        }
        return nil
    }

    /// `_ value: Item, at idx: Int` as `[("_", "value"), ("at", "idx")]` (one name is both).
    static func parameterNames(_ list: String) -> [(label: String, name: String)] {
        list.split(separator: ",").compactMap { parameter in
            let words = parameter.prefix { $0 != ":" }.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let last = words.last else { return nil }
            return (words.count > 1 ? words[0] : last, last)
        }
    }
}

/// Splits lines into code and non-code (comments, string literals), carrying block comments and
/// multi-line strings from line to line.
struct LineLexer {
    struct Segment {
        var isCode: Bool
        var text: String
    }

    private var commentDepth = 0
    private var inMultilineString = false

    mutating func segments(of line: String) -> [Segment] {
        let chars = Array(line)
        var segments: [Segment] = []
        var current = ""
        var currentIsCode = true
        func emit(_ isCode: Bool) {
            if isCode != currentIsCode, !current.isEmpty {
                segments.append(Segment(isCode: currentIsCode, text: current))
                current = ""
            }
            currentIsCode = isCode
        }
        func starts(_ text: String, at i: Int) -> Bool {
            let t = Array(text)
            return i + t.count <= chars.count && Array(chars[i..<i + t.count]) == t
        }
        var i = 0
        while i < chars.count {
            if commentDepth > 0 {
                emit(false)
                if starts("*/", at: i) { commentDepth -= 1; current += "*/"; i += 2; continue }
                if starts("/*", at: i) { commentDepth += 1; current += "/*"; i += 2; continue }
                current.append(chars[i]); i += 1
                continue
            }
            if inMultilineString {
                emit(false)
                if starts("\"\"\"", at: i) { inMultilineString = false; current += "\"\"\""; i += 3; continue }
                current.append(chars[i]); i += 1
                continue
            }
            if starts("//", at: i) {
                emit(false)
                current += String(chars[i...])
                break
            }
            if starts("/*", at: i) {
                emit(false)
                commentDepth += 1
                current += "/*"
                i += 2
                continue
            }
            if starts("\"\"\"", at: i) {
                emit(false)
                inMultilineString = true
                current += "\"\"\""
                i += 3
                continue
            }
            if chars[i] == "\"" {
                emit(false)
                current.append("\"")
                i += 1
                while i < chars.count {
                    current.append(chars[i])
                    if chars[i] == "\\", i + 1 < chars.count { current.append(chars[i + 1]); i += 2; continue }
                    i += 1
                    if chars[i - 1] == "\"" { break }
                }
                continue
            }
            emit(true)
            current.append(chars[i])
            i += 1
        }
        if !current.isEmpty { segments.append(Segment(isCode: currentIsCode, text: current)) }
        return segments
    }
}
