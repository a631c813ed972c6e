#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// An extension's resource folder, and the only place its asset names may lead. The folder is
/// `<ExecutableName>.resources/` beside the executable. A name that is absolute, climbs with `..`, or
/// reaches outside through a symbolic link is refused — an archive cannot make the host read any
/// other file.
public struct ExtensionResources: Sendable {
    public let root: URL

    public init(executable: String) {
        let url = URL(fileURLWithPath: executable)
        root = url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".resources", isDirectory: true)
    }

    public init(root: URL) { self.root = root }

    public enum Resolution: Hashable, Sendable {
        case found(String)
        case missing
        case refused(String)
    }

    /// Finds `name` (with `.png` added when it has no extension) inside the resource folder.
    public func resolve(_ name: String) -> Resolution {
        if name.isEmpty { return .refused("empty name") }
        if name.hasPrefix("/") { return .refused("absolute path") }
        if name.contains("\0") { return .refused("NUL in name") }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        if parts.contains("..") { return .refused("climbs out with ..") }
        let file = name.contains(".") ? name : name + ".png"
        let candidate = root.appendingPathComponent(file)
        guard let rootReal = realPath(root.path) else { return .missing }
        guard FileManager.default.fileExists(atPath: candidate.path) else { return .missing }
        guard let real = realPath(candidate.path) else { return .missing }
        guard real.hasPrefix(rootReal + "/") else { return .refused("leads outside the resource folder (\(real))") }
        return .found(real)
    }

    private func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
