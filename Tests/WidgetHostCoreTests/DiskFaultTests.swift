import Foundation
import HostTestSupport
import SystemCalls
import WidgetArchive
import WidgetControl
@testable import WidgetHostCore
import WidgetProcess
import WidgetStore
import XCTest

/// The store under disk faults, with a real extension: a full disk, a failing one, a read-only store
/// and a torn file found at start. Each is reported with its path; the last good timeline stays
/// stored and shown; nothing half-written is read back as good.
final class DiskFaultTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_763_712_000)

    private func todo(faults: FaultInjectingFileSystem) throws -> (WidgetHost, WidgetSession) {
        let store = ArchiveStore(root: try temporaryDirectory(self), fileSystem: faults)
        let host = WidgetHost(store: store, clock: VirtualClock(start: t0))
        addTeardownBlock { host.shutdown() }
        let session = WidgetSession(host: host, instance: WidgetInstance(
            id: "todo", extensionPath: try BuiltProducts.executable("ToDoList"), kind: "ToDoList", family: .systemMedium))
        return (host, session)
    }

    private func timelinesFolder(_ host: WidgetHost) -> URL {
        host.store.extensionDirectory("ToDoList").appendingPathComponent("timelines")
    }

    private func storedFile(_ host: WidgetHost) -> URL {
        host.store.timelineFile(extensionID: "ToDoList", kind: "ToDoList", family: .systemMedium)
    }

    /// Each fault in turn, on a store that already holds a good timeline: the reload fails with the
    /// path and the reason, the stored file is the good one byte for byte (or, when only the folder's
    /// fsync failed, the new one whole), no temporary file is left, and the widget still renders.
    func testEachWriteFaultCostsTheNewTimelineNeverTheStoredOne() throws {
        let faults: [(FaultInjectingFileSystem.Operation, Errno)] = [
            (.create, .readOnlyFileSystem), (.write, .noSpace), (.write, .ioError), (.sync, .ioError), (.rename, .ioError), (.syncDirectory, .ioError),
        ]
        for (operation, code) in faults {
            let disk = FaultInjectingFileSystem()
            let (host, session) = try todo(faults: disk)
            try session.reload()
            let good = try Data(contentsOf: storedFile(host))
            let shown = try session.render().texts

            disk.inject(.init(operation, errno: code, pathContains: "timelines"))
            XCTAssertThrowsError(try session.reload(), "\(operation)") { error in
                guard case .store(.io(let path, let errno)) = error as? HostError else { return XCTFail("\(operation): \(error)") }
                XCTAssertEqual(errno, code, "\(operation)")
                XCTAssertTrue(path.hasPrefix(timelinesFolder(host).path), "\(operation): the path is named: \(path)")
                XCTAssertTrue("\(error)".contains(code.description), "\(error)")
            }
            XCTAssertEqual(disk.injected.map(\.operation), [operation])
            let files = try FileManager.default.contentsOfDirectory(atPath: timelinesFolder(host).path)
            XCTAssertEqual(files, [storedFile(host).lastPathComponent], "\(operation): no temporary file left")
            let now = try Data(contentsOf: storedFile(host))
            if operation == .syncDirectory {
                XCTAssertNoThrow(try TimelineFileCodec.decode([UInt8](now), options: .default), "renamed whole, only not yet durable")
            } else {
                XCTAssertEqual(now, good, "\(operation): the stored timeline is untouched")
            }
            XCTAssertEqual(try session.render().texts, shown, "\(operation): the widget shows what it showed")

            disk.clear()
            XCTAssertNoThrow(try session.reload(), "\(operation): the next reload after the fault stores again")
        }
    }

    func testAnUnreadableFileStaysWhereItIsAndATornOneIsQuarantinedAtStart() throws {
        let disk = FaultInjectingFileSystem()
        let (host, session) = try todo(faults: disk)
        try session.reload()
        host.shutdown()
        let file = storedFile(host)

        disk.inject(.init(.read, errno: .ioError, pathContains: "timelines", times: 1))
        let unreadable = host.store.recover(now: t0)
        XCTAssertEqual(unreadable.quarantined, [])
        XCTAssertEqual(unreadable.unreadable.count, 1)
        XCTAssertTrue(unreadable.unreadable[0].contains(file.path) && unreadable.unreadable[0].contains("Input/output error"), "\(unreadable)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.path), "an I/O error is not corruption")
        XCTAssertEqual(host.store.recover(now: t0).intact, 1, "read again once the disk answers")

        // A torn file: its tail lost, as a disk without write barriers can leave it after a power cut.
        let whole = try Data(contentsOf: file)
        try whole.prefix(whole.count / 2).write(to: file)
        let torn = host.store.recover(now: t0)
        XCTAssertEqual(torn.quarantined.count, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
        XCTAssertNil(host.store.loadOrQuarantine(extensionID: "ToDoList", kind: "ToDoList", family: .systemMedium, now: t0))
        let again = WidgetSession(host: host, instance: session.instance)
        XCTAssertNoThrow(try again.reload(), "the extension is asked again")
        XCTAssertNoThrow(try host.store.load(extensionID: "ToDoList", kind: "ToDoList", family: .systemMedium))
    }

    /// `run` says what start-up recovery found, whatever the log level, with each file's path.
    func testRunReportsATornFileItFindsAtStart() throws {
        let dir = try temporaryDirectory(self)
        let timelines = dir.appendingPathComponent("store/ToDoList/timelines")
        try FileManager.default.createDirectory(at: timelines, withIntermediateDirectories: true)
        try Data("WGTL torn".utf8).write(to: timelines.appendingPathComponent("ToDoList@systemMedium.timeline"))
        let config = dir.appendingPathComponent("host.json")
        try Data("""
        {"instances": [{"id": "todo", "extension": "\(try BuiltProducts.executable("ToDoList"))", "kind": "ToDoList", "family": "systemMedium"}]}
        """.utf8).write(to: config)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try BuiltProducts.executable("widget-host"))
        process.arguments = ["run", "--config", config.path, "--store", dir.appendingPathComponent("store").path,
                             "--out", dir.appendingPathComponent("live").path, "--socket", dir.appendingPathComponent("c.sock").path, "--duration", "0.5"]
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, stderr)
        XCTAssertTrue(stderr.contains("store recovery: 0 incomplete write(s) removed, 1 corrupt file(s) quarantined"), stderr)
        XCTAssertTrue(stderr.contains("store recovery: quarantined \(dir.path)/store/ToDoList/quarantine/ToDoList@systemMedium.timeline."), stderr)
        XCTAssertNoThrow(try ArchiveStore(root: dir.appendingPathComponent("store"))
            .load(extensionID: "ToDoList", kind: "ToDoList", family: .systemMedium), "asked again and stored whole")
    }

    /// A real full file system: `widget-host run` with its store on a 256 KiB tmpfs, filled before it
    /// starts (a user and mount namespace of the test's own, so no privilege is needed). The first
    /// reload fails with the store's path and ENOSPC; status says so; once the space is freed, a reload
    /// stores, and the stored timeline decodes.
    func testRunOnAFullFileSystemReportsItAndStoresOnceThereIsRoom() throws {
        guard SandboxLevel.full.isAvailable else { throw XCTSkip("user and mount namespaces are not available here") }
        let dir = try temporaryDirectory(self)
        let mountPoint = dir.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        let release = dir.appendingPathComponent("release")
        try FileSystem.makeFIFO(release.path, permissions: 0o600)
        let config = dir.appendingPathComponent("host.json")
        try Data("""
        {"instances": [{"id": "todo", "extension": "\(try BuiltProducts.executable("ToDoList"))", "kind": "ToDoList", "family": "systemMedium"}]}
        """.utf8).write(to: config)
        let socket = dir.appendingPathComponent("c.sock").path
        let store = mountPoint.appendingPathComponent("store").path
        let script = """
        set -e
        mount -t tmpfs -o size=256k tmpfs "$1"
        mkdir -p "$2"
        dd if=/dev/zero of="$1/filler" bs=4k 2>/dev/null || true
        ( read line < "$3"; rm "$1/filler"; echo "filler removed" ) &
        "$4" run --config "$5" --store "$2" --out "$6" --socket "$7" --duration 60 --sandbox basic --verbose &
        host=$!
        trap 'kill -INT $host' INT TERM
        wait $host || true
        wait $host || true
        "$4" inspect "$2/ToDoList/timelines/ToDoList@systemMedium.timeline" > "$6/inspect.txt"
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["--user", "--map-root-user", "--mount", "sh", "-c", script, "sh", mountPoint.path, store, release.path,
                             try BuiltProducts.executable("widget-host"), config.path, dir.appendingPathComponent("live").path, socket]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let output = ProcessOutput(pipe)
        try process.run()
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }

        // Status answers from the start: wait for the first reload's outcome.
        XCTAssertTrue(output.waitForLines { $0.contains("todo: reload failed:") }, output.text.joined(separator: "\n"))
        let status = try? ControlSocket.send(ControlRequest(command: .status), to: socket, timeout: 5)
        let failure = try XCTUnwrap(status?.instances?.first?.lastError, "no reload failed on a full disk")
        XCTAssertTrue(failure.contains(store + "/ToDoList/timelines/") && failure.contains("No space left on device"), failure)

        // A reload asked for now is not said to be done: it failed, and says why.
        var foreground = ControlRequest(command: .reload, kind: "ToDoList")
        foreground.foreground = true  // exempt from the budget and the minimum interval, as the app in front is
        let refused = try ControlSocket.send(foreground, to: socket, timeout: 30)
        XCTAssertFalse(refused.ok)
        XCTAssertTrue(refused.message.hasPrefix("failed: todo (store file \(store)/ToDoList/timelines/"), refused.message)
        XCTAssertTrue(refused.message.contains("No space left on device"), refused.message)

        // Free the space, and reload.
        let writer = try FileDescriptor.open(release.path, .writeOnly)
        try writer.writeAll(Array("free\n".utf8))
        writer.close()
        XCTAssertTrue(output.waitForLines { $0 == "filler removed" }, output.text.joined(separator: "\n"))
        let reload = try? ControlSocket.send(foreground, to: socket, timeout: 10)
        XCTAssertEqual(reload?.message, "reloaded todo", reload?.message ?? "no answer")
        XCTAssertNil(reload?.instances?.first?.lastError)
        process.interrupt()
        process.waitUntilExit()
        let inspected = try String(contentsOf: dir.appendingPathComponent("live/inspect.txt"), encoding: .utf8)
        XCTAssertTrue(inspected.contains("ToDoList"), "the stored timeline decodes: \(inspected)")
    }
}
