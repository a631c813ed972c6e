import Foundation

// Core Foundation's types as Security's API names them. On Apple's platforms they are toll-free
// bridged to Foundation's classes, and apps lean on that (`kSecClass as String`,
// `query as CFDictionary`, `item as? Data`, `[String: AnyObject]` holding `kSecClassGenericPassword`);
// Linux's Foundation has no Core Foundation types in Swift, so here they are those classes.

/// A string constant such as `kSecClass`: an `NSString`, so `as String` and `AnyObject` both hold.
public typealias CFString = NSString
/// A query or attribute dictionary: `[String: Any] as CFDictionary` bridges as on Apple's platforms.
public typealias CFDictionary = NSDictionary
public typealias CFMutableDictionary = NSMutableDictionary
public typealias CFArray = NSArray
public typealias CFData = NSData
public typealias CFNumber = NSNumber
public typealias CFBoolean = NSNumber
public typealias CFNull = NSNull
public typealias CFDate = NSDate
public typealias CFError = NSError
public typealias CFErrorDomain = CFString
/// What `SecItemCopyMatching` hands back through its out parameter (`var item: CFTypeRef?`).
public typealias CFTypeRef = AnyObject
public typealias CFIndex = Int
public typealias CFOptionFlags = UInt
public typealias CFTimeInterval = Double
public typealias CFAbsoluteTime = CFTimeInterval

/// An allocator, which Security's creation functions take first; only ever `nil` or the default here.
public final class CFAllocator: Sendable {
    init() {}
}

public let kCFAllocatorDefault: CFAllocator! = nil
public let kCFBooleanTrue: CFBoolean! = NSNumber(value: true)
public let kCFBooleanFalse: CFBoolean! = NSNumber(value: false)
public let kCFNull: CFNull! = NSNull()

/// `CFErrorGetDomain`, `CFErrorGetCode`, `CFErrorCopyUserInfo`, `CFErrorCopyDescription`: what code
/// that receives a `CFError` from Security (keychain wrappers) reads of it.
public func CFErrorGetDomain(_ error: CFError) -> CFErrorDomain! { NSString(string: error.domain) }
public func CFErrorGetCode(_ error: CFError) -> CFIndex { error.code }
public func CFErrorCopyUserInfo(_ error: CFError) -> CFDictionary! { error.userInfo as NSDictionary }
public func CFErrorCopyDescription(_ error: CFError) -> CFString! { NSString(string: error.localizedDescription) }

/// `CFDataGetBytePtr`: the first byte of the data, for code that walks bytes (a bitmap's pixels).
public func CFDataGetBytePtr(_ data: CFData?) -> UnsafePointer<UInt8>? {
    guard let data, data.length > 0 else { return nil }
    return data.bytes.assumingMemoryBound(to: UInt8.self)
}

/// `CFDataGetLength`: the data's size in bytes.
public func CFDataGetLength(_ data: CFData?) -> CFIndex { data?.length ?? 0 }
