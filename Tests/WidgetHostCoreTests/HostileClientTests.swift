import Foundation
import HostTestSupport
import SystemCalls
import WidgetControl
import WidgetHostCore
import XCTest

/// A real `widget-host run` against hostile control clients (connections that never finish their
/// line, oversized and malformed requests) and against widget work that would take minutes: the
/// control socket keeps answering, and the host stops when told.
final class HostileClientTests: XCTestCase {
    private func startHost(_ instances: [(id: String, executable: String, kind: String)], duration: String = "3600") throws -> (Process, String, ProcessOutput) {
        let dir = try temporaryDirectory(self)
        let socket = dir.appendingPathComponent("c.sock").path
        let config = dir.appendingPathComponent("host.json")
        let list = instances.map { #"{"id": "\#($0.id)", "extension": "\#($0.executable)", "kind": "\#($0.kind)", "family": "systemSmall"}"# }
        try Data(#"{"instances": [\#(list.joined(separator: ","))]}"#.utf8).write(to: config)
        let (process, output) = try launchRun(config: config, store: dir.appendingPathComponent("store"), dir: dir, socket: socket, duration: duration)
        addTeardownBlock { if process.isRunning { process.interrupt(); process.waitUntilExit() } }
        return (process, socket, output)
    }

    /// A raw connection to the socket, as a hostile client makes it.
    private func connectRaw(_ path: String) throws -> FileDescriptor {
        let fd = try UnixSocket.make()
        try UnixSocket.connect(fd, to: path)
        return fd
    }

    private func send(_ fd: FileDescriptor, _ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { try? fd.send($0) }
    }

    /// The answer on a raw connection (until the host closes it), waiting at most `seconds`.
    private func answer(_ fd: FileDescriptor, within seconds: Int32) -> String? {
        var text = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var request = [PollRequest(fd)]
            guard (try? PollRequest.poll(&request, timeoutMilliseconds: seconds * 1000)) ?? 0 > 0 else {
                return text.isEmpty ? nil : String(decoding: text, as: UTF8.self)
            }
            let n = buffer.withUnsafeMutableBytes { (try? fd.receive(into: $0)) ?? -1 }
            guard n > 0 else { return String(decoding: text, as: UTF8.self) }
            text += buffer[0..<n]
        }
    }

    /// A hundred connections that send half a line and wait hold up no one: `status` is answered while
    /// they are all still open and unanswered (each has 5 s to finish its line), and then each gets an
    /// answer saying what it did wrong.
    func testHalfSentRequestsDelayNoOne() throws {
        let (_, socket, _) = try startHost([("todo", try BuiltProducts.executable("ToDoList"), "ToDoList")])
        let slow = try (0..<100).map { _ in try connectRaw(socket) }
        defer { slow.forEach { $0.close() } }
        for fd in slow { send(fd, Array(#"{"comm"#.utf8)) }
        let status = try ControlSocket.send(ControlRequest(command: .status), to: socket, timeout: 30)
        XCTAssertTrue(status.ok)
        // Had status waited for them, their 5 s would have run out and each would hold its answer.
        var waiting = slow.map { PollRequest($0) }
        XCTAssertEqual(try PollRequest.poll(&waiting, timeoutMilliseconds: 0), 0, "status waited for the half-sent requests")
        for fd in slow {
            let text = answer(fd, within: 10) ?? ""
            XCTAssertTrue(text.contains("no request line within 5 s"), text)
        }
    }

    func testOversizedAndMalformedRequestsGetAClearAnswer() throws {
        let (_, socket, _) = try startHost([("todo", try BuiltProducts.executable("ToDoList"), "ToDoList")])
        let huge = try connectRaw(socket)
        defer { huge.close() }
        send(huge, [UInt8](repeating: 0x41, count: 200_000))
        XCTAssertTrue(answer(huge, within: 10)?.contains("request line longer than 65536 bytes") == true)
        let garbage = try connectRaw(socket)
        defer { garbage.close() }
        send(garbage, Array("{not json\n".utf8))
        XCTAssertTrue(answer(garbage, within: 10)?.contains("not a valid request") == true)
        let unknown = try connectRaw(socket)
        defer { unknown.close() }
        send(unknown, Array(#"{"command":"format-disk"}"#.utf8) + [0x0A])
        XCTAssertTrue(answer(unknown, within: 10)?.contains("not a valid request") == true)
        let absurd = try connectRaw(socket)
        defer { absurd.close() }
        send(absurd, Array(#"{"command":"tap","instance":"todo","x":1e300,"y":0}"#.utf8) + [0x0A])
        XCTAssertTrue(answer(absurd, within: 10)?.contains("a tap point must be finite and within") == true)
        XCTAssertTrue(try ControlSocket.send(ControlRequest(command: .status), to: socket).ok, "still serving")
    }

    /// Fifty instances of an extension that takes 3 s per timeline: minutes of startup. SIGTERM stops
    /// the host in the middle of it anyway, and `status` is answered meanwhile.
    func testSIGTERMStopsTheHostInTheMiddleOfItsStartup() throws {
        let slow = try BuiltProducts.executable("Misbehaving")
        let (process, socket, output) = try startHost((0..<50).map { ("slow\($0)", slow, "slow") })
        let status = try ControlSocket.send(ControlRequest(command: .status), to: socket, timeout: 5)
        XCTAssertEqual(status.instances?.count, 50)
        XCTAssertLessThan(status.instances?.filter { !$0.texts.isEmpty }.count ?? 0, 50, "still starting")
        process.terminate()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertLessThan(shown(output), 50, "stopping waited for the startup")
    }

    func testTheDurationEndsARunInTheMiddleOfItsStartup() throws {
        let slow = try BuiltProducts.executable("Misbehaving")
        let (process, _, output) = try startHost((0..<50).map { ("slow\($0)", slow, "slow") }, duration: "1")
        process.waitUntilExit()
        XCTAssertLessThan(shown(output), 50, "the duration waited for the startup")
    }

    /// How many instances the host showed an entry for, once its output has ended.
    private func shown(_ output: ProcessOutput) -> Int {
        output.waitForLines { _ in false }
        // Lines read "widget-host: ID: shows entry N of M".
        let instances = output.text.compactMap { line -> Substring? in
            guard let range = line.range(of: ": shows entry ") else { return nil }
            return line[..<range.lowerBound].split(separator: " ").last
        }
        return Set(instances).count
    }
}
