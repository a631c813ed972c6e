import Dispatch
import Foundation

/// Runs a batch of reloads at once: at most `width` at a time (the machine's cores), one at a time
/// per extension (its key), in the order given within a key. The caller waits for the batch, and can
/// stop waiting: jobs not yet started are skipped, and `interrupt` is called once so that those in
/// flight end at once (the host kills its extensions).
///
/// `@unchecked Sendable`: `results` and `cancelled` are guarded by `lock`; the queues and the
/// semaphore are thread-safe.
final class ReloadPool: @unchecked Sendable {
    let width: Int
    private let slots: DispatchSemaphore
    private var queues: [String: DispatchQueue] = [:]
    private let lock = NSLock()

    init(width: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.width = max(1, width)
        slots = DispatchSemaphore(value: self.width)
    }

    private func queue(for key: String) -> DispatchQueue {
        lock.withLock {
            if let queue = queues[key] { return queue }
            let made = DispatchQueue(label: "WidgetHost.reload.\(queues.count)")
            queues[key] = made
            return made
        }
    }

    /// Runs `jobs`; returns each one's result in order, nil for those skipped after a stop.
    func run<Result: Sendable>(_ jobs: [(key: String, work: @Sendable () -> Result)], shouldStop: () -> Bool,
                               interrupt: () -> Void) -> [Result?] {
        let batch = Batch<Result>(count: jobs.count)
        let group = DispatchGroup()
        for (index, job) in jobs.enumerated() {
            queue(for: job.key).async(group: group) { [slots] in
                guard !batch.isCancelled else { return }
                slots.wait()
                defer { slots.signal() }
                guard !batch.isCancelled else { return }
                batch.set(index, job.work())
            }
        }
        while group.wait(timeout: .now() + .milliseconds(100)) == .timedOut {
            guard shouldStop() else { continue }
            batch.cancel()
            interrupt()
            group.wait()
            break
        }
        return batch.results
    }

    /// `@unchecked Sendable`: guarded by `lock`.
    private final class Batch<Result: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [Result?]
        private var cancelled = false
        init(count: Int) { stored = Array(repeating: nil, count: count) }
        var isCancelled: Bool { lock.withLock { cancelled } }
        func cancel() { lock.withLock { cancelled = true } }
        func set(_ index: Int, _ value: Result) { lock.withLock { stored[index] = value } }
        var results: [Result?] { lock.withLock { stored } }
    }
}
