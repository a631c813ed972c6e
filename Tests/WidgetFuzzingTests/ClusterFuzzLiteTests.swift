import Foundation
import XCTest

/// The ClusterFuzzLite configuration cannot rot: its build script builds every libFuzzer target into
/// `$OUT` with a dictionary and seed corpus, under the engine's environment, and each target runs.
final class ClusterFuzzLiteTests: XCTestCase {
    private var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    private func text(_ path: String) throws -> String { try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) }

    func testTheConfigurationIsWhatClusterFuzzLiteDocumentsForSwift() throws {
        XCTAssertTrue(try text(".clusterfuzzlite/project.yaml").contains("language: swift"))
        XCTAssertTrue(try text(".clusterfuzzlite/Dockerfile").contains("FROM gcr.io/oss-fuzz-base/base-builder-swift"))
        XCTAssertTrue(try text(".clusterfuzzlite/Dockerfile").contains("COPY .clusterfuzzlite/build.sh $SRC/"))
        XCTAssertTrue(try text(".clusterfuzzlite/build.sh").contains(". precompile_swift"))
        for (workflow, mode) in [("cflite_pr.yml", "code-change"), ("cflite_batch.yml", "batch"), ("cflite_cron.yml", "prune")] {
            let yaml = try text(".github/workflows/\(workflow)")
            XCTAssertTrue(yaml.contains("uses: google/clusterfuzzlite/actions/build_fuzzers@v1"), workflow)
            XCTAssertTrue(yaml.contains("uses: google/clusterfuzzlite/actions/run_fuzzers@v1"), workflow)
            XCTAssertTrue(yaml.contains("language: swift"), workflow)
            XCTAssertTrue(yaml.contains("mode: '\(mode)'"), workflow)
        }
    }

    func testBuildShBuildsEveryTargetAndEachRunsOnItsSeeds() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", root.appendingPathComponent("Tools/Fuzzing/clusterfuzzlite-local.sh").path, "2"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, output)
        for target in ["FuzzArchive", "FuzzViewTree", "FuzzFrame", "FuzzRender", "FuzzTimeline"] {
            XCTAssertTrue(output.contains("== \(target) for 2s"), output)
        }
        XCTAssertTrue(output.contains("ok: 5 targets built by build.sh and run"), output)
    }
}
