import Foundation
import SystemCalls

/// `IPAddress`: what IPv4 and IPv6 addresses share. Parsing and formatting are the C library's
/// (`inet_aton`, `inet_pton`, `inet_ntop`): pure conversions, no socket.
public protocol IPAddress {
    init?(_ rawValue: Data, _ interface: NWInterface?)
    var rawValue: Data { get }
    var interface: NWInterface? { get }
    var isLoopback: Bool { get }
    var isLinkLocal: Bool { get }
    var isMulticast: Bool { get }
}

/// `IPv4Address`. `IPv4Address(_:)` reads a string as `inet_aton` does, as Apple's does: "1.4" is
/// 1.0.0.4 (DuckDuckGo's URL code guards against exactly that), while a string with spaces is not
/// an address.
public struct IPv4Address: IPAddress, Hashable, Sendable, CustomDebugStringConvertible {
    public let rawValue: Data
    public let interface: NWInterface?

    public init?(_ rawValue: Data, _ interface: NWInterface? = nil) {
        guard rawValue.count == 4 else { return nil }
        self.rawValue = Data(rawValue)
        self.interface = interface
    }

    public init?(_ string: String) {
        guard !string.isEmpty, !string.contains(where: \.isWhitespace) else { return nil }
        guard let bytes = AddressText.ipv4(string) else { return nil }
        rawValue = Data(bytes)
        interface = nil
    }

    public static let any = IPv4Address(bytes: 0, 0, 0, 0)
    public static let broadcast = IPv4Address(bytes: 255, 255, 255, 255)
    public static let loopback = IPv4Address(bytes: 127, 0, 0, 1)
    public static let allHostsGroup = IPv4Address(bytes: 224, 0, 0, 1)
    public static let allRoutersGroup = IPv4Address(bytes: 224, 0, 0, 2)

    private init(bytes: UInt8...) {
        rawValue = Data(bytes)
        interface = nil
    }

    public var isLoopback: Bool { rawValue.first == 127 }
    public var isLinkLocal: Bool { rawValue.starts(with: [169, 254]) }
    public var isMulticast: Bool { (rawValue.first ?? 0) & 0xF0 == 0xE0 }

    public var debugDescription: String { rawValue.map(String.init).joined(separator: ".") }
}

/// `IPv6Address`, read and written as `inet_pton` and `inet_ntop` do; a `%zone` suffix is accepted
/// (the interface it names is not looked up: there are none here).
public struct IPv6Address: IPAddress, Hashable, Sendable, CustomDebugStringConvertible {
    public let rawValue: Data
    public let interface: NWInterface?

    public init?(_ rawValue: Data, _ interface: NWInterface? = nil) {
        guard rawValue.count == 16 else { return nil }
        self.rawValue = Data(rawValue)
        self.interface = interface
    }

    public init?(_ string: String) {
        let address = string.split(separator: "%", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? string
        guard !address.isEmpty else { return nil }
        guard let bytes = AddressText.ipv6(address) else { return nil }
        rawValue = Data(bytes)
        interface = nil
    }

    public static let any = IPv6Address(last: 0)
    public static let loopback = IPv6Address(last: 1)

    private init(last: UInt8) {
        rawValue = Data(repeating: 0, count: 15) + [last]
        interface = nil
    }

    public var isLoopback: Bool { rawValue == IPv6Address.loopback.rawValue }
    public var isLinkLocal: Bool { rawValue.first == 0xFE && (rawValue.dropFirst().first ?? 0) & 0xC0 == 0x80 }
    public var isMulticast: Bool { rawValue.first == 0xFF }
    public var isAny: Bool { rawValue == IPv6Address.any.rawValue }

    /// Whether this is an IPv4-mapped address (`::ffff:a.b.c.d`), and the IPv4 address it maps.
    public var isIPv4Mapped: Bool { rawValue.prefix(12) == Data(repeating: 0, count: 10) + [0xFF, 0xFF] }
    public var asIPv4: IPv4Address? { isIPv4Mapped ? IPv4Address(rawValue.suffix(4)) : nil }

    public var debugDescription: String {
        AddressText.text(ipv6: rawValue) ?? ""
    }
}
