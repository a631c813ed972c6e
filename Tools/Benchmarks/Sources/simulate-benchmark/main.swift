// `simulate` at scale, as the command does it: decisions streamed to an event log, then the report and
// the chart, all written to files. Each case runs in a fresh process of its own, and its peak memory is
// that process's own high-water mark (VmHWM: `ru_maxrss` would include whatever ran before an exec,
// such as `swift run`).
//
// Targets: 100 instances × 7 days in < 1 s and < 100 MB; 1,000 instances × 30 days in < 2 s; memory
// flat as days grow (peak at 30 days ≤ 1.25 × peak at 3 days, same instances). The peer: writing the
// same number of bytes as the 30-day log, 1 MB at a time, with nothing else to do (what the disk and
// the kernel cost on this machine, whatever the simulator does).
#if canImport(Glibc)
import BenchmarkSummary
import Glibc
#endif
import Foundation
import WidgetScheduleLog
import WidgetScheduling
import WidgetSimulation

/// `count` instances with a mix of budgets, policies and timelines; the app of every third asks for
/// a reload every 5 minutes through the day, and every instance is tapped every 4 hours.
func scenario(instances count: Int) -> Scenario {
    let instances: [Scenario.Instance] = (0..<count).map { i in
        .init(id: "widget-\(i)", views: ViewFrequency.allCases[i % 3], entries: 1 + i % 6, spacing: Double(300 + 60 * (i % 10)),
              policy: ["atEnd", "after:1800", "never"][i % 3], dataChangeEvery: Double(600 + 60 * (i % 7)))
    }
    var events: [Scenario.Event] = []
    for i in stride(from: 0, to: count, by: 3) {
        events.append(Scenario.Event(type: .reloadTimelines, instance: "widget-\(i)", every: 300, from: 6 * 3600, to: 23 * 3600,
                                     daily: true, jitter: 0.1))
    }
    events.append(Scenario.Event(type: .tap, instance: "*", every: 4 * 3600, from: 3600, to: 86_400, daily: true))
    return Scenario(instances: instances, events: events)
}

/// This process's peak resident memory in MB.
func peakMemoryMB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kb = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return .nan }
    return kb / 1024
}

/// CPU seconds of `clock` (this thread's, or the whole process's).
func cpuSeconds(_ clock: clockid_t) -> Double {
    var t = timespec()
    clock_gettime(clock, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// One case, in this process: prints `seconds peakMB decisions logBytes simulatingCPU processCPU` (the
/// simulation runs on this thread; the log is formatted and written on a thread of its own).
func runCase(instances: Int, days: Int) throws {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("simulate-benchmark-\(getpid())")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: out) }
    var options = ReloadSimulator.Options()
    options.days = days
    options.seed = 7
    let began = ContinuousClock.now
    let threadCPU = cpuSeconds(CLOCK_THREAD_CPUTIME_ID), processCPU = cpuSeconds(CLOCK_PROCESS_CPUTIME_ID)
    let log = try ScheduleLogFile(path: out.appendingPathComponent("events.jsonl").path)
    let result = ReloadSimulator(scenario: scenario(instances: instances), options: options, source: ScriptedTimelineSource(),
                                 start: Date(timeIntervalSince1970: 1_763_683_200), log: log).run()
    try log.finish()
    try Data(SimulationReport.text(result).utf8).write(to: out.appendingPathComponent("report.txt"))
    try Data(SimulationReport.svg(result).utf8).write(to: out.appendingPathComponent("chart.svg"))
    let elapsed = ContinuousClock.now - began
    let simulating = cpuSeconds(CLOCK_THREAD_CPUTIME_ID) - threadCPU, all = cpuSeconds(CLOCK_PROCESS_CPUTIME_ID) - processCPU
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let bytes = (try? FileManager.default.attributesOfItem(atPath: out.appendingPathComponent("events.jsonl").path)[.size] as? Int) ?? 0
    print(seconds, peakMemoryMB(), result.decisions, bytes ?? 0, simulating, all)
}

struct Measured {
    var seconds: Double, peakMB: Double, decisions: Int, logBytes: Int
    /// CPU seconds: the simulating thread's, and the whole process's (the log's thread besides).
    var simulatingCPU: Double, processCPU: Double
}

/// Runs one case in a fresh process (this executable again).
func measure(instances: Int, days: Int) throws -> Measured {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
    process.arguments = ["--case", "\(instances)", "\(days)"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace)
    guard process.terminationStatus == 0, fields.count == 6, let s = Double(fields[0]), let m = Double(fields[1]),
          let d = Int(fields[2]), let b = Int(fields[3]), let simulating = Double(fields[4]), let all = Double(fields[5])
    else {
        FileHandle.standardError.write(Data("case \(instances)×\(days) failed: exit \(process.terminationStatus)\n".utf8))
        exit(2)
    }
    return Measured(seconds: s, peakMB: m, decisions: d, logBytes: b, simulatingCPU: simulating, processCPU: all)
}

/// Seconds to write `bytes` bytes to a fresh file, 1 MB per write, and close it.
func writeAlone(bytes: Int) throws -> Double {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("simulate-benchmark-peer-\(getpid())").path
    defer { unlink(path) }
    let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
    let began = ContinuousClock.now
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
    var left = bytes
    while left > 0 {
        let n = chunk.withUnsafeBytes { write(fd, $0.baseAddress, min(left, $0.count)) }
        guard n > 0 else { break }
        left -= n
    }
    close(fd)
    let elapsed = ContinuousClock.now - began
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

let arguments = CommandLine.arguments
if arguments.count == 4, arguments[1] == "--case", let n = Int(arguments[2]), let d = Int(arguments[3]) {
    try runCase(instances: n, days: d)
    exit(0)
}

func verdict(_ ok: Bool) -> String { ok ? "met" : "NOT MET" }
func line(_ label: String, _ m: Measured) {
    print(String(format: "%@: %d decisions, event log %.1f MB; wall %.3f s, peak memory %.1f MB",
                 label, m.decisions, Double(m.logBytes) / 1e6, m.seconds, m.peakMB))
}
let small = try measure(instances: 100, days: 7)
line("100 instances × 7 days  ", small)
let short = try measure(instances: 1000, days: 3)
line("1000 instances × 3 days ", short)
let long = try measure(instances: 1000, days: 30)
line("1000 instances × 30 days", long)
let peer = try writeAlone(bytes: long.logBytes)
print(String(format: "peer: writing %.1f MB alone, 1 MB at a time: %.3f s; the 30-day simulation takes %.2f× that",
             Double(long.logBytes) / 1e6, peer, long.seconds / peer))
// Where the 30 days' time goes: the simulation on this thread, the log formatted and written on
// another. On two cores the wall time cannot be under the busier thread's CPU time, nor under half
// of the whole.
let bound = max(long.simulatingCPU, long.processCPU - long.simulatingCPU, long.processCPU / 2)
print(String(format: "where the 30 days go (CPU): simulating %.3f s, formatting and writing the log (its thread) %.3f s, %.3f s in all; two cores cannot finish in under %.3f s (wall %.3f s, %.2f× that)",
             long.simulatingCPU, long.processCPU - long.simulatingCPU, long.processCPU, bound, long.seconds, long.seconds / bound))
let flat = long.peakMB / short.peakMB
let targets = [
    ("100 × 7 under 1 s", small.seconds < 1), ("100 × 7 under 100 MB", small.peakMB < 100),
    ("1000 × 30 under 2 s", long.seconds < 2), ("memory flat as days grow (30 days / 3 days ≤ 1.25×)", flat <= 1.25),
]
print(String(format: "memory 30 days / 3 days: %.2f×", flat))
for (name, ok) in targets { print("\(name): \(verdict(ok))") }
// The next targets: under 1 s, and at most twice the time of writing its output.
SummaryRow(path: "simulate 1,000 instances × 30 days", figure: long.seconds, unit: "s",
           peer: String(format: "writing its %.0f MB log %.2f s", Double(long.logBytes) / 1e6, peer), atMost: 1).print()
SummaryRow(path: "simulate 1,000 × 30 days against writing its log", figure: String(format: "%.2f s", long.seconds),
           peer: String(format: "writing its log %.2f s", peer), ratio: long.seconds / peer, direction: .atMostTimesFloor, target: 2).print()
exit(targets.allSatisfy(\.1) ? 0 : 1)
