import Dispatch

// The Security framework's TLS configuration that Apple's Network brings with it: a file that
// imports Network alone calls `sec_protocol_options_set_verify_block` (BlueWallet's TCP client
// does). The options are recorded; with no handshake ever made offline, no verify block is called.

/// `sec_protocol_options_t`.
public final class OS_sec_protocol_options: @unchecked Sendable {
    @_Guarded var minimumVersion: tls_protocol_version_t?
    @_Guarded var maximumVersion: tls_protocol_version_t?
    @_Guarded var applicationProtocols: [String] = []
    @_Guarded var serverName: String?
    @_Guarded var verifiesPeer = true

    init() {}
}

public typealias sec_protocol_options_t = OS_sec_protocol_options

/// `sec_protocol_metadata_t`: a handshake's details, handed to a verify block.
public final class OS_sec_protocol_metadata: @unchecked Sendable {}
public typealias sec_protocol_metadata_t = OS_sec_protocol_metadata

/// `sec_trust_t`: the peer's certificate chain, handed to a verify block.
public final class OS_sec_trust: @unchecked Sendable {}
public typealias sec_trust_t = OS_sec_trust

public typealias sec_protocol_verify_complete_t = (Bool) -> Void
public typealias sec_protocol_verify_t = (sec_protocol_metadata_t, sec_trust_t, @escaping sec_protocol_verify_complete_t) -> Void

/// `tls_protocol_version_t`, with the wire values of each version.
public enum tls_protocol_version_t: UInt16, Sendable {
    case TLSv10 = 0x0301
    case TLSv11 = 0x0302
    case TLSv12 = 0x0303
    case TLSv13 = 0x0304
    case DTLSv10 = 0xFEFF
    case DTLSv12 = 0xFEFD
}

/// Replaces certificate evaluation with `verify_block`. Recorded as "the app verifies peers itself";
/// the block is not kept, since no handshake will ever ask it.
public func sec_protocol_options_set_verify_block(
    _ options: sec_protocol_options_t, _ verify_block: @escaping sec_protocol_verify_t, _ verify_block_queue: DispatchQueue
) {
    options.verifiesPeer = false
}

public func sec_protocol_options_set_min_tls_protocol_version(_ options: sec_protocol_options_t, _ version: tls_protocol_version_t) {
    options.minimumVersion = version
}

public func sec_protocol_options_set_max_tls_protocol_version(_ options: sec_protocol_options_t, _ version: tls_protocol_version_t) {
    options.maximumVersion = version
}

public func sec_protocol_options_add_tls_application_protocol(_ options: sec_protocol_options_t, _ application_protocol: String) {
    options.applicationProtocols.append(application_protocol)
}

public func sec_protocol_options_set_tls_server_name(_ options: sec_protocol_options_t, _ server_name: String) {
    options.serverName = server_name
}
