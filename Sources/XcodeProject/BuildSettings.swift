import Foundation

/// A target's build settings for one configuration, resolved as Xcode layers them: the project's
/// `.xcconfig`, the project's settings, the target's `.xcconfig`, the target's settings, each level's
/// `$(inherited)` standing for the one below.
public struct BuildSettings: Sendable, Equatable {
    public private(set) var values: [String: String]
    /// Files the settings name that could not be read (an `.xcconfig` that is missing).
    public private(set) var problems: [String] = []

    /// The value of `key` with `$(NAME)` and `${NAME}` references expanded (unknown names expand to
    /// nothing, as in Xcode).
    public subscript(key: String) -> String? {
        values[key].map { expand($0, depth: 0) }
    }

    /// Any text with its `$(NAME)` references expanded from these settings (an Info.plist's values).
    public func expanded(_ text: String) -> String { expand(text, depth: 0) }

    /// Settings the build system defines for itself, where the project does not set them.
    public mutating func define(_ defaults: [String: String]) {
        for (key, value) in defaults where values[key] == nil { values[key] = value }
    }

    /// A list setting (`SWIFT_ACTIVE_COMPILATION_CONDITIONS`, `OTHER_SWIFT_FLAGS`) split into words,
    /// with quotes taken off as the build system does.
    public func words(_ key: String) -> [String] {
        guard let value = self[key] else { return [] }
        return Self.splitWords(value)
    }

    static func splitWords(_ value: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        for c in value {
            if let q = quote {
                if c == q { quote = nil } else { current.append(c) }
            } else if c == "\"" || c == "'" {
                quote = c
                inWord = true
            } else if c == " " || c == "\t" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(c)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    private func expand(_ value: String, depth: Int) -> String {
        guard depth < 16, value.contains("$") else { return value }
        var out = ""
        var rest = Substring(value)
        while let dollar = rest.firstIndex(of: "$") {
            out += rest[..<dollar]
            let after = rest.index(after: dollar)
            guard after < rest.endIndex, let close: Character = ["(": ")", "{": "}"][rest[after]],
                  let end = rest[after...].firstIndex(of: close) else {
                out.append("$")
                rest = rest[after...]
                continue
            }
            let reference = rest[rest.index(after: after)..<end]
            // `$(NAME:modifier)`: the modifiers change case or quoting; the plain value serves here.
            let name = String(reference.split(separator: ":").first ?? "")
            out += values[name].map { expand($0, depth: depth + 1) } ?? ""
            rest = rest[rest.index(after: end)...]
        }
        return out + rest
    }
}

extension XcodeProject {
    /// The configurations a target has (`Debug`, `Release`…), and the one Xcode uses by default.
    public func configurationNames(of target: Target) -> (all: [String], default: String?) {
        let list = object(target.object.string("buildConfigurationList"))
        let names = list?.references("buildConfigurations").compactMap { object($0)?.string("name") } ?? []
        return (names, list?.string("defaultConfigurationName"))
    }

    /// The target's settings in `configuration`, layered over the project's.
    public func buildSettings(of target: Target, configuration: String) -> BuildSettings {
        var settings = BuildSettings(values: [
            "SRCROOT": sourceRoot.path, "PROJECT_DIR": sourceRoot.path, "SOURCE_ROOT": sourceRoot.path,
            "PROJECT_NAME": name, "TARGET_NAME": target.name, "CONFIGURATION": configuration,
            "PRODUCT_NAME": target.productName,
        ])
        for listID in [root.string("buildConfigurationList"), target.object.string("buildConfigurationList")] {
            guard let config = object(listID)?.references("buildConfigurations").compactMap({ object($0) }).first(where: {
                $0.string("name") == configuration
            }) else { continue }
            if let base = object(config.string("baseConfigurationReference")), let url = location(of: base.id)?.url {
                settings.layer(xcconfig: url, depth: 0)
            }
            settings.layer(config.fields["buildSettings"]?.dictionary ?? [:])
        }
        return settings
    }
}

extension BuildSettings {
    /// Lays `settings` over these, `$(inherited)` standing for the value underneath.
    mutating func layer(_ settings: [String: PropertyListValue]) {
        for (key, value) in settings {
            let text = value.string ?? value.strings.joined(separator: " ")
            set(key, text)
        }
    }

    private mutating func set(_ key: String, _ value: String) {
        let below = values[key] ?? ""
        let expanded = value.replacingOccurrences(of: "$(inherited)", with: below).replacingOccurrences(of: "${inherited}", with: below)
        values[key] = expanded.trimmingCharacters(in: .whitespaces)
    }

    /// Lays an `.xcconfig` file over these: `KEY = value` lines, `//` comments, `#include "file"`
    /// (relative to the including file); conditional settings (`KEY[sdk=…]`) are left out.
    mutating func layer(xcconfig url: URL, depth: Int) {
        guard depth < 8 else { return }
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            problems.append("\(url.path): the configuration file cannot be read")
            return
        }
        for raw in text.split(whereSeparator: \.isNewline) {
            var line = raw.trimmingCharacters(in: .whitespaces)
            if let comment = line.range(of: "//") { line = String(line[..<comment.lowerBound]).trimmingCharacters(in: .whitespaces) }
            if line.hasPrefix("#include") {
                let optional = line.hasPrefix("#include?")
                guard let first = line.firstIndex(of: "\""), let last = line.lastIndex(of: "\""), first < last else { continue }
                let path = String(line[line.index(after: first)..<last])
                let included = XcodeProject.appending(path, to: url.deletingLastPathComponent())
                if optional && !FileManager.default.fileExists(atPath: included.path) { continue }
                layer(xcconfig: included, depth: depth + 1)
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty, !key.contains("[") else { continue }
            set(key, line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces))
        }
    }
}
