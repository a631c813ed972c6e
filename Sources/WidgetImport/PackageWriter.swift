import Foundation
import XcodeProject

/// Writes an `ImportPlan` as a SwiftPM package: a manifest, and per module a folder whose `Files`
/// hold links to the project's source files (built where they are, never copied), generated files
/// beside it, and links to the resources under `Resources/`.
public struct PackageWriter {
    /// The file that marks a folder as written by `import`: only such a folder is written over.
    public static let marker = ".widget-host-import"

    public let plan: ImportPlan
    public let fileManager: FileManager

    public init(plan: ImportPlan, fileManager: FileManager = .default) {
        self.plan = plan
        self.fileManager = fileManager
    }

    /// Writes the package into `folder` (made if missing). A folder that is not empty must be one an
    /// earlier `import` wrote; its `.build` is kept so that a second import builds incrementally.
    /// The extension's Info.plist in the written package; the build puts a copy beside the executable.
    public static let infoPlistName = "Info.plist"

    public func write(to folder: URL) throws(ImportError) {
        try prepare(folder)
        // The marker first: an import stopped halfway leaves a folder the next import may write over.
        try save("\(plan.projectName).xcodeproj, target \(plan.targetName), configuration \(plan.configuration)\n",
                 to: folder.appendingPathComponent(Self.marker))
        var targets: [String] = []
        for module in plan.modules {
            targets.append(try write(module, in: folder))
        }
        let manifest = manifest(targets: targets)
        try save(manifest, to: folder.appendingPathComponent("Package.swift"))
        if let info = plan.infoPlist { try save(info, to: folder.appendingPathComponent(Self.infoPlistName)) }
    }

    private func prepare(_ folder: URL) throws(ImportError) {
        let entries = (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? []
        if !entries.isEmpty && !entries.contains(Self.marker) { throw .outputNotEmpty(folder.path) }
        do {
            try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
            let sources = folder.appendingPathComponent("Sources")
            if fileManager.fileExists(atPath: sources.path) { try fileManager.removeItem(at: sources) }
        } catch {
            throw .cannotWrite(folder.path, "\(error.localizedDescription)")
        }
    }

    /// The module's folder, and its target's text for the manifest.
    private func write(_ module: ImportedModule, in package: URL) throws(ImportError) -> String {
        let folder = package.appendingPathComponent("Sources").appendingPathComponent(module.name)
        let root = Self.commonAncestor(of: module.sources + module.resources)
        var sources = module.sources.map { "Files/" + Self.path($0, under: root) }
        var resources: [String] = []
        do {
            try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
            try linkSources(module.sources, under: root, in: folder.appendingPathComponent("Files"))
            for (name, text) in module.generated.sorted(by: { $0.key < $1.key }) {
                // A name may have a folder (`CoreData/Item+CoreDataProperties.swift`).
                let generated = folder.appendingPathComponent("Generated").appendingPathComponent(name)
                try fileManager.createDirectory(at: generated.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: generated)
                sources.append("Generated/" + name)
            }
            resources = try linkResources(module.resources, in: folder.appendingPathComponent("Resources"))
        } catch let error as ImportError {
            throw error
        } catch {
            throw .cannotWrite(folder.path, "\(error.localizedDescription)")
        }
        return target(module, sources: sources, resources: resources)
    }

    /// Links each source file at its path below `root`, inside `Files/`. File by file rather than one
    /// link to the folder: SwiftPM takes every storyboard, `.lproj` and asset catalog below a target's
    /// folder for a resource, so a link to the app's whole tree would bring the app's resources (and
    /// their clashes) into the widget's target.
    private func linkSources(_ sources: [URL], under root: URL, in folder: URL) throws {
        for source in sources {
            let link = folder.appendingPathComponent(Self.path(source, under: root))
            try fileManager.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
            if (try? fileManager.destinationOfSymbolicLink(atPath: link.path)) != nil { continue }
            try fileManager.createSymbolicLink(atPath: link.path, withDestinationPath: source.path)
        }
    }

    /// Links each resource under `Resources/`, by its own name (a localized file inside its `.lproj`
    /// folder); two of one name get their folders' names in front. Returns the entries to copy.
    private func linkResources(_ resources: [URL], in folder: URL) throws -> [String] {
        var entries: [String] = []
        var names: Set<String> = []
        for resource in resources {
            let parent = resource.deletingLastPathComponent()
            var name = resource.lastPathComponent
            var destination = folder
            if parent.pathExtension == "lproj" {
                destination = folder.appendingPathComponent(parent.lastPathComponent)
                let entry = "Resources/" + parent.lastPathComponent
                if !entries.contains(entry) { entries.append(entry) }
            } else {
                if names.contains(name) { name = parent.lastPathComponent + "-" + name }
                names.insert(name)
                entries.append("Resources/" + name)
            }
            try fileManager.createDirectory(at: destination, withIntermediateDirectories: true)
            try fileManager.createSymbolicLink(atPath: destination.appendingPathComponent(name).path, withDestinationPath: resource.path)
        }
        return entries
    }

    private func save(_ text: String, to url: URL) throws(ImportError) {
        try save(Data(text.utf8), to: url)
    }

    private func save(_ data: Data, to url: URL) throws(ImportError) {
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw .cannotWrite(url.path, "\(error.localizedDescription)")
        }
    }

    static func commonAncestor(of urls: [URL]) -> URL {
        guard var common = urls.first?.deletingLastPathComponent().pathComponents else { return URL(fileURLWithPath: "/") }
        for url in urls.dropFirst() {
            let parts = url.deletingLastPathComponent().pathComponents
            var n = 0
            while n < min(common.count, parts.count), common[n] == parts[n] { n += 1 }
            common = Array(common.prefix(n))
        }
        return URL(fileURLWithPath: common.isEmpty ? "/" : NSString.path(withComponents: common))
    }

    static func path(_ url: URL, under root: URL) -> String {
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        return url.path.hasPrefix(prefix) ? String(url.path.dropFirst(prefix.count)) : url.lastPathComponent
    }
}

extension PackageWriter {
    /// The identity SwiftPM gives a package: its folder's or repository's last path component.
    static func identity(of reference: PackageReference) -> String {
        switch reference {
        case .local(let url): url.lastPathComponent.lowercased()
        case .remote(let url, _):
            (url.split(separator: "/").last.map(String.init) ?? url).replacingOccurrences(of: ".git", with: "").lowercased()
        }
    }

    var widgetHostIdentity: String { plan.widgetHostPackage.lastPathComponent.lowercased() }

    func manifest(targets: [String]) -> String {
        var dependencies = [".package(path: \(AssetSymbols.literal(plan.widgetHostPackage.path)))"]
        dependencies += plan.localPackages.map { ".package(path: \(AssetSymbols.literal($0.path)))" }
        dependencies += plan.remotePackagesDependedOn
            .map { ".package(url: \(AssetSymbols.literal($0.url)), \(Self.requirement($0.requirement)))" }
        return """
            // swift-tools-version:6.2
            // Made by `widget-host import` from \(plan.projectName).xcodeproj, target \(plan.targetName) (\(plan.configuration)).
            // Import again after the project changes; edits here are replaced.
            import PackageDescription

            let package = Package(
                name: \(AssetSymbols.literal(plan.targetName)),
                defaultLocalization: \(AssetSymbols.literal(plan.developmentRegion)),
                dependencies: [
            \(dependencies.map { "        " + $0 + "," }.joined(separator: "\n"))
                ],
                targets: [
            \(targets.joined(separator: "\n"))
                ]
            )

            """
    }

    static func requirement(_ requirement: PackageRequirement) -> String {
        switch requirement {
        case .upToNextMajor(let v): "from: \(AssetSymbols.literal(v))"
        case .upToNextMinor(let v): ".upToNextMinor(from: \(AssetSymbols.literal(v)))"
        case .range(let from, let to): "\(AssetSymbols.literal(from))..<\(AssetSymbols.literal(to))"
        case .exact(let v): "exact: \(AssetSymbols.literal(v))"
        case .branch(let b): "branch: \(AssetSymbols.literal(b))"
        case .revision(let r): "revision: \(AssetSymbols.literal(r))"
        }
    }

    func target(_ module: ImportedModule, sources: [String], resources: [String]) -> String {
        let frameworks = module.frameworks + FrameworkSupport.foundationCompanions.filter { !module.frameworks.contains($0) }
        var dependencies = frameworks.map { ".product(name: \(AssetSymbols.literal($0)), package: \(AssetSymbols.literal(widgetHostIdentity)))" }
        dependencies += module.moduleDependencies.map { AssetSymbols.literal($0) }
        dependencies += module.packageProducts.compactMap { product in
            product.package.map { ".product(name: \(AssetSymbols.literal(product.name)), package: \(AssetSymbols.literal(Self.identity(of: $0))))" }
        }
        func list(_ items: [String], indent: String = "                ") -> String {
            items.map { indent + $0 + "," }.joined(separator: "\n")
        }
        var text = """
                    .\(module.isExecutable ? "executableTarget" : "target")(
                        name: \(AssetSymbols.literal(module.name)),
                        dependencies: [
            \(list(dependencies))
                        ],
                        path: "Sources/\(module.name)",
                        sources: [
            \(list(sources.map(AssetSymbols.literal)))
                        ],

            """
        if !resources.isEmpty {
            text += "            resources: [\n\(list(resources.map { ".copy(\(AssetSymbols.literal($0)))" }))\n            ],\n"
        }
        text += "            swiftSettings: [\n\(list(module.settings.manifestLines()))\n            ]\n        ),"
        return text
    }
}
