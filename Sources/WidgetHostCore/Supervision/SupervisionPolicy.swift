import Foundation

/// Limits and recovery rules for extension processes.
public struct SupervisionPolicy: Hashable, Sendable {
    /// Data-segment limit applied at spawn (`RLIMIT_DATA`). Default 40 MiB: a Swift extension starts
    /// with about 13 MiB of data here, leaving the widget about the ~30 MB the real system allows.
    public var memoryLimit: Int? = 40 << 20
    /// After one fault the extension is relaunched at once; after the second it waits this long, and the
    /// wait doubles with each further consecutive fault, up to `maximumBackoff`.
    public var initialBackoff: TimeInterval = 1
    public var maximumBackoff: TimeInterval = 60
    /// An extension not asked anything for this long is stopped, and relaunched on demand.
    public var idleTimeout: TimeInterval = 60
    /// Messages an extension may send while the host waits for one answer (diagnostics, stale replies).
    public var maximumUnsolicitedMessages = 1_000
    /// The most its data folder may hold, and the largest file it may write (its log included).
    /// Default 64 MiB: a widget's container holds its small data and caches. Over it, the extension
    /// is stopped (`dataQuotaExceeded`) and not launched again until its folder is back under.
    public var dataQuota: Int? = 64 << 20
    /// The descriptors each of its processes may hold. Default 256, iOS's own default for an app.
    public var descriptorLimit: Int? = 256
    /// The processes and threads it may have at once, all counted. Default 64: a widget's runtime
    /// runs a dozen or two; a fork bomb or a runaway thread pool is stopped (`processLimitExceeded`).
    public var processLimit: Int? = 64

    public init() {}

    /// The delay before the launch that follows `failures` consecutive faults.
    public func backoff(afterFailures failures: Int) -> TimeInterval {
        guard failures > 1 else { return 0 }
        return min(maximumBackoff, initialBackoff * pow(2, Double(min(failures - 2, 30))))
    }
}

/// Something that happened to an extension process, with the extension's id.
public struct SupervisionEvent: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case launched, launchFailed, handshakeFailed, crashed, memoryLimitExceeded, exited, timedOut, protocolViolation, rejectedArchive,
             requestFailed, backingOff, idleTerminated, dataQuotaExceeded, processLimitExceeded, descriptorLimitReached
    }
    public var date: Date
    public var extensionID: String
    public var kind: Kind
    public var detail: String
}
