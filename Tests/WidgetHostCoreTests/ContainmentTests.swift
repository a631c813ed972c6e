#if canImport(Glibc)
import Glibc
#endif
import Foundation
import WidgetArchive
import WidgetHostCore
import XCTest

/// What an extension process gets from the host, and what it leaves behind, seen from inside a real
/// extension (the Misbehaving test extension's probes).
final class ContainmentTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_763_712_000)

    private func host() throws -> WidgetHost {
        let host = WidgetHost(store: ArchiveStore(root: try temporaryDirectory(self)), clock: VirtualClock(start: t0))
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
        setenv("WIDGET_HOST_TEST_SECRET", "hunter2", 1)
        defer { unsetenv("WIDGET_HOST_TEST_SECRET") }
        let leaked = open("/dev/null", O_RDONLY)  // a host descriptor without close-on-exec
        defer { close(leaked) }
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

    /// What an extension starts in its process group dies with it. A child that starts a session of its
    /// own leaves the group; only a PID namespace would hold it (not used here), so it is reported, not
    /// contained.
    func testChildrenInTheExtensionsGroupDieWithIt() throws {
        let host = try host()
        let text = try probe(host, "spawnsChildren")
        let pids = text.split(separator: " ").dropFirst().compactMap { pid_t($0) }
        XCTAssertEqual(pids.count, 2, text)
        let connection = try host.connection(to: try BuiltProducts.executable("Misbehaving"))
        XCTAssertEqual(getpgid(connection.process.pid), connection.process.pid, "the extension leads a process group of its own")
        XCTAssertEqual(getpgid(pids[0]), connection.process.pid)
        connection.process.kill()
        // The group's child is gone (or a zombie awaiting its new parent); the session leader is not.
        XCTAssertTrue(isGone(pids[0]), "child in the group survived")
        XCTAssertFalse(isGone(pids[1]), "a new session escapes the group (expected without a PID namespace)")
        kill(pids[1], SIGKILL)
    }

    private func isGone(_ pid: pid_t) -> Bool {
        for _ in 0..<100 {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
            // The state follows the parenthesised command name: Z is a zombie, already dead.
            if let close = stat.lastIndex(of: ")"), stat[stat.index(close, offsetBy: 2)] == "Z" { return true }
            usleep(10_000)
        }
        return false
    }
}
