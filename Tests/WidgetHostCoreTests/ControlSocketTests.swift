import Foundation
import HostTestSupport
import SystemCalls
import WidgetArchive
import WidgetControl
import WidgetHostCore
import WidgetProcess
import WidgetStore
import XCTest

/// The control socket: a private default place, a client that trusts only its own user's host, and a
/// host that serves only its own user's processes and never an extension. The other user is real
/// (`nobody`, through `setpriv`), so these run as root and are skipped otherwise.
final class ControlSocketTests: XCTestCase {
    private func privateFolder() throws -> URL {
        let dir = try temporaryDirectory(self)
        try FileSystem.setPermissions(dir.path, 0o700)
        return dir
    }

    /// What is already at the path decides: a file is never replaced, a live host's socket is not
    /// taken over, a stale socket is; and a client finding nothing there says so, each as a value.
    func testTheSocketIsMadeOnlyWhereNothingLiveIsInTheWay() throws {
        let dir = try privateFolder()
        let file = dir.appendingPathComponent("file.sock").path
        try Data("notes".utf8).write(to: URL(fileURLWithPath: file))
        XCTAssertThrowsError(try ControlSocket(path: file)) { error in
            XCTAssertEqual(error as? HostError, .controlSocket(path: file, .notASocket))
        }
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "notes", "the file is untouched")

        let path = dir.appendingPathComponent("c.sock").path
        var first: ControlSocket? = try ControlSocket(path: path)
        XCTAssertThrowsError(try ControlSocket(path: path)) { error in
            XCTAssertEqual(error as? HostError, .controlSocket(path: path, .anotherHostRunning))
            XCTAssertEqual("\(error)", "control socket \(path): another host is running")
        }
        // A socket left by a host that died (bound, no longer listening) is replaced.
        let stale = try UnixSocket.make()
        defer { stale.close() }
        first = nil
        try UnixSocket.bind(stale, to: path)
        XCTAssertNotNil(try ControlSocket(path: path), "a stale socket is replaced")
        _ = first

        let nobody = dir.appendingPathComponent("nobody.sock").path
        XCTAssertThrowsError(try ControlSocket.send(ControlRequest(command: .status), to: nobody)) { error in
            guard case .controlConnection(.noHost(let at, _)) = error as? HostError else { return XCTFail("\(error)") }
            XCTAssertEqual(at, nobody)
        }
    }

    /// `python3` as `nobody`, running `script` with `arguments`.
    private func asNobody(_ script: String, _ arguments: [String]) throws -> Process {
        guard CurrentProcess.userID == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
            throw XCTSkip("needs root, setpriv and /usr/bin/python3 to act as another user")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c", script] + arguments
        process.standardOutput = Pipe()
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    func testAClientRefusesASocketPlantedByAnotherUser() throws {
        let dir = try temporaryDirectory(self)
        try FileSystem.setPermissions(dir.path, 0o777)
        let path = dir.appendingPathComponent("planted.sock").path
        let server = try asNobody("""
        import socket, sys, os
        s = socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); os.chmod(sys.argv[1], 0o777); s.listen(1)
        print("listening", flush=True)
        c, _ = s.accept(); c.sendall(b'{"ok": true, "message": "all is well"}\\n'); c.recv(100)
        """, [path])
        defer { server.terminate(); server.waitUntilExit() }
        // It says so once it listens: wait for that line.
        var said = Data()
        if let output = (server.standardOutput as? Pipe)?.fileHandleForReading {
            // The line may come in more than one read.
            while !said.contains(UInt8(ascii: "\n")) {
                let chunk = output.availableData
                if chunk.isEmpty { break }
                said += chunk
            }
        }
        XCTAssertEqual(String(decoding: said, as: UTF8.self), "listening\n")
        XCTAssertThrowsError(try ControlSocket.send(ControlRequest(command: .status), to: path, timeout: 5)) { error in
            XCTAssertTrue("\(error)".contains("served by user 65534, not by you"), "\(error)")
        }
    }

    private func runner(_ instances: [WidgetInstance], socket: ControlSocket, log: LockedList<String>,
                        sandbox: SandboxLevel = .strongestAvailable) throws -> HostRunner {
        let dir = try temporaryDirectory(self)
        let host = WidgetHost(store: ArchiveStore(root: dir.appendingPathComponent("store")), clock: VirtualClock(start: Date(timeIntervalSince1970: 1_763_712_000)),
                              launcher: PosixProcessLauncher(sandbox: sandbox))
        host.log = { log.append($0) }
        addTeardownBlock { host.shutdown() }
        return HostRunner(host: host, configuration: HostConfiguration(instances: instances), outputDirectory: dir.appendingPathComponent("out"),
                          socket: socket)
    }

    func testTheHostServesNoOtherUser() throws {
        let path = try privateFolder().appendingPathComponent("c.sock").path
        let socket = try ControlSocket(path: path)
        // As if its mode had been loosened: the credentials still decide.
        try FileSystem.setPermissions((path as NSString).deletingLastPathComponent, 0o755)
        try FileSystem.setPermissions(path, 0o666)
        let log = LockedList<String>()
        let runner = try runner([WidgetInstance(id: "todo", extensionPath: try BuiltProducts.executable("ToDoList"), kind: "ToDoList", family: .systemSmall)],
                                socket: socket, log: log)
        let client = try asNobody("""
        import socket, sys
        s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1])
        try:
            s.sendall(b'{"command":"status"}\\n')
            print("answered" if s.recv(4096) else "closed")
        except OSError:
            print("closed")
        """, [path])
        runner.serveControlConnection(timeout: 10)
        client.waitUntilExit()
        let output = String(decoding: (client.standardOutput as? Pipe)?.fileHandleForReading.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        XCTAssertEqual(output.trimmingCharacters(in: .whitespacesAndNewlines), "closed")
        XCTAssertTrue(log.values.contains { $0.contains("control connection refused") && $0.contains("runs as user 65534") }, "\(log.values)")
    }

    /// A running host whose one instance is the Misbehaving extension's `controlDriver`, told where the
    /// control socket is (through its data folder); started, so that it has tried to connect.
    private func startDriver(sandbox: SandboxLevel) throws -> (HostRunner, LockedList<String>) {
        guard sandbox.isAvailable else { throw XCTSkip("the \(sandbox) sandbox is not available here") }
        let path = try privateFolder().appendingPathComponent("c.sock").path
        let log = LockedList<String>()
        let misbehaving = try BuiltProducts.executable("Misbehaving")
        let runner = try runner([WidgetInstance(id: "driver", extensionPath: misbehaving, kind: "controlDriver", family: .systemSmall)],
                                socket: try ControlSocket(path: path), log: log, sandbox: sandbox)
        let data = runner.host.store.dataDirectory("Misbehaving")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data(path.utf8).write(to: data.appendingPathComponent("control-socket"))
        runner.start()  // the extension's first timeline: it connects and asks for a status
        return (runner, log)
    }

    /// Where it can reach the socket (the basic sandbox), the host refuses it by its credentials.
    func testAnExtensionCannotDriveTheHost() throws {
        let (runner, log) = try startDriver(sandbox: .basic)
        runner.serveControlConnection(timeout: 10)
        XCTAssertTrue(log.values.contains { $0.contains("control connection refused") && $0.contains("is an extension's") }, "\(log.values)")
        var request = ControlRequest(command: .reload, kind: "controlDriver")
        request.foreground = true
        XCTAssertTrue(runner.handle(request).ok)
        XCTAssertEqual(try runner.sessions[0].render().texts, ["closed"], "the extension's status request went unanswered")
    }

    /// In the full sandbox the socket is not in the extension's root at all.
    func testAnExtensionInTheFullSandboxCannotReachTheControlSocket() throws {
        let (runner, log) = try startDriver(sandbox: .full)
        XCTAssertEqual(try runner.sessions[0].render().texts, ["could not connect"])
        XCTAssertFalse(log.values.contains { $0.contains("control connection") }, "\(log.values)")
    }
}
