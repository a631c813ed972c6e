import Foundation
import HostTestSupport
import SystemCalls
import WidgetControl
@testable import WidgetHostCore
import WidgetProcess
import XCTest

/// The chaos soak, short, and what it rests on: the same driver as `Tools/Chaos/soak.sh`, for 20 s with
/// 12 instances instead of 30 minutes with 1,000.
final class ChaosSoakTests: XCTestCase {
    private func namespacesAvailable() throws {
        guard SandboxLevel.full.isAvailable else { throw XCTSkip("user and mount namespaces are not available here") }
    }

    /// Taps, reloads, pushes, good and broken reconfigurations, extensions and the host killed with
    /// SIGKILL, the store's disk filled and freed: every acknowledged reload is in the store, every
    /// stored timeline decodes, no extension outlives its host, status always answers in time.
    func testAShortSoakKeepsEveryPromise() throws {
        try namespacesAvailable()
        let dir = try temporaryDirectory(self)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("disk"), withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = [
            "--user", "--map-root-user", "--mount", "sh", "-c", #"set -e; mount -t tmpfs -o size=16m tmpfs "$1/disk"; shift; exec "$@""#, "sh",
            dir.path, try BuiltProducts.executable("widget-soak"), "--widget-host", try BuiltProducts.executable("widget-host"),
            "--todo", try BuiltProducts.executable("ToDoList"), "--caffeine", try BuiltProducts.executable("CaffeineTracker"),
            "--folder", dir.path, "--fill", dir.appendingPathComponent("disk").path, "--seconds", "20", "--instances", "12",
            "--host-kill-spacing", "6", "--fill-spacing", "5", "--seed", "7", "--at-least-acknowledged", "6",
        ]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, printed)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("soak-report.json"))) as? [String: Any])
        XCTAssertEqual(report["violations"] as? [String], [], printed)
        let actions = report["actions"] as? [String: Int] ?? [:]
        XCTAssertGreaterThanOrEqual(actions["killHost"] ?? 0, 1, "the host was killed and restarted: \(printed)")
        XCTAssertGreaterThanOrEqual(actions["fillDisk"] ?? 0, 1, printed)
        XCTAssertGreaterThan(report["acknowledged"] as? Int ?? 0, 5, printed)
        XCTAssertGreaterThanOrEqual(report["timelinesChecked"] as? Int ?? 0, 2, printed)
    }

    /// An extension that no longer reads its channel would not notice its host gone. Under the full
    /// sandbox its namespace's init does, and ends it: nothing outlives a host killed with SIGKILL.
    func testAnExtensionThatStopsListeningDoesNotOutliveAKilledHost() throws {
        try namespacesAvailable()
        let dir = try temporaryDirectory(self)
        let socket = dir.appendingPathComponent("c.sock").path
        let config = dir.appendingPathComponent("host.json")
        try Data("""
        {"instances": [{"id": "deaf", "extension": "\(try BuiltProducts.executable("Misbehaving"))", "kind": "stopsListening", "family": "systemSmall"}]}
        """.utf8).write(to: config)
        let (host, output) = try launchRun(config: config, store: dir.appendingPathComponent("store"), dir: dir, socket: socket,
                                           extra: ["--sandbox", "full"])
        defer { if host.isRunning { host.terminate(); host.waitUntilExit() } }

        XCTAssertTrue(output.waitForLines { $0.contains("deaf: shows entry") }, output.text.joined(separator: "\n"))
        let row = try XCTUnwrap(try ControlSocket.send(ControlRequest(command: .status), to: socket, timeout: 5).instances?.first)
        XCTAssertEqual(row.texts.first?.hasPrefix("pid "), true, "the extension answered: \(row.texts)")
        let extensionPID = try XCTUnwrap(row.extensionPID)
        XCTAssertNoThrow(try Signal.none.send(to: extensionPID), "running")
        try Signal.kill.send(to: host.processIdentifier)
        host.waitUntilExit()
        let gone = waitForExit(of: extensionPID, timeout: 10)
        if !gone { try? Signal.kill.send(to: extensionPID) }
        XCTAssertTrue(gone, "the extension outlived its host")
    }
}
