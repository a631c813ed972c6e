import Foundation

/// `NWEndpoint`: where a connection goes. A plain value: nothing is resolved, so a name stays a name.
public enum NWEndpoint: Hashable, Sendable, CustomDebugStringConvertible {
    case hostPort(host: Host, port: Port)
    case service(name: String, type: String, domain: String, interface: NWInterface?)
    case unix(path: String)
    case url(URL)

    /// `NWEndpoint.Host`: a name, or an IPv4 or IPv6 address. `Host("192.168.1.2")` and a string
    /// literal read an address as one, as Apple's do.
    public enum Host: Hashable, Sendable, CustomDebugStringConvertible, ExpressibleByStringLiteral {
        case name(String, NWInterface?)
        case ipv4(IPv4Address)
        case ipv6(IPv6Address)

        public init(_ string: String) {
            if let address = IPv4Address(string) {
                self = .ipv4(address)
            } else if let address = IPv6Address(string) {
                self = .ipv6(address)
            } else {
                self = .name(string, nil)
            }
        }

        public init(stringLiteral value: String) { self.init(value) }

        public var interface: NWInterface? {
            switch self {
            case .name(_, let interface): interface
            case .ipv4(let address): address.interface
            case .ipv6(let address): address.interface
            }
        }

        public var debugDescription: String {
            switch self {
            case .name(let name, _): name
            case .ipv4(let address): address.debugDescription
            case .ipv6(let address): address.debugDescription
            }
        }
    }

    /// `NWEndpoint.Port`: a port number, from an integer literal, `init(rawValue:)` or a string
    /// (digits, or one of the service names Apple's port constants carry).
    public struct Port: Hashable, Sendable, RawRepresentable, ExpressibleByIntegerLiteral, CustomDebugStringConvertible {
        public let rawValue: UInt16

        /// Failable as Apple's is, though every `UInt16` is a port.
        public init?(rawValue: UInt16) { self.rawValue = rawValue }

        public init(integerLiteral value: UInt16) { rawValue = value }

        public init?(_ string: String) {
            if let number = UInt16(string) {
                rawValue = number
            } else if let known = Self.serviceNames[string.lowercased()] {
                rawValue = known
            } else {
                return nil
            }
        }

        public static let any: Port = 0
        public static let ssh: Port = 22
        public static let smtp: Port = 25
        public static let http: Port = 80
        public static let pop: Port = 110
        public static let imap: Port = 143
        public static let https: Port = 443
        public static let imaps: Port = 993
        public static let socks: Port = 1080

        private static let serviceNames: [String: UInt16] = [
            "ssh": 22, "smtp": 25, "http": 80, "pop3": 110, "imap": 143, "https": 443, "imaps": 993, "socks": 1080,
        ]

        public var debugDescription: String { String(rawValue) }
    }

    public var debugDescription: String {
        switch self {
        case .hostPort(let host, let port):
            if case .ipv6 = host { "[\(host.debugDescription)]:\(port.rawValue)" } else { "\(host.debugDescription):\(port.rawValue)" }
        case .service(let name, let type, let domain, _): [name, type, domain].filter { !$0.isEmpty }.joined(separator: ".")
        case .unix(let path): path
        case .url(let url): url.absoluteString
        }
    }

    public var interface: NWInterface? {
        switch self {
        case .hostPort(let host, _): host.interface
        case .service(_, _, _, let interface): interface
        case .unix, .url: nil
        }
    }
}
