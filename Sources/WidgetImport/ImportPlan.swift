import Foundation
import XcodeProject

/// A module of the package `import` writes: the widget extension (an executable) or a framework
/// target of the project it links (a library).
public struct ImportedModule: Equatable, Sendable {
    public var name: String
    public var isExecutable: Bool
    /// Swift files, where they are in the project.
    public var sources: [URL] = []
    /// Files and bundle folders copied beside the executable as its resources.
    public var resources: [URL] = []
    /// Swift files made here (asset symbols, intent classes), by file name.
    public var generated: [String: String] = [:]
    public var settings = CompilationSettings()
    /// This package's products the files import (`SwiftUI`, `Charts`…).
    public var frameworks: [String] = []
    public var packageProducts: [PackageProduct] = []
    /// Other modules of the plan this one imports.
    public var moduleDependencies: [String] = []
}

/// What `widget-host import` makes of a project's widget extension target, before anything is
/// written: the package's modules, its dependencies, and what was left out, with why.
public struct ImportPlan: Equatable, Sendable {
    public var projectName: String
    public var targetName: String
    public var configuration: String
    public var modules: [ImportedModule]
    /// This package's folder, which the written package depends on by path.
    public var widgetHostPackage: URL
    /// Local package folders of the project that a module's products come from.
    public var localPackages: [URL] = []
    /// Remote packages (they need the network when the package is built).
    public var remotePackages: [(url: String, requirement: PackageRequirement)] = []

    /// The remote packages a module takes a product from: those the written manifest depends on
    /// (a package the project lists only for a build plugin, or for the app, is not fetched).
    public var remotePackagesDependedOn: [(url: String, requirement: PackageRequirement)] {
        let used = Set(modules.flatMap(\.packageProducts).compactMap { product -> String? in
            if case .remote(let url, _)? = product.package { return url } else { return nil }
        })
        return remotePackages.filter { used.contains($0.url) }
    }

    /// What building the written package fetches: the remote packages it depends on, and those the
    /// local packages it depends on as they are name in their manifests.
    public var remotePackagesFetched: [(url: String, requirement: PackageRequirement)] {
        let direct = Set(remotePackagesDependedOn.map(\.url))
        return remotePackages.filter { direct.contains($0.url) || remoteFromLocalPackages.contains($0.url) }
    }
    /// What the project has that the package leaves out, one reason each.
    public var leftOut: [String] = []
    /// Frameworks with no Linux version that files import, with those files (left out of the package).
    public var unavailableFrameworks: [String: [String]] = [:]
    /// Remote packages that only a local package depends on: SwiftPM fetches them through that
    /// package's manifest, so the written manifest does not name them unless a module of its own uses them.
    public var remoteFromLocalPackages: Set<String> = []
    /// The platform `#if os(…)` is evaluated for (the target's `SDKROOT`), and the files whose
    /// platform conditions were resolved so (compiled as copies in `Generated/Platform/`).
    public var platform = "iOS"
    public var platformResolved: [String] = []
    /// The files naming a module Linux keeps elsewhere (`Darwin.round`), respelled in their copies.
    public var modulesRespelled: [String] = []
    /// The files with `#selector` or `@objc`, respelled for a Swift method reference (`ObjectiveCSelectors`).
    public var selectorsRespelled: [String] = []
    /// The files with `#keyPath` or an `observeValue(forKeyPath:…)` override in a direct subclass of
    /// `NSObject`, respelled for the observation table (`KeyValueObservingSource`).
    public var keyValueObservingRespelled: [String] = []
    /// The project's development region (`en`), the package's default localization.
    public var developmentRegion = "en"
    /// The extension's Info.plist as Xcode would process it (`InfoPlist`), as XML; written beside
    /// the built executable, where Linux's `Bundle.main` reads it.
    public var infoPlist: Data?
    /// Where the extension runs from: its place in its app's bundle, as on the device.
    public var appBundle = AppBundlePlan(appName: "App", extensionName: "Widget")
    /// The `pubspec.yaml` whose assets were laid out, for a Flutter app.
    public var flutterPubspec: URL?

    public static func == (a: ImportPlan, b: ImportPlan) -> Bool {
        a.projectName == b.projectName && a.targetName == b.targetName && a.modules == b.modules && a.leftOut == b.leftOut
            && a.localPackages == b.localPackages && a.remotePackages.map(\.url) == b.remotePackages.map(\.url)
    }

    /// The executable's name: what `preview --extension` runs.
    public var executableName: String { modules.first(where: \.isExecutable)?.name ?? targetName }
}

/// Makes the plan for a target.
public struct ImportPlanner {
    public var project: XcodeProject
    public var widgetHostPackage: URL
    /// The build configuration whose settings apply: `Debug` when the target has one (what Xcode's
    /// previews build), else the project's default.
    public var configuration: String?
    /// How local packages are described (`swift package dump-package`; tests may give another).
    var retargeting = LocalPackageRetargeting.live

    public init(project: XcodeProject, widgetHostPackage: URL, configuration: String? = nil) {
        self.project = project
        self.widgetHostPackage = widgetHostPackage
        self.configuration = configuration
    }

    public func plan(target: Target) throws(ImportError) -> ImportPlan {
        let configurations = project.configurationNames(of: target)
        let configuration = configuration ?? (configurations.all.contains("Debug") ? "Debug" : configurations.default ?? configurations.all.first ?? "Debug")
        var plan = ImportPlan(projectName: project.name, targetName: target.name, configuration: configuration, modules: [],
                              widgetHostPackage: widgetHostPackage)
        plan.developmentRegion = project.root.string("developmentRegion") ?? "en"
        let targetSettings = project.buildSettings(of: target, configuration: configuration)
        plan.platform = PlatformConditions.platform(sdkRoot: targetSettings["SDKROOT"])
        let info = InfoPlist.make(settings: targetSettings, sourceRoot: project.sourceRoot)
        plan.infoPlist = info.xml
        plan.leftOut += info.problems
        planAppBundle(for: target, &plan)
        let members = target.members()
        // A missing Swift file that the repository ships a template of compiles from the template.
        var templated: [(missing: URL, template: URL, text: String)] = []
        let missingSwift = members.missing.filter { file in
            guard file.pathExtension == "swift" else { return false }
            guard let template = SourceTemplates.template(for: file, under: project.sourceRoot), let text = Self.smallText(template) else { return true }
            templated.append((file, template, text))
            return false
        }
        guard missingSwift.isEmpty else { throw .missingFiles(target: target.name, missingSwift.map { relative($0) }) }
        let replaced = Set(templated.map(\.missing))
        plan.leftOut += members.missing.filter { !replaced.contains($0) }.map { "\(relative($0)): listed by the project, not on disk" }

        var linked: [ImportedModule] = []
        for name in members.linkedTargets {
            guard let framework = project.target(named: name), framework.isFramework else { continue }
            linked.append(module(for: framework, members: framework.members(), executable: false, configuration: configuration, plan: &plan))
        }
        var main = module(for: target, members: members, executable: true, configuration: configuration, plan: &plan)
        guard !main.sources.isEmpty else { throw .noSwiftSources(target: target.name) }
        for (missing, template, text) in templated {
            let name = Self.copyName(missing, folder: "Templates", taken: main.generated)
            main.generated[name] = "#sourceLocation(file: \(AssetSymbols.literal(template.path)), line: 1)\n" + text + "\n#sourceLocation()\n"
            plan.leftOut.append("\(relative(missing)): not on disk (each developer makes it); compiled from the repository's template "
                + "\(relative(template)) as Generated/\(name)")
        }
        main.moduleDependencies = linked.map(\.name)
        plan.modules = [main] + linked
        collectPackages(&plan)
        retargetLocalPackages(&plan)
        try checkImports(&plan)
        rewriteManagedObjectSources(&plan, platform: plan.platform)
        dropUnimportedRemoteProducts(&plan)
        return plan
    }

    /// The extension's place in its app's bundle, and a Flutter app's assets beside it.
    private func planAppBundle(for target: Target, _ plan: inout ImportPlan) {
        let app = project.targets.first { $0.productType == "com.apple.product-type.application" && $0.dependencies.contains { $0.name == target.name } }
        plan.appBundle = AppBundlePlan(appName: Self.bundleName(app?.productName ?? project.name),
                                       extensionName: Self.bundleName(target.productName))
        guard let pubspec = FlutterAssets.pubspec(near: project.sourceRoot) else { return }
        let declared = FlutterAssets.assets(pubspec: pubspec)
        plan.flutterPubspec = pubspec
        plan.appBundle.flutterAssets = declared.assets
        plan.leftOut += declared.missing.map { "\(pubspec.lastPathComponent) (the Flutter app's): asset \($0) names nothing on disk (the Flutter build would stop)" }
    }

    /// A product name as a single safe path component.
    static func bundleName(_ name: String) -> String {
        let safe = name.replacingOccurrences(of: "/", with: "_")
        return safe.isEmpty || safe.hasPrefix(".") ? "_" + safe : safe
    }

    private func module(for target: Target, members: TargetMembers, executable: Bool, configuration: String, plan: inout ImportPlan) -> ImportedModule {
        let settings = project.buildSettings(of: target, configuration: configuration)
        var module = ImportedModule(name: Self.moduleName(settings["PRODUCT_MODULE_NAME"] ?? target.productName), isExecutable: executable)
        module.settings = CompilationSettings(settings)
        plan.leftOut += module.settings.leftOut.map { "\(target.name): \($0)" }
        for file in members.sources {
            switch file.pathExtension {
            case "swift": module.sources.append(file)
            case "xcdatamodeld", "xcdatamodel":
                module.resources.append(file)
                do {
                    for (name, text) in try CoreDataModelCodegen.sources(for: file) { module.generated["CoreData/" + name] = text }
                } catch {
                    plan.leftOut.append("\(relative(file)): \(error)")
                }
            case "intentdefinition":
                do {
                    module.generated[file.deletingPathExtension().lastPathComponent + "Intents.swift"] = try IntentDefinitions.source(for: file)
                } catch {
                    plan.leftOut.append("\(relative(file)): \(error)")
                }
            default:
                plan.leftOut.append("\(relative(file)): \(file.pathExtension) sources are not compiled here (Swift only)")
            }
        }
        var resourceNames: Set<String> = []
        for file in members.resources where file.pathExtension != "intentdefinition" {
            if Self.interfaceBuilderExtensions.contains(file.pathExtension) {
                plan.leftOut.append("\(relative(file)): Interface Builder files are not used by widgets")
                continue
            }
            // Two localized files of one name and language (from two folders) would be one resource.
            let parent = file.deletingLastPathComponent()
            if parent.pathExtension == "lproj", !resourceNames.insert(parent.lastPathComponent + "/" + file.lastPathComponent).inserted {
                plan.leftOut.append("\(relative(file)): a second \(parent.lastPathComponent)/\(file.lastPathComponent), left out")
                continue
            }
            module.resources.append(file)
        }
        module.packageProducts = members.packageProducts
        let catalogs = module.resources.filter { $0.pathExtension == "xcassets" }
        if let symbols = AssetSymbols.source(catalogs: catalogs, extent: Self.assetSymbolExtent(settings)) {
            module.generated["GeneratedAssetSymbols.swift"] = symbols
        }
        return module
    }

    static let interfaceBuilderExtensions: Set<String> = ["storyboard", "xib", "nib", "storyboardc"]

    /// As Xcode decides: `ColorResource`/`ImageResource` symbols unless turned off; the extensions on
    /// `Color`, `Image` and `ShapeStyle` only where the project turns them on (Xcode 15's templates
    /// write `YES`; a project made before, unset, has none, and may declare `Color.brand` itself).
    static func assetSymbolExtent(_ settings: BuildSettings) -> AssetSymbols.Extent {
        if settings["ASSETCATALOG_COMPILER_GENERATE_ASSET_SYMBOLS"] == "NO" { return .none }
        if settings["ASSETCATALOG_COMPILER_GENERATE_SWIFT_ASSET_SYMBOL_EXTENSIONS"] != "YES" { return .resourcesOnly }
        return .all
    }

    /// A Swift module name from a product name, as Xcode makes `PRODUCT_MODULE_NAME`: characters
    /// that cannot be in an identifier become `_`; a name this package's modules use gets a suffix.
    static func moduleName(_ productName: String) -> String {
        var name = String(productName.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if let first = name.first, first.isNumber { name = "_" + name }
        if name.isEmpty { name = "Widget" }
        let taken = Set(FrameworkSupport.providedFrameworks + ["WidgetHost", "WidgetUI", "WidgetArchive", "WidgetExtensionKit"])
        return taken.contains(name) ? name + "Extension" : name
    }

    /// Which of this package's frameworks each module needs, and whether any file needs one that
    /// is not here.
    /// Which of this package's frameworks each module needs. A file importing a framework with no
    /// Linux version outside `#if canImport(…)` is left out, and said: apps share many such files
    /// with their widget that the widget never calls (a sound player, a store), and where the widget
    /// does need one, the build names what is missing. Only when that leaves the widget with no file
    /// is it an error here.
    private func checkImports(_ plan: inout ImportPlan) throws(ImportError) {
        var unavailable: [String: [String]] = [:]
        let moduleNames = Set(plan.modules.map(\.name))
        for index in plan.modules.indices {
            // A widget extension's entry point needs SwiftUI and WidgetKit whatever its files import.
            var frameworks: Set<String> = plan.modules[index].isExecutable ? ["SwiftUI", "WidgetKit"] : []
            var kept: [URL] = []
            for file in plan.modules[index].sources {
                // The imports the file has for the target's platform: one under `#if os(iOS)` is as
                // unconditional as the code around it (`PlatformConditions`).
                let text = Self.smallText(file) ?? ""
                let imports = SourceImports.scan(text: LinuxSourceText(text, platform: plan.platform).beforeSelectors)
                let missing = imports.filter { found in
                    !found.isConditional && ((found.module == "os" && found.path != "os") || FrameworkSupport.appleOnlyFrameworks.contains(found.module))
                }
                guard missing.isEmpty else {
                    for found in missing { unavailable[found.path, default: []].append("\(relative(file)):\(found.line)") }
                    plan.leftOut.append("\(relative(file)): imports \(missing.map(\.path).joined(separator: ", ")), with no Linux version here")
                    continue
                }
                kept.append(file)
                for found in imports {
                    if FrameworkSupport.providedFrameworks.contains(found.module) {
                        frameworks.insert(found.module)
                    } else if moduleNames.contains(found.module), found.module != plan.modules[index].name,
                              !plan.modules[index].moduleDependencies.contains(found.module) {
                        plan.modules[index].moduleDependencies.append(found.module)
                    }
                }
            }
            plan.modules[index].sources = kept
            plan.modules[index].frameworks = FrameworkSupport.providedFrameworks.filter(frameworks.contains)
        }
        plan.unavailableFrameworks = unavailable
        if let main = plan.modules.first(where: \.isExecutable), main.sources.isEmpty, !unavailable.isEmpty {
            throw .unavailableFrameworks(unavailable)
        }
    }

    private func collectPackages(_ plan: inout ImportPlan) {
        let folders = project.localPackageFolders()
        for index in plan.modules.indices {
            for (p, product) in plan.modules[index].packageProducts.enumerated() {
                switch product.package {
                case .local(let url)?:
                    if !plan.localPackages.contains(url) { plan.localPackages.append(url) }
                case .remote(let url, let requirement)?:
                    if !plan.remotePackages.contains(where: { $0.url == url }) { plan.remotePackages.append((url, requirement)) }
                case nil:
                    // A remote package named as the product…
                    if let remote = project.remotePackageReferences().first(where: { Self.repositoryName($0.url).caseInsensitiveCompare(product.name) == .orderedSame }) {
                        plan.modules[index].packageProducts[p].package = .remote(url: remote.url, requirement: remote.requirement)
                        if !plan.remotePackages.contains(where: { $0.url == remote.url }) { plan.remotePackages.append(remote) }
                        continue
                    }
                    // …or a local package folder in the groups, a synchronized folder or the workspace:
                    // the one whose manifest names the product, or else the only one.
                    let folder = folders.first { Self.manifest(of: $0, names: product.name) } ?? (folders.count == 1 ? folders[0] : nil)
                    guard let folder else {
                        plan.leftOut.append("product \(product.name): the project does not say from which package")
                        continue
                    }
                    plan.modules[index].packageProducts[p].package = .local(folder)
                    if !plan.localPackages.contains(folder) { plan.localPackages.append(folder) }
                }
            }
        }
    }

    /// A remote package's product that no file of the module imports (a product's module is named as
    /// the product, but for a few packages) is linked by the project for the app's sake: building it
    /// would only need the network, so it is left out, and said.
    private func dropUnimportedRemoteProducts(_ plan: inout ImportPlan) {
        for index in plan.modules.indices {
            let module = plan.modules[index]
            // The generated files count too: a rewritten Core Data file keeps its original's imports.
            let imported = Set(module.sources.flatMap { SourceImports.scan($0).map(\.module) }
                + module.generated.values.flatMap { SourceImports.scan(text: $0).map(\.module) })
            plan.modules[index].packageProducts = module.packageProducts.filter { product in
                guard case .remote(let url, _)? = product.package, !imported.contains(product.name) else { return true }
                plan.leftOut.append("\(module.name): product \(product.name) of \(url) is linked but no file imports it")
                return false
            }
        }
        let used = Set(plan.modules.flatMap(\.packageProducts).compactMap { product -> String? in
            if case .remote(let url, _)? = product.package { return url } else { return nil }
        })
        plan.remotePackages.removeAll { !used.contains($0.url) && !plan.remoteFromLocalPackages.contains($0.url) }
    }

    /// Local packages whose code imports Apple frameworks become modules of the written package. A
    /// package such a module depends on joins the written package's dependencies, and is looked at
    /// in its turn (again if a later module asks it for another product); once all are known, a
    /// product of a package compiled here becomes a dependency on its targets.
    private func retargetLocalPackages(_ plan: inout ImportPlan) {
        var pending = plan.localPackages
        var seen = Set(pending)
        var requested: [URL: Set<String>] = [:]
        var retargeted: [URL: [String: [String]]] = [:]
        while !pending.isEmpty {
            let folder = pending.removeFirst()
            let asked = Set(plan.modules.flatMap(\.packageProducts).filter { $0.package == .local(folder) }.map(\.name))
            let products = asked.union(requested[folder] ?? [])
            requested[folder] = products
            guard let found = retargeting.modules(for: products.sorted(), of: folder, leftOut: &plan.leftOut) else { continue }
            // What the package depends on remotely: its products where a module compiled here takes them,
            // all of it where the package is built as it is (SwiftPM fetches what its manifest names).
            for remote in found.remotes where !plan.remotePackages.contains(where: { $0.url == remote.url }) {
                plan.remotePackages.append(remote)
            }
            guard !found.modules.isEmpty else {
                for remote in found.remotes { plan.remoteFromLocalPackages.insert(remote.url) }
                continue
            }
            retargeted[folder] = found.productTargets
            plan.localPackages.removeAll { $0 == folder }
            for var module in found.modules where !plan.modules.contains(where: { $0.name == module.name }) {
                for index in module.packageProducts.indices {
                    guard case .local(let named)? = module.packageProducts[index].package else { continue }
                    let dependency = Self.existing(named, among: seen)
                    module.packageProducts[index].package = .local(dependency)
                    if seen.insert(dependency).inserted {
                        plan.localPackages.append(dependency)
                        pending.append(dependency)
                    } else if retargeted[dependency] != nil, !(requested[dependency] ?? []).contains(module.packageProducts[index].name) {
                        pending.append(dependency)
                    }
                }
                plan.modules.append(module)
            }
        }
        for index in plan.modules.indices {
            for product in plan.modules[index].packageProducts {
                guard case .local(let folder)? = product.package, let targets = retargeted[folder]?[product.name] else { continue }
                for target in targets where !plan.modules[index].moduleDependencies.contains(target) {
                    plan.modules[index].moduleDependencies.append(target)
                }
            }
            plan.modules[index].packageProducts.removeAll { product in
                if case .local(let folder)? = product.package { return retargeted[folder] != nil }
                return false
            }
        }
    }

    /// A local package's folder as a manifest names it, or, where no such folder exists (a path
    /// Xcode never followed, because the project names a package of that identity itself), the
    /// package of that identity already found.
    static func existing(_ folder: URL, among known: Set<URL>) -> URL {
        guard !FileManager.default.fileExists(atPath: folder.path) else { return folder }
        return known.first { $0.lastPathComponent.lowercased() == folder.lastPathComponent.lowercased() } ?? folder
    }

    static func repositoryName(_ url: String) -> String {
        (url.split(separator: "/").last.map(String.init) ?? url).replacingOccurrences(of: ".git", with: "")
    }

    /// Whether a package's manifest names a product or target called `name`.
    static func manifest(of folder: URL, names name: String) -> Bool {
        guard let text = try? String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8) else { return false }
        return text.contains("name: \"\(name)\"")
    }

    func relative(_ url: URL) -> String {
        let root = project.sourceRoot.path + "/"
        return url.path.hasPrefix(root) ? String(url.path.dropFirst(root.count)) : url.path
    }
}
