import Foundation

/// A Swift package the project refers to.
public enum PackageReference: Hashable, Sendable {
    /// `XCRemoteSwiftPackageReference`: a repository and the versions allowed.
    case remote(url: String, requirement: PackageRequirement)
    /// `XCLocalSwiftPackageReference` (Xcode 15+), or a package folder dragged into the project's
    /// groups (earlier Xcode): a folder on disk.
    case local(URL)
}

/// What an Xcode project allows of a remote package, in its own words.
public enum PackageRequirement: Hashable, Sendable {
    case upToNextMajor(String)
    case upToNextMinor(String)
    case range(from: String, to: String)
    case exact(String)
    case branch(String)
    case revision(String)

    init?(_ fields: [String: PropertyListValue]) {
        let kind = fields["kind"]?.string
        let minimum = fields["minimumVersion"]?.string
        switch kind {
        case "upToNextMajorVersion": if let minimum { self = .upToNextMajor(minimum) } else { return nil }
        case "upToNextMinorVersion": if let minimum { self = .upToNextMinor(minimum) } else { return nil }
        case "versionRange":
            guard let minimum, let maximum = fields["maximumVersion"]?.string else { return nil }
            self = .range(from: minimum, to: maximum)
        case "exactVersion": if let version = fields["version"]?.string { self = .exact(version) } else { return nil }
        case "branch": if let branch = fields["branch"]?.string { self = .branch(branch) } else { return nil }
        case "revision": if let revision = fields["revision"]?.string { self = .revision(revision) } else { return nil }
        default: return nil
        }
    }
}

/// A product of a Swift package a target links.
public struct PackageProduct: Hashable, Sendable {
    public var name: String
    /// Nil when the project names a product without saying from which package (it can then come
    /// from a local package folder in the groups, found by `XcodeProject.localPackageFolders`).
    public var package: PackageReference?
}

extension XcodeProject {
    /// The product dependency object `id` (`XCSwiftPackageProductDependency`).
    func packageProduct(_ id: String) -> PackageProduct? {
        guard let object = objects[id], object.isa == "XCSwiftPackageProductDependency" else { return nil }
        let name = object.string("productName") ?? ""
        // A `plugin:` prefix names a build tool plugin, which runs at build time and links nothing.
        guard !name.isEmpty, !name.hasPrefix("plugin:") else { return nil }
        return PackageProduct(name: name, package: object.string("package").flatMap(packageReference))
    }

    /// The package reference object `id`.
    func packageReference(_ id: String) -> PackageReference? {
        guard let object = objects[id] else { return nil }
        switch object.isa {
        case "XCRemoteSwiftPackageReference":
            guard let url = object.string("repositoryURL"), let requirement = object.fields["requirement"]?.dictionary.flatMap(PackageRequirement.init) else {
                return nil
            }
            return .remote(url: url, requirement: requirement)
        case "XCLocalSwiftPackageReference":
            guard let path = object.string("relativePath") else { return nil }
            return .local(Self.appending(path, to: bundle.deletingLastPathComponent()))
        default:
            return nil
        }
    }

    /// Package folders placed in the project's groups (how Xcode before 15 recorded a local package):
    /// folder references whose folder holds a `Package.swift`.
    public func localPackageFolders(fileManager: FileManager = .default) -> [URL] {
        objects.values.filter { object in
            let type = object.string("lastKnownFileType") ?? ""
            return object.isa == "PBXFileReference" && (type.hasPrefix("wrapper") || type == "folder")
        }
            .compactMap { location(of: $0.id)?.url }
            .filter { fileManager.fileExists(atPath: $0.appendingPathComponent("Package.swift").path) }
            .sorted { $0.path < $1.path }
    }
}
