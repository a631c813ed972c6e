import Foundation
import WidgetArchive
import WidgetAssets

/// The asset catalogs of this extension, read once, and the names asked for that they lack.
// `@unchecked Sendable`: `foundRoots`, `catalog` and `missing` are only touched with `lock` held.
package final class CatalogAssets: @unchecked Sendable {
    /// Reads nothing until a widget names an asset: finding the resource folders lists the executable's
    /// folder, which an extension that uses no asset should not pay for at launch.
    package static let shared = CatalogAssets(roots: { AssetCatalog.resourceRoots(forExecutable: CatalogAssets.executablePath) })

    private let lock = NSLock()
    private let findRoots: () -> [URL]
    private var foundRoots: [URL]?
    private var catalog: AssetCatalog?
    private var missing: Set<String> = []

    package init(roots: @escaping () -> [URL]) { findRoots = roots }

    private var roots: [URL] {
        if let foundRoots { return foundRoots }
        let found = findRoots()
        foundRoots = found
        return found
    }

    /// `/proc/self/exe` names the running executable even when it was started through a link.
    private static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first ?? ""
    }

    private func loaded() -> AssetCatalog {
        if let catalog { return catalog }
        let read = AssetCatalog(resourceRoots: roots)
        catalog = read
        missing.formUnion(read.problems.map { "asset catalog: \($0)" })
        return read
    }

    /// A colour set's appearances, or a missing colour (reported).
    package func color(named name: String) -> AssetColorValue {
        lock.withLock {
            guard let color = loaded().colors[name] else {
                missing.insert("no color named \"\(name)\" in the asset catalog (drawn as the missing-asset color)")
                return AssetColorValue(name: name)
            }
            func components(_ dark: Bool, _ highContrast: Bool) -> ColorComponents? {
                color.variants[AssetAppearance(isDark: dark, isHighContrast: highContrast)].map {
                    ColorComponents(red: $0.red, green: $0.green, blue: $0.blue, alpha: $0.alpha)
                }
            }
            return AssetColorValue(
                name: name, light: components(false, false), dark: components(true, false), lightHighContrast: components(false, true),
                darkHighContrast: components(true, true))
        }
    }

    /// Whether the catalog has an image set of this name (a missing one is reported).
    package func checkImage(named name: String) {
        lock.withLock {
            if loaded().images[name] == nil, !FileManager.default.fileExists(atPath: roots[0].appendingPathComponent(name + ".png").path) {
                missing.insert("no image named \"\(name)\" in the asset catalog or resources (drawn as a placeholder)")
            }
        }
    }

    /// The problems found so far, once each.
    package func takeDiagnostics() -> [String] {
        lock.withLock {
            guard !missing.isEmpty else { return [] }
            defer { missing.removeAll() }
            return missing.sorted()
        }
    }
}
