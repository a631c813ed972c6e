import Foundation

/// The Swift symbols Xcode (15 and later) generates from a target's asset catalogs: for every colour
/// set a `ColorResource` and the `Color`, `ShapeStyle` and `UIColor` members, for every image set
/// and symbol set an `ImageResource` and the `UIImage` member, named as Xcode names them.
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

    /// The Swift name Xcode gives an asset, as its generated files show: words split at anything
    /// that is not a letter or digit, a trailing "Color" dropped from colours and "Image" from images.
    /// A name with no lower-case letter keeps its case, its runs of letters and of digits joined by
    /// `_` (`BMW`, `TLS2016` → `TLS_2016`, `4986FF` → `_4986_FF`); any other is joined in lower camel
    /// case (`M-stadt` → `mStadt`, `TLSold` → `tlSold`). A leading digit is guarded with `_`.
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
        var name: String
        if words.allSatisfy({ !$0.contains(where: \.isLowercase) }) {
            name = words.flatMap(letterAndDigitRuns).joined(separator: "_")
        } else {
            name = lowerFirstWord(words[0]) + words.dropFirst().map(upperFirst).joined()
        }
        if let first = name.first, first.isNumber { name = "_" + name }
        if swiftKeywords.contains(name) { name = "`\(name)`" }
        return name
    }

    /// The type Xcode makes for a folder that provides a namespace: its words in upper camel case
    /// (`iconPreviews` → `IconPreviews`, `GameUI` stays).
    public static func namespaceName(for folderName: String) -> String? {
        let words = folderName.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
        guard !words.isEmpty else { return nil }
        var name = words.map(upperFirst).joined()
        if let first = name.first, first.isNumber { name = "_" + name }
        return swiftKeywords.contains(name) ? "`\(name)`" : name
    }

    /// `DCAC00` → `DCAC`, `00`.
    private static func letterAndDigitRuns(_ word: String) -> [String] {
        var runs: [String] = []
        for character in word {
            if let last = runs.last?.last, last.isNumber == character.isNumber {
                runs[runs.count - 1].append(character)
            } else {
                runs.append(String(character))
            }
        }
        return runs
    }

    /// `Brand` → `brand`, `URLIcon` → `urlIcon`; an all-capital word is lowered (others follow it).
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

    /// One colour or image set: its name in code (`Fountain/Marble`) and the Swift path to its
    /// symbol under the generated type (`Fountain`, `marble`).
    struct Asset {
        let name: String
        let namespaces: [String]
        let symbol: String
        var path: String { (namespaces + [symbol]).joined(separator: ".") }
    }

    /// The generated Swift file for the catalogs, or nil when they hold no colour or image set.
    public static func source(catalogs: [URL], extent: Extent = .all) -> String? {
        guard extent != .none else { return nil }
        var colors: [Asset] = []
        var images: [Asset] = []
        var symbols: Set<String> = []
        for (name, isColor) in assetNames(in: catalogs) {
            let folders = name.split(separator: "/").dropLast().map(String.init)
            let namespaces = folders.compactMap(namespaceName)
            guard namespaces.count == folders.count, let symbol = symbolName(for: name, isColor: isColor) else { continue }
            let asset = Asset(name: name, namespaces: namespaces, symbol: symbol)
            // Two assets with one Swift name: Xcode makes neither (it warns); so does this.
            guard symbols.insert((isColor ? "c:" : "i:") + asset.path).inserted else {
                if isColor { colors.removeAll { $0.path == asset.path } } else { images.removeAll { $0.path == asset.path } }
                continue
            }
            if isColor { colors.append(asset) } else { images.append(asset) }
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
            case "imageset", "symbolset": if found[name] == nil { found[name] = false }
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

    /// The file, laid out as Xcode lays out its own: a namespace folder becomes an `enum` inside each
    /// extended type (`ImageResource.Fountain.marble`, `Color.Palette.sky`), except in the
    /// `ShapeStyle` extension, which cannot hold a type and gets the top-level colours only.
    private static func render(colors: [Asset], images: [Asset], extensions: Bool) -> String {
        var out = """
            // The asset symbols Xcode generates for this target's asset catalogs, made by `widget-host import`.
            import SwiftUI

            private let resourceBundle = Foundation.Bundle.main


            """
        out += block("extension ColorResource", colors) { "static let \($0.symbol) = ColorResource(name: \(literal($0.name)), bundle: resourceBundle)" }
        out += block("extension ImageResource", images) { "static let \($0.symbol) = ImageResource(name: \(literal($0.name)), bundle: resourceBundle)" }
        guard extensions else { return out }
        // Xcode makes no top-level member that would clash with one the type already has.
        let colorMembers = colors.filter { !$0.namespaces.isEmpty || !systemColorNames.contains($0.symbol) }
        let imageMembers = images.filter { !$0.namespaces.isEmpty || !systemImageNames.contains($0.symbol) }
        out += block("extension Color", colorMembers) { "static var \($0.symbol): Color { Color(ColorResource.\($0.path)) }" }
        out += block("extension ShapeStyle where Self == Color", colorMembers.filter(\.namespaces.isEmpty)) {
            "static var \($0.symbol): Color { Color(ColorResource.\($0.path)) }"
        }
        out += block("extension UIColor", colorMembers) { "static var \($0.symbol): UIColor { UIColor(resource: ColorResource.\($0.path)) }" }
        out += block("extension UIImage", imageMembers) { "static var \($0.symbol): UIImage { UIImage(resource: ImageResource.\($0.path)) }" }
        return out
    }

    private static func block(_ header: String, _ assets: [Asset], _ line: (Asset) -> String) -> String {
        "\(header) {\n" + members(assets, depth: 0, line: line) + "}\n\n"
    }

    /// The members at one namespace depth, then an `enum` per namespace below it.
    private static func members(_ assets: [Asset], depth: Int, line: (Asset) -> String) -> String {
        let indent = String(repeating: "    ", count: depth + 1)
        var out = ""
        for asset in assets where asset.namespaces.count == depth { out += indent + line(asset) + "\n" }
        let deeper = assets.filter { $0.namespaces.count > depth }
        var namespaces: [String] = []
        for asset in deeper where !namespaces.contains(asset.namespaces[depth]) { namespaces.append(asset.namespaces[depth]) }
        for namespace in namespaces {
            out += indent + "enum \(namespace) {\n"
            out += members(deeper.filter { $0.namespaces[depth] == namespace }, depth: depth + 1, line: line)
            out += indent + "}\n"
        }
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
