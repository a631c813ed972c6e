import Foundation

/// A file a synchronized folder (`PBXFileSystemSynchronizedRootGroup`, Xcode 16) gives a target.
struct SynchronizedMember: Hashable {
    let url: URL
    let isResource: Bool
}

extension XcodeProject {
    /// Folder extensions Xcode treats as one item (a bundle) rather than a folder of members.
    static let bundleExtensions: Set<String> = [
        "xcassets", "xcdatamodeld", "xcdatamodel", "xcmappingmodel", "bundle", "framework", "scnassets", "spritekit", "rcproject",
        "reality", "mlpackage", "mlmodelc", "playground", "docc", "xcstickers", "appiconset", "icon",
    ]
    /// Files a synchronized folder holds that no build phase takes.
    static let ignoredSynchronizedFiles: Set<String> = ["Info.plist", ".DS_Store"]
    static let ignoredSynchronizedExtensions: Set<String> = ["entitlements", "xcconfig", "md", "docc", "xctestplan"]
    /// Extensions compiled in the Sources phase; everything else is a resource.
    static let sourceExtensions: Set<String> = ["swift", "m", "mm", "c", "cc", "cpp", "intentdefinition", "xcdatamodeld", "xcdatamodel", "metal", "mlmodel", "mlpackage", "xcmappingmodel", "h", "hpp"]

    /// A walk of a synchronized folder visits at most this many entries: a folder of a real app has
    /// a few hundred; a symbolic link loop or a mistaken root (`/`) stops here.
    static let maximumSynchronizedEntries = 20_000

    /// The files synchronized folders give `target`. A folder belongs to the targets that list it
    /// (`fileSystemSynchronizedGroups`); an exception set naming a target turns the membership of the
    /// files it lists the other way for that target: out of a target that has the folder, into one
    /// that does not (how Xcode 16 records a file of the app's folder shared with the widget).
    func synchronizedMembers(of target: Target, fileManager: FileManager) -> [SynchronizedMember] {
        let own = Set(target.object.references("fileSystemSynchronizedGroups"))
        var members: [SynchronizedMember] = []
        let folders = objects.values.filter { $0.isa == "PBXFileSystemSynchronizedRootGroup" }.sorted { $0.id < $1.id }
        for folder in folders {
            guard let root = location(of: folder.id)?.url else { continue }
            let exceptions = exceptionPaths(of: folder, for: target)
            let byDefault = own.contains(folder.id)
            guard byDefault || !exceptions.isEmpty else { continue }
            for (relative, url) in Self.walk(root, fileManager: fileManager) {
                let excepted = exceptions.contains { relative == $0 || relative.hasPrefix($0 + "/") }
                guard byDefault != excepted else { continue }
                let name = url.lastPathComponent
                guard !Self.ignoredSynchronizedFiles.contains(name), !Self.ignoredSynchronizedExtensions.contains(url.pathExtension) else { continue }
                members.append(SynchronizedMember(url: url, isResource: !Self.sourceExtensions.contains(url.pathExtension)))
            }
        }
        return members
    }

    /// The paths (relative to the folder) whose membership in `target` is the other way round.
    private func exceptionPaths(of folder: ProjectObject, for target: Target) -> [String] {
        folder.references("exceptions").compactMap { objects[$0] }.filter {
            $0.string("target") == target.object.id || ($0.string("buildPhase").map { phase in target.object.references("buildPhases").contains(phase) } ?? false)
        }.flatMap { $0.references("membershipExceptions") }
    }

    /// Every file under `root` (bundle folders as one item), with its path relative to `root`, sorted.
    public static func walk(_ root: URL, fileManager: FileManager) -> [(String, URL)] {
        var result: [(String, URL)] = []
        var pending: [(String, URL, Int)] = [("", root, 0)]
        var visited = 0
        while let (prefix, folder, depth) = pending.popLast() {
            let children = (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in children.sorted() where !name.hasPrefix(".") {
                visited += 1
                guard visited <= maximumSynchronizedEntries else { return result.sorted { $0.0 < $1.0 } }
                let url = folder.appendingPathComponent(name)
                let relative = prefix.isEmpty ? name : prefix + "/" + name
                var isDirectory: ObjCBool = false
                guard fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue && !bundleExtensions.contains(url.pathExtension) {
                    // A Swift package in the folder is a package Xcode shows, not files of the target.
                    let isPackage = fileManager.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
                    if depth < 32, !isPackage { pending.append((relative, url, depth + 1)) }
                } else {
                    result.append((relative, url))
                }
            }
        }
        return result.sorted { $0.0 < $1.0 }
    }
}
