import Foundation

/// A random number generator, as `SecRandomCopyBytes` takes one: only the default exists.
public final class SecRandom: Sendable {
    init() {}
}

public typealias SecRandomRef = SecRandom

/// The system's generator (`nil`, as on Apple's platforms).
public let kSecRandomDefault: SecRandomRef? = nil

/// Fills `bytes` with `count` cryptographically secure random bytes (the system generator, which
/// reads the kernel's): `errSecSuccess`, or `errSecParam` for a negative count.
@discardableResult
public func SecRandomCopyBytes(_ rnd: SecRandomRef?, _ count: Int, _ bytes: UnsafeMutableRawPointer) -> Int32 {
    guard count >= 0 else { return errSecParam }
    var generator = SystemRandomNumberGenerator()
    let buffer = UnsafeMutableRawBufferPointer(start: bytes, count: count)
    var offset = 0
    while offset < count {
        let word = generator.next()
        for shift in stride(from: 0, to: 64, by: 8) where offset < count {
            buffer[offset] = UInt8(truncatingIfNeeded: word >> UInt64(shift))
            offset += 1
        }
    }
    return errSecSuccess
}
