import Foundation

/// What the host lets extensions do on the network: the mode, who may reach what, and how much.
public struct NetworkPolicy: Hashable, Sendable {
    public var mode: NetworkMode
    /// Allow-lists by extension ID (its executable's file name). With none at all every extension may
    /// reach any http or https host; once there are any, an extension without one may reach none.
    public var allowLists: [String: NetworkAllowList]
    public var limits: NetworkLimits

    public init(mode: NetworkMode = .live, allowLists: [String: NetworkAllowList] = [:], limits: NetworkLimits = NetworkLimits()) {
        self.mode = mode
        self.allowLists = allowLists
        self.limits = limits
    }

    /// Why `url` may not be fetched for `extensionID`, or nil when it may.
    public func refusal(of url: URL, for extensionID: String) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return "only http and https go through the host"
        }
        guard url.host != nil else { return "the URL has no host" }
        guard !allowLists.isEmpty else { return nil }
        guard let list = allowLists[extensionID] else { return "\(extensionID) has no network allow-list in the run configuration" }
        return list.rule(allowing: url) == nil ? "\(url.host ?? "") is not in \(extensionID)'s allow-list" : nil
    }
}

/// Bounds on each request. A widget's data is small and a timeline is wanted within seconds.
public struct NetworkLimits: Hashable, Sendable {
    /// Largest response body; a larger one fails the request (`URLError.dataLengthExceedsMaximum`).
    /// Default 2 MiB; at most the route's frame bound (`ProtocolLimits.maxNetworkBody`, 4 MiB).
    public var maxResponseBytes = 2 << 20
    /// Largest request body. Default 1 MiB.
    public var maxRequestBytes = 1 << 20
    /// Longest a request may take, redirects included; then it fails (`URLError.timedOut`).
    /// Default 10 s.
    public var timeout: Double = 10
    /// Most requests of one extension in flight at once; one more fails at once. Default 8.
    public var maxInFlight = 8

    public init() {}
}
