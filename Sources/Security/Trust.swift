import Foundation

// Trust evaluation: the types and functions code names compiles, and no trust is ever made or
// evaluated here (URLSession on Linux checks servers itself, and hands out no `SecTrust`). Evaluating
// fails with `errSecUnimplemented`, so a pinning check rejects rather than accepts.

public final class SecTrust: Sendable {
    init() {}
}

public final class SecPolicy: Sendable {
    init() {}
}

public typealias SecTrustRef = SecTrust
public typealias SecPolicyRef = SecPolicy
public typealias SecTrustCallback = (SecTrust, SecTrustResultType) -> Void
public typealias SecTrustWithErrorCallback = (SecTrust, Bool, CFError?) -> Void

public enum SecTrustResultType: UInt32, Sendable {
    case invalid = 0
    case proceed = 1
    case confirm = 2
    case deny = 3
    case unspecified = 4
    case recoverableTrustFailure = 5
    case fatalTrustFailure = 6
    case otherError = 7
}

public func SecPolicyCreateSSL(_ server: Bool, _ hostname: CFString?) -> SecPolicy { SecPolicy() }
public func SecPolicyCreateBasicX509() -> SecPolicy { SecPolicy() }

public func SecTrustCreateWithCertificates(_ certificates: CFTypeRef, _ policies: CFTypeRef?, _ trust: UnsafeMutablePointer<SecTrust?>) -> OSStatus {
    SecurityDiagnostics.report("errSecUnimplemented: trust objects are not made here (SecTrustCreateWithCertificates)")
    return errSecUnimplemented
}

/// False, with an `errSecUnimplemented` error: nothing is trusted here.
public func SecTrustEvaluateWithError(_ trust: SecTrust, _ error: UnsafeMutablePointer<CFError?>?) -> Bool {
    error?.pointee = SecurityError.unimplemented("trust is not evaluated here (SecTrustEvaluateWithError is false)")
    return false
}

@available(*, deprecated, renamed: "SecTrustEvaluateWithError")
public func SecTrustEvaluate(_ trust: SecTrust, _ result: UnsafeMutablePointer<SecTrustResultType>) -> OSStatus {
    result.pointee = .invalid
    SecurityDiagnostics.report("errSecUnimplemented: trust is not evaluated here (SecTrustEvaluate)")
    return errSecUnimplemented
}

public func SecTrustEvaluateAsyncWithError(_ trust: SecTrust, _ queue: DispatchQueue, _ result: @escaping SecTrustWithErrorCallback) -> OSStatus {
    SecurityDiagnostics.report("errSecUnimplemented: trust is not evaluated here (SecTrustEvaluateAsyncWithError)")
    return errSecUnimplemented
}

public func SecTrustSetPolicies(_ trust: SecTrust, _ policies: CFTypeRef) -> OSStatus { errSecUnimplemented }
public func SecTrustSetAnchorCertificates(_ trust: SecTrust, _ anchorCertificates: CFArray) -> OSStatus { errSecUnimplemented }
public func SecTrustSetAnchorCertificatesOnly(_ trust: SecTrust, _ anchorCertificatesOnly: Bool) -> OSStatus { errSecUnimplemented }
public func SecTrustSetExceptions(_ trust: SecTrust, _ exceptions: CFData?) -> Bool { false }
public func SecTrustCopyExceptions(_ trust: SecTrust) -> CFData? { nil }
public func SecTrustGetCertificateCount(_ trust: SecTrust) -> CFIndex { 0 }
@available(*, deprecated, renamed: "SecTrustCopyCertificateChain")
public func SecTrustGetCertificateAtIndex(_ trust: SecTrust, _ index: CFIndex) -> SecCertificate? { nil }
public func SecTrustCopyCertificateChain(_ trust: SecTrust) -> CFArray? { nil }
public func SecTrustCopyKey(_ trust: SecTrust) -> SecKey? { nil }
