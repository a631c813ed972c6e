/// `NWParameters`: how a connection or listener should be made: its protocol stack and path
/// preferences. Recorded as given; offline no path satisfies them either way.
public final class NWParameters: @unchecked Sendable, CustomDebugStringConvertible {
    /// `NWParameters.ExpiredDNSBehavior`.
    public enum ExpiredDNSBehavior: Hashable, Sendable { case systemDefault, allow, prohibit }

    /// `NWParameters.MultipathServiceType`.
    public enum MultipathServiceType: Hashable, Sendable { case disabled, handover, interactive, aggregate }

    /// `NWParameters.ServiceClass`.
    public enum ServiceClass: Hashable, Sendable { case bestEffort, background, interactiveVideo, interactiveVoice, responsiveData, signaling }

    /// `NWParameters.ProtocolStack`: application protocols (TLS) over a transport (TCP, UDP) over IP.
    public final class ProtocolStack: @unchecked Sendable {
        @_Guarded public var applicationProtocols: [NWProtocolOptions]
        @_Guarded public var transportProtocol: NWProtocolOptions?
        @_Guarded public var internetProtocol: NWProtocolOptions?

        init(application: [NWProtocolOptions], transport: NWProtocolOptions?) {
            applicationProtocols = application
            transportProtocol = transport
            internetProtocol = NWProtocolIP.Options()
        }
    }

    /// TCP.
    public static var tcp: NWParameters { NWParameters(tls: nil) }
    /// TLS over TCP.
    public static var tls: NWParameters { NWParameters(tls: NWProtocolTLS.Options()) }
    /// UDP.
    public static var udp: NWParameters { NWParameters(dtls: nil) }
    /// DTLS over UDP.
    public static var dtls: NWParameters { NWParameters(dtls: NWProtocolTLS.Options()) }

    @_Guarded public var requiredInterfaceType: NWInterface.InterfaceType = .other
    @_Guarded public var prohibitedInterfaceTypes: [NWInterface.InterfaceType]?
    @_Guarded public var prohibitExpensivePaths = false
    @_Guarded public var prohibitConstrainedPaths = false
    @_Guarded public var preferNoProxies = false
    @_Guarded public var requiredLocalEndpoint: NWEndpoint?
    @_Guarded public var allowLocalEndpointReuse = false
    @_Guarded public var acceptLocalOnly = false
    @_Guarded public var includePeerToPeer = false
    @_Guarded public var allowFastOpen = false
    @_Guarded public var expiredDNSBehavior: ExpiredDNSBehavior = .systemDefault
    @_Guarded public var multipathServiceType: MultipathServiceType = .disabled
    @_Guarded public var serviceClass: ServiceClass = .bestEffort
    public let defaultProtocolStack: ProtocolStack

    /// Parameters with an empty stack, for a custom one.
    public init() {
        defaultProtocolStack = ProtocolStack(application: [], transport: nil)
    }

    /// TCP, with TLS over it when `tls` is given.
    public init(tls: NWProtocolTLS.Options?, tcp: NWProtocolTCP.Options = .init()) {
        defaultProtocolStack = ProtocolStack(application: tls.map { [$0] } ?? [], transport: tcp)
    }

    /// UDP, with DTLS over it when `dtls` is given.
    public init(dtls: NWProtocolTLS.Options?, udp: NWProtocolUDP.Options = .init()) {
        defaultProtocolStack = ProtocolStack(application: dtls.map { [$0] } ?? [], transport: udp)
    }

    /// A copy with the same settings and the same protocol options.
    public func copy() -> NWParameters {
        let copy = NWParameters()
        copy.defaultProtocolStack.applicationProtocols = defaultProtocolStack.applicationProtocols
        copy.defaultProtocolStack.transportProtocol = defaultProtocolStack.transportProtocol
        copy.defaultProtocolStack.internetProtocol = defaultProtocolStack.internetProtocol
        copy.requiredInterfaceType = requiredInterfaceType
        copy.prohibitedInterfaceTypes = prohibitedInterfaceTypes
        copy.prohibitExpensivePaths = prohibitExpensivePaths
        copy.prohibitConstrainedPaths = prohibitConstrainedPaths
        copy.preferNoProxies = preferNoProxies
        copy.requiredLocalEndpoint = requiredLocalEndpoint
        copy.allowLocalEndpointReuse = allowLocalEndpointReuse
        copy.acceptLocalOnly = acceptLocalOnly
        copy.includePeerToPeer = includePeerToPeer
        copy.allowFastOpen = allowFastOpen
        copy.expiredDNSBehavior = expiredDNSBehavior
        copy.multipathServiceType = multipathServiceType
        copy.serviceClass = serviceClass
        return copy
    }

    public var debugDescription: String {
        let transport = switch defaultProtocolStack.transportProtocol {
        case is NWProtocolTCP.Options: "tcp"
        case is NWProtocolUDP.Options: "udp"
        default: "custom"
        }
        return defaultProtocolStack.applicationProtocols.contains { $0 is NWProtocolTLS.Options } ? "tls, \(transport)" : transport
    }
}
