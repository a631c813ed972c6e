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

    public init(name: String, package: PackageReference?) {
        self.name = name
        self.package = package
    }
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

    /// Every remote package the project refers to.
    public func remotePackageReferences() -> [(url: String, requirement: PackageRequirement)] {
        objects.keys.sorted().compactMap { id in
            if case .remote(let url, let requirement)? = packageReference(id) { return (url, requirement) }
            return nil
        }
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

    /// Local package folders the project shows without an `XCLocalSwiftPackageReference` (how Xcode
    /// before 15 recorded one, and how synchronized folders and workspaces hold them): folder
    /// references, groups and synchronized folders whose folder, or a folder one or two levels
    /// below, holds a `Package.swift`; and the `group:` entries of a workspace beside the project.
    public func localPackageFolders(fileManager: FileManager = .default) -> [URL] {
        var found: Set<URL> = []
        func look(_ folder: URL, depth: Int) {
            guard depth <= 2 else { return }
            if fileManager.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                found.insert(folder.standardizedFileURL)
                return
            }
            guard depth < 2, let children = try? fileManager.contentsOfDirectory(atPath: folder.path) else { return }
            for child in children where !child.hasPrefix(".") && child != "Pods" && child != "node_modules" {
                var isDirectory: ObjCBool = false
                let url = folder.appendingPathComponent(child)
                if fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue { look(url, depth: depth + 1) }
            }
        }
        for object in objects.values {
            switch object.isa {
            case "PBXFileReference":
                guard let url = location(of: object.id)?.url, url.pathExtension.isEmpty else { continue }
                look(url, depth: 0)
            case "PBXFileSystemSynchronizedRootGroup":
                guard let url = location(of: object.id)?.url else { continue }
                look(url, depth: 0)
            default:
                continue
            }
        }
        for url in workspacePackageFolders(fileManager: fileManager) { found.insert(url) }
        return found.sorted { $0.path < $1.path }
    }

    /// Package folders named by a workspace (`Name.xcworkspace`, `<FileRef location = "group:Path">`
    /// or `"container:Path"`) in the project's folder or the one above, or further up (three
    /// folders at most) when the workspace names this project: an app whose code lives in a package
    /// beside its project often keeps the workspace at the repository's root.
    func workspacePackageFolders(fileManager: FileManager) -> [URL] {
        var folders: [URL] = []
        var base = bundle.deletingLastPathComponent()
        for level in 0..<4 {
            let entries = (try? fileManager.contentsOfDirectory(atPath: base.path)) ?? []
            for entry in entries.sorted() where entry.hasSuffix(".xcworkspace") {
                let file = base.appendingPathComponent(entry).appendingPathComponent("contents.xcworkspacedata")
                guard let text = try? String(contentsOf: file, encoding: .utf8), text.count < 1 << 20 else { continue }
                let references = Self.workspaceReferences(text).map { base.appendingPathComponent($0).standardizedFileURL }
                guard level < 2 || references.contains(where: { $0.path == bundle.standardizedFileURL.path }) else { continue }
                folders += references.filter { fileManager.fileExists(atPath: $0.appendingPathComponent("Package.swift").path) }
            }
            base = base.deletingLastPathComponent()
        }
        return folders
    }

    /// The paths a workspace's file references name, relative to the workspace's folder.
    static func workspaceReferences(_ text: String) -> [String] {
        var paths: [String] = []
        for prefix in ["location = \"group:", "location = \"container:"] {
            for part in text.components(separatedBy: prefix).dropFirst() {
                guard let end = part.firstIndex(of: "\"") else { continue }
                paths.append(String(part[..<end]))
            }
        }
        return paths
    }
}
