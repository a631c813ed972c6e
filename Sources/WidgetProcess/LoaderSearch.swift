import Foundation
import SystemCalls

/// Where glibc's dynamic loader finds the libraries an object names, in its order: the object's
/// `DT_RPATH` (when it has no `DT_RUNPATH`), `LD_LIBRARY_PATH`, `DT_RUNPATH`, `/etc/ld.so.cache`,
/// then the system folders. The extension's root holds each library at the path found here, and the
/// cache itself, so the loader inside finds the same files.
struct LoaderSearch {
    static let cacheFile = "/etc/ld.so.cache"

    var libraryPath: [String]
    /// Name → paths, in the cache's order (its entries for every machine; the machine is checked when
    /// a candidate is read).
    var cache: [String: [String]]

    init(libraryPath: String?, cacheFile: String = LoaderSearch.cacheFile) {
        self.libraryPath = (libraryPath ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        cache = (try? Data(contentsOf: URL(fileURLWithPath: cacheFile))).map { Self.readCache([UInt8]($0)) } ?? [:]
    }

    /// The path the loader opens for `name`, needed by `object` (at `objectPath`), with `executable`'s
    /// `DT_RPATH` inherited as the loader does; nil when no candidate is an object for this machine.
    func find(_ name: String, neededBy object: ELFFile, at objectPath: String, executable: ELFFile) -> (path: String, file: ELFFile)? {
        if name.contains("/") { return candidate(name, machine: object.machine) }
        let origin = Self.origin(of: objectPath)
        var folders: [String] = []
        if object.runpath.isEmpty { folders += (object.rpath + executable.rpath).compactMap { Self.expand($0, origin: origin) } }
        folders += libraryPath
        folders += object.runpath.compactMap { Self.expand($0, origin: origin) }
        for folder in folders {
            if let found = candidate((folder as NSString).appendingPathComponent(name), machine: object.machine) { return found }
        }
        for path in cache[name] ?? [] {
            if let found = candidate(path, machine: object.machine) { return found }
        }
        for folder in Self.systemFolders(machine: object.machine) {
            if let found = candidate(folder + "/" + name, machine: object.machine) { return found }
        }
        return nil
    }

    private func candidate(_ path: String, machine: UInt16) -> (path: String, file: ELFFile)? {
        guard let file = ELFFile(path: path), file.machine == machine else { return nil }
        return (path, file)
    }

    /// `$ORIGIN` is the folder of the object as the kernel or loader opened it, symbolic links resolved.
    static func origin(of path: String) -> String {
        let resolved = (try? FileSystem.resolvedPath(path)) ?? path
        return (resolved as NSString).deletingLastPathComponent
    }

    /// A search folder with `$ORIGIN` put in; nil for a relative one or one with another token
    /// (`$LIB`, `$PLATFORM`), which glibc would expand per machine: such folders are not searched here.
    static func expand(_ folder: String, origin: String) -> String? {
        let expanded = folder.replacingOccurrences(of: "${ORIGIN}", with: origin).replacingOccurrences(of: "$ORIGIN", with: origin)
        guard expanded.hasPrefix("/"), !expanded.contains("$") else { return nil }
        return expanded
    }

    /// glibc's built-in folders, after the cache: the multiarch ones first, as Debian builds it.
    static func systemFolders(machine: UInt16) -> [String] {
        let triple: String? = switch machine {
        case 62: "x86_64-linux-gnu"
        case 183: "aarch64-linux-gnu"
        default: nil
        }
        return (triple.map { ["/lib/\($0)", "/usr/lib/\($0)"] } ?? []) + ["/lib64", "/usr/lib64", "/lib", "/usr/lib"]
    }

    /// The new format of `ld.so.cache` ("glibc-ld.so.cache1.1"): a header, entries of (flags, key
    /// offset, value offset, OS version, hardware capabilities), then the strings, offsets counted from
    /// the header. Anything else reads as empty (the loader's own folders are still searched).
    static func readCache(_ bytes: [UInt8]) -> [String: [String]] {
        let magic = Array("glibc-ld.so.cache1.1".utf8)
        guard bytes.count >= 48, Array(bytes[0..<magic.count]) == magic else { return [:] }
        func u32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        func string(_ at: Int) -> String? {
            guard at >= 0, at < bytes.count else { return nil }
            return String(decoding: bytes[at...].prefix { $0 != 0 }, as: UTF8.self)
        }
        let count = u32(20)
        guard count < 1 << 20, 48 + count * 24 <= bytes.count else { return [:] }
        var entries: [String: [String]] = [:]
        for i in 0..<count {
            let at = 48 + i * 24
            guard let key = string(u32(at + 4)), let value = string(u32(at + 8)), value.hasPrefix("/") else { continue }
            entries[key, default: []].append(value)
        }
        return entries
    }
}
