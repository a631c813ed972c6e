#if canImport(Glibc)
import Glibc
#endif
import Foundation
import WidgetControl

/// The `widget-host run` under the soak: started, sampled (resident memory, descriptors), asked over
/// its control socket, killed and started again on the same store.
final class SoakedHost {
    let options: SoakOptions
    let config: URL
    let store: URL
    let socket: String
    private(set) var pid: pid_t = 0
    /// Samples of the current life: seconds since it started, resident MiB, descriptors.
    private(set) var samples: [(t: Double, resident: Double, descriptors: Double)] = []
    private var started = Date()

    init(options: SoakOptions, config: URL) {
        self.options = options
        self.config = config
        store = (options.fillable ?? options.folder).appendingPathComponent("store", isDirectory: true)
        socket = options.folder.appendingPathComponent("control.sock").path
    }

    /// Starts it and waits until `status` answers.
    func start() throws {
        var arguments = ["run", "--config", config.path, "--store", store.path, "--out", options.folder.appendingPathComponent("live").path,
                         "--socket", socket, "--budget", "86400", "--network", "off"]
        if let sandbox = options.sandbox { arguments += ["--sandbox", sandbox] }
        let log = options.folder.appendingPathComponent("host.log").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, log, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        let argv = ([options.widgetHost] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, options.widgetHost, &actions, nil, argv, environ)
        guard result == 0 else { throw SoakError.host("could not start \(options.widgetHost): \(String(cString: strerror(result)))") }
        pid = child
        started = Date()
        samples = []
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if (try? ControlClient.send(ControlRequest(command: .status), to: socket, timeout: 2)) != nil { return }
            guard isRunning else { throw SoakError.host("widget-host run ended at start; see \(log)") }
            usleep(20_000)
        }
        throw SoakError.host("widget-host run did not answer status within 60 s; see \(log)")
    }

    var isRunning: Bool {
        var status: Int32 = 0
        return pid > 0 && waitpid(pid, &status, WNOHANG) == 0
    }

    func signal(_ signal: Int32) { _ = kill(pid, signal) }

    /// SIGKILL, then reaps it.
    func killNow() {
        _ = kill(pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
    }

    /// SIGTERM, and waits up to `seconds` for it to end (then SIGKILL).
    func stop(within seconds: Double = 30) {
        _ = kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { return }
            usleep(20_000)
        }
        killNow()
    }

    func sample() {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else { return }
        let descriptors = Double((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0)
        samples.append((Date().timeIntervalSince(started), kilobytes / 1024, descriptors))
    }

    /// The slopes of this life's samples after its first fifth (start-up), per hour: memory in MiB, descriptors.
    func slopes() -> (resident: Double, descriptors: Double)? {
        guard let last = samples.last, last.t > 10 else { return nil }
        let settled = samples.filter { $0.t >= last.t / 5 }
        return (slope(settled.map { ($0.t, $0.resident) }) * 3600, slope(settled.map { ($0.t, $0.descriptors) }) * 3600)
    }

    func ask(_ request: ControlRequest, timeout: Double = 30) -> ControlResponse? {
        try? ControlClient.send(request, to: socket, timeout: timeout)
    }
}
