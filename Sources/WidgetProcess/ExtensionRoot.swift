import CProcessContainment
import Foundation
import SystemCalls

/// What an extension's own root file system holds in the full sandbox, worked out from its
/// executable as the kernel and the dynamic loader will read it: the executable and the resource
/// bundles it names, its interpreter and every library it links (found as the loader finds them),
/// the loader's cache, the Swift runtime's backtracer, and the system's shared data (time zones,
/// locales, certificates, name resolution). On the phone a widget extension likewise reads its own
/// bundle and container and the system's frameworks, and nothing of other apps or the user's files.
public struct ExtensionRoot: Hashable, Sendable {
    /// Real paths (no symbolic link along them), bound read-only at the same paths; none inside another.
    public var readPaths: [String]
    /// The host's symbolic links along those paths, made again in the root (`/lib` → `usr/lib`).
    public var symlinks: [Symlink]
    /// Libraries the executable names that no folder holds: it will not start here either.
    public var missingLibraries: [String]

    public struct Symlink: Hashable, Sendable {
        public var path: String
        public var target: String
    }

    /// In a line: how many libraries and bundles, and each path granted beyond what the extension
    /// needs (`granted`), as `run` prints it.
    public func summary(granted: [String]) -> String {
        let libraries = readPaths.filter { ($0 as NSString).lastPathComponent.contains(".so") }.count
        let bundles = readPaths.filter { $0.hasSuffix(".resources") }.count
        var text = "its executable, \(bundles) resource bundle(s), \(libraries) librar\(libraries == 1 ? "y" : "ies"), the system's shared data"
        if !granted.isEmpty { text += "; granted: " + granted.joined(separator: ", ") }
        if !missingLibraries.isEmpty { text += "; missing: " + missingLibraries.joined(separator: ", ") }
        return text
    }

    /// Nothing: the root of a launch outside the full sandbox.
    public static let empty = ExtensionRoot(readPaths: [], symlinks: [], missingLibraries: [])

    /// The system's data every process may read: time zones, locale definitions, certificate
    /// bundles and OpenSSL's configuration, name resolution, the CPU list Dispatch sizes its pool by.
    public static let systemData = [
        "/etc/localtime", "/usr/share/zoneinfo", "/usr/lib/locale", "/usr/share/i18n",
        "/etc/ssl/certs", "/usr/share/ca-certificates", "/etc/ca-certificates",
        // OpenSSL reads its configuration when a process that links it (FoundationNetworking does,
        // through libcurl) starts; never the private keys beside it.
        "/usr/lib/ssl/openssl.cnf", "/etc/ssl/openssl.cnf",
        "/etc/resolv.conf", "/etc/hosts", "/etc/nsswitch.conf", "/etc/host.conf", "/etc/gai.conf",
        "/etc/services", "/etc/protocols", "/sys/devices/system/cpu",
    ]

    /// The root for `executable`, plus `extra` paths the configuration grants; a program among them
    /// brings the libraries it links, so that the extension can start it. Worked out once per
    /// executable file (path, size and modification time) and kept.
    public static func of(executable: String, libraryPath: String?, extra: [String] = []) -> ExtensionRoot {
        let base = cached(executable, libraryPath: libraryPath)
        guard !extra.isEmpty else { return base }
        var builder = Builder(from: base)
        let search = LoaderSearch(libraryPath: libraryPath)
        for path in extra {
            builder.grant(path)
            if let elf = ELFFile(path: path), elf.interpreter != nil { builder.grantLibraries(of: elf, at: path, search: search) }
        }
        return builder.root
    }

    private static let cacheLock = NSLock()
    nonisolated(unsafe) private static var cache: [String: ExtensionRoot] = [:]

    private static func cached(_ executable: String, libraryPath: String?) -> ExtensionRoot {
        let info = try? FileSystem.status(executable, followingLinks: true)
        let key = info.map { "\(executable)\u{0}\($0.size)\u{0}\($0.modified)\u{0}\(libraryPath ?? "")" } ?? ""
        if !key.isEmpty, let known = cacheLock.withLock({ cache[key] }) { return known }
        let root = workOut(executable, libraryPath: libraryPath)
        if !key.isEmpty { cacheLock.withLock { cache[key] = root } }
        return root
    }

    private static func workOut(_ executable: String, libraryPath: String?) -> ExtensionRoot {
        var builder = Builder()
        builder.grant(executable)
        if let bundle = AppBundleFolder.enclosing(executable) {
            builder.grantTree(bundle)
        } else {
            for bundle in ResourceBundles.named(by: executable) { builder.grantTree(bundle) }
        }
        var program = executable
        if let script = Shebang(path: executable) {
            program = script.interpreter
            builder.grant(program)
            if let named = script.program { program = named; builder.grant(named) }
        }
        if let elf = ELFFile(path: program), elf.interpreter != nil || !elf.needed.isEmpty {
            builder.grantLibraries(of: elf, at: program, search: LoaderSearch(libraryPath: libraryPath))
            builder.grant(LoaderSearch.cacheFile)
        }
        for path in systemData { builder.grant(path) }
        return builder.root
    }
}

/// Collects grants: resolves each path's symbolic links (recording them) and keeps the real paths,
/// dropping any inside a folder already granted.
private struct Builder {
    var paths: Set<String> = []
    var links: [String: String] = [:]
    var missing: [String] = []

    init() {}
    init(from root: ExtensionRoot) {
        paths = Set(root.readPaths)
        for link in root.symlinks { links[link.path] = link.target }
        missing = root.missingLibraries
    }

    var root: ExtensionRoot {
        let sorted = paths.sorted()
        var kept: [String] = []
        for path in sorted where !kept.contains(where: { path.hasPrefix($0 == "/" ? $0 : $0 + "/") }) { kept.append(path) }
        return ExtensionRoot(readPaths: kept, symlinks: links.keys.sorted().map { ExtensionRoot.Symlink(path: $0, target: links[$0] ?? "") },
                             missingLibraries: missing)
    }

    /// Grants `path` if it exists: walks it a component at a time as the kernel would, so every link
    /// on the way is made again in the root and the real file or folder is what is bound.
    mutating func grant(_ path: String) {
        guard path.hasPrefix("/") else { return }
        var resolved = ""
        var pending = path.split(separator: "/").map(String.init)
        var hops = 0
        while !pending.isEmpty {
            let component = pending.removeFirst()
            if component == "." || component.isEmpty { continue }
            if component == ".." { resolved = (resolved as NSString).deletingLastPathComponent; if resolved == "/" { resolved = "" }; continue }
            let next = resolved + "/" + component
            guard let info = try? FileSystem.status(next) else { return }
            if info.kind == .symbolicLink {
                hops += 1
                guard hops <= 40, let target = Self.readLink(next) else { return }
                links[next] = target
                pending = target.split(separator: "/").map(String.init) + pending
                if target.hasPrefix("/") { resolved = "" }
            } else {
                resolved = next
            }
        }
        paths.insert(resolved.isEmpty ? "/" : resolved)
    }

    /// Grants a bundle folder and whatever its symbolic links lead to, and theirs in turn (an
    /// imported app's `.appex` links its resources from the build folder, which links asset catalogs
    /// from the sources): at most `limit` entries are looked at in all.
    mutating func grantTree(_ folder: String, limit: Int = 20_000) {
        grant(folder)
        var folders = [folder], scanned: Set<String> = [PosixProcessLauncher.realPath(folder)], seen = 0
        while let next = folders.popLast(), seen < limit {
            guard let walker = FileManager.default.enumerator(atPath: next) else { continue }
            while let relative = walker.nextObject() as? String, seen < limit {
                seen += 1
                let path = next + "/" + relative
                guard (try? FileSystem.status(path))?.kind == .symbolicLink else { continue }
                grant(path)
                let target = PosixProcessLauncher.realPath(path)
                if (try? FileSystem.status(target, followingLinks: true))?.kind == .directory, scanned.insert(target).inserted { folders.append(target) }
            }
        }
    }

    mutating func grantLibraries(of executable: ELFFile, at path: String, search: LoaderSearch) {
        if let interpreter = executable.interpreter { grant(interpreter) }
        var queue: [(ELFFile, String)] = [(executable, path)]
        var seen: Set<String> = []
        while !queue.isEmpty {
            let (object, objectPath) = queue.removeFirst()
            for name in object.needed where !seen.contains(name) {
                seen.insert(name)
                guard let found = search.find(name, neededBy: object, at: objectPath, executable: executable) else {
                    missing.append(name)
                    continue
                }
                grant(found.path)
                queue.append((found.file, found.path))
                if name.hasPrefix("libswiftCore.") {
                    // The toolchain's runtime folder holds only Swift's own libraries: one grant
                    // for all of them (a mount each would cost every launch).
                    grant((found.path as NSString).deletingLastPathComponent)
                    grantBacktracer(beside: found.path)
                }
            }
        }
    }

    /// The Swift runtime starts `libexec/swift/<os>/swift-backtrace` from its toolchain when a process
    /// crashes (when enabled): `<toolchain>/usr/lib/swift/linux/libswiftCore.so` → `<toolchain>/usr/libexec/…`.
    mutating func grantBacktracer(beside library: String) {
        let folder = (library as NSString).deletingLastPathComponent
        let usr = ((folder as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        let os = (folder as NSString).lastPathComponent
        grant(((usr as NSString).deletingLastPathComponent as NSString).appendingPathComponent("libexec/swift/\(os)/swift-backtrace"))
    }

    static func readLink(_ path: String) -> String? {
        guard let target = try? FileSystem.linkTarget(path), !target.isEmpty else { return nil }
        return target
    }
}

/// The bundle an executable lives in, when it lives in one as on the device: an `.appex` (and, inside
/// `App.app/PlugIns/`, its app, whose bundle an extension may read), or an `.app`. Such a folder holds
/// only the product, so all of it is granted; a build folder holds every product, so it is not.
enum AppBundleFolder {
    static func enclosing(_ executable: String) -> String? {
        let folder = (executable as NSString).deletingLastPathComponent
        switch (folder as NSString).pathExtension {
        case "appex":
            let plugIns = (folder as NSString).deletingLastPathComponent
            let app = (plugIns as NSString).deletingLastPathComponent
            return (plugIns as NSString).lastPathComponent == "PlugIns" && (app as NSString).pathExtension == "app" ? app : folder
        case "app": return folder
        default: return nil
        }
    }
}

/// SwiftPM's resource bundles beside an executable that the executable names: each bundle's
/// accessor holds its folder name (`Package_Target.resources`), so a bundle whose name is in the
/// executable's bytes is one it may open.
enum ResourceBundles {
    static func named(by executable: String) -> [String] {
        let folder = (executable as NSString).deletingLastPathComponent
        let candidates = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".resources") }
        guard !candidates.isEmpty, let bytes = try? Data(contentsOf: URL(fileURLWithPath: executable), options: .alwaysMapped) else { return [] }
        return candidates.sorted().filter { name in
            let needle = Array(name.utf8)
            return bytes.withUnsafeBytes { raw in
                needle.withUnsafeBytes { widgethost_contains(raw.baseAddress, raw.count, $0.baseAddress, $0.count) != 0 }
            }
        }.map { (folder as NSString).appendingPathComponent($0) }
    }
}

/// A script's `#!` line: its interpreter and, for `/usr/bin/env NAME`, the program `env` will run
/// (looked up in `PATH` as `env` would).
struct Shebang {
    var interpreter: String
    var program: String?

    init?(path: String) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let head = handle.readData(ofLength: 256)
        guard head.starts(with: [0x23, 0x21]) else { return nil }
        let line = String(decoding: head.dropFirst(2).prefix { $0 != 0x0A }, as: UTF8.self)
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let first = words.first, first.hasPrefix("/") else { return nil }
        interpreter = first
        if (first as NSString).lastPathComponent == "env", let name = words.dropFirst().first(where: { !$0.hasPrefix("-") }) {
            let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            program = folders.map { "\($0)/\(name)" }.first { FileSystem.isExecutable($0) }
        }
    }
}
