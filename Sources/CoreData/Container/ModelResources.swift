import Foundation
import WidgetAssets

/// Where an extension's Core Data models are: `import` ships the project's `.xcdatamodeld` as a
/// resource, which SwiftPM copies into `<Package>_<Target>.resources/` beside the executable (the
/// folders the asset catalogs are read from too). `Bundle.main` does not see those folders on Linux,
/// so `NSPersistentContainer(name:)` looks here.
enum ModelResources {
    static let modelExtensions = ["xcdatamodeld", "momd", "xcdatamodel", "mom"]

    /// The resource folders: the executable's, and the current directory's as a last resort.
    static var roots: [URL] {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first ?? ""
        var roots = AssetCatalog.resourceRoots(forExecutable: executable)
        if let main = Bundle.main.resourceURL { roots.append(main) }
        return roots
    }

    /// The model named `name` in the resource folders.
    static func modelFile(named name: String) -> URL? {
        for root in roots {
            for ext in modelExtensions {
                let candidate = root.appendingPathComponent(name).appendingPathExtension(ext)
                if FileManager.default.fileExists(atPath: candidate.path) { return candidate.resolvingSymlinksInPath() }
            }
        }
        return nil
    }

    /// Every model in the resource folders.
    static func allModelFiles() -> [URL] {
        var found: [URL] = []
        for root in roots {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
            for name in names.sorted() where ["xcdatamodeld", "xcdatamodel"].contains(URL(fileURLWithPath: name).pathExtension) {
                found.append(root.appendingPathComponent(name).resolvingSymlinksInPath())
            }
        }
        return found
    }
}
