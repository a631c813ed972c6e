import Foundation
import WidgetArchive
import WidgetHostCore
import WidgetProtocol
import WidgetRender

/// `widget-host demo`: the whole path on built-in defaults. Launches the bundled caffeine tracker as
/// a real process, archives a day of its timeline on a virtual clock (reloading when its policy says),
/// taps its "Espresso" button once (the intent runs in the extension), renders every entry, and prints
/// where everything went.
enum DemoCommand {
    static func run(_ args: [String]) throws {
        let a = try Arguments(args, options: ["store", "out"])
        guard a.positional.isEmpty else { throw UsageError("demo takes no positional arguments") }
        let storeRoot = URL(fileURLWithPath: a.value("store") ?? "Archives/store", isDirectory: true)
        let outDir = URL(fileURLWithPath: a.value("out") ?? storeRoot.appendingPathComponent("demo-renders").path, isDirectory: true)
        let executable = try BundledExtensions.path("CaffeineTracker")

        // Start the example's own data afresh so the printed totals are the demo's.
        let store = ArchiveStore(root: storeRoot)
        try? FileManager.default.removeItem(at: store.dataDirectory("CaffeineTracker"))
        try? FileManager.default.removeItem(at: outDir)
        do {
            try FileManager.default.createDirectory(at: outDir, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("cannot create \(outDir.path): \(error.localizedDescription)")
        }

        let day = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 86_400).rounded(.down) * 86_400)
        let start = day.addingTimeInterval(8 * 3600)
        let end = start.addingTimeInterval(24 * 3600)
        let tapAt = start.addingTimeInterval(2.5 * 3600)
        let clock = VirtualClock(start: start)
        let host = WidgetHost(store: store, clock: clock)
        defer { host.shutdown() }
        let kind = "CaffeineTracker", family = WidgetFamily.systemSmall
        let variants = [EnvironmentVariant(colorScheme: .light), EnvironmentVariant(colorScheme: .dark)]
        let placement = Placement.iPhoneHomeScreen

        print("widget-host demo: \(kind) (\(family)) on \(placement.name), virtual time \(iso(start)) → \(iso(end))")
        var reloads = 0, renders = 0, tapped = false
        var timeline = try host.reload(executable: executable, kind: kind, family: family, variants: variants)
        reloads += 1
        let connection = try host.connection(to: executable)
        print("  extension \(connection.extensionID) running as pid \(connection.process.pid); widgets: \(connection.hello.widgets.map { "\($0.kind) [\($0.families.map(\.rawValue).joined(separator: ", "))]" }.joined(separator: "; "))")
        var firstTexts: [String] = []

        while clock.now < end {
            // Show each entry at its date until the policy asks for a new timeline.
            let nextReload = nextReloadDate(timeline, now: clock.now)
            for entry in timeline.entries where entry.date >= clock.now && entry.date < min(nextReload, end) {
                if !tapped && entry.date > tapAt {
                    clock.advance(to: tapAt)
                    let before = try render(host, timeline, at: tapAt, placement: placement, out: outDir, label: "before-tap")
                    renders += 1
                    guard let button = before.root.allNodes().first(where: { $0.id == "log-espresso" && $0.action?.kind == .intent }),
                          let action = button.action, let target = action.target,
                          let params = action.parameters.flatMap({ Data(base64Encoded: $0) }) else {
                        throw CommandFailure("the demo widget has no Espresso button to tap")
                    }
                    try connection.performIntent(IntentReference(typeIdentifier: target, parameters: [UInt8](params)), kind: kind, now: clock.now)
                    print("  \(hhmm(tapAt)) tap \"Espresso\" → \(target) performed by pid \(connection.process.pid); interaction reload")
                    timeline = try host.reload(executable: executable, kind: kind, family: family, variants: variants)
                    reloads += 1
                    tapped = true
                    let after = try render(host, timeline, at: tapAt, placement: placement, out: outDir, label: "after-tap")
                    renders += 1
                    print("         now shows: \(after.texts.joined(separator: " | "))")
                    break
                }
                clock.advance(to: entry.date)
                let tree = try render(host, timeline, at: entry.date, placement: placement, out: outDir, label: "entry")
                renders += 1
                if firstTexts.isEmpty { firstTexts = tree.texts }
                print("  \(hhmm(entry.date)) \(tree.texts.joined(separator: " | "))")
            }
            if tapped && clock.now == tapAt { continue }
            guard nextReload < end else { break }
            clock.advance(to: nextReload)
            timeline = try host.reload(executable: executable, kind: kind, family: family, variants: variants)
            reloads += 1
            print("  \(hhmm(nextReload)) reload (policy \(timeline.policy)): \(timeline.entries.count) entries archived")
        }

        let timelineFile = store.timelineFile(extensionID: connection.extensionID, kind: kind, family: family)
        let logLines = (try? String(contentsOf: store.logFile(connection.extensionID), encoding: .utf8))?
            .split(separator: "\n").filter { $0.contains("logged") } ?? []
        print("""

        summary
          reloads: \(reloads) (\(timeline.entries.count) entries × \(variants.count) variants each), renders: \(renders)
          extension log: \(logLines.last.map(String.init) ?? "no intent performed")
          archives: \(timelineFile.path)
          renders:  \(outDir.path)
          inspect:  swift run widget-host inspect \(timelineFile.path) --entry 0
        """)
    }

    /// When the policy asks for the next timeline (real budgeting lives in the scheduler).
    static func nextReloadDate(_ t: StoredTimeline, now: Date) -> Date {
        switch t.policy {
        case .atEnd: return max(t.entries.last?.date ?? now, now).addingTimeInterval(t.entries.count > 1 ? 0 : 3600)
        case .after(let date): return max(date, now.addingTimeInterval(60))
        case .never: return .distantFuture
        }
    }

    static func render(_ host: WidgetHost, _ timeline: StoredTimeline, at date: Date, placement: Placement, out: URL, label: String) throws -> RenderTree {
        let context = RenderContext(placement: placement, family: timeline.family, date: date)
        let (tree, _) = try host.render(timeline, at: date, context: context)
        let base = out.appendingPathComponent("\(hhmm(date).replacingOccurrences(of: ":", with: ""))-\(label)")
        do {
            try Data(tree.json().utf8).write(to: base.appendingPathExtension("json"))
            try Data(RenderTreeDump.dump(tree).utf8).write(to: base.appendingPathExtension("txt"))
        } catch {
            throw CommandFailure("cannot write renders to \(out.path): \(error.localizedDescription)")
        }
        return tree
    }

    static func iso(_ d: Date) -> String { ArchiveTextDump.isoDate(d) }
    static func hhmm(_ d: Date) -> String {
        let s = Int(d.timeIntervalSince1970.rounded(.down)) % 86_400
        return String(format: "%02d:%02d", s / 3600, (s % 3600) / 60)
    }
}
