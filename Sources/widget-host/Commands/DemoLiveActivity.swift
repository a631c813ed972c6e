import Foundation
import WidgetArchive
import WidgetControl
import WidgetHostCore
import WidgetLayout
import WidgetProtocol
import WidgetRender

/// The demo's Live Activity: the caffeine tracker's app (a process of its own, reaching the host through
/// ActivityKit over a control socket) starts a caffeine session in the morning and logs a latte at
/// lunch; an espresso is logged from the expanded Dynamic Island (a LiveActivityIntent performed in the
/// extension); the app's server pushes a cold brew (priority 10); and eight hours after it started, the
/// system ends the session, which then stays on the Lock Screen. Each step is drawn where it shows.
final class DemoLiveActivity {
    let center: ActivityCenter
    let endpoint: ActivityControlEndpoint
    let appPath: String
    let clock: VirtualClock
    let outDir: URL
    private let painter = PNGRenderer()
    private var steps: [(date: Date, step: Step)]
    private(set) var renders = 0
    private var sessionID: String?

    enum Step { case appStarts, tapInIsland, appLogsLatte, serverPushes }

    init(host: WidgetHost, clock: VirtualClock, caffeinePath: String, outDir: URL, start: Date) throws {
        appPath = try BundledExtensions.path("CaffeineTrackerApp")
        self.clock = clock
        self.outDir = outDir
        center = ActivityCenter(host: host, extensions: [caffeinePath])
        let folder = (try ControlSocket.defaultPath() as NSString).deletingLastPathComponent
        do {
            endpoint = try ActivityControlEndpoint(activities: center, path: (folder as NSString).appendingPathComponent("demo-\(getpid()).sock"))
        } catch {
            throw CommandFailure("\(error)")
        }
        steps = [(start.addingTimeInterval(1.25 * 3600), .appStarts), (start.addingTimeInterval(3 * 3600), .tapInIsland),
                 (start.addingTimeInterval(4.5 * 3600), .appLogsLatte), (start.addingTimeInterval(6 * 3600), .serverPushes)]
    }

    /// When something is next due: a step of the app's or the server's, or one of the system's rules
    /// (the session's 8-hour end, its removal from the Lock Screen).
    func nextDue() -> Date? {
        [steps.first?.date, center.nextDate()].compactMap { $0 }.min()
    }

    /// Carries out what is due at the clock's instant.
    func carryOut() throws {
        let now = clock.now
        for change in center.advance() {
            guard let status = center.status(change) else { continue }
            say("the system: \(status.notes?.last.map { $0.split(separator: " ", maxSplits: 1).last.map(String.init) ?? $0 } ?? status.activityState)")
            try draw(change, in: .activityLockScreen, label: status.activityState)
        }
        while let first = steps.first, first.date <= now {
            steps.removeFirst()
            try perform(first.step)
        }
    }

    private func perform(_ step: Step) throws {
        switch step {
        case .appStarts:
            let (pid, output) = try runApp(["log", "Espresso", "64"])
            say("the app (pid \(pid)) starts a Live Activity: \(output)")
            sessionID = center.records.last?.id
            try drawSession("started")
        case .tapInIsland:
            guard let id = sessionID else { return }
            let (outcome, final) = try center.tap(id, placement: .islandExpanded, element: "session-espresso")
            try write(final, "\(DemoCommand.hhmm(clock.now).replacingOccurrences(of: ":", with: ""))-session-island-expanded-after-tap")
            say("tap \"Espresso\" in the expanded Dynamic Island: \(DemoCommand.describe(outcome)); the island shows \(final.texts.joined(separator: " | "))")
        case .appLogsLatte:
            let (pid, output) = try runApp(["log", "Latte", "96"])
            say("the app (pid \(pid)) updates it: \(output)")
            try drawSession("updated")
        case .serverPushes:
            guard let id = sessionID, let token = center.record(id)?.pushToken, !token.isEmpty else { return }
            let state = #"{"activeMilligrams":260,"totalMilligrams":384,"drinks":4,"lastDrink":"Cold brew","calmAt":\#(clock.now.addingTimeInterval(5 * 3600 * 3.1).timeIntervalSinceReferenceDate)}"#
            let payload = JSONValue(json: Array(#"{"aps":{"event":"update","timestamp":\#(Int(clock.now.timeIntervalSince1970)),"content-state":\#(state)}}"#.utf8)) ?? .null
            let outcome = center.push(token: token, channel: nil, payload: payload, priority: 10)
            say("the app's server pushes a cold brew to \(PushTokenIssuer.hex(token).prefix(8))… (priority 10): \((try? outcome.get()).map { "\($0)" } ?? "refused")")
            try drawSession("pushed")
            // Every place the session can be shown, as it stands now.
            if let status = center.status(id) { ActivityPublisher(center: center, outputDirectory: outDir).publish([status]) }
        }
    }

    /// Runs the app with the host's socket and clock; its pid and what it printed.
    private func runApp(_ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: appPath)
        process.arguments = arguments + ["--now", ControlDate.string(clock.now)]
        var environment = ProcessInfo.processInfo.environment
        environment[ControlClient.socketVariable] = endpoint.path
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0 else { throw CommandFailure("CaffeineTrackerApp \(arguments.joined(separator: " ")) failed: \(text)") }
        return (process.processIdentifier, text)
    }

    /// The session on the Lock Screen and in the island as it holds it now.
    private func drawSession(_ label: String) throws {
        guard let id = sessionID else { return }
        try draw(id, in: .activityLockScreen, label: label)
        let island = center.island.placement(of: id) == "island-minimal" ? Placement.islandMinimal : .islandCompact
        try draw(id, in: island, label: label)
        if let tree = center.render(id, placement: .activityLockScreen) { say("  Lock Screen: \(tree.texts.joined(separator: " | "))") }
    }

    private func draw(_ id: String, in placement: Placement, label: String) throws {
        guard let tree = center.render(id, placement: placement) else { return }
        try write(tree, "\(DemoCommand.hhmm(clock.now).replacingOccurrences(of: ":", with: ""))-session-\(placement.id)-\(label)")
    }

    private func write(_ tree: RenderTree, _ name: String) throws {
        let base = outDir.appendingPathComponent(name)
        try OutputFile.write(painter.png(tree), to: base.appendingPathExtension("png"))
        try OutputFile.write(tree.json(), to: base.appendingPathExtension("json"))
        renders += 1
    }

    private func say(_ line: String) { print("  \(DemoCommand.hhmm(clock.now)) \(line)") }

    /// Where the session ended the day, and where its presentations were drawn.
    func finish() -> String? {
        endpoint.stop()
        guard let id = sessionID, let status = center.status(id) else { return nil }
        return "Live Activity \(id.prefix(8))…: \(status.activityState) by day's end; every presentation: \(outDir.appendingPathComponent("activities").path)"
    }
}
