// Interaction and reload latency against real extension processes, each figure next to its floor
// measured in the same run:
//   tap → intent performed → interaction reload stored → new entry rendered (warm)   target p99 ≤ 5 ms
//   warm reload of a 10-entry timeline, archived durably; floor: socket round trip + one durable write
//                                                                                    target p50 ≤ 2× floor
//   cold reload (spawn + handshake + timeline); floor: spawn and exit of the same binary
//                                                                                    target ≤ 1.5× floor
// Usage: interaction-benchmark BIN_DIR [none|basic|full] (where ToDoList and CaffeineTracker are built;
// the extensions' sandbox, by default the strongest this machine supports)
#if canImport(Glibc)
import BenchmarkSummary
import Glibc
#endif
import Foundation
import WidgetArchive
import WidgetControl
import WidgetHostCore
import WidgetLayout
import WidgetProcess
import WidgetProtocol
import WidgetRender
import WidgetStore

guard (2...3).contains(CommandLine.arguments.count),
      let sandbox = CommandLine.arguments.count == 3 ? SandboxLevel(rawValue: CommandLine.arguments[2]) : .strongestAvailable else {
    print("usage: interaction-benchmark BIN_DIR (run Tools/Benchmarks/interaction-benchmark.sh)")
    exit(2)
}
let bin = URL(fileURLWithPath: CommandLine.arguments[1])
let todo = bin.appendingPathComponent("ToDoList").path
let caffeine = bin.appendingPathComponent("CaffeineTracker").path
let storeDir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("widgethost-bench-\(getpid())")
defer { try? FileManager.default.removeItem(at: storeDir) }

func ms(_ d: Duration) -> Double { let (s, a) = d.components; return Double(s) * 1e3 + Double(a) / 1e15 }
func percentile(_ xs: [Double], _ p: Double) -> Double {
    let s = xs.sorted()
    return s[min(s.count - 1, Int((Double(s.count) * p).rounded(.up)) - 1)]
}
func time(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    return ms(ContinuousClock.now - start)
}

let clock = VirtualClock(start: Date(timeIntervalSince1970: 1_763_712_000))
let host = WidgetHost(store: ArchiveStore(root: storeDir), clock: clock, launcher: PosixProcessLauncher(sandbox: sandbox))
// `WIDGET_EXTENSIONS_LINKED=static` (interaction-benchmark.sh --static-extensions): the extensions carry
// the Swift runtime and Foundation; the table gets their cold reload only, against its absolute target.
let staticExtensions = ProcessInfo.processInfo.environment["WIDGET_EXTENSIONS_LINKED"] == "static"
print("extensions in the \(sandbox) sandbox\(staticExtensions ? ", linked with the Swift runtime and Foundation inside (static)" : "")")
defer { host.shutdown() }

// `PROFILE_TIMELINES=N`: only N warm timeline requests to the caffeine tracker, for a profiler attached
// to the extension (`perf record -p`, or this whole run under `perf record`).
if let count = ProcessInfo.processInfo.environment["PROFILE_TIMELINES"].flatMap(Int.init) {
    let connection = try host.connection(to: caffeine)
    for _ in 0..<count {
        _ = try connection.timeline(kind: "CaffeineTracker", family: .systemSmall, variants: [.standard], now: clock.now)
    }
    print("\(count) timelines")
    exit(0)
}

// `PROFILE_COLD=N`: only N cold reloads of the caffeine tracker, for this whole run under `perf record`
// (which follows the extension processes it launches).
if let count = ProcessInfo.processInfo.environment["PROFILE_COLD"].flatMap(Int.init) {
    for _ in 0..<count {
        try host.connection(to: caffeine).process.kill()
        _ = try host.reload(executable: caffeine, kind: "CaffeineTracker", family: .systemSmall)
    }
    print("\(count) cold reloads")
    exit(0)
}

// 1. Tap latency, warm.
let todoSession = WidgetSession(host: host, instance: WidgetInstance(id: "todo", extensionPath: todo, kind: "ToDoList", family: .systemMedium))
try todoSession.reload()
_ = try todoSession.render()
var taps: [Double] = []
for _ in 0..<10 { _ = try todoSession.tap(element: "milk") }
for _ in 0..<300 {
    taps.append(try time {
        let result = try todoSession.tap(element: "milk")
        guard case .performed = result.outcome else { fatalError("tap failed: \(result.outcome)") }
    })
}

// Where a tap's time goes: the steps WidgetSession.tap takes, one after another (in a tap the first
// render overlaps the intent round trip and the last overlaps the durable write). Renders are at
// alternating instants so that none is served from the session's cache.
var phases: [[Double]] = [[], [], [], []]
let toggle = try todoSession.render().root.allNodes().first { $0.id == "milk" }!.action!
let toggleIntent = toggle.intent!
let todoQuery = ExtensionConnection.TimelineArguments(kind: "ToDoList", family: .systemMedium)
for _ in 0..<100 {
    phases[0].append(try time { _ = try todoSession.render(at: clock.now.addingTimeInterval(Double(phases[0].count % 2) + 2)) })
    var pending: ExtensionConnection.PendingRequest?
    phases[1].append(try time { pending = try host.performIntent(executable: todo, toggleIntent, kind: "ToDoList", thenReloading: todoQuery) })
    phases[2].append(try time { _ = try host.reload(executable: todo, kind: "ToDoList", family: .systemMedium, pending: pending) })
    phases[3].append(try time { _ = try todoSession.render(at: clock.now.addingTimeInterval(Double(phases[3].count % 2))) })
}

// 2. Warm reload of a 10-entry timeline, stored durably; floor: socket round trip + one durable write.
_ = try host.reload(executable: caffeine, kind: "CaffeineTracker", family: .systemSmall)
var reloads: [Double] = []
var entries = 0
let timelineBytes = try Data(contentsOf: host.store.timelineFile(extensionID: "CaffeineTracker", kind: "CaffeineTracker", family: .systemSmall)).count
var fds: [Int32] = [0, 0]
socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds)
let echoEnd = fds[1]
let echo = Thread {
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
        let n = recv(echoEnd, &buffer, 64, 0)
        if n <= 0 { return }
        _ = send(echoEnd, buffer, n, 0)
    }
}
echo.start()
var rtts: [Double] = [], writes: [Double] = [], timelines: [Double] = [], validations: [Double] = []
let caffeineConnection = try host.connection(to: caffeine)
var ping = [UInt8](repeating: 7, count: 64)
let payload = [UInt8](repeating: 0xAB, count: timelineBytes)
let floorFile = storeDir.appendingPathComponent("floor.bin").path
// Reloads and floor samples alternate, so both see the same disk and the same neighbours.
for _ in 0..<100 {
    reloads.append(try time { entries = try host.reload(executable: caffeine, kind: "CaffeineTracker", family: .systemSmall).entries.count })
    rtts.append(time {
        _ = send(fds[0], ping, 64, 0)
        var got = 0
        while got < 64 { got += max(0, recv(fds[0], &ping, 64 - got, 0)) }
    })
    writes.append(try time { try DurableFile.write(payload, to: floorFile) })
    // Where a reload's time goes beyond the floor: the extension making and archiving its entries
    // (asked directly, nothing stored) and the host decoding every archive to check it.
    var reply: TimelineReply?
    timelines.append(try time {
        reply = try caffeineConnection.timeline(kind: "CaffeineTracker", family: .systemSmall, variants: [.standard], now: clock.now)
    })
    validations.append(try time {
        for entry in reply?.entries ?? [] { for archive in entry.archives { _ = try ArchiveDecoder().decode(archive) } }
    })
}
close(fds[0])

// 3. Cold reload vs spawn + exit of the same binary; and its two halves, measured apart: launching
// (sandbox, exec, the runtime's start, the handshake) and the new process's first reload.
var colds: [Double] = [], spawns: [Double] = [], launches: [Double] = [], firstReloads: [Double] = []
for _ in 0..<30 {
    try host.connection(to: caffeine).process.kill()
    colds.append(try time { _ = try host.reload(executable: caffeine, kind: "CaffeineTracker", family: .systemSmall) })
    try host.connection(to: caffeine).process.kill()
    launches.append(try time { _ = try host.connection(to: caffeine) })
    firstReloads.append(try time { _ = try host.reload(executable: caffeine, kind: "CaffeineTracker", family: .systemSmall) })
    spawns.append(time {
        var pid: pid_t = 0
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let args = [strdup(caffeine), strdup("--describe"), nil]
        var env = ProcessInfo.processInfo.environment.filter { $0.key != "WIDGET_HOST_FD" }.map { strdup("\($0.key)=\($0.value)") }
        env.append(nil)
        posix_spawn(&pid, caffeine, &actions, nil, args, env)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        posix_spawn_file_actions_destroy(&actions)
        for p in args { free(p) }
        for p in env { free(p) }
    })
}

// 4. A Live Activity update, as an app sends it: a control line over a Unix socket → the host applies
// the rules → the extension archives every presentation → stored durably → the Lock Screen and the
// island drawn. Floor: a control line's round trip on the same kind of socket, the extension's own
// archiving of the presentations (asked directly), and one durable write of the record.
let activities = ActivityCenter(host: host, extensions: [caffeine])
let endpoint = try ActivityControlEndpoint(activities: activities, path: storeDir.appendingPathComponent("bench.sock").path)
defer { endpoint.stop() }
func sessionState(_ n: Int) -> JSONValue {
    JSONValue(json: Array(#"{"activeMilligrams":\#(64 + n),"totalMilligrams":\#(64 + n),"drinks":\#(n),"lastDrink":"Espresso","calmAt":\#(800000000 + n)}"#.utf8))!
}
var startRequest = ControlRequest(command: .activityStart)
startRequest.activity = ActivityFields(attributesType: "CaffeineSessionAttributes", attributes: JSONValue(json: Array(#"{"startedAt":0}"#.utf8))!,
                                       state: sessionState(0))
let started = try ControlClient.send(startRequest, to: endpoint.path)
guard let activityID = started.activities?.first?.id else { fatalError("the activity did not start: \(started.message)") }
var updates: [Double] = [], lineTrips: [Double] = [], archivings: [Double] = [], recordWrites: [Double] = [], drawings: [Double] = []
let painter = PNGRenderer()
let attributesBytes = Array(#"{"startedAt":0}"#.utf8)
let recordFile = storeDir.appendingPathComponent("record.bin").path
let recordBytes = try Data(contentsOf: host.store.activityFile(extensionID: "CaffeineTracker", id: activityID)).count
let echoPath = storeDir.appendingPathComponent("echo.sock").path
let echoServer = try ControlSocket(path: echoPath)
let echoLines = Thread {
    while true {
        let client = accept(echoServer.fd, nil, nil)
        if client < 0 { return }
        if let line = ControlClient.readLine(client, limit: 1 << 20, timeout: 5) { try? ControlClient.writeLine(client, line) }
        close(client)
    }
}
echoLines.start()
for n in 1...200 {
    var update = ControlRequest(command: .activityUpdate)
    update.activity = ActivityFields(id: activityID, state: sessionState(n))
    let line = try JSONEncoder().encode(update)
    updates.append(try time {
        let answer = try ControlClient.send(update, to: endpoint.path)
        guard answer.ok, let lock = activities.render(activityID, placement: .activityLockScreen),
              let island = activities.render(activityID, placement: .islandCompact) else { fatalError("update failed: \(answer.message)") }
        _ = painter.png(lock)
        _ = painter.png(island)
    })
    lineTrips.append(try time {
        let fd = try ControlClient.connect(path: echoPath)
        try ControlClient.writeLine(fd, line)
        _ = ControlClient.readLine(fd, limit: 1 << 20, timeout: 5)
        close(fd)
    })
    archivings.append(try time {
        _ = try host.activityPresentations(executable: caffeine, attributesType: "CaffeineSessionAttributes", activityID: activityID,
                                           attributes: attributesBytes, state: sessionState(n).json)
    })
    recordWrites.append(try time { try DurableFile.write([UInt8](repeating: 0x7B, count: recordBytes), to: recordFile) })
    drawings.append(time {
        _ = painter.png(activities.render(activityID, placement: .activityLockScreen)!)
        _ = painter.png(activities.render(activityID, placement: .islandCompact)!)
    })
}

let tapP50 = percentile(taps, 0.5), tapP99 = percentile(taps, 0.99)
let reloadP50 = percentile(reloads, 0.5), reloadP99 = percentile(reloads, 0.99)
let floor = percentile(rtts, 0.5) + percentile(writes, 0.5)
let coldP50 = percentile(colds, 0.5), spawnP50 = percentile(spawns, 0.5)
print(String(format: "tap → intent → reload → render (warm):  p50 %.2f ms  p99 %.2f ms   target p99 ≤ 5 ms %@", tapP50, tapP99, tapP99 <= 5 ? "met" : "NOT MET"))
for (name, p) in [("p50", 0.5), ("p99", 0.99)] {
    print(String(format: "  phases (%@): optimistic render %.2f ms, intent round trip %.2f ms, reload (timeline asked for behind the intent; stored) %.2f ms, final render %.2f ms", name,
                 percentile(phases[0], p), percentile(phases[1], p), percentile(phases[2], p), percentile(phases[3], p)))
}
print(String(format: "warm reload, %d entries, durable:       p50 %.2f ms  p99 %.2f ms", entries, reloadP50, reloadP99))
print(String(format: "  floor: socket round trip %.3f ms + durable write of %d B %.2f ms = %.2f ms; ratio %.2f× (target ≤ 2×) %@",
             percentile(rtts, 0.5), timelineBytes, percentile(writes, 0.5), floor, reloadP50 / floor, reloadP50 <= 2 * floor ? "met" : "NOT MET"))
print(String(format: "  where it goes (p50): the extension making and archiving its entries, with the round trip, %.2f ms; the host decoding them to check %.3f ms; the durable write %.2f ms",
             percentile(timelines, 0.5), percentile(validations, 0.5), percentile(writes, 0.5)))
print(String(format: "cold reload (spawn + handshake + timeline): p50 %.2f ms  p99 %.2f ms", coldP50, percentile(colds, 0.99)))
print(String(format: "  floor: spawn + exit of the same binary %.2f ms; ratio %.2f× (target ≤ 1.5×) %@",
             spawnP50, coldP50 / spawnP50, coldP50 <= 1.5 * spawnP50 ? "met" : "NOT MET"))
print(String(format: "  where it goes (p50): launching and the handshake %.2f ms (%.2f ms beyond spawn + exit); the new process's first reload %.2f ms (%.2f ms beyond a warm reload)",
             percentile(launches, 0.5), percentile(launches, 0.5) - spawnP50, percentile(firstReloads, 0.5), percentile(firstReloads, 0.5) - reloadP50))
let updateP50 = percentile(updates, 0.5), updateP99 = percentile(updates, 0.99)
let activityFloor = percentile(lineTrips, 0.5) + percentile(archivings, 0.5) + percentile(recordWrites, 0.5) + percentile(drawings, 0.5)
print(String(format: "Live Activity update (app's control line → rules → extension archives → stored → Lock Screen and island drawn): p50 %.2f ms  p99 %.2f ms", updateP50, updateP99))
print(String(format: "  floor: control line round trip %.3f ms + the extension archiving its presentations %.2f ms + durable write of %d B %.2f ms + drawing both %.2f ms = %.2f ms; ratio %.2f×",
             percentile(lineTrips, 0.5), percentile(archivings, 0.5), recordBytes, percentile(recordWrites, 0.5), percentile(drawings, 0.5),
             activityFloor, updateP50 / activityFloor))
print(String(format: "  beside the widget tap: the update's p50 is %.2f× the tap's", updateP50 / tapP50))
if staticExtensions {
    SummaryRow(path: "cold reload, extensions built static", figure: coldP50, unit: "ms",
               peer: String(format: "spawn + exit %.2f ms", spawnP50), atMost: 3).print()
} else {
    SummaryRow(path: "tap → intent → reload stored → rendered, p99", figure: tapP99, unit: "ms",
               peer: String(format: "intent round trip %.2f ms (p50)", percentile(phases[1], 0.5)), atMost: 1.5).print()
    SummaryRow(path: "warm reload, \(entries) entries, durable", figure: String(format: "%.2f ms", reloadP50),
               peer: String(format: "round trip + durable write %.2f ms", floor), ratio: reloadP50 / floor, direction: .atMostTimesFloor, target: 1.2).print()
    SummaryRow(path: "cold reload", figure: String(format: "%.2f ms", coldP50),
               peer: String(format: "spawn + exit %.2f ms", spawnP50), ratio: coldP50 / spawnP50, direction: .atMostTimesFloor, target: 1.2).print()
}
