import Foundation

/// Why an `.intentdefinition` file could not be read.
public enum IntentDefinitionError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(String)
    case notAnIntentDefinition(String, String)

    public var description: String {
        switch self {
        case .unreadable(let path): "\(path): cannot be read"
        case .notAnIntentDefinition(let path, let why): "\(path): not an intent definition: \(why)"
        }
    }
}

/// The classes Xcode generates from an `.intentdefinition` file (SiriKit-era widget configuration):
/// for each intent an `INIntent` subclass with its parameters as properties, its response class and
/// response code enum, and its handling protocol; each enum; each custom type as an `INObject`
/// subclass. Without Objective-C, properties are plain stored properties holding the defaults the
/// file gives, which is what a widget sees of a configuration nobody edited.
public enum IntentDefinitions {
    public static let maximumFileSize = 16 << 20

    public static func source(for file: URL) throws(IntentDefinitionError) -> String {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int, size <= maximumFileSize,
              let data = FileManager.default.contents(atPath: file.path) else { throw .unreadable(file.path) }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, format: nil)
        } catch {
            throw .notAnIntentDefinition(file.path, "not a property list")
        }
        guard let root = plist as? [String: Any] else { throw .notAnIntentDefinition(file.path, "the top level is not a dictionary") }
        guard root["INIntents"] != nil || root["INEnums"] != nil || root["INTypes"] != nil else {
            throw .notAnIntentDefinition(file.path, "it has no INIntents, INEnums or INTypes")
        }
        var out = "// The classes Xcode generates from \(file.lastPathComponent), made by `widget-host import`.\nimport Foundation\nimport Intents\n"
        for item in root["INEnums"] as? [[String: Any]] ?? [] { out += enumSource(item) }
        for item in root["INTypes"] as? [[String: Any]] ?? [] { out += typeSource(item) }
        for item in root["INIntents"] as? [[String: Any]] ?? [] where (item["INIntentType"] as? String ?? "Custom") == "Custom" {
            out += intentSource(item)
        }
        return out
    }

    // MARK: - Enums

    static func enumSource(_ item: [String: Any]) -> String {
        guard let name = identifier(item["INEnumName"]) else { return "" }
        var next = 0
        var cases: [String] = []
        for value in item["INEnumValues"] as? [[String: Any]] ?? [] {
            guard let caseName = identifier(value["INEnumValueName"]) else { continue }
            let index = (value["INEnumValueIndex"] as? Int) ?? next
            next = index + 1
            cases.append("    case \(escaped(caseName)) = \(index)")
        }
        if !cases.contains(where: { $0.hasSuffix("= 0") }) { cases.insert("    case unknown = 0", at: 0) }
        return "\npublic enum \(name): Int, CaseIterable, Sendable {\n\(cases.joined(separator: "\n"))\n}\n"
    }

    // MARK: - Custom types

    static func typeSource(_ item: [String: Any]) -> String {
        guard let name = identifier(item["INTypeName"]) else { return "" }
        var out = "\nopen class \(name): INObject {\n"
        for property in item["INTypeProperties"] as? [[String: Any]] ?? [] {
            guard let propertyName = identifier(property["INTypePropertyName"]),
                  !["identifier", "displayString", "pronunciationHint", "subtitleString", "displayImage", "alternativeSpeakableMatches"].contains(propertyName)
            else { continue }
            let type = swiftType(property, prefix: "INTypeProperty")
            out += "    public var \(escaped(propertyName)): \(type.name)\(type.defaultValue.map { " = \($0)" } ?? "")\n"
        }
        return out + "}\n"
    }

    // MARK: - Intents

    static func intentSource(_ item: [String: Any]) -> String {
        // Xcode names the class `<name>Intent`, unless the definition gives a class name of its own
        // (several definition files may each have a "Configuration" intent, told apart that way).
        guard let intent = identifier(item["INIntentClassName"]) ?? identifier(item["INIntentName"]).map({ $0 + "Intent" }) else { return "" }
        var out = "\nopen class \(intent): INIntent {\n"
        for parameter in item["INIntentParameters"] as? [[String: Any]] ?? [] {
            guard let name = identifier(parameter["INIntentParameterName"]) else { continue }
            let type = swiftType(parameter, prefix: "INIntentParameter")
            out += "    public var \(escaped(name)): \(type.name)\(type.defaultValue.map { " = \($0)" } ?? "")\n"
        }
        out += "}\n"
        out += "\n/// The handling protocol; its requirements are left to the handler that implements them.\npublic protocol \(intent)Handling {}\n"
        out += responseSource(item, intent: intent)
        return out
    }

    static func responseSource(_ item: [String: Any], intent: String) -> String {
        let response = item["INIntentResponse"] as? [String: Any] ?? [:]
        var codes = ["unspecified", "ready", "continueInApp", "inProgress", "success", "failure", "failureRequiringAppLaunch"]
        for code in response["INIntentResponseCodes"] as? [[String: Any]] ?? [] {
            if let name = identifier(code["INIntentResponseCodeName"]), !codes.contains(name) { codes.append(name) }
        }
        var out = "\npublic enum \(intent)ResponseCode: Int, Sendable {\n"
        out += codes.enumerated().map { "    case \(escaped($0.element)) = \($0.offset)" }.joined(separator: "\n") + "\n}\n"
        out += "\nopen class \(intent)Response: INIntentResponse, @unchecked Sendable {\n"
        for parameter in response["INIntentResponseParameters"] as? [[String: Any]] ?? [] {
            guard let name = identifier(parameter["INIntentResponseParameterName"]) else { continue }
            let type = swiftType(parameter, prefix: "INIntentResponseParameter")
            out += "    public var \(escaped(name)): \(type.name)\(type.defaultValue.map { " = \($0)" } ?? "")\n"
        }
        out += """
                public var code: \(intent)ResponseCode = .unspecified
                public convenience init(code: \(intent)ResponseCode, userActivity: NSObject?) {
                    self.init()
                    self.code = code
                    self.userActivity = userActivity
                }
            }

            """
        return out
    }

    // MARK: - Types

    /// The Swift type Xcode gives a parameter, and the default its metadata sets (or none).
    static func swiftType(_ parameter: [String: Any], prefix: String) -> (name: String, defaultValue: String?) {
        let multiple = parameter[prefix + "SupportsMultipleValues"] as? Bool == true
        let metadata = parameter[prefix + "Metadata"] as? [String: Any] ?? [:]
        let defaultText = metadata[prefix + "MetadataDefaultValue"] as? String
        if let enumName = identifier(parameter[prefix + "EnumType"]) {
            return multiple ? ("[NSNumber]?", nil) : (enumName, ".\(escaped(enumDefault(parameter, prefix: prefix) ?? "unknown"))")
        }
        let type = parameter[prefix + "Type"] as? String ?? "String"
        let single: (String, String?)
        switch type {
        case "String": single = ("String", defaultText.map(literal))
        case "Integer", "Decimal", "Boolean", "Duration":
            let number = type == "Integer" ? defaultText.flatMap(Int.init).map(String.init) : defaultText.flatMap(Double.init).map { "\($0)" }
            single = ("NSNumber", (number ?? (metadata[prefix + "MetadataDefault"] as? Bool).map { "\($0)" }).map { "NSNumber(value: \($0))" })
        case "DateComponents": single = ("DateComponents", nil)
        case "URL": single = ("URL", defaultText.flatMap { URL(string: $0) }.map { "URL(string: \(literal($0.absoluteString)))" })
        case "Object":
            single = (identifier(parameter[prefix + "ObjectType"]) ?? "INObject", nil)
        default: single = ("INObject", nil)
        }
        return multiple ? ("[\(single.0)]?", nil) : (single.0 + "?", single.1)
    }

    private static func enumDefault(_ parameter: [String: Any], prefix: String) -> String? {
        identifier((parameter[prefix + "Metadata"] as? [String: Any])?[prefix + "MetadataDefaultValue"])
    }

    static func identifier(_ value: Any?) -> String? {
        guard let s = value as? String, let first = s.first, first.isLetter || first == "_",
              s.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return s
    }

    static func escaped(_ name: String) -> String { AssetSymbols.swiftKeywords.contains(name) ? "`\(name)`" : name }

    static func literal(_ s: String) -> String { AssetSymbols.literal(s) }
}
