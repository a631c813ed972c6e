import Foundation

/// A target of the project (`PBXNativeTarget`): what it builds and from which files.
public struct Target: Sendable {
    public let object: ProjectObject
    let project: XcodeProject

    public var name: String { object.string("name") ?? object.id }
    /// `com.apple.product-type.app-extension` for widget extensions, `.application` for apps,
    /// `.framework` for frameworks…
    public var productType: String { object.string("productType") ?? "" }
    public var productName: String { object.string("productName") ?? name }

    public var isAppExtension: Bool { productType.hasPrefix("com.apple.product-type.app-extension") || productType == "com.apple.product-type.extensionkit-extension" }
    public var isFramework: Bool { productType == "com.apple.product-type.framework" || productType == "com.apple.product-type.library.static" }

    /// The file name of what the target makes (`Shared.framework`), by which other targets link it.
    public var productFileName: String? {
        project.object(object.string("productReference"))?.string("path")
    }

    /// The targets this one depends on (`PBXTargetDependency`), by name.
    public var dependencies: [Target] {
        object.references("dependencies").compactMap { project.object($0)?.string("target") }.compactMap { id in
            project.object(id).map { Target(object: $0, project: project) }
        }
    }

    /// The build phases of one kind (`PBXSourcesBuildPhase`, `PBXResourcesBuildPhase`, …).
    func phases(_ isa: String) -> [ProjectObject] {
        object.references("buildPhases").compactMap { project.object($0) }.filter { $0.isa == isa }
    }

    /// The build files of the phases of one kind.
    func buildFiles(_ isa: String) -> [ProjectObject] {
        phases(isa).flatMap { $0.references("files") }.compactMap { project.object($0) }
    }
}

/// Everything a target compiles and bundles, as files on disk, and what it links.
public struct TargetMembers: Sendable, Equatable {
    /// Files of the Sources phase and of synchronized folders (Swift, and any other the target lists:
    /// `.intentdefinition`, `.xcdatamodeld`, Objective-C), in the project's order.
    public var sources: [URL] = []
    /// Files and bundle folders of the Resources phase and of synchronized folders.
    public var resources: [URL] = []
    /// Listed by the project but not on disk (a file the project lists that is missing).
    public var missing: [URL] = []
    /// Apple frameworks linked explicitly (`WidgetKit`, `SwiftUI`), by name without `.framework`.
    public var sdkFrameworks: [String] = []
    /// Other targets of this project whose products this one links (frameworks, libraries).
    public var linkedTargets: [String] = []
    /// Products of Swift packages the target depends on.
    public var packageProducts: [PackageProduct] = []
}

extension Target {
    /// The target's members: its build phases' files and its synchronized folders' files.
    public func members(fileManager: FileManager = .default) -> TargetMembers {
        var members = TargetMembers()
        var seen: Set<URL> = []
        func add(_ url: URL, resource: Bool) {
            guard seen.insert(url).inserted else { return }
            if !fileManager.fileExists(atPath: url.path) {
                members.missing.append(url)
            } else if resource {
                members.resources.append(url)
            } else {
                members.sources.append(url)
            }
        }
        for file in buildFiles("PBXSourcesBuildPhase") {
            for url in fileURLs(of: file) { add(url, resource: false) }
        }
        for file in buildFiles("PBXResourcesBuildPhase") {
            for url in fileURLs(of: file) { add(url, resource: true) }
        }
        for member in project.synchronizedMembers(of: self, fileManager: fileManager) {
            add(member.url, resource: member.isResource)
        }
        linkedProducts(into: &members)
        return members
    }

    /// The files a build file stands for: one file, or each child of a variant group (localized
    /// `.strings`), or a Core Data model version group as its `.xcdatamodeld` folder.
    private func fileURLs(of buildFile: ProjectObject) -> [URL] {
        guard let ref = project.object(buildFile.string("fileRef")) else { return [] }
        if ref.isa == "PBXVariantGroup" {
            return ref.references("children").compactMap { project.location(of: $0)?.url }
        }
        return project.location(of: ref.id)?.url.map { [$0] } ?? []
    }

    /// Frameworks, other targets' products and package products from the Frameworks phase and the
    /// target's package product dependencies.
    private func linkedProducts(into members: inout TargetMembers) {
        var productIDs = object.references("packageProductDependencies")
        for file in buildFiles("PBXFrameworksBuildPhase") {
            if let product = file.string("productRef") { productIDs.append(product) }
            guard let ref = file.string("fileRef") else { continue }
            switch project.location(of: ref) {
            case .sdk(let path)?:
                let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
                if !members.sdkFrameworks.contains(name) { members.sdkFrameworks.append(name) }
            case .buildProduct(let path)?:
                if let target = project.targets.first(where: { $0.productFileName == path }), !members.linkedTargets.contains(target.name) {
                    members.linkedTargets.append(target.name)
                }
            default:
                break
            }
        }
        for id in productIDs {
            guard let product = project.packageProduct(id), !members.packageProducts.contains(product) else { continue }
            members.packageProducts.append(product)
        }
    }
}
