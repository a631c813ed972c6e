import Foundation
import XCTest

/// The example author package in `Extensions/WidgetAuthorExample` builds against this one and its
/// tests pass, as an author would run them (`swift test` in their package), with recording off: its
/// reference snapshots must match what the host renders now.
final class AuthorPackageTests: XCTestCase {
    private var package: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Extensions/WidgetAuthorExample")
    }

    private func swift(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments + ["--package-path", package.path]
        var environment = ProcessInfo.processInfo.environment
        environment["WIDGET_SNAPSHOT_RECORD"] = "never"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    func testTheExampleAuthorPackageBuildsAndItsSnapshotTestsPass() throws {
        let build = try swift(["build", "--build-tests"])
        XCTAssertEqual(build.status, 0, String(build.output.suffix(4000)))
        guard build.status == 0 else { return }
        let test = try swift(["test", "--skip-build"])
        XCTAssertEqual(test.status, 0, String(test.output.suffix(4000)))
        XCTAssertTrue(test.output.contains("Executed 5 tests, with 0 failures"), String(test.output.suffix(2000)))
        XCTAssertTrue(test.output.contains("Test run with 1 test"), String(test.output.suffix(2000)))
    }
}
