import Foundation

/// A Swift file the project lists and each developer makes (`Secrets.swift`, an API key file kept out
/// of the repository), found as the template the repository ships for making it: beside it or in a
/// folder above it, named `Secrets.swift.template`, `Secrets.swift.example`, `Secrets-demo.swift`
/// and the like. `import` compiles the template in its place, and says so, as a developer setting
/// the project up copies it.
enum SourceTemplates {
    /// The suffixes repositories give a template of `Name.swift`, tried in this order.
    static func candidateNames(for file: URL) -> [String] {
        let name = file.lastPathComponent
        let base = file.deletingPathExtension().lastPathComponent
        return [
            "\(name).template", "\(name).example", "\(name).sample", "\(name).dist", "\(name).default",
            "\(base).template.swift", "\(base).example.swift", "\(base).sample.swift",
            "\(base)-template.swift", "\(base)-example.swift", "\(base)-sample.swift", "\(base)-demo.swift",
            "\(base)Template.swift", "\(base)Example.swift", "\(base)Sample.swift",
        ]
    }

    /// The template for `missing`, searched in its folder and each folder above it up to `root`.
    static func template(for missing: URL, under root: URL, fileManager: FileManager = .default) -> URL? {
        let names = candidateNames(for: missing)
        let rootPath = root.standardizedFileURL.path
        var folder = missing.deletingLastPathComponent().standardizedFileURL
        while folder.path.hasPrefix(rootPath) {
            for name in names {
                let candidate = folder.appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                if fileManager.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue { return candidate }
            }
            guard folder.path != rootPath, folder.path != "/" else { break }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }
}
