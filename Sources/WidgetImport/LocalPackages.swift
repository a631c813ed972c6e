import Foundation
import XcodeProject

/// A local package's manifest as `swift package dump-package` describes it: what `import` needs to
/// compile its targets itself.
struct PackageDescriptionDump: Decodable {
    struct Product: Decodable {
        var name: String
        var targets: [String]
    }

    struct Target: Decodable {
        var name: String
        var type: String
        var path: String?
        var exclude: [String]?
        var dependencies: [Dependency]?
        var resources: [Resource]?
    }

    struct Resource: Decodable { var path: String }

    /// `{"byName": ["Core", null]}`, `{"target": ["Core", null]}` or `{"product": ["Kit", "kit", …]}`.
    struct Dependency: Decodable {
        var byName: [String?]?
        var target: [String?]?
        var product: [String?]?
        var name: String? { (byName ?? target)?.first ?? nil }
        var productName: String? { product?.first ?? nil }
        var productPackage: String? { (product?.count ?? 0) > 1 ? product?[1] : nil }
    }

    struct ToolsVersion: Decodable {
        var version: String
        enum CodingKeys: String, CodingKey { case version = "_version" }
    }

    /// `{"sourceControl": [{"identity": …, "location": {"remote": [{"urlString": …}]}, "requirement": …}]}`.
    struct PackageDependency: Decodable {
        struct SourceControl: Decodable {
            struct Location: Decodable {
                struct Remote: Decodable { var urlString: String }
                var remote: [Remote]?
            }
            struct Requirement: Decodable {
                struct Range: Decodable { var lowerBound: String; var upperBound: String }
                var range: [Range]?
                var exact: [String]?
                var branch: [String]?
                var revision: [String]?
            }
            var identity: String
            var location: Location
            var requirement: Requirement
        }
        /// `{"fileSystem": [{"identity": …, "path": …}]}`: another local package, by its folder.
        struct FileSystem: Decodable {
            var identity: String
            var path: String
        }
        var sourceControl: [SourceControl]?
        var fileSystem: [FileSystem]?
    }

    var name: String
    var products: [Product]
    var targets: [Target]
    var toolsVersion: ToolsVersion?
    var dependencies: [PackageDependency]?

    /// The local packages the manifest depends on, by identity.
    var localPackages: [(identity: String, folder: URL)] {
        (dependencies ?? []).flatMap { $0.fileSystem ?? [] }.map { ($0.identity, URL(fileURLWithPath: $0.path).standardizedFileURL) }
    }

    /// The remote packages the manifest depends on, as an Xcode project would state them.
    var remotePackages: [(identity: String, url: String, requirement: PackageRequirement)] {
        (dependencies ?? []).flatMap { $0.sourceControl ?? [] }.compactMap { control in
            guard let url = control.location.remote?.first?.urlString else { return nil }
            let r = control.requirement
            let requirement: PackageRequirement
            if let range = r.range?.first {
                let parts = range.lowerBound.split(separator: ".").compactMap { Int($0) }
                if parts.count == 3, range.upperBound == "\(parts[0] + 1).0.0" {
                    requirement = .upToNextMajor(range.lowerBound)
                } else if parts.count == 3, range.upperBound == "\(parts[0]).\(parts[1] + 1).0" {
                    requirement = .upToNextMinor(range.lowerBound)
                } else {
                    requirement = .range(from: range.lowerBound, to: range.upperBound)
                }
            } else if let exact = r.exact?.first {
                requirement = .exact(exact)
            } else if let branch = r.branch?.first {
                requirement = .branch(branch)
            } else if let revision = r.revision?.first {
                requirement = .revision(revision)
            } else {
                return nil
            }
            return (control.identity, url, requirement)
        }
    }
}

/// Local Swift packages whose code imports Apple frameworks (SwiftUI, WidgetKit…) cannot be built
/// as they are on Linux: their manifests depend on nothing. `import` compiles such a package's
/// targets itself, as modules of the package it writes, against this package's frameworks; a
/// package that imports none of them is depended on as it is.
struct LocalPackageRetargeting: Sendable {
    /// Describes a package folder (its `Package.swift` evaluated): `swift package dump-package`.
    var describe: @Sendable (URL) throws -> Data

    static let live = LocalPackageRetargeting { folder in
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "dump-package", "--package-path", folder.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileReadCorruptFile) }
        return data
    }

    /// The modules that stand for `products` of the package at `folder`, or nil when the package
    /// can be depended on as it is (or cannot be read: then SwiftPM says why when it builds).
    func modules(for products: [String], of folder: URL, leftOut: inout [String])
        -> (modules: [ImportedModule], productTargets: [String: [String]], remotes: [(url: String, requirement: PackageRequirement)])? {
        guard let data = try? describe(folder), let dump = try? JSONDecoder().decode(PackageDescriptionDump.self, from: data) else {
            leftOut.append("\(folder.path): its manifest could not be read; depended on as it is")
            return nil
        }
        let remotes = dump.remotePackages
        let wanted = closure(of: products, in: dump)
        var modules: [ImportedModule] = []
        var needsRetargeting = false
        for target in dump.targets where wanted.contains(target.name) {
            let directory = folder.appendingPathComponent(target.path ?? "Sources/\(target.name)").standardizedFileURL
            var module = ImportedModule(name: target.name, isExecutable: false)
            // A package's language mode follows its tools version: Swift 6 from tools 6.0 on.
            module.settings.languageMode = (dump.toolsVersion?.version.hasPrefix("6") ?? false) ? "6" : "5"
            let excluded = (target.exclude ?? []).map { directory.appendingPathComponent($0).standardizedFileURL.path }
            for (_, url) in XcodeProject.walk(directory, fileManager: .default) where !excluded.contains(where: { url.path.hasPrefix($0) }) {
                // A target whose path is the package's folder must not compile the manifest.
                if url.pathExtension == "swift", url.lastPathComponent != "Package.swift" || url.deletingLastPathComponent() != folder.standardizedFileURL {
                    module.sources.append(url)
                }
            }
            let declared = (target.resources ?? []).map { directory.appendingPathComponent($0.path).standardizedFileURL }
            module.resources = declared + Self.implicitResources(in: directory, excluding: excluded).filter { !declared.contains($0) }
            // Xcode generates a package target's `ImageResource` and `ColorResource` symbols too.
            let catalogs = module.resources.filter { $0.pathExtension == "xcassets" }
            if let symbols = AssetSymbols.source(catalogs: catalogs, extent: .resourcesOnly) {
                module.generated["GeneratedAssetSymbols.swift"] = symbols
            }
            module.moduleDependencies = (target.dependencies ?? []).compactMap(\.name).filter(wanted.contains)
            for dependency in target.dependencies ?? [] {
                // `.product(name:package:)`, or a name that is no target of the package: a product of a
                // dependency, by the package named as it.
                let byName = dependency.name.flatMap { name in dump.targets.contains { $0.name == name } ? nil : name }
                guard let product = dependency.productName ?? byName else { continue }
                let packageName = dependency.productPackage ?? product
                if let remote = remotes.first(where: { $0.identity.lowercased() == packageName.lowercased() }) {
                    module.packageProducts.append(PackageProduct(name: product, package: .remote(url: remote.url, requirement: remote.requirement)))
                } else if let local = dump.localPackages.first(where: { $0.identity.lowercased() == packageName.lowercased() }) {
                    module.packageProducts.append(PackageProduct(name: product, package: .local(local.folder)))
                } else {
                    leftOut.append("\(dump.name)/\(target.name): depends on product \(product) of package \(packageName), left out")
                }
            }
            if module.sources.contains(where: importsAppleFramework) { needsRetargeting = true }
            modules.append(module)
        }
        guard needsRetargeting else { return ([], [:], remotes.map { ($0.url, $0.requirement) }) }
        var productTargets: [String: [String]] = [:]
        for product in dump.products where products.contains(product.name) { productTargets[product.name] = product.targets }
        return (modules, productTargets, remotes.map { ($0.url, $0.requirement) })
    }

    /// The targets the products are made of, and the targets those depend on.
    private func closure(of products: [String], in dump: PackageDescriptionDump) -> Set<String> {
        var pending = dump.products.filter { products.contains($0.name) }.flatMap(\.targets)
        var found: Set<String> = []
        while let name = pending.popLast() {
            guard let target = dump.targets.first(where: { $0.name == name }), found.insert(name).inserted else { continue }
            pending += (target.dependencies ?? []).compactMap(\.name)
        }
        return found
    }

    /// What SwiftPM takes for a target's resources without being told (asset catalogs, string
    /// catalogs, localized folders, Core Data models, Interface Builder files): kept as resources of
    /// the module compiled here, so that it has the `Bundle.module` its code reads them through.
    static let implicitResourceExtensions: Set<String> = ["xcassets", "xcstrings", "lproj", "xcdatamodeld", "xcdatamodel", "storyboard", "xib"]

    static func implicitResources(in directory: URL, excluding excluded: [String]) -> [URL] {
        guard let walk = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        var found: [URL] = []
        while let url = walk.nextObject() as? URL {
            guard implicitResourceExtensions.contains(url.pathExtension) else { continue }
            walk.skipDescendants()
            let standard = url.standardizedFileURL
            if !excluded.contains(where: { standard.path.hasPrefix($0) }) { found.append(standard) }
        }
        return found.sorted { $0.path < $1.path }
    }

    private func importsAppleFramework(_ file: URL) -> Bool {
        SourceImports.scan(file).contains { FrameworkSupport.providedFrameworks.contains($0.module) && !$0.isConditional }
    }
}
