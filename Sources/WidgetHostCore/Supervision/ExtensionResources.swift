import Foundation
import SystemCalls
import WidgetAssets

/// An extension's resources, and the only place its asset names may lead: `<ExecutableName>.resources/`
/// beside the executable and the resource bundles SwiftPM puts there (`<Package>_<Target>.resources/`).
/// A name is looked up first as an image set of the asset catalogs in them (`Assets.xcassets`, as
/// Xcode writes it: the variant for the appearance and pixel scale), then as a plain file
/// (`<name>.png`). A name that is absolute, climbs with `..`, or reaches outside through a symbolic
/// link is refused — an archive cannot make the host read any other file. One link is followed: an
/// asset catalog in a resource folder may be a link to a folder named `*.xcassets` (how
/// `widget-host import` ships a project's catalogs where they are); files must then be inside that
/// catalog, with every link followed.
public struct ExtensionResources: Sendable {
    /// The primary resource folder.
    public let root: URL
    public let roots: [URL]
    public let catalog: AssetCatalog

    public init(executable: String) {
        let roots = AssetCatalog.resourceRoots(forExecutable: executable)
        self.init(roots: roots)
    }

    public init(root: URL) { self.init(roots: [root]) }

    private init(roots: [URL]) {
        self.roots = roots
        root = roots[0]
        catalog = AssetCatalog(resourceRoots: roots)
    }

    public enum Resolution: Hashable, Sendable {
        case found(String)
        case missing
        case refused(String)
    }

    /// Finds image `name` for an appearance and pixel scale.
    public func resolve(_ name: String, dark: Bool = false, scale: Int = 2) -> Resolution {
        if name.isEmpty { return .refused("empty name") }
        if name.hasPrefix("/") { return .refused("absolute path") }
        if name.contains("\0") { return .refused("NUL in name") }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        if parts.contains("..") { return .refused("climbs out with ..") }
        if let image = catalog.images[name], let file = image.file(for: AssetAppearance(isDark: dark), scale: scale) {
            return confined(file)
        }
        let file = name.contains(".") ? name : name + ".png"
        for root in roots where FileManager.default.fileExists(atPath: root.appendingPathComponent(file).path) {
            return confined(root.appendingPathComponent(file))
        }
        return .missing
    }

    /// `candidate` if, with every link followed, it is inside one of the resource folders.
    private func confined(_ candidate: URL) -> Resolution {
        guard FileManager.default.fileExists(atPath: candidate.path), let real = realPath(candidate.path) else { return .missing }
        for root in roots {
            if let rootReal = realPath(root.path), real.hasPrefix(rootReal + "/") { return .found(real) }
        }
        for catalog in linkedCatalogs where real.hasPrefix(catalog + "/") { return .found(real) }
        return .refused("leads outside the resource folder (\(real))")
    }

    /// The real folders of the catalogs that are links in the resource folders, when they are
    /// folders named `*.xcassets`.
    private var linkedCatalogs: [String] {
        roots.flatMap { root -> [String] in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
            return names.filter { $0.hasSuffix(".xcassets") }.compactMap { name in
                let entry = root.appendingPathComponent(name).path
                guard (try? FileManager.default.destinationOfSymbolicLink(atPath: entry)) != nil, let real = realPath(entry),
                      real.hasSuffix(".xcassets") else { return nil }
                return real
            }
        }
    }

    private func realPath(_ path: String) -> String? { try? FileSystem.resolvedPath(path) }
}
