import Foundation
import SystemCalls
import Testing

/// The system-call module on its own: each call's failure arrives as the `Errno` a caller matches on,
/// and each call does what its name says on real files, sockets and signals.
@Suite struct SystemCallsTests {
    private func folder() throws -> String {
        let path = NSTemporaryDirectory() + "system-calls-\(UUID().uuidString)"
        try FileSystem.makeDirectory(path, permissions: 0o700)
        return path
    }

    @Test func failuresAreTypedWithTheirCause() throws {
        let dir = try folder()
        #expect(throws: Errno.noSuchFile) { try FileDescriptor.open(dir + "/missing", .readOnly) }
        #expect(throws: Errno.noSuchFile) { try FileSystem.rename(dir + "/missing", to: dir + "/other") }
        #expect(throws: Errno.fileExists) { try FileSystem.makeDirectory(dir) }
        let file = try FileDescriptor.open(dir + "/once", [.writeOnly, .create, .exclusive])
        file.close()
        #expect(throws: Errno.fileExists) { try FileDescriptor.open(dir + "/once", [.writeOnly, .create, .exclusive]) }
        #expect(Errno.noSpace.description == "No space left on device")
    }

    @Test func aFileIsWrittenReadAndDescribed() throws {
        let dir = try folder()
        let path = dir + "/notes"
        let out = try FileDescriptor.open(path, [.writeOnly, .create, .truncate], permissions: 0o640)
        try out.writeAll(Array("hello, widget".utf8))
        try out.sync()
        out.close()
        let status = try FileSystem.status(path)
        #expect(status.kind == .regular)
        #expect(status.size == 13)
        #expect(status.permissions & ~0o640 == 0, "no bit beyond what was asked (the umask may take some)")
        #expect(status.owner == CurrentProcess.userID)

        let input = try FileDescriptor.open(path, .readOnly)
        defer { input.close() }
        #expect(try input.readToEnd() == Array("hello, widget".utf8))
        #expect(try input.readToEnd(limit: 4) == [], "at the end, nothing more")
        var middle = [UInt8](repeating: 0, count: 6)
        let n = try middle.withUnsafeMutableBytes { try input.read(at: 7, into: $0) }
        #expect(n == 6 && middle == Array("widget".utf8))
        let again = try FileDescriptor.open(path, .readOnly)
        defer { again.close() }
        #expect(try again.readToEnd(limit: 4) == nil, "more than the limit is refused")
    }

    @Test func whatIsAtAPathIsToldApart() throws {
        let dir = try folder()
        try FileSystem.makeDirectory(dir + "/sub")
        try FileSystem.makeFIFO(dir + "/fifo")
        try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: "sub")
        let socket = try UnixSocket.make()
        defer { socket.close() }
        try UnixSocket.bind(socket, to: dir + "/sock")
        #expect(try FileSystem.status(dir + "/sub").kind == .directory)
        #expect(try FileSystem.status(dir + "/fifo").kind == .fifo)
        #expect(try FileSystem.status(dir + "/sock").kind == .socket)
        #expect(try FileSystem.status(dir + "/link").kind == .symbolicLink)
        #expect(try FileSystem.status(dir + "/link", followingLinks: true).kind == .directory)
        #expect(try FileSystem.linkTarget(dir + "/link") == "sub")
        #expect(try FileSystem.resolvedPath(dir + "/link") == FileSystem.resolvedPath(dir + "/sub"))
        #expect(try FileSystem.entries(inDirectory: dir).sorted() == ["fifo", "link", "sock", "sub"])
        var visited: [String] = []
        try FileSystem.forEachEntry(inDirectory: dir) { name, status in
            visited.append(name)
            #expect(status != nil)
            return visited.count < 2
        }
        #expect(visited.count == 2, "the walk stops when told")
        try FileSystem.remove(dir + "/fifo")
        #expect(!FileSystem.exists(dir + "/fifo"))
    }

    @Test func aSocketPairCarriesBytesAndPollSeesThem() throws {
        let (a, b) = try UnixSocket.pair()
        defer { a.close() }
        var watch = [PollRequest(b)]
        #expect(try PollRequest.poll(&watch, timeoutMilliseconds: 0) == 0, "nothing sent yet")
        try a.sendAll(Array("ping".utf8))
        #expect(try PollRequest.poll(&watch, timeoutMilliseconds: 1000) == 1)
        #expect(watch[0].returned.contains(.readable))
        var buffer = [UInt8](repeating: 0, count: 16)
        let n = try buffer.withUnsafeMutableBytes { try b.receive(into: $0) }
        #expect(Array(buffer[0..<n]) == Array("ping".utf8))
        #expect(UnixSocket.peer(of: b)?.pid == CurrentProcess.id)
        b.close()
        #expect(throws: Errno.brokenPipe) { try a.sendAll(Array("gone".utf8)) }
    }

    @Test func aPathTooLongForASocketIsSaidSo() throws {
        let socket = try UnixSocket.make()
        defer { socket.close() }
        let path = "/tmp/" + String(repeating: "x", count: 200)
        do {
            try UnixSocket.connect(socket, to: path)
            Issue.record("a path longer than sockaddr_un holds was taken")
        } catch .pathTooLong(let tooLong) {
            #expect(tooLong.path == path)
            #expect(tooLong.limit == UnixSocket.pathLimit && UnixSocket.pathLimit == 107)
        } catch {
            Issue.record("\(error)")
        }
        #expect(throws: UnixSocket.AddressError.system(.noSuchFile)) { try UnixSocket.connect(socket, to: "/tmp/no-such-socket-\(UUID())") }
    }

    @Test func aSignalRaisesItsFlagOnce() throws {
        Signal.user1.raiseFlagOnArrival()
        defer { Signal.user1.restoreDefault() }
        #expect(!Signal.user1.takeFlag())
        Signal.drainArrivals()
        try Signal.user1.send(to: CurrentProcess.id)
        // The handler runs on whichever thread the kernel picks (Dispatch's threads block signals):
        // the arrival is an event on a descriptor.
        var arrival = [PollRequest(Signal.arrivals)]
        #expect(try PollRequest.poll(&arrival, timeoutMilliseconds: 10_000) == 1)
        #expect(Signal.user1.flagIsRaised)
        #expect(Signal.user1.takeFlag())
        #expect(!Signal.user1.takeFlag(), "taken")
        #expect(throws: Errno.noSuchProcess) { try Signal.none.send(to: Int32.max) }
    }

    @Test func addressesReadAndWriteAsTheCLibraryDoes() {
        #expect(AddressText.ipv4("1.4") == [1, 0, 0, 4])
        #expect(AddressText.ipv4("300.1.1.1") == nil)
        #expect(AddressText.ipv6("::1") == [UInt8](repeating: 0, count: 15) + [1])
        #expect(AddressText.text(ipv6: [UInt8](repeating: 0, count: 10) + [0xFF, 0xFF, 1, 2, 3, 4]) == "::ffff:1.2.3.4")
        #expect(AddressText.text(ipv6: [1, 2]) == nil)
    }
}
