import Foundation

/// The asynchronous sequences ActivityKit hands out (`activityStateUpdates`, `contentUpdates`,
/// `pushTokenUpdates`, `activityUpdates`, `pushToStartTokenUpdates`): each iteration sees what changes
/// from then on, starting with the current value where there is one (a push token already issued, say).
// `@unchecked Sendable`: as Apple declares its sequences, whatever the element (a content state need not be
// `Sendable`); it holds only the current value and how to listen.
public struct ActivityUpdateSequence<Element>: AsyncSequence, @unchecked Sendable {
    public typealias AsyncIterator = AsyncStream<Element>.Iterator
    private let first: Element?
    private let register: @Sendable (AsyncStream<Element>.Continuation) -> Void

    init(first: Element?, register: @escaping @Sendable (AsyncStream<Element>.Continuation) -> Void) {
        self.first = first
        self.register = register
    }

    public func makeAsyncIterator() -> AsyncStream<Element>.Iterator {
        let (stream, continuation) = AsyncStream<Element>.makeStream()
        if let first { continuation.yield(first) }
        register(continuation)
        return stream.makeAsyncIterator()
    }
}

/// The continuations of one kind of update, told each new value; a finished iteration drops out.
final class UpdateListeners<Element>: @unchecked Sendable {
    // `@unchecked Sendable`: `continuations` is only touched with `lock` held.
    private let lock = NSLock()
    private var continuations: [UUID: AsyncStream<Element>.Continuation] = [:]

    func add(_ continuation: AsyncStream<Element>.Continuation) {
        let id = UUID()
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        lock.withLock { continuations[id] = continuation }
    }

    private func remove(_ id: UUID) {
        _ = lock.withLock { continuations.removeValue(forKey: id) }
    }

    func yield(_ value: Element) {
        for continuation in lock.withLock({ Array(continuations.values) }) {
            // Each listener gets the same immutable value (a content state, a token, a state).
            nonisolated(unsafe) let shared = value
            continuation.yield(shared)
        }
    }

    func finish() {
        for continuation in lock.withLock({ Array(continuations.values) }) { continuation.finish() }
    }
}
