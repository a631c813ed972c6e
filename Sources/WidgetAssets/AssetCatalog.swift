import Foundation

/// Xcode asset catalogs (`Assets.xcassets` folders) as a widget's extension ships them: colour sets
/// and image sets read from their `Contents.json` files, unchanged. Both sides use it: the extension
/// resolves `Color("Name")` when it archives, the host finds the file behind `Image("Name")` when it
/// draws.
///
/// Catalogs are input from the widget author's folder, so reading is bounded: a `Contents.json` over
/// 1 MiB, a folder tree deeper than 16 levels or more than 10,000 entries is not read further.
public struct AssetCatalog: Sendable {
    public private(set) var colors: [String: CatalogColor] = [:]
    public private(set) var images: [String: CatalogImage] = [:]
    /// Problems found while reading (an unreadable `Contents.json`, an unknown colour space).
    public private(set) var problems: [String] = []

    public init() {}

    /// Reads every `*.xcassets` folder directly inside each of `roots` (an extension's resource
    /// folders), in order; a name found in an earlier catalog wins.
    public init(resourceRoots roots: [URL]) {
        for root in roots {
            // A resource folder may itself be a link (an `.appex` links its modules' resource bundles).
            let children = (try? FileManager.default.contentsOfDirectory(at: root.resolvingSymlinksInPath(), includingPropertiesForKeys: nil)) ?? []
            for catalog in children.sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) where catalog.pathExtension == "xcassets" {
                // A catalog may be a link to the project's own (as `widget-host import` ships them).
                read(folder: catalog.resolvingSymlinksInPath(), namespace: "", depth: 0)
            }
        }
    }

    /// The catalogs an extension executable ships: in `<executable>.resources/`, and in the resource
    /// bundles SwiftPM puts beside it, its own (`<Package>_<executable>.resources/`) and those of the
    /// other targets of its package it is built with (`<Package>_<Target>.resources/`: a module of
    /// the app's, or a local package's target that `import` compiles into the package).
    public static func resourceRoots(forExecutable executable: String) -> [URL] {
        let url = URL(fileURLWithPath: executable)
        let folder = url.deletingLastPathComponent()
        var roots = [folder.appendingPathComponent(url.lastPathComponent + ".resources", isDirectory: true)]
        let siblings = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        let own = "_\(url.lastPathComponent).resources"
        let packages = siblings.filter { $0.hasSuffix(own) }.map { String($0.dropLast(own.count)) + "_" }
        for name in siblings where name.hasSuffix(own) { roots.append(folder.appendingPathComponent(name, isDirectory: true)) }
        for name in siblings where name.hasSuffix(".resources") && !name.hasSuffix(own) && packages.contains(where: name.hasPrefix) {
            roots.append(folder.appendingPathComponent(name, isDirectory: true))
        }
        return roots
    }

    private static let maximumDepth = 16
    private static let maximumEntries = 10_000
    private static let maximumContentsSize = 1 << 20

    private mutating func read(folder: URL, namespace: String, depth: Int) {
        guard depth < Self.maximumDepth, colors.count + images.count < Self.maximumEntries else { return }
        let children = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        for child in children.sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
            let name = namespace + child.deletingPathExtension().lastPathComponent
            switch child.pathExtension {
            case "colorset":
                guard colors[name] == nil, let json = contents(of: child) else { continue }
                do {
                    colors[name] = try CatalogColor(contents: json)
                } catch {
                    problems.append("color set \(name): \(error.message)")
                }
            case "imageset":
                guard images[name] == nil, let json = contents(of: child) else { continue }
                images[name] = CatalogImage(folder: child, contents: json)
            case "":
                // A group folder; it prefixes its children's names when it provides a namespace.
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: child.path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
                let properties = contents(of: child)?["properties"] as? [String: Any]
                let prefix = properties?["provides-namespace"] as? Bool == true ? name + "/" : namespace
                read(folder: child, namespace: prefix, depth: depth + 1)
            default:
                continue
            }
        }
    }

    private mutating func contents(of folder: URL) -> [String: Any]? {
        let file = folder.appendingPathComponent("Contents.json")
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path) else { return nil }
        guard let size = attributes[.size] as? Int, size <= Self.maximumContentsSize else {
            problems.append("\(file.path): larger than \(Self.maximumContentsSize) bytes")
            return nil
        }
        guard let data = FileManager.default.contents(atPath: file.path),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            problems.append("\(file.path): not a JSON object")
            return nil
        }
        return json
    }
}

/// Why a catalog entry could not be read.
public struct CatalogProblem: Error, Hashable, Sendable {
    public let message: String
    init(_ message: String) { self.message = message }
}

/// Which appearance an asset variant is for: the colour scheme and the contrast setting.
public struct AssetAppearance: Hashable, Sendable {
    public var isDark: Bool
    public var isHighContrast: Bool
    public init(isDark: Bool, isHighContrast: Bool = false) {
        self.isDark = isDark
        self.isHighContrast = isHighContrast
    }

    /// The appearances an asset entry names (`luminosity: dark`, `contrast: high`); `any`/`light` and
    /// missing values are the defaults.
    init(_ appearances: [[String: Any]]?) {
        var appearance = AssetAppearance(isDark: false)
        for entry in appearances ?? [] {
            switch (entry["appearance"] as? String, entry["value"] as? String) {
            case ("luminosity", "dark"): appearance.isDark = true
            case ("contrast", "high"): appearance.isHighContrast = true
            default: break
            }
        }
        self = appearance
    }

    /// Preference order when looking for this appearance: exact, then dropping high contrast, then the
    /// light variant (what Apple's asset lookup falls back to).
    var fallbacks: [AssetAppearance] {
        var list = [self]
        if isHighContrast { list.append(AssetAppearance(isDark: isDark)) }
        if isDark { list.append(AssetAppearance(isDark: false, isHighContrast: isHighContrast)); list.append(AssetAppearance(isDark: false)) }
        return list
    }
}
