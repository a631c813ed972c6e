import Foundation
import WidgetArchive
import WidgetRender
import WidgetScheduling
import WidgetStore

/// One instance's reload as the run loop hands it to the `ReloadPool`: ask its extension, then
/// publish what it shows.
///
/// `@unchecked Sendable`: it carries its `WidgetSession` (not Sendable) to a pool thread. The run loop
/// hands a session to one job at a time and waits for the batch before touching it again.
struct ReloadJob: @unchecked Sendable {
    let session: WidgetSession
    let index: Int
    let cause: ReloadCause
    let context: PublishContext

    func run() -> Result<ScheduledTimeline, any Error> {
        let result: Result<ScheduledTimeline, any Error>
        do {
            let t = try session.reload(reason: ReloadReason(cause))
            context.board.update(index) { $0.lastError = nil }
            result = .success(ScheduledTimeline(entryDates: t.entries.map(\.date), policy: t.policy))
        } catch {
            context.board.update(index) { $0.lastError = "\(error)" }
            context.host.log("\(session.instance.id): reload failed: \(error); the last good entry stays shown")
            result = .failure(error)
        }
        publish()
        return result
    }

    /// Renders the instance's current state to `<out>/<id>.png` and `.json`, and puts it on the board.
    func publish() {
        let host = context.host
        let pid = host.runningProcessID(session.instance.extensionPath)
        guard let t = session.timeline else {
            context.board.update(index) { $0.extensionPID = pid }
            return
        }
        let now = host.clock.now
        let entry = t.entryIndex(at: now)
        context.shown[index] = entry
        do {
            let tree = try session.render()
            let base = context.outputDirectory.appendingPathComponent(ArchiveStore.safeComponent(session.instance.id))
            // Whole files for whoever watches the folder; no fsync: the next render replaces them anyway.
            try DurableFile.replace(base.appendingPathExtension("png").path, with: context.painter.png(tree))
            try DurableFile.replace(base.appendingPathExtension("json").path, with: Array(tree.json().utf8))
            context.board.update(index) {
                $0.texts = tree.texts
                $0.entries = t.entries.count
                $0.currentEntry = entry.map { CivilDate.isoDate(t.entries[$0].date) }
                $0.extensionPID = pid
            }
            host.log("\(session.instance.id): shows entry \((entry ?? 0) + 1) of \(t.entries.count)")
        } catch {
            context.board.update(index) {
                $0.lastError = "\(error)"
                $0.entries = t.entries.count
                $0.extensionPID = pid
            }
        }
    }
}

/// What every job publishes with and to.
struct PublishContext: Sendable {
    let host: WidgetHost
    let outputDirectory: URL
    let painter: PNGRenderer
    let board: StatusBoard
    let shown: ShownEntries
}

/// The entry each instance last published, by instance.
///
/// `@unchecked Sendable`: guarded by `lock`.
final class ShownEntries: @unchecked Sendable {
    private var entries: [Int?]
    private let lock = NSLock()
    init(count: Int) { entries = Array(repeating: nil, count: count) }
    func append() { lock.withLock { entries.append(nil) } }
    func reset(_ index: Int) { lock.withLock { entries[index] = nil } }
    subscript(index: Int) -> Int? {
        get { lock.withLock { entries[index] } }
        set { lock.withLock { entries[index] = newValue } }
    }
}
