import Foundation
import SystemCalls

/// `OSStatus`, the status a TLS failure carries (Security's type, which Network brings on Apple's
/// platforms).
public typealias OSStatus = Int32

/// `DNSServiceErrorType`, the code a DNS failure carries.
public typealias DNSServiceErrorType = Int32

/// `NWError`: why a connection waits or failed. Bridged to `NSError` as Apple's is (domain
/// `Network.NWError`, the POSIX, DNS or TLS code as the code), so `(error as NSError).code` reads
/// the number. POSIX codes are this platform's (`ENETDOWN` is 100 on Linux, 50 on Apple's).
public enum NWError: Error, Hashable, Sendable, CustomDebugStringConvertible, CustomNSError, LocalizedError {
    case posix(POSIXErrorCode)
    case dns(DNSServiceErrorType)
    case tls(OSStatus)

    public static var errorDomain: String { "Network.NWError" }

    public var errorCode: Int {
        switch self {
        case .posix(let code): Int(code.rawValue)
        case .dns(let code): Int(code)
        case .tls(let status): Int(status)
        }
    }

    /// Carries the description, which Linux's bridging to `NSError` reads from here.
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: errorDescription ?? debugDescription] }

    public var debugDescription: String {
        switch self {
        case .posix(let code): "POSIXErrorCode(rawValue: \(code.rawValue)): \(Self.message(code))"
        case .dns(let code): "DNSServiceErrorType(\(code))"
        case .tls(let status): "OSStatus(\(status))"
        }
    }

    /// As Apple's reads: "The operation couldn’t be completed. (Network.NWError error 50 - Network is down)".
    public var errorDescription: String? {
        switch self {
        case .posix(let code): "The operation couldn’t be completed. (Network.NWError error \(code.rawValue) - \(Self.message(code)))"
        case .dns, .tls: "The operation couldn’t be completed. (Network.NWError error \(errorCode) - \(debugDescription))"
        }
    }

    private static func message(_ code: POSIXErrorCode) -> String {
        Errno(code.rawValue).description
    }
}
