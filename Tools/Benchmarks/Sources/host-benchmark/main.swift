// The host under load and the cost of its sandbox, each figure next to a peer measured in the same run:
//   `widget-host run` with 1,000 instances over 4 extensions, from launch until every instance shows
//   its timeline; peer: the same run pinned to one core (taskset), which is the per-reload time × N.
//                                                target: ≤ 1.5 × (one-core time / cores)
//   `status` latency while that happens (request sent → whole answer received; the client's JSON
//   decoding is not counted), with 100 half-open control connections held open throughout
//                                                target: p99 ≤ 50 ms
//   a cold reload (spawn + handshake + timeline) in the full sandbox; peer: the same without one
//                                                target: ≤ 1.3×
// Usage: host-benchmark BIN_DIR (where widget-host and the bundled extensions are built)
#if canImport(Glibc)
import BenchmarkSummary
import Glibc
#endif
import Foundation
import SystemCalls
import WidgetControl
import WidgetHostCore
import WidgetProcess
import WidgetStore

guard CommandLine.arguments.count == 2 else {
    print("usage: host-benchmark BIN_DIR (run Tools/Benchmarks/host-benchmark.sh)")
    exit(2)
}
let bin = URL(fileURLWithPath: CommandLine.arguments[1])
let work = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("widgethost-host-bench-\(getpid())")
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: work) }

func ms(_ d: Duration) -> Double { let (s, a) = d.components; return Double(s) * 1e3 + Double(a) / 1e15 }
func percentile(_ xs: [Double], _ p: Double) -> Double {
    let s = xs.sorted()
    return s[min(s.count - 1, max(0, Int((Double(s.count) * p).rounded(.up)) - 1))]
}

// MARK: 1,000 instances over 4 extensions

/// 250 instances per extension, over its kinds.
let kinds: [(String, [(String, String)])] = [
    ("CaffeineTracker", [("CaffeineTracker", "systemSmall"), ("CaffeineGoal", "systemSmall")]),
    ("ToDoList", [("ToDoList", "systemMedium")]),
    ("WidgetGallery", [("Layout", "systemSmall"), ("Styles", "systemSmall"), ("Typography", "systemMedium"), ("Outline", "systemSmall")]),
    ("Misbehaving", [("healthy", "systemSmall")]),
]
let instanceCount = 1_000
var lines: [String] = []
for n in 0..<instanceCount {
    let (executable, choices) = kinds[n % kinds.count]
    let (kind, family) = choices[(n / kinds.count) % choices.count]
    lines.append(#"{"id": "i\#(n)", "extension": "\#(bin.appendingPathComponent(executable).path)", "kind": "\#(kind)", "family": "\#(family)"}"#)
}
let config = work.appendingPathComponent("host.json")
try Data(#"{"instances": [\#(lines.joined(separator: ",\n"))]}"#.utf8).write(to: config)

/// A raw connection that sends half a request line and waits.
func halfOpen(_ path: String) -> Int32 {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
    _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
    _ = Array(#"{"comm"#.utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    return fd
}

/// The host's answer to `status`, from sending the request to the last byte of its line: what the
/// host takes, without the client's JSON decoding (done after, untimed).
func rawStatus(_ path: String) -> [UInt8]? {
    guard let fd = try? ControlSocket.connect(path: path) else { return nil }
    defer { close(fd) }
    let request = Array(#"{"command":"status"}"#.utf8) + [0x0A]
    guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else { return nil }
    var line: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while line.last != 0x0A {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, 10_000) > 0 else { return nil }
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return nil }
        line += buffer[0..<n]
    }
    return Array(line.dropLast())
}

struct StartupRun {
    var seconds: Double
    var statusLatencies: [Double]
}

/// Starts `widget-host run` (under `prefix`, e.g. taskset), and polls `status` until every instance
/// shows a timeline; with `hostile`, 100 half-open connections are held open all along.
func startup(_ name: String, prefix: [String], hostile: Bool) throws -> StartupRun {
    let dir = work.appendingPathComponent(name)
    let socketPath = dir.appendingPathComponent("c.sock").path
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: prefix.isEmpty ? bin.appendingPathComponent("widget-host").path : "/usr/bin/env")
    process.arguments = prefix + (prefix.isEmpty ? [] : [bin.appendingPathComponent("widget-host").path])
        + ["run", "--config", config.path, "--store", dir.appendingPathComponent("store").path, "--out", dir.appendingPathComponent("live").path,
           "--socket", socketPath, "--duration", "600"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let started = ContinuousClock.now
    try process.run()
    defer {
        process.interrupt()
        process.waitUntilExit()
    }
    var held: [Int32] = []
    defer { held.forEach { close($0) } }
    var latencies: [Double] = []
    while ContinuousClock.now - started < .seconds(600) {
        if hostile {
            // Keep 100 open: the host closes each after its 5 s.
            held = held.filter { fd in
                var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                if poll(&pfd, 1, 0) > 0 { close(fd); return false }
                return true
            }
            while held.count < 100, FileManager.default.fileExists(atPath: socketPath) { held.append(halfOpen(socketPath)) }
        }
        let asked = ContinuousClock.now
        guard let line = rawStatus(socketPath) else {
            usleep(20_000)
            continue
        }
        latencies.append(ms(ContinuousClock.now - asked))
        guard let status = try? JSONDecoder().decode(ControlResponse.self, from: Data(line)) else { continue }
        if let rows = status.instances, rows.count == instanceCount, rows.allSatisfy({ !$0.texts.isEmpty }) {
            return StartupRun(seconds: ms(ContinuousClock.now - started) / 1000, statusLatencies: latencies)
        }
        usleep(20_000)
    }
    throw HostError.system(call: "startup of \(name) did not finish", Errno(ETIMEDOUT))
}

let cores = ProcessInfo.processInfo.activeProcessorCount
let oneCore = try startup("one-core", prefix: ["taskset", "-c", "0"], hostile: false)
let allCores = try startup("all-cores", prefix: [], hostile: true)
let predicted = oneCore.seconds / Double(cores)
let p50 = percentile(allCores.statusLatencies, 0.5), p99 = percentile(allCores.statusLatencies, 0.99)
print(String(format: "run, %d instances over 4 extensions: every instance shown after %.2f s on %d cores; one core: %.2f s → predicted %.2f s; ratio %.2f×   target ≤ 1.5× %@",
             instanceCount, allCores.seconds, cores, oneCore.seconds, predicted, allCores.seconds / predicted, allCores.seconds <= 1.5 * predicted ? "met" : "NOT MET"))
print(String(format: "status during that startup, 100 half-open connections held: %d answers, p50 %.2f ms  p99 %.2f ms   target p99 ≤ 50 ms %@",
             allCores.statusLatencies.count, p50, p99, p99 <= 50 ? "met" : "NOT MET"))
SummaryRow(path: "run startup, \(instanceCount) instances", figure: String(format: "%.2f s", allCores.seconds),
           peer: String(format: "one core's time / %d cores %.2f s", cores, predicted), ratio: allCores.seconds / predicted, direction: .atMostTimesFloor, target: 1.5).print()
SummaryRow(path: "status p99 during that startup", figure: p99, unit: "ms", peer: "100 half-open connections held", atMost: 50).print()

// MARK: Sandbox overhead on a cold reload

let caffeine = bin.appendingPathComponent("CaffeineTracker").path
let levels = [SandboxLevel.none] + [SandboxLevel.basic, .full].filter { $0 <= .strongestAvailable }
var colds: [SandboxLevel: [Double]] = [:]
var hosts: [SandboxLevel: WidgetHost] = [:]
for level in levels {
    let host = WidgetHost(store: ArchiveStore(root: work.appendingPathComponent("cold-\(level)")), clock: VirtualClock(start: Date(timeIntervalSince1970: 1_763_712_000)),
                          launcher: PosixProcessLauncher(sandbox: level))
    _ = try host.reload(executable: caffeine, kind: "CaffeineTracker", family: .systemSmall)
    hosts[level] = host
}
// Interleaved, so that the machine's mood falls on every level alike.
for _ in 0..<40 {
    for level in levels {
        let host = hosts[level]!
        try host.connection(to: caffeine).process.kill()
        let start = ContinuousClock.now
        _ = try host.reload(executable: caffeine, kind: "CaffeineTracker", family: .systemSmall)
        colds[level, default: []].append(ms(ContinuousClock.now - start))
    }
}
hosts.values.forEach { $0.shutdown() }
let bare = percentile(colds[.none]!, 0.5)
for level in levels {
    let p50 = percentile(colds[level]!, 0.5)
    let verdict = level == .full ? String(format: "   target ≤ 1.3× %@", p50 <= 1.3 * bare ? "met" : "NOT MET") : ""
    print(String(format: "cold reload, %@ sandbox: p50 %.2f ms  p99 %.2f ms  (%.2f× no sandbox)%@", level.rawValue, p50, percentile(colds[level]!, 0.99), p50 / bare, verdict))
}
if SandboxLevel.strongestAvailable < .full { print("the full sandbox is not available here: \(SandboxLevel.fullUnavailableReason ?? "-")") }
