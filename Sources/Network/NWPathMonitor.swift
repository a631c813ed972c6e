import Foundation

/// `NWPathMonitor`: watches the device's network path. Here the path is the offline one and never
/// changes: `start(queue:)` delivers it once to `pathUpdateHandler` on `queue` (as Apple's delivers the
/// first path as soon as it is started), and nothing follows. `currentPath` is that path throughout.
public final class NWPathMonitor: @unchecked Sendable {
    /// The interface type the monitor was asked to watch, if one.
    public let requiredInterfaceType: NWInterface.InterfaceType?
    public let prohibitedInterfaceTypes: [NWInterface.InterfaceType]

    private let lock = NSLock()
    // The rest is only touched with `lock` held.
    private var handler: (@Sendable (NWPath) -> Void)?
    private var userQueue: DispatchQueue?
    private var cancelled = false

    public init() {
        requiredInterfaceType = nil
        prohibitedInterfaceTypes = []
    }

    public init(requiredInterfaceType: NWInterface.InterfaceType) {
        self.requiredInterfaceType = requiredInterfaceType
        prohibitedInterfaceTypes = []
    }

    public init(prohibitedInterfaceTypes: [NWInterface.InterfaceType]) {
        requiredInterfaceType = nil
        self.prohibitedInterfaceTypes = prohibitedInterfaceTypes
    }

    @preconcurrency
    public var pathUpdateHandler: (@Sendable (_ newPath: NWPath) -> Void)? {
        get { lock.withLock { handler } }
        set { lock.withLock { handler = newValue } }
    }

    /// The offline path, before and after `start(queue:)` alike.
    public var currentPath: NWPath { OfflineNetwork.path }

    public var queue: DispatchQueue? { lock.withLock { userQueue } }

    /// Starts watching: the offline path is delivered once on `queue`. A second start does nothing.
    public func start(queue: DispatchQueue) {
        let first = lock.withLock { () -> Bool in
            guard userQueue == nil, !cancelled else { return false }
            userQueue = queue
            return true
        }
        guard first else { return }
        OfflineNetwork.sayOnce()
        queue.async { [self] in
            let deliver = lock.withLock { () -> (@Sendable (NWPath) -> Void)? in cancelled ? nil : handler }
            deliver?(OfflineNetwork.path)
        }
    }

    /// Stops watching: nothing more is delivered (not even a first path still on its way), and the
    /// handler is let go.
    public func cancel() {
        lock.withLock {
            cancelled = true
            handler = nil
        }
    }
}

/// `for await path in monitor` (iOS 17): the offline path, then nothing until the task is cancelled,
/// as on a device whose network never comes back.
extension NWPathMonitor: AsyncSequence {
    public typealias Element = NWPath

    public struct AsyncIterator: AsyncIteratorProtocol {
        private var paths: AsyncStream<NWPath>.Iterator

        init() {
            paths = AsyncStream<NWPath> { continuation in continuation.yield(OfflineNetwork.path) }.makeAsyncIterator()
        }

        public mutating func next() async -> NWPath? { await paths.next() }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        OfflineNetwork.sayOnce()
        return AsyncIterator()
    }
}
