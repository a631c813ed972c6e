import Foundation
@testable import WidgetHostCore
@testable import WidgetProcess
import HostTestSupport
import SystemCalls
import WidgetStore
import XCTest

/// The full sandbox's root file system, tried as a hostile extension would: real processes that look
/// for what the host's user can read, and find only what their root was given.
final class PrivateRootTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_763_712_000)

    private func fullSandbox() throws {
        guard SandboxLevel.full.isAvailable else {
            throw XCTSkip("the full sandbox is not available here: \(SandboxLevel.fullUnavailableReason ?? "-")")
        }
    }

    /// Runs `script` (sh, its builtins only) as an extension once, in the full sandbox, and returns
    /// what it wrote to standard error.
    private func run(_ script: String, in dir: URL, readPaths: [String] = []) throws -> (host: WidgetHost, log: String) {
        let path = dir.appendingPathComponent("probe").path
        try Data("#!/bin/sh\n\(script)\nexit 0\n".utf8).write(to: URL(fileURLWithPath: path))
        try FileSystem.setPermissions(path, 0o755)
        let host = WidgetHost(store: ArchiveStore(root: dir.appendingPathComponent("store")), clock: VirtualClock(start: t0),
                              launcher: PosixProcessLauncher(sandbox: .full))
        host.readPaths["probe"] = readPaths
        host.handshakeTimeout = 5
        addTeardownBlock { host.shutdown() }
        XCTAssertThrowsError(try host.connection(to: path), "the probe says no hello")
        return (host, (try? String(contentsOf: host.store.logFile("probe"), encoding: .utf8)) ?? "")
    }

    /// A line of sh for each path: "seen PATH" when it exists in the root, "read PATH: LINE" when its
    /// first line can be read.
    private func look(at paths: [String]) -> String {
        paths.map { #"if [ -e "\#($0)" ]; then echo "seen \#($0)" >&2; fi; if { read -r line < "\#($0)"; } 2>/dev/null; then echo "read \#($0): $line" >&2; fi"# }
            .joined(separator: "\n")
    }

    /// The launch moves descriptors onto fixed numbers (0 to 4 in the extension, 64 to 66 in its
    /// init); a host whose own descriptors reach up to any of those numbers still launches, with the
    /// watch. Each round takes every free number below a mark, so that what the launch opens lands on
    /// and around the fixed ones.
    func testAHostWhoseDescriptorsReachTheFixedNumbersStillLaunchesInTheFullSandbox() throws {
        try fullSandbox()
        for mark in Int32(48)...68 {
            var filled: [FileDescriptor] = []
            defer { for fd in filled { fd.close() } }
            while true {
                guard let fd = try? FileDescriptor.open("/dev/null", .readOnly) else { break }
                guard fd.rawValue < mark else {
                    fd.close()
                    break
                }
                filled.append(fd)
            }
            let host = WidgetHost(store: ArchiveStore(root: try temporaryDirectory(self)), clock: VirtualClock(start: t0),
                                  launcher: PosixProcessLauncher(sandbox: .full))
            host.reportsRefusedOpens = true
            defer { host.shutdown() }
            let session = WidgetSession(host: host, instance: WidgetInstance(
                id: "todo", extensionPath: try BuiltProducts.executable("ToDoList"), kind: "ToDoList", family: .systemMedium))
            XCTAssertNoThrow(try session.reload(), "descriptors taken below \(mark)")
        }
    }

    func testAnExtensionReadsOnlyWhatItsRootWasGiven() throws {
        try fullSandbox()
        let dir = try temporaryDirectory(self)
        let besideStore = dir.appendingPathComponent("beside-the-store.txt")
        try Data("store neighbour\n".utf8).write(to: besideStore)
        let granted = try temporaryDirectory(self)
        try Data("granted line\n".utf8).write(to: granted.appendingPathComponent("granted.txt"))
        // A file of the user's home (not created here: one that is there), another project's source
        // (this file), the system's account files.
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        let homeFile = ((try? FileManager.default.contentsOfDirectory(atPath: home)) ?? []).sorted()
            .map { home + "/" + $0 }.first { (try? FileSystem.status($0, followingLinks: true))?.kind == .regular && FileManager.default.isReadableFile(atPath: $0) }
        let secrets = [besideStore.path, #filePath, "/etc/shadow", "/etc/passwd", "/root/.bashrc"] + (homeFile.map { [$0] } ?? [])
        for secret in secrets.prefix(2) { XCTAssertTrue(FileManager.default.isReadableFile(atPath: secret), "the host reads \(secret)") }

        let script = look(at: secrets + [granted.appendingPathComponent("granted.txt").path]) + """

        while read -r key value rest; do
            case "$key" in Uid:) echo "uid $value" >&2 ;; CapEff:) echo "capabilities $value" >&2 ;; esac
        done < /proc/self/status
        echo made > "$WIDGET_EXTENSION_DATA/made-inside" && echo "wrote data" >&2
        echo made > /etc/made-outside 2>/dev/null && echo "wrote etc" >&2
        """
        let (host, log) = try run(script, in: dir, readPaths: [granted.path])
        for secret in secrets { XCTAssertFalse(log.contains("seen \(secret)"), "\(secret) is in the root: \(log)") }
        XCTAssertTrue(log.contains("read \(granted.path)/granted.txt: granted line"), log)
        XCTAssertTrue(log.contains("wrote data"), log)
        XCTAssertTrue(log.contains("capabilities 0000000000000000"), "no capability, even in its own namespace: \(log)")
        XCTAssertFalse(log.contains("uid 0\n"), "never root inside, even for a host run as root: \(log)")
        XCTAssertFalse(log.contains("wrote etc"), log)
        XCTAssertEqual(try String(contentsOf: host.store.dataDirectory("probe").appendingPathComponent("made-inside"), encoding: .utf8), "made\n")
    }

    /// What it tried to open and was not given is reported once per path, when the host has such a
    /// file (so that its author can grant it); misses that exist nowhere, and its own folders, are not.
    func testWhatAnExtensionTriedToOpenOutsideItsRootIsReportedOncePerPath() throws {
        try fullSandbox()
        let dir = try temporaryDirectory(self)
        let secret = dir.appendingPathComponent("beside.txt")
        try Data("x\n".utf8).write(to: secret)
        let data = dir.appendingPathComponent("store/probe/data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let script = dir.appendingPathComponent("probe").path
        try Data("""
        #!/bin/sh
        for path in "\(secret.path)" "\(secret.path)" /no/such/file "$WIDGET_EXTENSION_DATA/not-yet" /etc/passwd; do
            { read -r line < "$path"; } 2>/dev/null
        done
        exit 0
        """.utf8).write(to: URL(fileURLWithPath: script))
        try FileSystem.setPermissions(script, 0o755)
        var spec = LaunchSpec(executable: script, dataDirectory: data.path)
        spec.hiddenFolders = [dir.appendingPathComponent("store").path]
        spec.reportsRefusedOpens = true
        let process = try PosixProcessLauncher(sandbox: .full).launch(spec)
        process.wait()
        XCTAssertEqual(process.refusedReads?.paths, [secret.path, "/etc/passwd"])

        // Off (what `run` does: each open would pass by the init), nothing is watched.
        spec.reportsRefusedOpens = false
        let unwatched = try PosixProcessLauncher(sandbox: .full).launch(spec)
        unwatched.wait()
        XCTAssertNil(unwatched.refusedReads)
    }

    /// The same report reaches the connection's diagnostics, which `preview` prints.
    func testARefusedOpenIsAConnectionDiagnostic() throws {
        try fullSandbox()
        let dir = try temporaryDirectory(self)
        let secret = dir.appendingPathComponent("settings.json")
        try Data("{}".utf8).write(to: secret)
        let host = WidgetHost(store: ArchiveStore(root: dir.appendingPathComponent("store")), clock: VirtualClock(start: t0),
                              launcher: PosixProcessLauncher(sandbox: .full))
        host.reportsRefusedOpens = true
        defer { host.shutdown() }
        try host.store.prepare(extensionID: "Misbehaving")
        try Data(secret.path.utf8).write(to: host.store.dataDirectory("Misbehaving").appendingPathComponent("outside-path"))
        let session = WidgetSession(host: host, instance: WidgetInstance(
            id: "o", extensionPath: try BuiltProducts.executable("Misbehaving"), kind: "readsOutside", family: .systemSmall))
        _ = try session.reload()
        XCTAssertEqual(try session.render().texts, ["refused"])
        let messages = try host.connection(to: try BuiltProducts.executable("Misbehaving")).diagnostics.map { "\($0.kind): \($0.message)" }
        XCTAssertEqual(messages.filter { $0.contains(secret.path) }.count, 1, "\(messages)")
        XCTAssertTrue(messages.contains { $0.hasPrefix("sandbox: tried to open \(secret.path)") }, "\(messages)")

        host.readPaths["Misbehaving"] = [secret.path]
        try host.connection(to: try BuiltProducts.executable("Misbehaving")).process.kill()
        _ = try session.reload()
        XCTAssertEqual(try session.render().texts, ["read"], "granted, it is in the root from the next launch")
    }

    func testTheRootHoldsTheLibrariesTheExecutableLinksAndTheSystemsSharedData() throws {
        let executable = try BuiltProducts.executable("CaffeineTracker")
        let root = ExtensionRoot.of(executable: executable, libraryPath: nil)
        XCTAssertTrue(root.readPaths.contains(PosixProcessLauncher.realPath(executable)))
        // The toolchain's runtime folder, whole (it holds Swift's libraries only).
        let runtime = root.readPaths.first { FileManager.default.fileExists(atPath: $0 + "/libswiftCore.so") }
        XCTAssertNotNil(runtime, "\(root.readPaths)")
        XCTAssertTrue(runtime.map { FileManager.default.fileExists(atPath: $0 + "/libFoundation.so") } == true)
        XCTAssertTrue(root.readPaths.contains { ($0 as NSString).lastPathComponent.hasPrefix("libc.so") }, "\(root.readPaths)")
        XCTAssertTrue(root.readPaths.contains("/usr/share/zoneinfo"))
        XCTAssertEqual(root.missingLibraries, [])
        // The loader named in the executable is reachable at that name through the links recorded.
        let interpreter = try XCTUnwrap(ELFFile(path: executable)?.interpreter)
        XCTAssertTrue(root.readPaths.contains(PosixProcessLauncher.realPath(interpreter)) || root.symlinks.contains { interpreter.hasPrefix($0.path) })
        // Nothing of the project but the executable (and the bundles it names).
        let project = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        for path in root.readPaths where path.hasPrefix(project + "/") {
            XCTAssertTrue(path == PosixProcessLauncher.realPath(executable) || path.hasSuffix(".resources"), path)
        }
        XCTAssertEqual(root.readPaths, root.readPaths.sorted(), "sorted, none inside another")
        for (i, path) in root.readPaths.enumerated() {
            XCTAssertFalse(root.readPaths[..<i].contains { path.hasPrefix($0 + "/") }, "\(path) is inside another grant")
        }
    }

    func testAStaticallyLinkedExtensionGetsNoLibrariesAtAll() throws {
        try fullSandbox()
        let compilers: [String] = ["/usr/bin/cc", "/usr/bin/gcc"]
        guard let cc = compilers.first(where: { FileSystem.isExecutable($0) }) else { throw XCTSkip("no C compiler to build a static program") }
        let dir = try temporaryDirectory(self)
        let source = dir.appendingPathComponent("lister.c")
        try Data(#"""
        #include <dirent.h>
        #include <stdio.h>
        #include <unistd.h>
        int main(void) {
            const char *places[] = { "/", "/usr/lib", "/opt", 0 };
            for (int i = 0; places[i]; i++) {
                DIR *d = opendir(places[i]);
                fprintf(stderr, "%s:", places[i]);
                for (struct dirent *e; d && (e = readdir(d)); ) fprintf(stderr, " %s", e->d_name);
                fprintf(stderr, "\n");
            }
            return 0;
        }
        """#.utf8).write(to: source)
        let executable = dir.appendingPathComponent("lister").path
        let compile = try runCapturingOutput(cc, ["-static", "-o", executable, source.path])
        guard compile.process.terminationStatus == 0 else { throw XCTSkip("no static C library here: \(compile.output)") }
        let root = ExtensionRoot.of(executable: executable, libraryPath: nil)
        XCTAssertFalse(root.readPaths.contains { ($0 as NSString).lastPathComponent.contains(".so") }, "\(root.readPaths)")
        XCTAssertFalse(root.readPaths.contains(LoaderSearch.cacheFile))

        let host = WidgetHost(store: ArchiveStore(root: dir.appendingPathComponent("store")), clock: VirtualClock(start: t0),
                              launcher: PosixProcessLauncher(sandbox: .full))
        host.handshakeTimeout = 5
        defer { host.shutdown() }
        XCTAssertThrowsError(try host.connection(to: executable))
        let log = try String(contentsOf: host.store.logFile("lister"), encoding: .utf8)
        let usrLib = log.split(separator: "\n").first { $0.hasPrefix("/usr/lib:") } ?? ""
        // The system's shared data only: locale definitions, and OpenSSL's configuration (usr/lib/ssl/openssl.cnf).
        XCTAssertEqual(usrLib.split(separator: " ").dropFirst().filter { $0 != "." && $0 != ".." }.sorted(), ["locale", "ssl"], log)
        XCTAssertFalse(log.contains("/opt: ."), "no toolchain: \(log)")
    }

    func testAReadPathReachingTheHostsFoldersIsRefusedWithItsReason() throws {
        let dir = try temporaryDirectory(self)
        let host = WidgetHost(store: ArchiveStore(root: dir.appendingPathComponent("store")), clock: VirtualClock(start: t0),
                              launcher: PosixProcessLauncher(sandbox: .full))
        defer { host.shutdown() }
        let executable = try BuiltProducts.executable("CaffeineTracker")
        let other = dir.appendingPathComponent("store/Other").path
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        for (given, expected) in [(dir.path, "which the host keeps"), (other, "which the host keeps"), ("relative/path", "absolute"),
                                  ("/no/such/place", "does not exist")] {
            host.readPaths["CaffeineTracker"] = [given]
            XCTAssertThrowsError(try host.root(for: executable)) { error in
                guard case .launch(.readPathRefused(_, let granted, let reason)) = error as? HostError else { return XCTFail("\(error)") }
                XCTAssertEqual(granted, given)
                XCTAssertTrue(reason.contains(expected), reason)
            }
        }
    }
}
