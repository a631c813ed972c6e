/// `NWProtocolOptions` and the options of each protocol a connection's stack can hold. They record
/// what the app asked for; with no connection ever established here, none of them takes effect.
open class NWProtocolOptions: @unchecked Sendable {
    init() {}
}

/// `NWProtocolDefinition`: a protocol's identity, for metadata lookups.
public final class NWProtocolDefinition: Equatable, Sendable, CustomDebugStringConvertible {
    public let name: String
    init(name: String) { self.name = name }
    public static func == (lhs: NWProtocolDefinition, rhs: NWProtocolDefinition) -> Bool { lhs.name == rhs.name }
    public var debugDescription: String { name }
}

/// `NWProtocolMetadata`: what a protocol reports about a live connection; there is never one here.
open class NWProtocolMetadata: @unchecked Sendable {
    init() {}
}

/// TCP.
public enum NWProtocolTCP {
    public static let definition = NWProtocolDefinition(name: "tcp")

    /// `NWProtocolTCP.Options`.
    public final class Options: NWProtocolOptions, @unchecked Sendable {
        @_Guarded public var noDelay = false
        @_Guarded public var noPush = false
        @_Guarded public var noOptions = false
        @_Guarded public var enableKeepalive = false
        @_Guarded public var keepaliveCount = 0
        @_Guarded public var keepaliveIdle = 0
        @_Guarded public var keepaliveInterval = 0
        @_Guarded public var maximumSegmentSize = 0
        @_Guarded public var connectionTimeout = 0
        @_Guarded public var persistTimeout = 0
        @_Guarded public var connectionDropTime = 0
        @_Guarded public var retransmitFinDrop = false
        @_Guarded public var disableAckStretching = false
        @_Guarded public var enableFastOpen = false
        @_Guarded public var disableECN = false

        public override init() {}
    }
}

/// UDP.
public enum NWProtocolUDP {
    public static let definition = NWProtocolDefinition(name: "udp")

    /// `NWProtocolUDP.Options`.
    public final class Options: NWProtocolOptions, @unchecked Sendable {
        @_Guarded public var preferNoChecksum = false

        public override init() {}
    }
}

/// IP, the internet protocol every stack ends in.
public enum NWProtocolIP {
    public static let definition = NWProtocolDefinition(name: "ip")

    /// `NWProtocolIP.Options`.
    public final class Options: NWProtocolOptions, @unchecked Sendable {
        /// `NWProtocolIP.Options.Version`.
        public enum Version: Hashable, Sendable { case any, v4, v6 }

        @_Guarded public var version: Version = .any
        @_Guarded public var hopLimit: UInt8 = 0
        @_Guarded public var useMinimumMTU = false
        @_Guarded public var disableFragmentation = false
        @_Guarded public var shouldCalculateReceiveTime = false

        public override init() {}
    }
}

/// TLS, with the Security options Apple's `sec_protocol_options_*` functions configure.
public enum NWProtocolTLS {
    public static let definition = NWProtocolDefinition(name: "tls")

    /// `NWProtocolTLS.Options`.
    public final class Options: NWProtocolOptions, @unchecked Sendable {
        public let securityProtocolOptions = sec_protocol_options_t()

        public override init() {}
    }
}
