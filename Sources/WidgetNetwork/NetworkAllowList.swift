import Foundation

/// The hosts an extension may reach, as a run configuration lists them. A rule is a host
/// (`api.example.com`), a domain and its subdomains (`*.example.com`), optionally with a scheme
/// (`https://api.example.com`) and a port (`http://127.0.0.1:8080`). Without a scheme a rule allows
/// http and https; without a port, any port.
public struct NetworkAllowList: Hashable, Sendable {
    public struct Rule: Hashable, Sendable, CustomStringConvertible {
        public var scheme: String?
        /// Lowercased; a leading `*.` matches the domain itself and any subdomain.
        public var host: String
        public var port: Int?

        /// Parses one rule; nil when it is not one.
        public init?(_ text: String) {
            var rest = Substring(text.trimmingCharacters(in: .whitespaces).lowercased())
            if let range = rest.range(of: "://") {
                let scheme = String(rest[..<range.lowerBound])
                guard scheme == "http" || scheme == "https" else { return nil }
                self.scheme = scheme
                rest = rest[range.upperBound...]
            }
            if rest.hasSuffix("/") { rest = rest.dropLast() }
            // A port follows the last colon, but for an IPv6 address's own colons (`[::1]:8080`).
            let hostEnd = rest.hasPrefix("[") ? rest.firstIndex(of: "]").map(rest.index(after:)) ?? rest.endIndex : rest.startIndex
            if let colon = rest[hostEnd...].lastIndex(of: ":") {
                guard let port = Int(rest[rest.index(after: colon)...]), (1...65535).contains(port) else { return nil }
                self.port = port
                rest = rest[..<colon]
            }
            let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789.-*[]:")
            guard !rest.isEmpty, rest.allSatisfy({ allowed.contains($0) }), !rest.dropFirst(2).contains("*"),
                  !rest.contains("*") || rest.hasPrefix("*.") else { return nil }
            host = String(rest)
        }

        public func matches(scheme: String, host: String, port: Int) -> Bool {
            if let wanted = self.scheme, wanted != scheme { return false }
            if let wanted = self.port, wanted != port { return false }
            if self.host.hasPrefix("*.") {
                let domain = self.host.dropFirst(2)
                return host == domain || host.hasSuffix("." + domain)
            }
            return host == self.host
        }

        public var description: String {
            (scheme.map { "\($0)://" } ?? "") + host + (port.map { ":\($0)" } ?? "")
        }
    }

    public var rules: [Rule]

    public init(rules: [Rule]) { self.rules = rules }

    /// Parses every rule; the first that is not one is thrown back with its text.
    public init(parsing texts: [String]) throws(NetworkAllowListError) {
        var rules: [Rule] = []
        for text in texts {
            guard let rule = Rule(text) else { throw NetworkAllowListError(rule: text) }
            rules.append(rule)
        }
        self.rules = rules
    }

    /// The rule that allows `url`, if one does.
    public func rule(allowing url: URL) -> Rule? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return rules.first { $0.matches(scheme: scheme, host: host, port: port) }
    }
}

public struct NetworkAllowListError: Error, Hashable, Sendable, CustomStringConvertible {
    public var rule: String
    public init(rule: String) { self.rule = rule }
    public var description: String {
        "\"\(rule)\" is not an allow-list rule (a host such as api.example.com, *.example.com, or with a scheme and port: http://127.0.0.1:8080)"
    }
}
