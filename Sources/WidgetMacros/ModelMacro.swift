// `@Model` (SwiftData) without a syntax tree: the class's stored properties are found in its text,
// which is enough to write the initializer the store rebuilds a saved model with. `@Attribute`,
// `@Relationship` and `@Transient` expand to nothing: they mark properties this file reads.
import Foundation

/// Expands one attached macro use, or explains why not.
func expandAttached(typeName: String, role: String, declaration: String, extendedType: String?) -> Result<String, MacroFailure> {
    switch (typeName, role) {
    case ("NoExpansionMacro", _): return .success("")
    case ("EntryMacro", _): return expandEntry(role: role, declaration: declaration)
    case ("ModelMacro", "extension"):
        guard let type = extendedType?.trimmingCharacters(in: .whitespacesAndNewlines), !type.isEmpty else {
            return .failure(MacroFailure("@Model: no type to extend"))
        }
        return .success("extension \(type): SwiftData.PersistentModel {}")
    case ("ModelMacro", "member"):
        guard declaration.range(of: "class ") != nil else { return .failure(MacroFailure("@Model applies to a class")) }
        let names = StoredProperties.names(inClass: declaration)
        let assignments = names.map { "        self.\($0) = try values.value(\"\($0)\")" }
        return .success("""
            public var persistentModelID = SwiftData.PersistentIdentifier()

            public static var _persistedPropertyNames: [String] { [\(names.map { "\"\($0)\"" }.joined(separator: ", "))] }

            public required init(_persistedValues values: SwiftData.PersistedValues) throws {
            \(assignments.joined(separator: "\n"))
                    self.persistentModelID = values.persistentModelID
                }
            """)
    default:
        return .failure(MacroFailure("this plugin does not provide \(typeName) as a \(role) macro"))
    }
}

/// The stored properties of a class declaration's body, by name, in order: `var` and `let` at the
/// body's top level that are neither static, lazy, computed, transient, nor a `let` with a value.
enum StoredProperties {
    static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "package", "open", "final", "nonisolated", "dynamic", "weak", "unowned",
        "private(set)", "public(set)", "internal(set)", "fileprivate(set)", "package(set)", "nonisolated(unsafe)", "override",
    ]

    static func names(inClass source: String) -> [String] {
        guard let open = source.firstIndex(of: "{") else { return [] }
        var names: [String] = []
        var depth = 0
        var transientNext = false
        var statement = ""
        for character in source[open...] {
            switch character {
            case "{":
                if depth == 1 { statement.append("{") }
                depth += 1
            case "}":
                depth -= 1
                if depth == 0, let name = storedName(statement, transient: &transientNext) { names.append(name) }
            case "\n" where depth == 1, ";" where depth == 1:
                if let name = storedName(statement, transient: &transientNext) { names.append(name) }
                statement = ""
            default:
                if depth == 1 { statement.append(character) }
            }
        }
        return names
    }

    /// The attributes at the start of a line (`@Attribute(.unique, originalName: "x")`, their
    /// arguments skipped with their parentheses), and the rest.
    static func splitAttributes(_ text: String) -> (names: [String], rest: String) {
        var names: [String] = []
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard rest.first == "@" else { break }
            rest = rest.dropFirst()
            let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
            names.append(String(name.split(separator: ".").last ?? name))
            rest = rest.dropFirst(name.count)
            guard rest.first == "(" else { continue }
            var depth = 0
            var end = rest.startIndex
            for index in rest.indices {
                if rest[index] == "(" { depth += 1 } else if rest[index] == ")" { depth -= 1 }
                if depth == 0 { end = rest.index(after: index); break }
                end = rest.endIndex
            }
            rest = rest[end...]
        }
        return (names, String(rest))
    }

    /// The property a top-level line of the body declares, if it is stored and kept.
    private static func storedName(_ line: String, transient: inout Bool) -> String? {
        var text = line.trimmingCharacters(in: .whitespaces)
        if let comment = text.range(of: "//") { text = String(text[..<comment.lowerBound]) }
        var isTransient = transient
        let (attributes, remainder) = splitAttributes(text)
        if attributes.contains("Transient") { isTransient = true }
        var words = remainder.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        while let first = words.first, modifiers.contains(first) { words.removeFirst() }
        guard let keyword = words.first else {
            transient = isTransient
            return nil
        }
        transient = false
        guard keyword == "var" || keyword == "let", words.count >= 2, !isTransient else { return nil }
        let rest = words.dropFirst().joined(separator: " ")
        let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "`" })
        guard !name.isEmpty else { return nil }
        let equals = rest.firstIndex(of: "=")
        if let brace = rest.firstIndex(of: "{"), equals.map({ brace < $0 }) ?? true {
            // A body: computed, unless it holds observers.
            let body = rest[brace...]
            guard body.contains("didSet") || body.contains("willSet") else { return nil }
        }
        if keyword == "let", equals != nil { return nil }
        return name
    }
}
