import Foundation
import SystemCalls
import Testing
import WidgetControl

/// The control socket as its clients see it, without a host: where the socket is looked for, how a
/// stream of answer lines is cut, and how a missing host is reported.
@Suite struct ControlClientTests {
    private func folder(_ permissions: mode_t) throws -> String {
        let path = NSTemporaryDirectory() + "control-\(UUID().uuidString)"
        try FileSystem.makeDirectory(path, permissions: 0o700)
        try FileSystem.setPermissions(path, permissions)
        return path
    }

    @Test func theDefaultPlaceIsPrivate() throws {
        let runtime = try folder(0o700)
        #expect(try ControlClient.defaultPath(environment: ["XDG_RUNTIME_DIR": runtime]) == runtime + "/widget-host.sock")
        #expect(try ControlClient.defaultPath(environment: [ControlClient.socketVariable: "/x/y.sock", "XDG_RUNTIME_DIR": runtime]) == "/x/y.sock",
                "the variable wins")
        // No runtime folder (or one others can enter): a 0700 folder of this user's, made if missing.
        let root = try folder(0o700)
        let open = try folder(0o755)
        let path = try ControlClient.defaultPath(environment: ["XDG_RUNTIME_DIR": open], temporaryRoot: root)
        let made = (path as NSString).deletingLastPathComponent
        let status = try FileSystem.status(made)
        #expect(status.kind == .directory && status.permissions == 0o700 && status.owner == CurrentProcess.userID)
        #expect(ControlClient.isPrivateFolder(made, of: CurrentProcess.userID))
        // One that anyone could have made or changed is refused.
        try FileSystem.setPermissions(made, 0o777)
        #expect(!ControlClient.isPrivateFolder(made, of: CurrentProcess.userID))
        #expect(throws: ControlConnectionError.self) { try ControlClient.defaultPath(environment: [:], temporaryRoot: root) }
        do {
            _ = try ControlClient.defaultPath(environment: [:], temporaryRoot: root)
        } catch {
            #expect("\(error)".contains("not a folder of yours with mode 0700"))
        }
    }

    @Test func linesAreCutWhereverTheReadsFall() throws {
        let (host, client) = try UnixSocket.pair()
        defer { host.close(); client.close() }
        var reader = LineReader(fd: client.rawValue, limit: 64)
        try host.sendAll(Array("{\"a\":1}\n{\"b\"".utf8))
        #expect(reader.next(timeout: 5) == Data("{\"a\":1}".utf8))
        #expect(reader.next(timeout: 0.05) == nil, "half a line is not a line")
        try host.sendAll(Array(":2}\n{\"c\":3}\n".utf8))
        #expect(reader.next(timeout: 5) == Data("{\"b\":2}".utf8))
        #expect(reader.next(timeout: 5) == Data("{\"c\":3}".utf8), "kept from the same read")
        try host.sendAll([UInt8](repeating: 0x41, count: 100))
        #expect(reader.next(timeout: 5) == nil, "a line over the limit")
    }

    @Test func aClosedConnectionEndsTheLines() throws {
        let (host, client) = try UnixSocket.pair()
        defer { client.close() }
        try host.sendAll(Array("last\n".utf8))
        host.close()
        var reader = LineReader(fd: client.rawValue, limit: 64)
        #expect(reader.next(timeout: 5) == Data("last".utf8))
        #expect(reader.next(timeout: 5) == nil)
    }

    @Test func noHostAndAnImpossiblePathAreSaidSo() throws {
        let dir = try folder(0o700)
        do {
            _ = try ControlClient.send(ControlRequest(command: .status), to: dir + "/none.sock", timeout: 1)
            Issue.record("answered by nobody")
        } catch .noHost(let path, _) {
            #expect(path == dir + "/none.sock")
        } catch {
            Issue.record("\(error)")
        }
        let long = "/tmp/" + String(repeating: "d", count: 200) + ".sock"
        #expect(throws: ControlConnectionError.pathTooLong(path: long, limit: UnixSocket.pathLimit)) {
            try ControlClient.connect(path: long)
        }
    }
}
