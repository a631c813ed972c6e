import Foundation

/// `NWConnection`, as a device with no network runs one. No socket is opened.
///
/// Started, it goes `.preparing` then `.waiting(.posix(.ENETDOWN))`, which is what Apple's connection
/// does when no interface can reach the endpoint: it waits for the network to change, and here it
/// never does, so the connection stays waiting until the app cancels it. (It does not go `.failed`:
/// Apple fails a connection for a refusal or a handshake error, which needs a network to happen.)
///
/// Sends and receives complete with the error the connection waits with, right away on its queue.
/// Apple's would hold them until the path changes, which offline means forever: a widget that awaits
/// a send would then hang its timeline. Those asked before `start(queue:)` complete when it starts;
/// after `cancel()`, with `ECANCELED`, as Apple's do. Every handler runs on the queue given to
/// `start(queue:)`, in the order the connection's state changed.
public final class NWConnection: @unchecked Sendable, CustomDebugStringConvertible {
    public typealias ReceiveCompletion = @Sendable (_ content: Data?, _ contentContext: ContentContext?, _ isComplete: Bool, _ error: NWError?) -> Void

    public let endpoint: NWEndpoint
    public let parameters: NWParameters

    private enum Pending {
        case send(@Sendable (NWError?) -> Void)
        case receive(ReceiveCompletion)
    }

    private let lock = NSLock()
    // The rest is only touched with `lock` held.
    private var current: State = .setup
    private var delivery: DispatchQueue?
    private var userQueue: DispatchQueue?
    private var beforeStart: [Pending] = []
    private var stateHandler: (@Sendable (State) -> Void)?
    private var pathHandler: (@Sendable (NWPath) -> Void)?
    private var viabilityHandler: (@Sendable (Bool) -> Void)?
    private var betterPathHandler: (@Sendable (Bool) -> Void)?

    /// Where completions go when the connection was cancelled without ever being started: Apple's
    /// would not call them at all, which leaves an awaiting caller hanging.
    private static let unstartedQueue = DispatchQueue(label: "Network.NWConnection.unstarted")

    public convenience init(host: NWEndpoint.Host, port: NWEndpoint.Port, using parameters: NWParameters) {
        self.init(to: .hostPort(host: host, port: port), using: parameters)
    }

    public init(to endpoint: NWEndpoint, using parameters: NWParameters) {
        self.endpoint = endpoint
        self.parameters = parameters
    }

    @preconcurrency
    public var stateUpdateHandler: (@Sendable (_ state: State) -> Void)? {
        get { lock.withLock { stateHandler } }
        set { lock.withLock { stateHandler = newValue } }
    }

    @preconcurrency
    public var pathUpdateHandler: (@Sendable (_ newPath: NWPath) -> Void)? {
        get { lock.withLock { pathHandler } }
        set { lock.withLock { pathHandler = newValue } }
    }

    @preconcurrency
    public var viabilityUpdateHandler: (@Sendable (_ isViable: Bool) -> Void)? {
        get { lock.withLock { viabilityHandler } }
        set { lock.withLock { viabilityHandler = newValue } }
    }

    @preconcurrency
    public var betterPathUpdateHandler: (@Sendable (_ betterPathAvailable: Bool) -> Void)? {
        get { lock.withLock { betterPathHandler } }
        set { lock.withLock { betterPathHandler = newValue } }
    }

    /// The state the connection is in; its handler hears of a change right after, on the queue.
    public var state: State { lock.withLock { current } }

    public var queue: DispatchQueue? { lock.withLock { userQueue } }

    /// The offline path once started (no interfaces, no endpoints), `nil` before, as Apple's.
    public var currentPath: NWPath? { lock.withLock { delivery == nil ? nil : OfflineNetwork.path } }

    /// Nothing can be sent, so no datagram fits.
    public var maximumDatagramSize: Int { 0 }

    public var debugDescription: String { "\(endpoint.debugDescription) \(parameters.debugDescription)" }

    /// Starts the connection on `queue`: `.preparing`, the offline path, then `.waiting`. A second
    /// start, or a start after `cancel()`, does nothing.
    public func start(queue: DispatchQueue) {
        let started = lock.withLock { () -> (DispatchQueue, [Pending])? in
            guard current == .setup, delivery == nil else { return nil }
            // A serial queue of our own in front of the app's, so that the app's queue may be
            // concurrent and the handlers still hear the states in order.
            let serial = DispatchQueue(label: "Network.NWConnection", target: queue)
            delivery = serial
            userQueue = queue
            current = .waiting(OfflineNetwork.waitingError)
            defer { beforeStart = [] }
            return (serial, beforeStart)
        }
        guard let (serial, pending) = started else { return }
        OfflineNetwork.sayOnce()
        announce(.preparing, on: serial)
        serial.async { [self] in lock.withLock { pathHandler }?(OfflineNetwork.path) }
        announce(.waiting(OfflineNetwork.waitingError), on: serial)
        for item in pending { complete(item, with: OfflineNetwork.waitingError, on: serial) }
    }

    /// Tries again after waiting: `.preparing`, then `.waiting` again, since nothing has changed.
    public func restart() {
        let serial = lock.withLock { () -> DispatchQueue? in
            guard case .waiting = current else { return nil }
            return delivery
        }
        guard let serial else { return }
        announce(.preparing, on: serial)
        announce(.waiting(OfflineNetwork.waitingError), on: serial)
    }

    /// Ends the connection: `.cancelled` (the last state its handler hears; the handlers are then
    /// let go, as Apple's are), and completions still pending finish with `ECANCELED`.
    public func cancel() {
        let cancelled = lock.withLock { () -> (DispatchQueue?, [Pending])? in
            guard current != .cancelled else { return nil }
            current = .cancelled
            defer { beforeStart = [] }
            return (delivery, beforeStart)
        }
        guard let (serial, pending) = cancelled else { return }
        if let serial {
            announce(.cancelled, on: serial)
        } else {
            releaseHandlers()
        }
        for item in pending { complete(item, with: OfflineNetwork.cancelledError, on: serial ?? Self.unstartedQueue) }
    }

    /// As `cancel()`: there is no protocol state to tear down politely.
    public func forceCancel() { cancel() }

    /// Apple's moves on to the endpoint's next address; offline there is none to move to.
    public func cancelCurrentEndpoint() {}

    /// Sends `content`. `.contentProcessed` hears the error the connection waits with (or
    /// `ECANCELED` once cancelled); nothing leaves the device.
    @preconcurrency
    public func send(content: Data?, contentContext: ContentContext = .defaultMessage, isComplete: Bool = true, completion: SendCompletion) {
        guard case .contentProcessed(let done) = completion else { return }
        settle(.send(done))
    }

    /// Sends any bytes (`[UInt8]`, a `DispatchData`…), as `send(content:…)` with `Data`.
    @preconcurrency
    public func send<Content: DataProtocol>(
        content: Content?, contentContext: ContentContext = .defaultMessage, isComplete: Bool = true, completion: SendCompletion
    ) {
        send(content: content.map { Data($0) }, contentContext: contentContext, isComplete: isComplete, completion: completion)
    }

    /// Receives bytes: none come; `completion` hears the error the connection waits with.
    @preconcurrency
    public func receive(minimumIncompleteLength: Int, maximumLength: Int, completion: @escaping ReceiveCompletion) {
        settle(.receive(completion))
    }

    /// Receives a whole message: none comes, as with `receive`.
    @preconcurrency
    public func receiveMessage(completion: @escaping ReceiveCompletion) {
        settle(.receive(completion))
    }

    /// Runs `block`, whose sends and receives Apple's would coalesce.
    public func batch(_ block: () -> Void) { block() }

    /// A protocol's metadata: none, with no protocol ever running.
    public func metadata(definition: NWProtocolDefinition) -> NWProtocolMetadata? { nil }

    private func settle(_ item: Pending) {
        let now = lock.withLock { () -> (DispatchQueue, NWError)? in
            switch current {
            case .setup:
                beforeStart.append(item)
                return nil
            case .cancelled:
                return (delivery ?? Self.unstartedQueue, OfflineNetwork.cancelledError)
            case .waiting(let error), .failed(let error):
                return (delivery ?? Self.unstartedQueue, error)
            case .preparing, .ready:
                return (delivery ?? Self.unstartedQueue, OfflineNetwork.waitingError)
            }
        }
        guard let (queue, error) = now else { return }
        complete(item, with: error, on: queue)
    }

    private func complete(_ item: Pending, with error: NWError, on queue: DispatchQueue) {
        switch item {
        case .send(let done):
            queue.async { done(error) }
        case .receive(let done):
            let ended = error == OfflineNetwork.cancelledError
            queue.async { done(nil, nil, ended, error) }
        }
    }

    private func announce(_ state: State, on queue: DispatchQueue) {
        queue.async { [self] in
            lock.withLock { stateHandler }?(state)
            if state == .cancelled { releaseHandlers() }
        }
    }

    private func releaseHandlers() {
        lock.withLock {
            stateHandler = nil
            pathHandler = nil
            viabilityHandler = nil
            betterPathHandler = nil
        }
    }
}
