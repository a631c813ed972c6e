/// `NWPath`: what the device can reach. Here always the path of a device with every interface down
/// (`OfflineNetwork.path`): unsatisfied, no interfaces, neither expensive nor constrained.
public struct NWPath: Equatable, Sendable, CustomDebugStringConvertible {
    /// `NWPath.Status`.
    public enum Status: Hashable, Sendable {
        case satisfied
        case unsatisfied
        case requiresConnection
    }

    /// `NWPath.UnsatisfiedReason`: why a path is unsatisfied (`.notAvailable`: no network).
    public enum UnsatisfiedReason: Hashable, Sendable {
        case notAvailable
        case cellularDenied
        case wifiDenied
        case localNetworkDenied
        case vpnInactive
    }

    public let status: Status
    public let unsatisfiedReason: UnsatisfiedReason
    public let availableInterfaces: [NWInterface]
    public let isExpensive: Bool
    public let isConstrained: Bool
    public let supportsIPv4: Bool
    public let supportsIPv6: Bool
    public let supportsDNS: Bool
    public let gateways: [NWEndpoint]
    public let localEndpoint: NWEndpoint?
    public let remoteEndpoint: NWEndpoint?

    init(status: Status, unsatisfiedReason: UnsatisfiedReason, remoteEndpoint: NWEndpoint? = nil) {
        self.status = status
        self.unsatisfiedReason = unsatisfiedReason
        availableInterfaces = []
        isExpensive = false
        isConstrained = false
        supportsIPv4 = false
        supportsIPv6 = false
        supportsDNS = false
        gateways = []
        localEndpoint = nil
        self.remoteEndpoint = remoteEndpoint
    }

    /// Whether the path goes through an interface of `type`: never, with no interface up.
    public func usesInterfaceType(_ type: NWInterface.InterfaceType) -> Bool {
        availableInterfaces.contains { $0.type == type }
    }

    /// As Apple's reads: "unsatisfied (No network route)".
    public var debugDescription: String {
        switch status {
        case .satisfied: "satisfied"
        case .requiresConnection: "requiresConnection"
        case .unsatisfied: unsatisfiedReason == .notAvailable ? "unsatisfied (No network route)" : "unsatisfied (\(unsatisfiedReason))"
        }
    }
}
