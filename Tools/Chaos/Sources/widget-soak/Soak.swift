#if canImport(Glibc)
import Glibc
#endif
import Foundation
import WidgetControl
import WidgetHostCore
import WidgetStore

/// The soak: `widget-host run` with many instances while a driver taps, reloads, pushes, reconfigures
/// (well and badly), kills extensions and the host at random instants, and fills and frees the disk;
/// then the checks of what the host promised.
final class Soak {
    let options: SoakOptions
    private var report = SoakReport()
    private var random: SplitMix
    private let config: URL
    private let host: SoakedHost
    /// For each stored timeline file, when the newest request the host acknowledged as stored was sent.
    private var acknowledged: [String: Date] = [:]
    private var generation = 0
    private var statusTimes: [Double] = []
    private var filler: URL?
    private var freeAt = Date.distantFuture
    private var nextHostKill = Date.distantFuture
    private var nextFill = Date.distantFuture
    private var extensionPIDs: Set<pid_t> = []
    private var lastStatus: ControlResponse?

    init(options: SoakOptions) {
        self.options = options
        random = SplitMix(seed: options.seed)
        config = options.folder.appendingPathComponent("host.json")
        host = SoakedHost(options: options, config: config)
    }

    func run() throws -> SoakReport {
        try FileManager.default.createDirectory(at: options.folder, withIntermediateDirectories: true)
        try writeConfiguration()
        try host.start()
        report.hostLives = 1
        report.instances = options.instances
        let began = Date()
        let end = began.addingTimeInterval(options.seconds)
        let latest = began.addingTimeInterval(options.seconds * 4)
        var nextSample = Date()
        nextHostKill = spaced(options.hostKillSpacing)
        nextFill = options.fillable == nil ? .distantFuture : spaced(options.fillSpacing)
        while Date() < end || (report.acknowledged < options.minimumAcknowledged && Date() < latest) {
            if Date() >= nextSample {
                host.sample()
                nextSample = Date().addingTimeInterval(1)
            }
            askStatus()
            if Date() >= freeAt { freeDisk() }
            try act()
            usleep(UInt32(random.next(in: 50_000...250_000)))
        }
        freeDisk()
        recordSlopes()
        host.stop()
        report.seconds = Date().timeIntervalSince(began)
        report.sandbox = sandboxLevel()
        checkAcknowledged(when: "at the end")
        checkStoredTimelinesDecode()
        checkGone(extensionPIDs, when: "after the host stopped")
        report.statusAnswers = statusTimes.count
        report.statusMilliseconds = ["p50": percentile(statusTimes, 0.5) * 1000, "p99": percentile(statusTimes, 0.99) * 1000,
                                     "max": (statusTimes.max() ?? 0) * 1000]
        return report
    }

    // MARK: Actions

    /// The host's kills and the disk's fills come when due; each other step is drawn.
    private func act() throws {
        if Date() >= nextHostKill {
            try killTheHost()
            nextHostKill = spaced(options.hostKillSpacing)
            return
        }
        if Date() >= nextFill {
            fillDisk()
            nextFill = spaced(options.fillSpacing)
            return
        }
        let roll = random.next(in: 0...99)
        let step = switch roll {
        case 0..<40: "tap"
        case 40..<62: "reload"
        case 62..<74: "push"
        case 74..<82: "sighup"
        case 82..<87: "brokenSighup"
        case 87..<95: "killExtension"
        default: "status"
        }
        guard options.actions?.contains(step) ?? true else { return }
        switch step {
        case "tap": tap()
        case "reload": reload()
        case "push": push()
        case "sighup": reconfigure()
        case "brokenSighup": reconfigureBadly()
        case "killExtension": killAnExtension()
        default: count("status")
        }
    }

    /// Now plus half to one and a half times `spacing`.
    private func spaced(_ spacing: Double) -> Date {
        Date().addingTimeInterval(spacing * Double(random.next(in: 50...150)) / 100)
    }

    private func count(_ action: String) { report.actions[action, default: 0] += 1 }

    private func instanceIDs(prefix: String) -> [String] {
        (lastStatus?.instances ?? []).map(\.id).filter { $0.hasPrefix(prefix) }
    }

    private func tap() {
        guard let id = random.element(of: instanceIDs(prefix: "todo")) else { return }
        count("tap")
        let sent = Date()
        let element = random.next(in: 0...1) == 0 ? "milk" : "plants"
        guard let answer = host.ask(ControlRequest(command: .tap, instance: id, element: element)) else { return }
        settle(answer, file: "ToDoList/timelines/ToDoList@systemMedium.timeline", sent: sent, acknowledged: answer.ok)
    }

    private func reload() {
        count("reload")
        let (kind, file) = random.next(in: 0...1) == 0
            ? ("ToDoList", "ToDoList/timelines/ToDoList@systemMedium.timeline")
            : ("CaffeineTracker", "CaffeineTracker/timelines/CaffeineTracker@systemSmall.timeline")
        var request = ControlRequest(command: .reload, kind: kind)
        request.foreground = true
        let sent = Date()
        guard let answer = host.ask(request, timeout: 120) else { return }
        // "reloaded" lists the instances; one that failed makes the answer say so.
        settle(answer, file: file, sent: sent, acknowledged: answer.ok && answer.message.hasPrefix("reloaded"))
    }

    private func settle(_ answer: ControlResponse, file: String, sent: Date, acknowledged isStored: Bool) {
        if isStored {
            report.acknowledged += 1
            acknowledged[file] = max(acknowledged[file] ?? .distantPast, sent)
        } else if filler != nil, answer.message.contains("No space left on device") || (answer.instances ?? []).contains(where: { $0.lastError?.contains("No space left") == true }) {
            report.failedWhileFull += 1
        }
    }

    private func push() {
        let tokens = (lastStatus?.instances ?? []).compactMap(\.pushToken)
        guard let token = random.element(of: tokens) else { return }
        count("push")
        var request = ControlRequest(command: .push)
        request.token = token
        _ = host.ask(request)
    }

    private func reconfigure() {
        count("sighup")
        generation += 1
        try? writeConfiguration()
        host.signal(SIGHUP)
    }

    /// A file that does not parse: the host says so and goes on with what it has.
    private func reconfigureBadly() {
        count("brokenSighup")
        try? Data("{ \"instances\": [ broken".utf8).write(to: config)
        host.signal(SIGHUP)
        askStatus()
        try? writeConfiguration()
    }

    private func killAnExtension() {
        let pids = Set((lastStatus?.instances ?? []).compactMap(\.extensionPID))
        guard let pid = random.element(of: pids.sorted()) else { return }
        count("killExtension")
        _ = kill(pid, SIGKILL)
    }

    /// `kill -9` at a random instant, then: every acknowledged reload is in the store as the host left
    /// it, its extensions end (their channel closed), and it starts again on the same store.
    private func killTheHost() throws {
        count("killHost")
        let running = Set((lastStatus?.instances ?? []).compactMap(\.extensionPID))
        recordSlopes()
        host.killNow()
        checkAcknowledged(when: "after kill -9 of the host")
        checkGone(running, when: "after kill -9 of the host")
        try host.start()
        report.hostLives += 1
    }

    private func fillDisk() {
        guard let fillable = options.fillable, filler == nil else { return }
        count("fillDisk")
        let file = fillable.appendingPathComponent("filler")
        let fd = open(file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { return }
        let chunk = [UInt8](repeating: 0, count: 1 << 20)
        while write(fd, chunk, chunk.count) > 0 {}
        close(fd)
        filler = file
        freeAt = Date().addingTimeInterval(min(8, options.fillSpacing / 2) * Double(random.next(in: 50...100)) / 100)
    }

    private func freeDisk() {
        guard let filler else { return }
        try? FileManager.default.removeItem(at: filler)
        self.filler = nil
        freeAt = .distantFuture
    }

    // MARK: Checks

    private func askStatus() {
        let started = Date()
        let answer = host.ask(ControlRequest(command: .status), timeout: options.statusBound * 10)
        let seconds = Date().timeIntervalSince(started)
        guard let answer else {
            report.violations.append("status not answered (host \(host.isRunning ? "running" : "not running"))")
            return
        }
        statusTimes.append(seconds)
        if seconds > options.statusBound {
            report.violations.append("status took \(String(format: "%.3f", seconds)) s, over its bound of \(options.statusBound) s")
        }
        lastStatus = answer
        extensionPIDs.formUnion((answer.instances ?? []).compactMap(\.extensionPID))
    }

    /// Every acknowledged request's timeline is in the store: the stored one was fetched no earlier
    /// than that request was sent.
    private func checkAcknowledged(when moment: String) {
        for (file, sent) in acknowledged.sorted(by: { $0.key < $1.key }) {
            let path = host.store.appendingPathComponent(file).path
            do {
                let stored = try TimelineFileCodec.decode(DurableFile.read(path))
                if stored.fetchedAt.timeIntervalSince(sent) < -0.001 {
                    report.violations.append("\(moment): \(file) was fetched at \(stored.fetchedAt), before an acknowledged request sent at \(sent)")
                }
            } catch {
                report.violations.append("\(moment): \(file), acknowledged, cannot be read: \(error)")
            }
        }
    }

    private func checkStoredTimelinesDecode() {
        let extensions = (try? FileManager.default.contentsOfDirectory(atPath: host.store.path)) ?? []
        for ext in extensions {
            let folder = host.store.appendingPathComponent(ext)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("timelines").path)) ?? [] {
                let path = folder.appendingPathComponent("timelines").appendingPathComponent(name).path
                guard name.hasSuffix(".timeline") else {
                    report.violations.append("left behind in the store: \(path)")
                    continue
                }
                report.timelinesChecked += 1
                do { _ = try TimelineFileCodec.decode(DurableFile.read(path)) } catch {
                    report.violations.append("stored timeline \(path) does not decode: \(error)")
                }
            }
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("quarantine").path)) ?? [] {
                report.violations.append("quarantined (it was read back as broken): \(ext)/quarantine/\(name)")
            }
        }
    }

    /// The extensions' processes end once their host has: within 10 s.
    private func checkGone(_ pids: Set<pid_t>, when moment: String) {
        let executables = Set([options.todo, options.caffeine].map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path })
        let deadline = Date().addingTimeInterval(10)
        var left: [pid_t] = []
        repeat {
            left = pids.filter { pid in
                guard let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe") else { return false }
                let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
                return executables.contains(exe) && !stat.contains(") Z ")
            }.sorted()
            if left.isEmpty { return }
            usleep(50_000)
        } while Date() < deadline
        report.violations.append("\(moment): extension processes still running after 10 s: \(left)")
    }

    private func recordSlopes() {
        host.sample()
        if let slopes = host.slopes() {
            report.residentMiBPerHour.append(slopes.resident)
            report.descriptorsPerHour.append(slopes.descriptors)
        }
        if let first = host.samples.first, let last = host.samples.last {
            report.residentMiB["first"] = report.residentMiB["first"] ?? first.resident
            report.residentMiB["last"] = last.resident
            report.residentMiB["max"] = max(report.residentMiB["max"] ?? 0, host.samples.map(\.resident).max() ?? 0)
            let minutes = Int(last.t / 60)
            report.residentMiBByMinute.append((0..<minutes).compactMap { m in host.samples.last { $0.t < Double(m + 1) * 60 }?.resident })
        }
    }

    private func sandboxLevel() -> String {
        let log = (try? String(contentsOf: options.folder.appendingPathComponent("host.log"), encoding: .utf8)) ?? ""
        guard let range = log.range(of: "extensions in the ") else { return "?" }
        return String(log[range.upperBound...].prefix { $0 != " " })
    }

    // MARK: Configuration

    /// A run configuration of `instances` instances, three in five to-do lists, two in five caffeine
    /// trackers; each generation swaps a twentieth of them for new ones.
    private func writeConfiguration() throws {
        var instances: [[String: String]] = []
        for i in 0..<options.instances {
            let renamed = i % 20 == generation % 20 ? "-g\(generation)" : ""
            if i % 5 < 3 {
                instances.append(["id": "todo-\(i)\(renamed)", "extension": options.todo, "kind": "ToDoList", "family": "systemMedium"])
            } else {
                instances.append(["id": "caffeine-\(i)\(renamed)", "extension": options.caffeine, "kind": "CaffeineTracker", "family": "systemSmall"])
            }
        }
        let data = try JSONSerialization.data(withJSONObject: ["instances": instances], options: [.sortedKeys])
        // Written whole, so a SIGHUP never reads half of it.
        try data.write(to: config, options: .atomic)
    }
}

/// A small seeded generator (SplitMix64): the same seed plays the same soak.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func element<T>(of values: [T]) -> T? {
        values.isEmpty ? nil : values[next(in: 0...(values.count - 1))]
    }
}
