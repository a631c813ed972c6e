import Foundation
import HostTestSupport
import SystemCalls
import WidgetArchive
import WidgetHostCore
import WidgetProcess
import WidgetStore
import XCTest

/// What an extension process gets from the host, and what it leaves behind, seen from inside a real
/// extension (the Misbehaving test extension's probes).
final class ContainmentTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_763_712_000)

    private func host(sandbox: SandboxLevel = .strongestAvailable) throws -> WidgetHost {
        if sandbox > .strongestAvailable {
            throw XCTSkip("the \(sandbox) sandbox is not available here: \(SandboxLevel.fullUnavailableReason ?? "-")")
        }
        let host = WidgetHost(store: ArchiveStore(root: try temporaryDirectory(self)), clock: VirtualClock(start: t0),
                              launcher: PosixProcessLauncher(sandbox: sandbox))
        // The programs its probes start: in the full sandbox an extension has only what it is granted.
        let python = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib"))?.filter { $0.hasPrefix("python3.") }.map { "/usr/lib/" + $0 } ?? []
        host.readPaths["Misbehaving"] = ["/bin/sleep", "/bin/sh", "/usr/bin/setsid", "/usr/bin/python3"] + python
        addTeardownBlock { host.shutdown() }
        return host
    }

    private func probe(_ host: WidgetHost, _ kind: String) throws -> String {
        let session = WidgetSession(host: host, instance: WidgetInstance(
            id: kind, extensionPath: try BuiltProducts.executable("Misbehaving"), kind: kind, family: .systemSmall))
        let timeline = try session.reload()
        // The archived text itself (a render would wrap it to the widget's width).
        let archive = try ArchiveDecoder().decode(timeline.entries[0].archives[0])
        guard case .text(let node) = archive.root, case .literal(let text) = node.runs.first?.content else {
            XCTFail("not a text: \(archive.root)")
            return ""
        }
        return text
    }

    private func field(_ text: String, _ name: String) -> String {
        text.split(separator: " ").first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) } ?? ""
    }

    func testAnExtensionSeesAnAllowListedEnvironmentItsOwnFoldersAndOnlyItsChannel() throws {
        CurrentProcess.setEnvironmentVariable("WIDGET_HOST_TEST_SECRET", to: "hunter2")
        defer { CurrentProcess.setEnvironmentVariable("WIDGET_HOST_TEST_SECRET", to: nil) }
        let leaked = try FileDescriptor.open("/dev/null", .readOnly)  // a host descriptor without close-on-exec
        try leaked.setCloseOnExec(false)
        defer { leaked.close() }
        let host = try host()
        let text = try probe(host, "snoop")
        let names = Set(field(text, "env").split(separator: ",").map(String.init))
        let allowed = PosixProcessLauncher.inheritedEnvironment.union(["HOME", "TMPDIR", "WIDGET_HOST_FD", "WIDGET_EXTENSION_DATA", "SWIFT_BACKTRACE"])
        XCTAssertFalse(names.contains("WIDGET_HOST_TEST_SECRET"), text)
        XCTAssertTrue(names.allSatisfy { allowed.contains($0) || $0.hasPrefix("LC_") }, "unexpected: \(names.subtracting(allowed))")
        let data = host.store.dataDirectory("Misbehaving").path
        XCTAssertEqual(field(text, "home"), data)
        XCTAssertEqual(field(text, "tmp"), data + "/tmp")
        // Standard input, output, error, the channel, and the descriptor reading /proc/self/fd.
        let descriptors = field(text, "fds").split(separator: ",").compactMap { Int($0) }
        XCTAssertEqual(Array(descriptors.prefix(4)), [0, 1, 2, 3], text)
        XCTAssertLessThanOrEqual(descriptors.count, 5, "no host descriptor but the channel: \(text)")
    }

    /// Under the full sandbox an extension sees its own folder of the store and nothing else there, no
    /// process but its own, and can write nowhere but its data folder.
    func testTheFullSandboxShowsAnExtensionOnlyItsOwnFolderAndProcesses() throws {
        let host = try host(sandbox: .full)
        try host.store.prepare(extensionID: "Other")
        try Data("secret".utf8).write(to: host.store.dataDirectory("Other").appendingPathComponent("token"))
        let text = try probe(host, "snoop")
        XCTAssertEqual(field(text, "folders"), "Misbehaving", text)
        XCTAssertLessThanOrEqual(Int(field(text, "processes")) ?? 99, 3, "its init, itself, the shell of its probe at most: \(text)")
        // Beside its data folder is its root's own /tmp here (the store is in the host's /tmp): a write
        // may land there, never in the host's store.
        XCTAssertFalse(FileManager.default.fileExists(atPath: field(text, "outside")), text)
        XCTAssertEqual(field(text, "home"), host.store.dataDirectory("Misbehaving").path, "its data folder is where it always is")
    }

    /// The basic sandbox does not hide folders: said plainly, and held to here.
    func testTheBasicSandboxLeavesTheFileSystemAsItIs() throws {
        let host = try host(sandbox: .basic)
        try host.store.prepare(extensionID: "Other")
        let text = try probe(host, "snoop")
        XCTAssertEqual(field(text, "folders"), "Misbehaving,Other", text)
        XCTAssertEqual(field(text, "outsideWrite"), "ok", text)
        XCTAssertTrue(FileManager.default.fileExists(atPath: field(text, "outside")), text)
    }

    /// What an extension's `spawnsChildren` probe started (not the extension itself): a `sleep` in its group, one in a session of
    /// its own, and one orphaned by a shell (a daemon's double fork). Found from the host's side of
    /// /proc, by place rather than name: the orphan is reparented before its shell's exit is reported
    /// (so it is there when the probe answers), but may not have become `sleep` yet.
    private func descendants(below pid: pid_t) -> [pid_t] {
        var found: [pid_t] = []
        var queue = [pid]
        while let next = queue.popLast() {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(next)/task")) ?? []
            for task in tasks {
                let text = (try? String(contentsOfFile: "/proc/\(next)/task/\(task)/children", encoding: .utf8)) ?? ""
                for child in text.split(separator: " ").compactMap({ pid_t($0) }) {
                    queue.append(child)
                    // Under the full sandbox the launched process is the namespace's init, and the
                    // extension itself is its child.
                    let name = (try? String(contentsOfFile: "/proc/\(child)/comm", encoding: .utf8)) ?? ""
                    if !name.hasPrefix("Misbehaving") { found.append(child) }
                }
            }
        }
        return found.sorted()
    }

    private func startChildren(_ host: WidgetHost) throws -> (LaunchedProcess, [pid_t]) {
        _ = try probe(host, "spawnsChildren")
        let connection = try host.connection(to: try BuiltProducts.executable("Misbehaving"))
        XCTAssertEqual(ChildProcess(pid: connection.process.pid).processGroup, connection.process.pid, "the extension leads a process group of its own")
        let children = descendants(below: connection.process.pid)
        XCTAssertEqual(children.count, 3, "the group's child, the session leader and the orphan stay in its tree")
        for child in children { XCTAssertTrue(host.isExtensionProcess(child), "\(child) is known as the extension's") }
        return (connection.process, children)
    }

    private func assertStoppedWithItsExtension(sandbox: SandboxLevel) throws {
        let host = try host(sandbox: sandbox)
        let (process, children) = try startChildren(host)
        process.kill()
        for child in children { XCTAssertTrue(isGone(child), "\(child) outlived its extension (\(sandbox))") }
    }

    func testEverythingAnExtensionStartsIsStoppedWithItUnderTheBasicSandbox() throws {
        try assertStoppedWithItsExtension(sandbox: .basic)
    }

    func testEverythingAnExtensionStartsIsStoppedWithItUnderTheFullSandbox() throws {
        try assertStoppedWithItsExtension(sandbox: .full)
    }

    /// Not only when the host stops it: when it crashes too. (Under the basic sandbox, what it started in
    /// the last tenth of a second before crashing could escape, unseen by the watch: the test waits
    /// until the watch has seen the children.)
    private func assertOutlivedByNothingWhenItCrashes(sandbox: SandboxLevel) throws {
        let host = try host(sandbox: sandbox)
        let (process, children) = try startChildren(host)
        XCTAssertTrue(process.waitUntilWatched(children, timeout: 10), "the watch has seen every child before the crash")
        let session = WidgetSession(host: host, instance: WidgetInstance(
            id: "crash", extensionPath: try BuiltProducts.executable("Misbehaving"), kind: "crash", family: .systemSmall))
        _ = try session.reload()
        XCTAssertThrowsError(try session.reload())
        process.wait()
        for child in children { XCTAssertTrue(isGone(child), "\(child) outlived its crashed extension (\(sandbox))") }
    }

    func testACrashedExtensionLeavesNothingRunningUnderTheBasicSandbox() throws {
        try assertOutlivedByNothingWhenItCrashes(sandbox: .basic)
    }

    func testACrashedExtensionLeavesNothingRunningUnderTheFullSandbox() throws {
        try assertOutlivedByNothingWhenItCrashes(sandbox: .full)
    }

    /// Without a sandbox only the process group is stopped: a session leader escapes. Documented, and
    /// held to here so that the documentation stays true.
    func testWithoutASandboxOnlyTheProcessGroupIsStopped() throws {
        let host = try host(sandbox: .none)
        _ = try probe(host, "spawnsChildren")
        let connection = try host.connection(to: try BuiltProducts.executable("Misbehaving"))
        let children = descendants(below: connection.process.pid)
        XCTAssertEqual(children.count, 2, "the orphan has left the tree")
        let inGroup = children.filter { ChildProcess(pid: $0).processGroup == connection.process.pid }
        XCTAssertEqual(inGroup.count, 1)
        connection.process.kill()
        for child in children where ChildProcess(pid: child).processGroup != nil || !isGone(child) {
            if inGroup.contains(child) { XCTAssertTrue(isGone(child), "the group's child survived") } else { try? Signal.kill.send(to: child) }
        }
    }

    /// Memory is counted as jetsam counts it: every process of the extension, shared mappings included
    /// (which `RLIMIT_DATA` misses); over the limit, all of them are stopped and the fault says why.
    private func assertHogIsStopped(_ kind: String, sandbox: SandboxLevel) throws {
        let host = try host(sandbox: sandbox)
        host.supervision.memoryLimit = 64 << 20
        let session = WidgetSession(host: host, instance: WidgetInstance(
            id: kind, extensionPath: try BuiltProducts.executable("Misbehaving"), kind: kind, family: .systemSmall))
        XCTAssertThrowsError(try session.reload()) { error in
            guard case .connectionFailed = error as? HostError else { return XCTFail("\(error)") }
        }
        let fault = host.events.first { $0.kind == .memoryLimitExceeded }
        XCTAssertNotNil(fault, "\(host.events.map { "\($0.kind): \($0.detail)" })")
        XCTAssertTrue(fault?.detail.contains("limit 64 MiB") == true, fault?.detail ?? "")
    }

    /// Threads reserve their stacks from the data limit: at glibc's default of 8 MiB each, an
    /// extension under the default 40 MiB limit could start only a few, and Dispatch (behind
    /// URLSession) would wait for one forever. They get iOS's 1 MiB, so sixteen start.
    func testThreadsFitTheDefaultMemoryLimit() throws {
        for sandbox in [SandboxLevel.basic, .full] {
            let host = try host(sandbox: sandbox)
            XCTAssertEqual(host.supervision.memoryLimit, 40 << 20)
            XCTAssertEqual(try? probe(host, "manyThreads"), "16 threads", "\(sandbox) \(host.events.map { "\($0.kind): \($0.detail)" })")
        }
    }

    func testSharedMemoryCountsAgainstTheLimit() throws {
        try assertHogIsStopped("sharedHog", sandbox: .basic)
        try assertHogIsStopped("sharedHog", sandbox: .full)
    }

    func testAChildsMemoryCountsAgainstTheLimit() throws {
        try assertHogIsStopped("childHog", sandbox: .basic)
        try assertHogIsStopped("childHog", sandbox: .full)
    }

    private func isGone(_ pid: pid_t) -> Bool { waitForExit(of: pid, timeout: 1) }
}
