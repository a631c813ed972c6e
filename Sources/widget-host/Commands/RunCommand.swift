import Foundation
import SystemCalls
import WidgetControl
import WidgetHostCore
import WidgetProcess
import WidgetScheduleLog
import WidgetScheduling
import WidgetStore

/// The control socket used when `--socket` is not given (`ControlSocket.defaultPath`).
func defaultSocketPath() throws -> String {
    do { return try ControlSocket.defaultPath() } catch { throw CommandFailure("\(error)") }
}

/// One request to a running host (`--socket`, else the default socket); a host that cannot be reached
/// is the command's failure.
func exchange(_ request: ControlRequest, socket: String?) throws -> ControlResponse {
    do {
        return try ControlSocket.send(request, to: socket ?? (try defaultSocketPath()))
    } catch {
        throw CommandFailure("\(error)")
    }
}

/// A running host reloads, renders and answers on several threads, for days. glibc gives each
/// thread that finds the heap busy an arena of its own, and keeps what those arenas free for later:
/// the host's resident memory grew with the work done (+74 MiB/h under a stream of taps, measured by
/// `Tools/Chaos/soak.sh`) while the memory in use stayed flat. With one arena it stays flat (+3 MiB/h,
/// the same work, the same status latency). Set before the host starts a thread.
private func useOneHeapArena() {
    CurrentProcess.limitHeapArenas(to: 1)
}

/// `widget-host run --config FILE`: keep the configured instances up to date on the real clock,
/// render them to `--out`, and serve `tap`, `reload` and `status` on the control socket.
enum RunCommand {
    static func run(_ args: [String]) throws {
        let a = try Arguments(args, options: Set(["config", "store", "out", "socket", "duration", "budget", "memory-limit", "request-timeout", "sandbox", "network",
                                                        "data-quota", "process-limit", "descriptor-limit"])
                                .union(BudgetRuleArguments.options), flags: Set(["verbose"]).union(BudgetRuleArguments.flags))
        var rules = BudgetRules()
        try BudgetRuleArguments.apply(a, to: &rules)
        guard a.positional.isEmpty else { throw UsageError("run takes no positional arguments") }
        let configPath = try a.required("config")
        // Up to ten years; a request may wait up to an hour; up to 1 TiB of memory per extension.
        let duration = try a.number("duration", above: 0, atMost: 10 * 365 * 86_400, unit: "seconds")
        let budget = try a.integer("budget", in: 0...ReloadBudget.largestDailyLimit)
        let memoryLimit = try a.integer("memory-limit", in: 1...1 << 20)
        let dataQuota = try a.integer("data-quota", in: 1...1 << 20)
        let processLimit = try a.integer("process-limit", in: 4...4_096)
        let descriptorLimit = try a.integer("descriptor-limit", in: 16...65_536)
        let requestTimeout = try a.number("request-timeout", above: 0, atMost: 3600, unit: "seconds")
        useOneHeapArena()
        let configuration: HostConfiguration
        do {
            configuration = try HostConfiguration.load(path: configPath)
        } catch {
            throw CommandFailure("\(error)")
        }
        let store = ArchiveStore(root: URL(fileURLWithPath: a.value("store") ?? "Archives/store", isDirectory: true))
        let out = URL(fileURLWithPath: a.value("out") ?? store.root.appendingPathComponent("live").path, isDirectory: true)
        let socketPath = try a.value("socket") ?? defaultSocketPath()
        let socket: ControlSocket
        do {
            socket = try ControlSocket(path: socketPath)
        } catch {
            throw CommandFailure("\(error)")
        }
        let sandbox = try a.sandbox()
        let host = WidgetHost(store: store, clock: RealClock(), launcher: PosixProcessLauncher(sandbox: sandbox))
        if let mb = memoryLimit { host.supervision.memoryLimit = mb << 20 }
        if let mb = dataQuota { host.supervision.dataQuota = mb << 20 }
        if let count = processLimit { host.supervision.processLimit = count }
        if let count = descriptorLimit { host.supervision.descriptorLimit = count }
        if let seconds = requestTimeout { host.requestTimeout = seconds }
        let verbose = a.has("verbose")
        host.log = { line in
            if verbose { FileHandle.standardError.write(Data("widget-host: \(line)\n".utf8)) }
        }
        // SIGINT and SIGTERM stop the run loop between events; SIGHUP reads the configuration again.
        Signal.interrupt.raiseFlagOnArrival()
        Signal.terminate.raiseFlagOnArrival()
        Signal.hangUp.raiseFlagOnArrival()
        // Every reload decision, as it is made, in the same form as `simulate`'s log: follow it with `tail -f`.
        try OutputFile.createDirectory(out)
        let log: ScheduleLogFile
        do {
            log = try ScheduleLogFile(path: out.appendingPathComponent("events.jsonl").path, chunkSize: 1, inPlace: true)
        } catch {
            throw CommandFailure("\(error)")
        }
        // `recordLine` may be called from any thread (the log file takes its own lock for it).
        nonisolated(unsafe) let lines = log
        try NetworkRouting.attach(try a.network(), settings: configuration.network, to: host) { event in
            lines.recordLine(event.jsonLine)
            if verbose { FileHandle.standardError.write(Data("widget-host: network: \(NetworkRouting.line(event))\n".utf8)) }
        }
        let runner = HostRunner(host: host, configuration: configuration, outputDirectory: out, socket: socket,
                                dailyBudget: budget ?? ViewFrequency.high.dailyBudget, rules: rules, log: log)
        runner.notice = { line in FileHandle.standardError.write(Data("widget-host run: \(line)\n".utf8)) }
        FileHandle.standardOutput.write(Data("widget-host run: \(configuration.instances.count) instance(s); extensions in the \(sandbox) sandbox; renders in \(out.path); control socket \(socketPath)\n".utf8))
        if sandbox == .full { try printRoots(configuration, host: host) }
        runner.run(until: duration.map { Date().addingTimeInterval($0) }, shouldStop: { Signal.interrupt.flagIsRaised || Signal.terminate.flagIsRaised }, reconfiguration: {
            guard Signal.hangUp.takeFlag() else { return nil }
            do {
                return try HostConfiguration.load(path: configPath)
            } catch {
                // A broken file changes nothing: the host goes on with what it has.
                FileHandle.standardError.write(Data("widget-host run: configuration not reloaded: \(error)\n".utf8))
                return nil
            }
        })
        host.shutdown()
        try? log.finish()
        print("widget-host run: stopped")
    }

    /// What each extension may read in the full sandbox: its root, and what the configuration granted.
    private static func printRoots(_ configuration: HostConfiguration, host: WidgetHost) throws {
        for path in configuration.extensionPaths {
            let id = URL(fileURLWithPath: path).lastPathComponent
            do {
                let root = try host.root(for: path)
                print("  \(id) reads \(root.summary(granted: configuration.readPaths?[id] ?? []))")
            } catch {
                throw CommandFailure("\(error)")
            }
        }
    }
}

/// `widget-host tap|reload|status`: commands for a running host.
enum ControlCommand {
    static func tap(_ args: [String]) throws {
        let a = try Arguments(args, options: ["element", "at", "socket", "placement"])
        guard a.positional.count == 1 else { throw UsageError("tap takes one INSTANCE (or a Live Activity's ID)") }
        var request = ControlRequest(command: .tap, instance: a.positional[0])
        request.placement = a.value("placement")
        switch (a.value("element"), a.value("at")) {
        case (let element?, nil):
            request.element = element
        case (nil, let point?):
            let parts = point.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2 else { throw UsageError("--at takes X,Y in points, such as --at 40,120") }
            request.x = parts[0]
            request.y = parts[1]
        default:
            throw UsageError("tap needs exactly one of --element ID or --at X,Y")
        }
        try send(request, socket: a.value("socket"))
    }

    static func reload(_ args: [String]) throws {
        let a = try Arguments(args, options: ["kind", "socket"], flags: ["foreground"])
        guard a.positional.isEmpty else { throw UsageError("reload takes no positional arguments") }
        var request = ControlRequest(command: .reload, kind: try a.required("kind"))
        request.foreground = a.has("foreground")
        try send(request, socket: a.value("socket"))
    }

    /// `push TOKEN` delivers a `content-changed` push; `push --rotate EXTENSION` replaces its tokens;
    /// with `--payload`, an ActivityKit push to an activity's token, a push-to-start token, or
    /// (`--channel`) a broadcast channel, at `--priority` 10 (the default) or 5.
    static func push(_ args: [String]) throws {
        let a = try Arguments(args, options: ["rotate", "socket", "payload", "priority", "channel"], flags: ["json"])
        if a.value("payload") != nil || a.value("channel") != nil {
            var request = ControlRequest(command: .push, token: a.positional.first)
            guard a.positional.count == (a.value("channel") == nil ? 1 : 0) else {
                throw UsageError("an ActivityKit push goes to one TOKEN, or to --channel ID")
            }
            if let token = request.token, PushTokenIssuer.bytes(hex: token) == nil { throw UsageError("push takes a TOKEN in hex (got \(token))") }
            request.payload = try ActivityCommand.json(a, "payload", required: true)
            request.channel = a.value("channel")
            request.priority = try a.integer("priority", in: 5...10)
            if let priority = request.priority, priority != 5 && priority != 10 { throw UsageError("--priority is 5 or 10 (apns-priority)") }
            return try ActivityCommand.send(request, socket: a.value("socket"), json: a.has("json"))
        }
        switch (a.positional.count, a.value("rotate")) {
        case (1, nil):
            guard PushTokenIssuer.bytes(hex: a.positional[0]) != nil else {
                throw UsageError("push takes a TOKEN in hex, as status shows it (got \(a.positional[0]))")
            }
            try send(ControlRequest(command: .push, token: a.positional[0]), socket: a.value("socket"))
        case (0, let id?):
            try send(ControlRequest(command: .rotatePushTokens, extensionID: id), socket: a.value("socket"))
        default:
            throw UsageError("push needs exactly one of TOKEN or --rotate EXTENSION")
        }
    }

    static func status(_ args: [String]) throws {
        let a = try Arguments(args, options: ["socket"], flags: ["json"])
        guard a.positional.isEmpty else { throw UsageError("status takes no positional arguments") }
        try send(ControlRequest(command: .status), socket: a.value("socket"), json: a.has("json"))
    }

    private static func send(_ request: ControlRequest, socket: String?, json: Bool = false) throws {
        let response = try exchange(request, socket: socket)
        if json {
            try JSONOutput.print(response)
            if !response.ok { throw CommandFailure(response.message) }
            return
        }
        print(response.message)
        for s in response.instances ?? [] {
            var line = "  \(s.id): \(s.kind) \(s.family) on \(s.placement), \(s.entries) entries"
            if let pid = s.extensionPID { line += ", extension pid \(pid)" }
            if let current = s.currentEntry { line += ", showing \(current)" }
            if let next = s.nextReload { line += ", next reload \(next)" }
            if let left = s.budgetLeft { line += ", budget left \(left)" }
            if let token = s.pushToken { line += ", push token \(token)" }
            print(line)
            if !s.texts.isEmpty { print("    shows: \(s.texts.joined(separator: " | "))") }
            if let error = s.lastError { print("    last error: \(error)") }
        }
        for stack in response.stacks ?? [] { print("  stack \(stack.id): \(stack.top) on top (\(stack.reason))") }
        if !response.ok { throw CommandFailure(response.message) }
    }
}
