import Foundation

/// Where a file reference, group or synchronized folder is on disk, worked out as Xcode does from
/// its `sourceTree` and the groups above it.
public enum FileLocation: Hashable, Sendable {
    /// A path on disk.
    case file(URL)
    /// Made by the build (`BUILT_PRODUCTS_DIR`: another target's product), with its name.
    case buildProduct(String)
    /// Part of the SDK or the developer tools (`SDKROOT`, `DEVELOPER_DIR`): Apple's frameworks.
    case sdk(String)
    /// A source tree this reader does not know (a custom one from Xcode's settings), with its name.
    case unknown(sourceTree: String, path: String)

    public var url: URL? { if case .file(let url) = self { return url } else { return nil } }
}

extension XcodeProject {
    /// The location of the object `id` (a file reference, a group, a variant or version group, or a
    /// synchronized folder).
    public func location(of id: String) -> FileLocation? {
        location(of: id, depth: 0)
    }

    private func location(of id: String, depth: Int) -> FileLocation? {
        // A cycle in the parents (a hostile file) ends here rather than looping.
        guard depth < 256, let object = objects[id] else { return nil }
        let path = object.string("path") ?? ""
        switch object.string("sourceTree") ?? "<group>" {
        case "<group>":
            guard let parent = parents[id] else {
                // The main group (or a group outside the tree) is relative to the source root.
                return .file(Self.appending(path, to: sourceRoot))
            }
            let above = location(of: parent, depth: depth + 1)
            guard case .file(let base)? = above else { return above }
            return .file(Self.appending(path, to: base))
        case "SOURCE_ROOT": return .file(Self.appending(path, to: sourceRoot))
        case "<absolute>": return .file(URL(fileURLWithPath: path).standardizedFileURL)
        case "BUILT_PRODUCTS_DIR": return .buildProduct(path)
        case "SDKROOT", "DEVELOPER_DIR", "PLATFORM_DIR": return .sdk(path)
        case let tree: return .unknown(sourceTree: tree, path: path)
        }
    }

    static func appending(_ path: String, to base: URL) -> URL {
        guard !path.isEmpty else { return base }
        if path.hasPrefix("/") { return URL(fileURLWithPath: path).standardizedFileURL }
        return base.appendingPathComponent(path).standardizedFileURL
    }
}
