import Foundation

/// The Swift symbols Xcode (15 and later) generates from a target's asset catalogs: for every colour
/// set a `ColorResource` and the `Color`, `ShapeStyle` and `UIColor` members, for every image set an
/// `ImageResource` and the `UIImage` member, named as Xcode names them.
public enum AssetSymbols {
    /// Members SwiftUI's `Color` and UIKit's `UIColor` already have: Xcode generates no member that
    /// would clash, only the resource (`Color(.red)` still works).
    static let systemColorNames: Set<String> = [
        "black", "blue", "brown", "clear", "cyan", "gray", "green", "indigo", "mint", "orange", "pink", "purple", "red", "teal",
        "white", "yellow", "primary", "secondary", "accentColor", "label", "secondaryLabel", "tertiaryLabel", "systemBackground",
        "lightGray", "darkGray", "magenta", "tint", "background", "separator", "link", "placeholderText", "systemFill",
    ]
    static let systemImageNames: Set<String> = ["add", "remove", "checkmark", "actions", "strokedCheckmark"]
    static let swiftKeywords: Set<String> = [
        "as", "break", "case", "catch", "class", "continue", "default", "defer", "do", "else", "enum", "extension", "fallthrough",
        "false", "for", "func", "guard", "if", "import", "in", "init", "inout", "internal", "is", "let", "nil", "operator", "private",
        "protocol", "public", "repeat", "return", "self", "static", "struct", "subscript", "super", "switch", "throw", "throws",
        "true", "try", "var", "where", "while", "Type", "Self", "any", "some",
    ]

    /// The Swift name Xcode gives an asset: words split at anything that is not a letter or digit and
    /// joined in lower camel case (an all-capital word keeps its case after the first), a trailing
    /// "Color" dropped from colours and "Image" from images, a leading digit guarded with `_`.
    public static func symbolName(for assetName: String, isColor: Bool) -> String? {
        let leaf = assetName.split(separator: "/").last.map(String.init) ?? assetName
        var words = leaf.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
        let suffix = isColor ? "color" : "image"
        if let last = words.last {
            if last.lowercased() == suffix, words.count > 1 {
                words.removeLast()
            } else if last.count > suffix.count, last.lowercased().hasSuffix(suffix),
                      let first = last.dropLast(suffix.count).last, !first.isUppercase || last.dropLast(suffix.count).allSatisfy(\.isUppercase) {
                words[words.count - 1] = String(last.dropLast(suffix.count))
            } else if last.count > suffix.count, last.hasSuffix(isColor ? "Color" : "Image") {
                words[words.count - 1] = String(last.dropLast(suffix.count))
            }
        }
        guard !words.isEmpty else { return nil }
        var name = lowerFirstWord(words[0]) + words.dropFirst().map(upperFirst).joined()
        if let first = name.first, first.isNumber { name = "_" + name }
        if swiftKeywords.contains(name) { name = "`\(name)`" }
        return name
    }

    /// `BRAND` → `brand`, `URLIcon` → `urlIcon`, `Brand` → `brand`.
    private static func lowerFirstWord(_ word: String) -> String {
        if word.allSatisfy({ !$0.isLowercase }) { return word.lowercased() }
        let leadingCapitals = word.prefix { $0.isUppercase }.count
        if leadingCapitals > 1 {
            let head = word.prefix(leadingCapitals - 1).lowercased()
            return head + word.dropFirst(leadingCapitals - 1)
        }
        return word.prefix(1).lowercased() + word.dropFirst()
    }

    private static func upperFirst(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }

    /// Which symbols to make: all, the resources only (`ASSETCATALOG_COMPILER_GENERATE_SWIFT_ASSET_
    /// SYMBOL_EXTENSIONS = NO`), or none (`ASSETCATALOG_COMPILER_GENERATE_ASSET_SYMBOLS = NO`).
    public enum Extent: Sendable { case all, resourcesOnly, none }

    /// The generated Swift file for the catalogs, or nil when they hold no colour or image set.
    public static func source(catalogs: [URL], extent: Extent = .all) -> String? {
        guard extent != .none else { return nil }
        var colors: [(symbol: String, name: String)] = []
        var images: [(symbol: String, name: String)] = []
        var symbols: Set<String> = []
        for (name, isColor) in assetNames(in: catalogs) {
            guard let symbol = symbolName(for: name, isColor: isColor) else { continue }
            // Two assets with one Swift name: Xcode makes neither (it warns); so does this.
            guard symbols.insert((isColor ? "c:" : "i:") + symbol).inserted else {
                if isColor { colors.removeAll { $0.symbol == symbol } } else { images.removeAll { $0.symbol == symbol } }
                continue
            }
            if isColor { colors.append((symbol, name)) } else { images.append((symbol, name)) }
        }
        guard !colors.isEmpty || !images.isEmpty else { return nil }
        return render(colors: colors, images: images, extensions: extent == .all)
    }

    /// Every colour set and image set in the catalogs, by the name code uses (with the namespaces
    /// of folders that provide one), sorted; the first catalog wins a name both have.
    static func assetNames(in catalogs: [URL]) -> [(String, Bool)] {
        var found: [String: Bool] = [:]
        for catalog in catalogs { collect(folder: catalog, namespace: "", depth: 0, into: &found) }
        return found.map { ($0.key, $0.value) }.sorted { $0.0 < $1.0 }
    }

    private static func collect(folder: URL, namespace: String, depth: Int, into found: inout [String: Bool]) {
        guard depth < 16, found.count < 10_000 else { return }
        let children = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for child in children.sorted() where !child.hasPrefix(".") {
            let url = folder.appendingPathComponent(child)
            let name = namespace + url.deletingPathExtension().lastPathComponent
            switch url.pathExtension {
            case "colorset": if found[name] == nil { found[name] = true }
            case "imageset": if found[name] == nil { found[name] = false }
            case "":
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
                collect(folder: url, namespace: providesNamespace(url) ? name + "/" : namespace, depth: depth + 1, into: &found)
            default: continue
            }
        }
    }

    private static func providesNamespace(_ folder: URL) -> Bool {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("Contents.json").path), data.count < 1 << 20,
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let properties = json["properties"] as? [String: Any] else { return false }
        return properties["provides-namespace"] as? Bool == true
    }

    private static func render(colors: [(symbol: String, name: String)], images: [(symbol: String, name: String)], extensions: Bool) -> String {
        var out = """
            // The asset symbols Xcode generates for this target's asset catalogs, made by `widget-host import`.
            import SwiftUI

            private let resourceBundle = Foundation.Bundle.main

            extension ColorResource {

            """
        for c in colors { out += "    static let \(c.symbol) = ColorResource(name: \(literal(c.name)), bundle: resourceBundle)\n" }
        out += "}\n\nextension ImageResource {\n"
        for i in images { out += "    static let \(i.symbol) = ImageResource(name: \(literal(i.name)), bundle: resourceBundle)\n" }
        out += "}\n"
        guard extensions else { return out }
        let members = colors.filter { !systemColorNames.contains($0.symbol) }
        out += "\nextension Color {\n"
        for c in members { out += "    static var \(c.symbol): Color { Color(ColorResource.\(c.symbol)) }\n" }
        out += "}\n\nextension ShapeStyle where Self == Color {\n"
        for c in members { out += "    static var \(c.symbol): Color { Color(ColorResource.\(c.symbol)) }\n" }
        out += "}\n\nextension UIColor {\n"
        for c in members { out += "    static var \(c.symbol): UIColor { UIColor(resource: ColorResource.\(c.symbol)) }\n" }
        out += "}\n\nextension UIImage {\n"
        for i in images where !systemImageNames.contains(i.symbol) { out += "    static var \(i.symbol): UIImage { UIImage(resource: ImageResource.\(i.symbol)) }\n" }
        out += "}\n"
        return out
    }

    static func literal(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
