// `@Entry` on a property of an `EnvironmentValues` extension, without a syntax tree: the property's
// name, type and default value are read from its one-line declaration, which is all the macro needs
// to write the environment key and the accessors that read and write it.
import Foundation

/// The parts of `@Entry var name: Type = value` (type or value may be absent, not both).
struct EntryDeclaration {
    let name: String
    let type: String?
    let value: String?

    init?(_ source: String) {
        let declaration = source.replacingOccurrences(of: #"@Entry\b"#, with: "", options: .regularExpression)
        guard let match = declaration.range(of: #"\bvar\s+"#, options: .regularExpression) else { return nil }
        var rest = declaration[match.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
        let nameEnd = rest.firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") } ?? rest.endIndex
        let name = String(rest[..<nameEnd])
        guard !name.isEmpty else { return nil }
        rest = rest[nameEnd...].trimmingCharacters(in: .whitespacesAndNewlines)
        var type: String?
        var value: String?
        if rest.hasPrefix(":") {
            let afterColon = rest.dropFirst()
            if let equals = afterColon.firstIndex(of: "=") {
                type = afterColon[..<equals].trimmingCharacters(in: .whitespacesAndNewlines)
                value = afterColon[afterColon.index(after: equals)...].trimmingCharacters(in: .whitespacesAndNewlines)
            } else {
                type = afterColon.trimmingCharacters(in: .whitespacesAndNewlines)
            }
        } else if rest.hasPrefix("=") {
            value = rest.dropFirst().trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard type != nil || value != nil else { return nil }
        self.name = name
        self.type = type
        self.value = value
    }

    var keyName: String { "__Key_\(name)" }

    /// The environment key: a default of `nil` for an optional without a value, as Apple's macro has it.
    var key: String {
        let defaultValue: String
        switch (type, value) {
        case (let type?, let value?): defaultValue = "static var defaultValue: \(type) { \(value) }"
        case (let type?, nil): defaultValue = "static var defaultValue: \(type) { nil }"
        case (nil, let value?): defaultValue = "nonisolated(unsafe) static let defaultValue = \(value)"
        case (nil, nil): defaultValue = ""
        }
        return "private struct \(keyName): SwiftUI.EnvironmentKey {\n    \(defaultValue)\n}"
    }

    var accessors: String {
        "get { self[\(keyName).self] }\nset { self[\(keyName).self] = newValue }"
    }
}

func expandEntry(role: String, declaration: String) -> Result<String, MacroFailure> {
    guard let entry = EntryDeclaration(declaration) else {
        return .failure(MacroFailure("@Entry applies to `var name: Type = value` in an extension of EnvironmentValues"))
    }
    switch role {
    case "accessor": return .success(entry.accessors)
    case "peer": return .success(entry.key)
    default: return .failure(MacroFailure("@Entry is an accessor and peer macro, not \(role)"))
    }
}
