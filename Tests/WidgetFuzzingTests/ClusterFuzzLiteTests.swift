import Foundation
import WidgetArchive
import WidgetFuzzing
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
        process.environment = ProcessInfo.processInfo.environment.merging(["KEEP": "1"]) { $1 }
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
        let kept = try XCTUnwrap(output.split(separator: "\n").first { $0.hasPrefix("folders kept under ") }?.dropFirst(19))
        defer { try? FileManager.default.removeItem(atPath: String(kept)) }
        try assertViewTreeSeedsReachTheTreeDecoder(out: String(kept) + "/out")
    }

    /// FuzzViewTree puts its input (after the option byte) behind a header of its own, so its seeds
    /// must be payloads: each golden archive's seed, wrapped as the harness wraps it, decodes to what
    /// the golden file decodes to. (They were whole files once, and every seed was refused at once.)
    private func assertViewTreeSeedsReachTheTreeDecoder(out: String) throws {
        let corpus = FileManager.default.temporaryDirectory.appendingPathComponent("viewtree-seeds-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: corpus) }
        let unzip = Process()
        unzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        unzip.arguments = ["python3", "-c", "import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])",
                           out + "/FuzzViewTree_seed_corpus.zip", corpus]
        try unzip.run()
        unzip.waitUntilExit()
        XCTAssertEqual(unzip.terminationStatus, 0)
        let golden = root.appendingPathComponent("Archives/golden")
        let names = try FileManager.default.contentsOfDirectory(atPath: golden.path).filter { $0.hasSuffix(".wgar") }
        XCTAssertFalse(names.isEmpty)
        for name in names {
            let seed = try [UInt8](Data(contentsOf: URL(fileURLWithPath: corpus + "/" + name)))
            XCTAssertEqual(seed.first, 0, name)
            var file = ArchiveHeader.magic + [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] + Array(seed.dropFirst())
            StructuredMutator.reseal(&file)
            let expected = try ArchiveDecoder().decode([UInt8](Data(contentsOf: golden.appendingPathComponent(name))))
            XCTAssertEqual(try ArchiveDecoder().decode(file), expected, name)
        }
    }
}
