#if canImport(FoundationNetworking)
import FoundationNetworking

// What URLSession delegates read of a challenge's trust and client identity. Linux's URLSession checks
// servers' certificates itself and hands out no trust, so `serverTrust` is nil: a delegate that pins
// certificates takes its no-trust path (usually `.performDefaultHandling` or cancelling), as it would
// for a challenge that is not about the server's trust. Linux's Foundation declares `serverTrust`
// unavailable; this one is found instead.

/// The authentication methods of trust and client-certificate challenges, which delegates switch on.
/// Linux's Foundation declares them unavailable; no challenge here has either, so such cases never match.
public let NSURLAuthenticationMethodServerTrust = "NSURLAuthenticationMethodServerTrust"
public let NSURLAuthenticationMethodClientCertificate = "NSURLAuthenticationMethodClientCertificate"

extension URLProtectionSpace {
    public var serverTrust: SecTrust? { nil }
}

extension URLCredential {
    /// A credential for a trust. None can exist here (`serverTrust` is nil), so this is never reached
    /// with one; it gives a credential that carries nothing.
    public convenience init(trust: SecTrust) {
        self.init(user: "", password: "", persistence: .none)
    }

    /// A client-certificate credential. Identities cannot be made here (see Certificates.swift), so this
    /// is never reached with one; it gives a credential that carries nothing.
    public convenience init(identity: SecIdentity, certificates: [Any]?, persistence: URLCredential.Persistence) {
        self.init(user: "", password: "", persistence: persistence)
    }
}
#endif
