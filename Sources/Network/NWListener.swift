import Foundation

/// `NWListener`, as on a device with no network: started, it waits (`.waiting(.posix(.ENETDOWN))`,
/// Apple's state for a listener with no network to listen on) until cancelled, and no connection
/// ever arrives. No socket is bound.
public final class NWListener: @unchecked Sendable, CustomDebugStringConvertible {
    /// `NWListener.State`.
    public enum State: Equatable, Sendable {
        case setup
        case waiting(NWError)
        case ready
        case failed(NWError)
        case cancelled
    }

    /// `NWListener.Service`: a Bonjour service to advertise (never advertised here).
    public struct Service: Hashable, Sendable {
        public let name: String?
        public let type: String
        public let domain: String?
        public let txtRecord: Data?

        public init(name: String? = nil, type: String, domain: String? = nil, txtRecord: Data? = nil) {
            self.name = name
            self.type = type
            self.domain = domain
            self.txtRecord = txtRecord
        }
    }

    public let parameters: NWParameters
    public let service: Service?
    private let requestedPort: NWEndpoint.Port?

    private let lock = NSLock()
    // The rest is only touched with `lock` held.
    private var current: State = .setup
    private var delivery: DispatchQueue?
    private var userQueue: DispatchQueue?
    private var stateHandler: (@Sendable (State) -> Void)?
    private var connectionHandler: (@Sendable (NWConnection) -> Void)?
    private var limit = Int.max

    /// A listener on `port`. Throws as Apple's may for parameters it cannot use; these it always can.
    public convenience init(using parameters: NWParameters, on port: NWEndpoint.Port) throws(NWError) {
        self.init(parameters: parameters, port: port, service: nil)
    }

    /// A listener on a port the system would choose.
    public convenience init(using parameters: NWParameters) throws(NWError) {
        self.init(parameters: parameters, port: nil, service: nil)
    }

    /// A listener advertising `service`.
    public convenience init(service: Service, using parameters: NWParameters) throws(NWError) {
        self.init(parameters: parameters, port: nil, service: service)
    }

    private init(parameters: NWParameters, port: NWEndpoint.Port?, service: Service?) {
        self.parameters = parameters
        requestedPort = port
        self.service = service
    }

    @preconcurrency
    public var stateUpdateHandler: (@Sendable (_ newState: State) -> Void)? {
        get { lock.withLock { stateHandler } }
        set { lock.withLock { stateHandler = newValue } }
    }

    /// Never called: no one can connect to a device with no network.
    @preconcurrency
    public var newConnectionHandler: (@Sendable (_ connection: NWConnection) -> Void)? {
        get { lock.withLock { connectionHandler } }
        set { lock.withLock { connectionHandler = newValue } }
    }

    public var newConnectionLimit: Int {
        get { lock.withLock { limit } }
        set { lock.withLock { limit = newValue } }
    }

    public var state: State { lock.withLock { current } }
    public var queue: DispatchQueue? { lock.withLock { userQueue } }

    /// The port it listens on: none, since it never becomes ready.
    public var port: NWEndpoint.Port? { nil }

    public var debugDescription: String { "listener \(requestedPort.map { String($0.rawValue) } ?? "any") \(parameters.debugDescription)" }

    /// Starts the listener on `queue`; its handler hears `.waiting(.posix(.ENETDOWN))`.
    public func start(queue: DispatchQueue) {
        let serial = lock.withLock { () -> DispatchQueue? in
            guard current == .setup, delivery == nil else { return nil }
            let serial = DispatchQueue(label: "Network.NWListener", target: queue)
            delivery = serial
            userQueue = queue
            current = .waiting(OfflineNetwork.waitingError)
            return serial
        }
        guard let serial else { return }
        OfflineNetwork.sayOnce()
        announce(.waiting(OfflineNetwork.waitingError), on: serial)
    }

    /// Stops the listener: `.cancelled`, then its handlers are let go.
    public func cancel() {
        let (wasLive, serial) = lock.withLock { () -> (Bool, DispatchQueue?) in
            guard current != .cancelled else { return (false, nil) }
            current = .cancelled
            return (true, delivery)
        }
        guard wasLive else { return }
        if let serial {
            announce(.cancelled, on: serial)
        } else {
            releaseHandlers()
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
            connectionHandler = nil
        }
    }
}
