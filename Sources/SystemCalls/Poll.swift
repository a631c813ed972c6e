import Glibc

/// Waiting until one of several descriptors is ready (`poll`).
public struct PollRequest: Sendable {
    public struct Events: OptionSet, Sendable {
        public let rawValue: Int16
        public init(rawValue: Int16) { self.rawValue = rawValue }
        public static let readable = Events(rawValue: Int16(POLLIN))
        public static let writable = Events(rawValue: Int16(POLLOUT))
        /// Only reported: the peer closed, or the descriptor failed.
        public static let hangUp = Events(rawValue: Int16(POLLHUP))
        public static let error = Events(rawValue: Int16(POLLERR))
        public static let invalid = Events(rawValue: Int16(POLLNVAL))
    }

    /// The descriptor; `nil` takes a place in the list and is never ready.
    public var descriptor: FileDescriptor?
    public var events: Events
    /// What was ready, after `poll`.
    public var returned: Events = []

    public init(_ descriptor: FileDescriptor?, events: Events = .readable) {
        self.descriptor = descriptor
        self.events = events
    }

    /// Waits until a request is ready or `timeoutMilliseconds` pass (-1: no limit); returns how many
    /// are ready, 0 on timeout. `EINTR` is thrown as `.interrupted`: the caller recomputes its timeout.
    public static func poll(_ requests: inout [PollRequest], timeoutMilliseconds: Int32) throws(Errno) -> Int {
        var fds = requests.map { pollfd(fd: $0.descriptor?.rawValue ?? -1, events: $0.events.rawValue, revents: 0) }
        let ready = Glibc.poll(&fds, nfds_t(fds.count), timeoutMilliseconds)
        guard ready >= 0 else { throw .current }
        for i in requests.indices { requests[i].returned = Events(rawValue: fds[i].revents) }
        return Int(ready)
    }

    /// The milliseconds left until `deadline`, rounded up (for `poll`); 0 once it has passed.
    public static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return 0 }
        let (seconds, attos) = left.components
        return Int32(clamping: seconds * 1000 + attos / 1_000_000_000_000_000 + 1)
    }
}
