import Foundation
import HostTestSupport
import XCTest

/// An extension's realtime clock follows the host's (possibly virtual) clock: Date(), gettimeofday,
/// time and clock_gettime read it, and waits with an absolute realtime deadline still last the real
/// interval asked for, whichever way the clock is shifted (Dispatch's semaphores, so Swift
/// concurrency's worker threads, and Foundation's conditions and locks use them).
///
/// Each check shifts the clock of a whole process, so it runs in a process of its own: the probes
/// (Tests/VirtualClockProbe, Tests/VirtualClockRefusalProbe) link the same clock shim as an extension.
/// The probe's rescuers end any wait that would oversleep, and it kills itself after 30 s.
final class VirtualClockTests: XCTestCase {
    private func probe(_ check: String, executable: String = "virtual-clock-probe", file: StaticString = #filePath, line: UInt = #line) throws {
        let (process, text) = try runCapturingOutput(try BuiltProducts.executable(executable), [check])
        guard process.terminationReason == .exit else {
            return XCTFail("\(executable) \(check) was killed by signal \(process.terminationStatus)\n\(text)", file: file, line: line)
        }
        XCTAssertEqual(process.terminationStatus, 0, "\(executable) \(check) failed:\n\(text)", file: file, line: line)
        XCTAssertTrue(text.contains("ok \(check)"), "\(executable) \(check) did not report success:\n\(text)", file: file, line: line)
    }

    func testTheClockFollowsAnOffsetIntoThePast() throws {
        try probe("clock-past")
    }

    func testTheClockFollowsAnOffsetIntoTheFuture() throws {
        try probe("clock-future")
    }

    func testTheLargestOffsetsDoNotWrapTheClock() throws {
        try probe("clock-extremes")
    }

    func testGettimeofdayTakesNullArgumentsAndFillsTheTimeZoneAsTheCLibraryDoes() throws {
        try probe("gettimeofday-arguments")
    }

    func testTimedWaitsLastTheRealIntervalWithTheClockInThePast() throws {
        try probe("waits-past")
    }

    func testTimedWaitsLastTheRealIntervalWithTheClockInTheFuture() throws {
        try probe("waits-future")
    }

    func testLockDeadlinesLastTheRealIntervalWithTheClockInThePast() throws {
        try probe("locks-past")
    }

    func testLockDeadlinesLastTheRealIntervalWithTheClockInTheFuture() throws {
        try probe("locks-future")
    }

    func testAnInvalidDeadlineIsStillRejected() throws {
        try probe("invalid-deadlines")
    }

    func testAbsoluteRealtimeSleepsLastTheRealIntervalWithTheClockInThePast() throws {
        try probe("sleeps-past")
    }

    func testAbsoluteRealtimeSleepsLastTheRealIntervalWithTheClockInTheFuture() throws {
        try probe("sleeps-future")
    }

    func testClockwaitsOnTheRealtimeClockLastTheRealIntervalWithTheClockInThePast() throws {
        try probe("clockwaits-past")
    }

    func testClockwaitsOnTheRealtimeClockLastTheRealIntervalWithTheClockInTheFuture() throws {
        try probe("clockwaits-future")
    }

    func testDeadlinesAtTheEndsOfTimeSaturateInsteadOfWrapping() throws {
        try probe("saturation")
    }

    func testAShimThatCannotFindTheCLibrarysWaitsRefusesToShiftTheClock() throws {
        try probe("refusal", executable: "virtual-clock-refusal-probe")
    }

    /// The shim only translates waits with glibc's clock-taking functions (2.30+); for any other C
    /// library it must not build, rather than build with waits that silently break. The C library is
    /// faked by a features.h that includes the real one and then changes its version.
    func testTheShimDoesNotBuildForAnotherCLibrary() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let shim = root.appendingPathComponent("Sources/CVirtualClock")
        func compile(faking features: String?) throws -> (status: Int32, output: String) {
            var arguments = ["clang", "-fsyntax-only", "-I", shim.appendingPathComponent("include").path]
            if let features {
                let fake = try temporaryDirectory(self)
                try Data("#include_next <features.h>\n\(features)\n".utf8).write(to: fake.appendingPathComponent("features.h"))
                arguments += ["-I", fake.path]
            }
            let (process, text) = try runCapturingOutput("/usr/bin/env", arguments + [shim.appendingPathComponent("VirtualClock.c").path])
            return (process.terminationStatus, text)
        }
        let glibc = try compile(faking: nil)
        if glibc.status == 127 { throw XCTSkip("no clang to compile the shim with") }
        XCTAssertEqual(glibc.status, 0, "the shim does not compile with this glibc:\n\(glibc.output)")
        for features in ["#undef __GLIBC_MINOR__\n#define __GLIBC_MINOR__ 29", "#undef __GLIBC__"] {
            let other = try compile(faking: features)
            XCTAssertNotEqual(other.status, 0, "the shim compiled with \(features)")
            XCTAssertTrue(other.output.contains("CVirtualClock needs glibc 2.30 or later"), "\(features):\n\(other.output)")
        }
    }

    func testTheProbeFailsLoudlyOnAnUnknownCheck() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try BuiltProducts.executable("virtual-clock-probe"))
        process.arguments = ["no-such-check"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 64)
    }
}
