import Foundation
import WidgetArchive
import WidgetFuzzing
import WidgetHostCore

/// `widget-host fuzz`: the built-in structure-aware fuzzer. No libFuzzer needed.
enum FuzzCommand {
    static func run(_ args: [String]) throws {
        let a = try Arguments(args, options: ["target", "seconds", "runs", "seed", "corpus", "out", "write-seeds", "count"])
        guard a.positional.isEmpty else { throw UsageError("fuzz takes no positional arguments") }
        let targetName = a.value("target") ?? "archive"
        guard let target = FuzzTarget(rawValue: targetName) else { throw UsageError("unknown target \(targetName) (archive, frame, render or timeline)") }
        if let folder = a.value("write-seeds") {
            return try writeSeeds(target, to: folder, a)
        }
        guard a.value("count") == nil else { throw UsageError("--count goes with --write-seeds") }
        let runs = try a.integer("runs", in: 1...Int(Int32.max))
        let seconds = try a.number("seconds", above: 0, atMost: 7 * 86_400, unit: "seconds")
        guard runs == nil || seconds == nil else { throw UsageError("give --seconds or --runs, not both") }
        let seed = try seed(a) ?? UInt64(Date().timeIntervalSince1970)
        var extra: [[UInt8]] = []
        if let dir = a.value("corpus") {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { throw CommandFailure("--corpus \(dir) is not a readable folder") }
            for name in names.sorted() {
                if let data = FileManager.default.contents(atPath: URL(fileURLWithPath: dir).appendingPathComponent(name).path), data.count <= 1 << 20 {
                    extra.append([UInt8](data))
                }
            }
        }
        let outDir = a.value("out") ?? "."
        let crashFile = URL(fileURLWithPath: outDir).appendingPathComponent("crash-\(target.rawValue)-\(seed).bin").path
        print("fuzzing \(target.rawValue) (seed \(seed), \(extra.count) corpus files); a crash leaves its input in \(crashFile)")
        let fuzzer = Fuzzer(target: target, seed: seed, corpus: extra)
        var progress = ProgressLine()
        let (stats, finding) = fuzzer.run(runs: runs ?? (seconds == nil ? 100_000 : nil), seconds: seconds, crashFile: crashFile) { s in
            progress.update(String(format: "%d execs, %.0f execs/s, %.1f%% decoded", s.executions, s.execsPerSecond, s.decodedShare * 100))
        }
        progress.finish(String(format: "%d execs in %.1f s", stats.executions, stats.seconds))
        if let finding {
            let path = URL(fileURLWithPath: outDir).appendingPathComponent("finding-\(target.rawValue)-\(seed).bin")
            try? Data(finding.input).write(to: path)
            throw CommandFailure("finding after \(stats.executions) executions: \(finding.reason); input written to \(path.path)")
        }
        print(String(format: "no finding: %d executions in %.1f s (%.0f execs/s); %.1f%% of inputs decoded (%d of %d), the rest were refused with a typed error",
                     stats.executions, stats.seconds, stats.execsPerSecond, stats.decodedShare * 100, stats.decoded, stats.executions))
    }

    /// `--write-seeds DIR [--count N] [--seed S]`: the generated inputs the fuzzer starts from, one file
    /// each, to seed another fuzzer's corpus (libFuzzer's, AFL's). The same seed writes the same files.
    private static func writeSeeds(_ target: FuzzTarget, to folder: String, _ a: Arguments) throws {
        for option in ["seconds", "runs", "corpus", "out"] where a.value(option) != nil {
            throw UsageError("--\(option) does not go with --write-seeds")
        }
        let count = try a.integer("count", in: 1...100_000) ?? 256
        let seed = try seed(a) ?? 0
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("cannot make the folder \(folder) for the seeds: \(error.localizedDescription)")
        }
        for (i, input) in target.seeds(count: count, seed: seed).enumerated() {
            let path = URL(fileURLWithPath: folder).appendingPathComponent(String(format: "%@-%05d.bin", target.rawValue, i)).path
            guard FileManager.default.createFile(atPath: path, contents: Data(input)) else {
                throw CommandFailure("cannot write the seed \(path)")
            }
        }
        print("wrote \(count) \(target.rawValue) seeds (seed \(seed)) to \(folder)")
    }

    private static func seed(_ a: Arguments) throws -> UInt64? {
        try a.value("seed").map { v -> UInt64 in
            guard let s = UInt64(v) else { throw UsageError("--seed must be a non-negative integer") }
            return s
        }
    }
}
