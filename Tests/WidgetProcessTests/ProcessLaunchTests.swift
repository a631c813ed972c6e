import Foundation
import HostTestSupport
import SystemCalls
@testable import WidgetProcess
import XCTest

/// The process module on its own: what a launch refuses and why, the process tree as `/proc` shows
/// it, and the loader's files read as glibc writes them. The sandbox's behaviour with a whole host is
/// in WidgetHostCoreTests (ContainmentTests, PrivateRootTests).
final class ProcessLaunchTests: XCTestCase {
    func testAFileThatCannotBeRunIsRefusedBeforeAnythingIsMadeWithItsErrno() throws {
        let dir = try temporaryDirectory(self)
        let plain = dir.appendingPathComponent("notes.txt").path
        try Data("not a program\n".utf8).write(to: URL(fileURLWithPath: plain))
        for (path, expected) in [(plain, Errno.permissionDenied), (dir.appendingPathComponent("missing").path, Errno.noSuchFile)] {
            XCTAssertThrowsError(try PosixProcessLauncher(sandbox: .none).launch(LaunchSpec(executable: path))) { error in
                XCTAssertEqual(error as? LaunchError, .extensionNotExecutable(path: path, errno: expected))
                XCTAssertTrue("\(error)".hasPrefix("extension \(path) is not an executable file: "), "\(error)")
            }
        }
    }

    func testAReadPathOutsideWhatExistsOrInsideAHiddenFolderIsRefusedWithItsReason() throws {
        let dir = try temporaryDirectory(self)
        let hidden = dir.appendingPathComponent("store").path
        try FileManager.default.createDirectory(atPath: hidden + "/inside", withIntermediateDirectories: true)
        let executable = "/bin/sh"
        for (given, expected) in [("relative/path", "not an absolute path"), (hidden + "/inside", "reaches \(hidden)")] {
            var spec = LaunchSpec(executable: executable)
            spec.hiddenFolders = [hidden]
            spec.readPaths = [given]
            XCTAssertThrowsError(try PosixProcessLauncher.root(for: spec, executable: executable, libraryPath: nil)) { error in
                guard case .readPathRefused(_, let granted, let reason) = error as? LaunchError else { return XCTFail("\(error)") }
                XCTAssertEqual(granted, given)
                XCTAssertTrue(reason.contains(expected), reason)
            }
        }
    }

    func testAProcessesChildrenAndTheirChildrenAreItsDescendantsUntilTheyEnd() throws {
        let dir = try temporaryDirectory(self)
        // sh starts a subshell that starts sleep: two generations below the launched process.
        let script = dir.appendingPathComponent("tree").path
        try Data("#!/bin/sh\n( sleep 30 & wait ) &\nsleep 30\n".utf8).write(to: URL(fileURLWithPath: script))
        try FileSystem.setPermissions(script, 0o755)
        let process = try PosixProcessLauncher(sandbox: .none).launch(LaunchSpec(executable: script))
        defer { process.kill() }
        var members: [ProcessTree.Member] = []
        let deadline = Date().addingTimeInterval(10)
        while members.count < 2, Date() < deadline {
            members = ProcessTree.descendants(of: process.pid)
            if members.count < 2 { sched_yield() }
        }
        XCTAssertGreaterThanOrEqual(members.count, 2, "the subshell and its sleep are below the script")
        for member in members {
            XCTAssertEqual(ProcessTree.startTime(of: member.pid), member.startTime, "a live member keeps its start time")
            var ancestor = member.pid
            while ancestor > 1, ancestor != process.pid { ancestor = ProcessTree.parent(of: ancestor) ?? 1 }
            XCTAssertEqual(ancestor, process.pid, "\(member.pid) is below the launched process")
        }
        process.kill()
        XCTAssertTrue(ProcessTree.descendants(of: process.pid).isEmpty, "nothing is below a process that has ended")
    }

    func testTheLoadersCacheIsReadAsGlibcWritesIt() throws {
        let cache = try XCTUnwrap(try? Data(contentsOf: URL(fileURLWithPath: LoaderSearch.cacheFile)), "no ld.so.cache here")
        let entries = LoaderSearch.readCache([UInt8](cache))
        XCTAssertTrue(entries["libc.so.6"]?.contains { $0.hasPrefix("/") } == true, "\(entries.keys.sorted().prefix(10))")
        XCTAssertEqual(LoaderSearch.readCache(Array("glibc-ld.so.cache1.1".utf8) + [UInt8](repeating: 0xFF, count: 40)), [:], "an absurd count reads as empty")
        XCTAssertEqual(LoaderSearch.readCache(Array("not a cache".utf8)), [:])
        XCTAssertNil(ELFFile(path: #filePath), "a source file is not an ELF object")
        XCTAssertNotNil(ELFFile(path: "/bin/sh")?.interpreter, "a dynamically linked program names its loader")
    }
}
