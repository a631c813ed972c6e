import Foundation

/// A file the Flutter build puts in the app bundle, under `App.framework/flutter_assets/`.
public struct FlutterAsset: Equatable, Sendable {
    /// The file in the Flutter project.
    public var source: URL
    /// Its path under `flutter_assets/`, as the project's `pubspec.yaml` names it (`assets/images/x.png`).
    public var path: String
}

/// The assets a Flutter app declares in its `pubspec.yaml` (`flutter:` → `assets:`), which its iOS
/// widget reads from the app bundle (`App.framework/flutter_assets/…`, the path that `home_widget`'s
/// documentation teaches). `import` lays them out where the Flutter build would put them, so a widget
/// that reads them finds them.
///
/// Flutter's rules: a folder entry (`assets/images/`) brings the files directly inside it and its
/// resolution variants (`2.0x/`, `3.0x/`), not other subfolders; a file entry brings the file; an
/// entry may be written `- path: …` (with flavors, all taken here).
public enum FlutterAssets {
    /// The `pubspec.yaml` of the Flutter project an iOS project belongs to: the project's folder
    /// (Flutter's `ios/`) or the one above it.
    public static func pubspec(near sourceRoot: URL) -> URL? {
        [sourceRoot, sourceRoot.deletingLastPathComponent()]
            .map { $0.appendingPathComponent("pubspec.yaml") }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The assets `pubspec` declares, as files; entries naming nothing on disk are returned apart.
    public static func assets(pubspec: URL) -> (assets: [FlutterAsset], missing: [String]) {
        guard let text = try? String(contentsOf: pubspec, encoding: .utf8) else { return ([], []) }
        let root = pubspec.deletingLastPathComponent()
        var assets: [FlutterAsset] = [], missing: [String] = [], seen: Set<String> = []
        for entry in declaredEntries(in: text) {
            let files = files(for: entry, under: root)
            if files.isEmpty { missing.append(entry) }
            for path in files where seen.insert(path).inserted {
                assets.append(FlutterAsset(source: root.appendingPathComponent(path), path: path))
            }
        }
        return (assets, missing)
    }

    /// The entries of the `assets:` list inside the top-level `flutter:` mapping, in order.
    static func declaredEntries(in yaml: String) -> [String] {
        var inFlutter = false, assetsIndent: Int?, itemIndent: Int?
        var entries: [String] = []
        for raw in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = stripComment(String(raw))
            let content = line.trimmingCharacters(in: .whitespaces)
            guard !content.isEmpty else { continue }
            let indent = line.prefix { $0 == " " }.count
            if indent == 0 {
                inFlutter = content == "flutter:"
                assetsIndent = nil
                itemIndent = nil
                continue
            }
            guard inFlutter else { continue }
            if let level = assetsIndent {
                if content.hasPrefix("- ") || content == "-" {
                    // Deeper items belong to an entry's own lists (`flavors:`).
                    if let items = itemIndent, indent > items { continue }
                    itemIndent = itemIndent ?? indent
                    if let entry = entryValue(String(content.dropFirst()).trimmingCharacters(in: .whitespaces)) { entries.append(entry) }
                    continue
                }
                if indent > level, content.hasPrefix("path:") {
                    // The `path:` of a `- path: …` entry written on the next line.
                    if let entry = entryValue(content) { entries.append(entry) }
                    continue
                }
                if indent > level { continue }
                assetsIndent = nil
            }
            if content == "assets:" { assetsIndent = indent; itemIndent = nil }
        }
        return entries
    }

    /// An entry's path: `assets/x/` or `"assets/x.png"` or `path: assets/x/`.
    private static func entryValue(_ text: String) -> String? {
        var value = text
        if value.hasPrefix("path:") { value = String(value.dropFirst(5)).trimmingCharacters(in: .whitespaces) }
        if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
        if value.hasPrefix("'"), value.hasSuffix("'"), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
        // A map entry's other keys (`flavors:`) and nested lists are not paths.
        guard !value.isEmpty, !value.hasSuffix(":"), !value.contains(": ") else { return nil }
        return value
    }

    private static func stripComment(_ line: String) -> String {
        guard let hash = line.range(of: " #") ?? (line.hasPrefix("#") ? line.range(of: "#") : nil) else { return line }
        return String(line[..<hash.lowerBound])
    }

    /// The files an entry brings, as paths relative to the project.
    private static func files(for entry: String, under root: URL) -> [String] {
        let fileManager = FileManager.default
        let location = root.appendingPathComponent(entry)
        var isFolder: ObjCBool = false
        guard !entry.hasPrefix("/"), !entry.split(separator: "/").contains(".."),
              fileManager.fileExists(atPath: location.path, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else { return [entry] }
        let folder = entry.hasSuffix("/") ? entry : entry + "/"
        var paths: [String] = []
        for name in ((try? fileManager.contentsOfDirectory(atPath: location.path)) ?? []).sorted() where !name.hasPrefix(".") {
            var isSubfolder: ObjCBool = false
            _ = fileManager.fileExists(atPath: location.appendingPathComponent(name).path, isDirectory: &isSubfolder)
            if !isSubfolder.boolValue {
                paths.append(folder + name)
            } else if isResolutionVariant(name) {
                let variants = (try? fileManager.contentsOfDirectory(atPath: location.appendingPathComponent(name).path)) ?? []
                paths += variants.sorted().filter { !$0.hasPrefix(".") }.map { folder + name + "/" + $0 }
            }
        }
        return paths
    }

    /// `2.0x`, `3.0x`: a folder of the same images at another pixel ratio.
    private static func isResolutionVariant(_ name: String) -> Bool {
        guard name.hasSuffix("x"), let ratio = Double(name.dropLast()) else { return false }
        return ratio > 0
    }
}
