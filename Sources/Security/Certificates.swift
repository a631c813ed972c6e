import Foundation

// Certificates, identities and keys: the types and functions code names compiles, and nothing makes
// one here (no X.509 parser, no key store): creating or importing answers nil or
// `errSecUnimplemented`, said once on standard error, so such code takes the path it takes when a
// certificate is missing.

public final class SecCertificate: Sendable {
    init() {}
}

public final class SecIdentity: Sendable {
    init() {}
}

public final class SecKey: Sendable {
    init() {}
}

public typealias SecCertificateRef = SecCertificate
public typealias SecIdentityRef = SecIdentity
public typealias SecKeyRef = SecKey

/// Nil: certificates are not read here.
public func SecCertificateCreateWithData(_ allocator: CFAllocator?, _ data: CFData) -> SecCertificate? {
    SecurityDiagnostics.report("errSecUnimplemented: certificates are not read here (SecCertificateCreateWithData gives nil)")
    return nil
}

public func SecCertificateCopyData(_ certificate: SecCertificate) -> CFData { NSData() }
public func SecCertificateCopySubjectSummary(_ certificate: SecCertificate) -> CFString? { nil }
public func SecCertificateCopyCommonName(_ certificate: SecCertificate, _ commonName: UnsafeMutablePointer<CFString?>) -> OSStatus {
    errSecUnimplemented
}
public func SecCertificateCopyKey(_ certificate: SecCertificate) -> SecKey? { nil }

public func SecIdentityCopyCertificate(_ identity: SecIdentity, _ certificate: UnsafeMutablePointer<SecCertificate?>) -> OSStatus {
    errSecUnimplemented
}
public func SecIdentityCopyPrivateKey(_ identity: SecIdentity, _ privateKey: UnsafeMutablePointer<SecKey?>) -> OSStatus {
    errSecUnimplemented
}

/// `errSecUnimplemented`: PKCS #12 files are not read here.
public func SecPKCS12Import(_ data: CFData, _ options: CFDictionary, _ items: UnsafeMutablePointer<CFArray?>) -> OSStatus {
    SecurityDiagnostics.report("errSecUnimplemented: PKCS #12 files are not imported here (SecPKCS12Import)")
    return errSecUnimplemented
}

public func SecKeyCreateRandomKey(_ parameters: CFDictionary, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> SecKey? {
    error?.pointee = Unmanaged.passRetained(SecurityError.unimplemented("keys are not made here (SecKeyCreateRandomKey)"))
    return nil
}
public func SecKeyCreateWithData(_ keyData: CFData, _ attributes: CFDictionary, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> SecKey? {
    error?.pointee = Unmanaged.passRetained(SecurityError.unimplemented("keys are not read here (SecKeyCreateWithData)"))
    return nil
}
public func SecKeyCopyPublicKey(_ key: SecKey) -> SecKey? { nil }
public func SecKeyCopyExternalRepresentation(_ key: SecKey, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> CFData? {
    error?.pointee = Unmanaged.passRetained(SecurityError.status(errSecUnimplemented))
    return nil
}
