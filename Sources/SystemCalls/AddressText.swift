import Glibc

/// Internet addresses read from and written as text by the C library's own rules (`inet_aton`,
/// `inet_pton`, `inet_ntop`), so that "1.4" and "::ffff:1.2.3.4" mean what they mean to every other
/// program. Pure conversions: no socket, no name lookup.
public enum AddressText {
    /// The four bytes of an IPv4 address in any form `inet_aton` reads ("1.2.3.4", "1.4", "0x7f.1").
    public static func ipv4(_ text: String) -> [UInt8]? {
        var address = in_addr()
        guard inet_aton(text, &address) != 0 else { return nil }
        return withUnsafeBytes(of: address.s_addr) { Array($0) }
    }

    /// The sixteen bytes of an IPv6 address (`inet_pton`).
    public static func ipv6(_ text: String) -> [UInt8]? {
        var parsed = in6_addr()
        guard inet_pton(AF_INET6, text, &parsed) == 1 else { return nil }
        return withUnsafeBytes(of: parsed) { Array($0) }
    }

    /// An IPv6 address's canonical text (`inet_ntop`), or nil unless `bytes` holds sixteen.
    public static func text(ipv6 bytes: some Collection<UInt8>) -> String? {
        guard bytes.count == 16 else { return nil }
        var address = in6_addr()
        withUnsafeMutableBytes(of: &address) { $0.copyBytes(from: bytes) }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, &address, &text, socklen_t(text.count)) != nil else { return nil }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
